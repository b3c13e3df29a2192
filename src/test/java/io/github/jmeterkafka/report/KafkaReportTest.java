package io.github.jmeterkafka.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.jmeterkafka.harness.PageData;
import io.github.jmeterkafka.measure.HlogHeader;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.text.Text;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaReportTest {
    private static final long START = 1_764_678_000_000L;
    private static final String ODD_LABEL = "Produce </script><b>\"x\", 'y' & z";

    @TempDir
    Path dir;

    @BeforeAll
    static void jmeter() throws Exception {
        HlogFixture.jmeterProperties();
    }

    @Test
    void picksTheLogsOfTheResultsLabelsAndTime() throws Exception {
        Path logs = dir.resolve("kafka-hlog");
        new HlogFixture("producer", "P", START).interval(5, 100, 200, 10, 0).write(logs.resolve("P.hlog"), true);
        new HlogFixture("consumer", "C", START - 50_000)
                .interval(5, 100, 200, 10, 0)
                .write(logs.resolve("C.hlog"), true);
        new HlogFixture("producer", "Other plan", START)
                .interval(5, 100, 200, 10, 0)
                .write(logs.resolve("O.hlog"), true);
        new HlogFixture("producer", "Old", START - 3_600_000)
                .interval(5, 100, 200, 10, 0)
                .write(logs.resolve("Old.hlog"), true);
        Path jtl = HlogFixture.jtl(dir.resolve("out.jtl"), START, 10, "P", "C", "Old", "HTTP, not Kafka");

        Set<String> labels = JtlLabels.read(jtl.toFile());
        HlogSelection selection = HlogSelection.find(
                HlogSelection.directory("kafka-hlog", dir), "kafka.hlog.dir", labels, START, START + 10_000);

        assertThat(labels).containsExactly("P", "C", "Old", "HTTP, not Kafka");
        assertThat(selection.logs()).extracting(HlogHeader::label).containsExactly("C", "P");
    }

    @Test
    void saysWhyWhenNothingMatches() {
        HlogSelection missing = HlogSelection.find(dir.resolve("nowhere"), "kafka.hlog.dir", Set.of("P"), START, START);

        assertThat(missing.logs()).isEmpty();
        assertThat(missing.reason()).contains(dir.resolve("nowhere").toString(), "kafka.hlog.dir");
    }

    @Test
    void writesThePageTheDataAndTheMenuEntries() throws Exception {
        Path report = dashboard();
        HlogFixture producer = new HlogFixture("producer", ODD_LABEL, START)
                .interval(1000, 500, 9000, 1024, 0)
                .interval(800, 700, 12_000, 1024, 2)
                .summary("producer," + HlogFixture.csv(ODD_LABEL)
                        + ",all,1800,2,1.7578,2.00,900.0,0.88,3.1,12.0,3,9,11,12,,,,,,,");
        HlogFixture consumer = new HlogFixture("consumer", "Consume", START).interval(1500, 1000, 30_000, 1024, 0);
        Path logs = dir.resolve("kafka-hlog");
        producer.write(logs.resolve("odd.hlog"), true);
        consumer.write(logs.resolve("Consume.hlog"), false);
        HlogSelection selection =
                HlogSelection.find(logs, "kafka.hlog.dir", Set.of(ODD_LABEL, "Consume"), START, START + 2000);

        Path page = KafkaReport.write(report, "My <test>", selection.logs());

        String html = Files.readString(page, StandardCharsets.UTF_8);
        assertThat(report.resolve("kafka/odd.hlog")).hasSameTextualContentAs(logs.resolve("odd.hlog"));
        assertThat(report.resolve("kafka/Consume.hlog")).exists();
        assertThat(html)
                .doesNotContain(ODD_LABEL)
                .contains(Text.html(ODD_LABEL))
                .contains("My &lt;test&gt;")
                .contains("send-to-ack latency", "end-to-end latency", "No summary in this sampler")
                .contains("href=\"content/pages/OverTime.html\"", Sidebar.entry("kafka.html"));
        // the label cannot end the data's script element early
        int script = html.indexOf("var kafkaData");
        assertThat(html.substring(script, html.indexOf("</script>", script))).contains("kafkaData.samplers.forEach");

        JsonNode data = PageData.read(page);
        JsonNode p = data.path("samplers").get(1);
        JsonNode c = data.path("samplers").get(0);
        assertThat(p.path("label").asText()).isEqualTo(ODD_LABEL);
        assertThat(PageData.sum(p, "records")).isEqualTo((double) producer.records());
        assertThat(PageData.sum(p, "bytes")).isEqualTo((double) producer.bytes());
        assertThat(PageData.sum(p, "failed")).isEqualTo(2);
        assertThat(p.path("summaryRows").asInt()).isEqualTo(1);
        assertThat(p.path("points").path("p99").get(1).asDouble())
                .isEqualTo(producer.latencies().get(1).getValueAtPercentile(99) / 1000.0);
        assertThat(PageData.sum(c, "records")).isEqualTo((double) consumer.records());
        assertThat(c.path("summaryRows").asInt()).isZero();

        assertThat(Files.readString(report.resolve("index.html"))).contains(Sidebar.entry("kafka.html"));
        assertThat(Files.readString(report.resolve("content/pages/OverTime.html")))
                .contains(Sidebar.entry("../../kafka.html"));
        // a second report generation into the same folder adds no second entry
        KafkaReport.write(report, "My <test>", selection.logs());
        String index = Files.readString(report.resolve("index.html"));
        assertThat(index.indexOf("kafka.html")).isEqualTo(index.lastIndexOf("kafka.html"));
    }

    @Test
    void aPacedSamplerHasItsCorrectedLatencyAndSendDelayChartsAndColumns() throws Exception {
        Path report = dashboard();
        HlogFixture paced = new HlogFixture("producer", "Paced", START)
                .interval(1000, 500, 9000, 1024, 0)
                .paced(3_000)
                .interval(1000, 700, 12_000, 1024, 0)
                .paced(400_000)
                .summary("producer,Paced,all,2000,0,1.9531,2.00,1000.0,0.98,3.1,12.0,3,9,11,12,,,,,,,1000.0,"
                        + "60.20,411.00,8,300,402,410,1,390,400.00,0.410,0")
                // a rate profile's two steps, one second each
                .summary("producer,Paced,step 1,1000,,,1.000,1000.0,,,,,,,," + SummaryRow.time(START) + ","
                        + SummaryRow.time(START + 1000))
                .summary("producer,Paced,step 2,1000,,,1.000,1000.0,,,,,,,," + SummaryRow.time(START + 1000) + ","
                        + SummaryRow.time(START + 2000));
        HlogFixture plain = new HlogFixture("producer", "Plain", START).interval(500, 500, 9000, 1024, 0);
        Path logs = dir.resolve("kafka-hlog");
        paced.write(logs.resolve("Paced.hlog"), true);
        plain.write(logs.resolve("Plain.hlog"), true);
        HlogSelection selection =
                HlogSelection.find(logs, "kafka.hlog.dir", Set.of("Paced", "Plain"), START, START + 2000);

        Path page = KafkaReport.write(report, "Paced", selection.logs());

        String html = Files.readString(page, StandardCharsets.UTF_8);
        // Paced is the first section; only it has the two charts and the corrected columns
        assertThat(html)
                .contains("id=\"kafka-0-corrected\"", "id=\"kafka-0-delay\"")
                .doesNotContain("id=\"kafka-1-corrected\"", "id=\"kafka-1-delay\"")
                .contains("Corrected send-to-ack latency percentiles", "Send delay percentiles")
                .contains("<th>corrected 99th (ms)</th>", "<th>send delay 99th (ms)</th>", "<th>skipped records</th>");
        JsonNode data = PageData.read(page).path("samplers");
        JsonNode p = data.get(0).path("points");
        assertThat(data.get(0).path("paced").asBoolean()).isTrue();
        assertThat(p.path("p99").get(1).asDouble())
                .isEqualTo(paced.latencies().get(1).getValueAtPercentile(99) / 1000.0);
        assertThat(p.path("corrected_p99").get(1).asDouble())
                .isEqualTo(paced.corrected().get(1).getValueAtPercentile(99) / 1000.0);
        assertThat(p.path("send_delay_p50").get(0).asDouble())
                .isEqualTo(paced.sendDelays().get(0).getValueAtPercentile(50) / 1000.0);
        assertThat(p.path("send_delay_p999").get(1).asDouble())
                .isEqualTo(paced.sendDelays().get(1).getValueAtPercentile(99.9) / 1000.0);
        assertThat(data.get(1).path("paced").asBoolean()).isFalse();
        assertThat(data.get(1).path("points").has("corrected_p99")).isFalse();
        // the charts mark the steps where they begin and end
        assertThat(data.get(0).path("steps").toString())
                .isEqualTo("[{\"name\":\"step 1\",\"from\":" + START + ",\"to\":" + (START + 1000)
                        + "},{\"name\":\"step 2\",\"from\":" + (START + 1000) + ",\"to\":" + (START + 2000) + "}]");
        assertThat(data.get(1).path("steps")).isEmpty();
    }

    /** The two pages of a dashboard with the template's side menu, nested list included. */
    private Path dashboard() throws Exception {
        Path report = dir.resolve("report");
        String menu = """
                <ul class="nav" id="side-menu">
                    <li>
                        <a href="%1$sindex.html"><i class="fa fa-dashboard fa-fw"></i> Dashboard</a>
                    </li>
                    <li>
                        <a href="#">Charts</a>
                        <ul class="nav nav-second-level">
                            <li><a href="%1$scontent/pages/OverTime.html">Over Time</a></li>
                        </ul>
                    </li>
                </ul>
                """;
        Files.createDirectories(report.resolve("content/pages"));
        Files.writeString(
                report.resolve("index.html"), "<html><body><nav>" + menu.formatted("") + "</nav></body></html>");
        Files.writeString(
                report.resolve("content/pages/OverTime.html"),
                "<html><body><nav>" + menu.formatted("../../") + "</nav></body></html>");
        return report;
    }
}
