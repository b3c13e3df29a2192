package io.github.jmeterkafka.sweep.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.jmeterkafka.harness.PageData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepReportTest {
    @TempDir
    Path dir;

    @Test
    void writesTheThreeFilesBesideTheRows() throws IOException {
        Path rows = Files.writeString(dir.resolve("rows.csv"), SweepFixture.AFTER);

        assertThat(SweepReport.write(rows, null, dir))
                .containsExactly(dir.resolve("report.html"), dir.resolve("report.md"), dir.resolve("report-table.csv"));
    }

    @Test
    void markdownHasTheHeaderTheTablesAndTheFailedRun() throws IOException {
        String md = Files.readString(report(null).resolve("report.md"));

        assertThat(md)
                .startsWith("# Sweep broker-tuning\n\n- **Sweep:** broker-tuning\n")
                .contains(
                        "- **Runs:** 8 ok, 1 failed\n",
                        "- **Varied:** partitions: 1, 6; acks: 1, all\n",
                        "## Produce 1 KB (producer)\n\nPart steady; latency send to ack;",
                        "| partitions | acks | ok repeats | records/s | MB/s | avg ms | p50 ms | p95 ms | p99 ms | p99.9 ms | max ms |\n"
                                + "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
                                + "| 1 | 1 | 2 | 10,500 (10,000–11,000) | 10.5 (10–11) | 1.5 (1.25–1.75) | 1.2 (1–1.4) "
                                + "| 3 (2.5–3.5) | 6 (5–7) | 9 (7.5–10.5) | 12 (10–14) |\n",
                        "| rebalance ms | fetch ms | fetch MB/s | fetch records/s |\n",
                        "| 3,050 (3,000–3,100) | 27,000 | 9.1 (9–9.2) | 10,010 (9,900–10,120) |\n",
                        """
                        ## Failed runs

                        | run | repeat | configuration | reason |
                        | --- | --- | --- | --- |
                        | 9 | 3 | partitions=6, acks=all | JMeter exited with 1, see "run-9/jmeter.log" |
                        """)
                .doesNotContain("999,999", "Comparison");
    }

    @Test
    void csvHasOneHeaderAndARowPerSamplerAndConfiguration() throws IOException {
        List<String> csv = Files.readAllLines(report(null).resolve("report-table.csv"));

        assertThat(csv).hasSize(1 + 2 * 4);
        assertThat(csv.get(0))
                .startsWith("kind,label,part,vary.partitions,vary.acks,ok_repeats,"
                        + "records_per_sec_median,records_per_sec_min,records_per_sec_max,mb_per_sec_median,")
                .endsWith(",fetch_records_per_sec_median,fetch_records_per_sec_min,fetch_records_per_sec_max");
        assertThat(csv.get(1))
                .isEqualTo("producer,Produce 1 KB,steady,1,1,2,10500,10000,11000,10.5,10,11,1.5,1.25,1.75,"
                        + "1.2,1,1.4,3,2.5,3.5,6,5,7,9,7.5,10.5,12,10,14,,,,,,,,,,,,");
        assertThat(csv.get(5))
                .startsWith("consumer,Consume all,all,1,1,2,9100,9000,9200,")
                .endsWith(",3050,3000,3100,27000,27000,27000,9.1,9,9.2,10010,9900,10120");
    }

    @Test
    void aPacedSweepHasTheCorrectedPercentilesInEveryFile() throws IOException {
        Path rows = Files.writeString(dir.resolve("rows.csv"), SweepRowsTest.PACED);
        Path out = dir.resolve("out");
        SweepReport.write(rows, rows, out);

        List<String> csv = Files.readAllLines(out.resolve("report-table.csv"));
        assertThat(csv.get(0))
                .endsWith(",fetch_records_per_sec_max,corrected_p50_ms_median,corrected_p50_ms_min,"
                        + "corrected_p50_ms_max,corrected_p99_ms_median,corrected_p99_ms_min,corrected_p99_ms_max");
        assertThat(csv.get(1)).startsWith("producer,p,all,1000,2,1000,").endsWith(",4,3,5,25,20,30");
        assertThat(csv.get(3)).startsWith("request-reply,q,all,1000,").endsWith(",,,,,,");
        assertThat(Files.readString(out.resolve("report.md")))
                .contains(
                        "latency send to ack, corrected: from the intended send;",
                        "| max ms | corrected p50 ms | corrected p99 ms |\n",
                        "| p99 ms before | p99 ms after | after/before "
                                + "| corrected p99 ms before | corrected p99 ms after | after/before |\n",
                        "| producer | p | rate=1000 | 1,000 | 1,000 | 1.000 |  |  |  | 4.5 | 4.5 | 1.000 | 25 | 25 | 1.000 |\n");
        JsonNode data = PageData.read(Files.readString(out.resolve("report.html")), "sweepData");
        assertThat(data.path("tables")
                        .get(0)
                        .path("rows")
                        .get(1)
                        .path("figures")
                        .path("corrected_p99_ms")
                        .path("median")
                        .asDouble())
                .isEqualTo(400);
        assertThat(data.path("charts"))
                .extracting(c -> c.path("metric").asText())
                .contains("corrected_p99_ms");
    }

    @Test
    void pageEmbedsTheDataAChartDivPerChartAndEChartsOnce() throws IOException {
        String html = Files.readString(report(null).resolve("report.html"));
        JsonNode data = PageData.read(html, "sweepData");

        assertThat(data.path("sweep").asText()).isEqualTo("broker-tuning");
        assertThat(data.path("tables")).hasSize(2);
        JsonNode first = data.path("tables").get(0).path("rows").get(0);
        assertThat(first.path("configuration").path("acks").asText()).isEqualTo("1");
        assertThat(first.path("okRepeats").asInt()).isEqualTo(2);
        assertThat(first.path("figures").path("records_per_sec").path("median").asDouble())
                .isEqualTo(10_500);
        assertThat(first.path("figures").path("p99_ms").path("max").asDouble()).isEqualTo(7);
        assertThat(data.path("failed").get(0).path("reason").asText()).isEqualTo(SweepFixture.FAILURE);
        JsonNode charts = data.path("charts");
        assertThat(charts).hasSize(8);
        for (int i = 0; i < charts.size(); i++) {
            assertThat(charts.get(i).path("id").asText()).isEqualTo("chart-" + i);
            assertThat(html).contains("<div class=\"chart\" id=\"chart-" + i + "\"></div>");
            assertThat(charts.get(i).path("series")).hasSize(2);
        }
        assertThat(charts.get(1).path("series").get(1).path("y").toString()).isEqualTo("[11,21]");
        String echarts = SweepReport.echarts();
        assertThat(html.indexOf(echarts)).as("ECharts inlined").isPositive();
        assertThat(html.indexOf(echarts, html.indexOf(echarts) + 1))
                .as("ECharts inlined once")
                .isEqualTo(-1);
        assertThat(html).doesNotContain("<script src=", "<link ");
    }

    @Test
    void comparisonInThePageAndInMarkdown() throws IOException {
        Path out = report(Files.writeString(dir.resolve("before.csv"), SweepFixture.BEFORE));
        JsonNode comparison = PageData.read(Files.readString(out.resolve("report.html")), "sweepData")
                .path("comparison");
        String md = Files.readString(out.resolve("report.md"));

        assertThat(comparison.path("rows")).hasSize(6);
        JsonNode p99 = comparison.path("rows").get(0).path("changes").path("p99_ms");
        assertThat(List.of(
                        p99.path("before").asDouble(),
                        p99.path("after").asDouble(),
                        p99.path("ratio").asDouble()))
                .containsExactly(3.0, 6.0, 2.0);
        assertThat(comparison.path("unmatched")).hasSize(4);
        assertThat(md)
                .contains(
                        "## Comparison\n",
                        "| kind | label | configuration | records/s before | records/s after "
                                + "| after/before | MB/s before | MB/s after | after/before | p99 ms before | p99 ms after | after/before |\n",
                        "| producer | Produce 1 KB | partitions=1, acks=1 | 8,400 | 10,500 | 1.250 | 8.4 | 10.5 | 1.250 | 3 | 6 | 2.000 |\n",
                        "### In one sweep only\n",
                        "| before | consumer | Consume all | partitions=12, acks=1 |\n");
    }

    @Test
    void textFromTheRowsIsEscapedInEveryFile() throws IOException {
        String label = "</script><b>x</b> | *y*, \"z\" & \u2028";
        String reason = "boom <img src=x onerror=alert(1)> | _";
        Path rows = Files.writeString(
                dir.resolve("rows.csv"),
                String.join(
                        "\n",
                        "sweep,run,repeat,status,vary.acks,kind,label,part,records_per_sec",
                        "s<1>,1,1,ok,\"a|<b>\",producer," + csvQuoted(label) + ",all,5",
                        "s<1>,2,1,failed: " + reason + ",all,,,,",
                        ""),
                StandardCharsets.UTF_8);
        SweepReport.write(rows, null, dir);
        String html = Files.readString(dir.resolve("report.html"));
        String md = Files.readString(dir.resolve("report.md"));
        String csv = Files.readString(dir.resolve("report-table.csv"));

        String page = html.substring(html.indexOf("<body>"), html.indexOf("<script>"));
        assertThat(page)
                .doesNotContain("<b>", "<img", "</script>")
                .contains(
                        "&lt;/script&gt;&lt;b&gt;x&lt;/b&gt; | *y*, &quot;z&quot; &amp;", "a|&lt;b&gt;", "s&lt;1&gt;");
        String data = html.substring(html.indexOf("var sweepData"));
        assertThat(data).doesNotContain("</script><b>").contains("\\u003c/script\\u003e\\u003cb\\u003ex", "\\u2028");
        assertThat(PageData.read(html, "sweepData")
                        .path("tables")
                        .get(0)
                        .path("label")
                        .asText())
                .isEqualTo(label);
        assertThat(md)
                .contains(
                        "## \\</script\\>\\<b\\>x\\</b\\> \\| \\*y\\*, \"z\" \\& \u2028 (producer)",
                        "| a\\|\\<b\\> | 1 | 5 |",
                        "boom \\<img src=x onerror=alert(1)\\> \\| \\_");
        assertThat(csv).contains("producer," + csvQuoted(label) + ",all,a|<b>,1,5,5,5");
    }

    private Path report(Path before) throws IOException {
        Path rows = Files.writeString(dir.resolve("rows.csv"), SweepFixture.AFTER);
        Path out = dir.resolve("out");
        SweepReport.write(rows, before, out);
        return out;
    }

    private static String csvQuoted(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
