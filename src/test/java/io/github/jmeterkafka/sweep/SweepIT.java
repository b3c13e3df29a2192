package io.github.jmeterkafka.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.jmeterkafka.harness.Chromium;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.PageData;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.sweep.files.CsvTable;
import io.github.jmeterkafka.sweep.report.SweepReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * A small sweep for real: the max-throughput plan over partitions {1, 2} x acks {1, all}, twice,
 * each run its own JMeter process and topic on the shared broker. Every row must say what its run
 * was and count what the broker holds; the report's tables are the rows' medians, and each chart has
 * its series (drawn in headless Chromium).
 */
class SweepIT {
    private static final int RECORDS = 3000;
    private static final Pattern ACKS = Pattern.compile("ProducerConfig values:\\s+acks = (\\S+)");
    private static final Pattern RATE =
            Pattern.compile("Kafka Producer summary for '[^']*':\\R\\d+ records sent, ([0-9.]+) records/sec");

    @Test
    void everyRunsRowCarriesItsParametersAndCountsWhatTheBrokerHolds() throws Exception {
        KafkaBroker broker = SharedBroker.get();
        Path home = JMeter.fromSystemProperties().installPlugin().home();
        Path dir = Files.createDirectories(Harness.targetDir().resolve("sweep-it-" + System.currentTimeMillis()));
        Path file = dir.resolve("small.properties");
        Files.writeString(
                file,
                "name=small\nplan=" + Harness.projectDir().resolve("test-plans/producer-max-throughput.jmx")
                        + "\nrepeats=2\nfixed.records=" + RECORDS
                        + "\nfixed.record.size=500\nvary.partitions=1,2\nvary.acks=1,all\n"
                        // Kafka's config dump in each run's jmeter.log: what its producer used
                        + "fixed.kafka.client.log.level=INFO\n"
                        + "jvm.args=-Xms256m -Xmx256m\n");
        // an earlier sweep's runs in the same output: its summary rows must not be read as this sweep's
        Path earlier = Files.createDirectories(dir.resolve("out/runs/001-r1-partitions=1_acks=1"));
        Files.writeString(
                earlier.resolve("summary.csv"),
                SummaryRow.header() + "\nproducer,Produce at maximum throughput,all,7\n",
                StandardCharsets.UTF_8);
        Path extra = Files.createDirectories(dir.resolve("out/runs/099-r9-partitions=9_acks=0"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        Path rows = new Sweep(
                        SweepSpec.read(file),
                        home,
                        broker.bootstrapServers(),
                        dir.resolve("out"),
                        new PrintStream(console, true, StandardCharsets.UTF_8))
                .run();

        String progress = console.toString(StandardCharsets.UTF_8);
        System.out.println(progress);
        assertThat(progress)
                .contains(
                        "Sweep 'small': 8 runs (4 configurations x 2 repeats)",
                        "run 1 of 8 (partitions=1 acks=1, repeat 1): ok",
                        "run 8 of 8 (partitions=2 acks=all, repeat 2): ok",
                        "ETA",
                        "8 runs ok, 0 failed");
        CsvTable t = CsvTable.read(rows);
        assertThat(t.size()).isEqualTo(8);
        assertThat(extra).doesNotExist();
        Set<String> topics = new HashSet<>();
        try (Admin admin = broker.admin()) {
            for (int i = 0; i < t.size(); i++) {
                assertThat(t.get(i, "status")).isEqualTo("ok");
                assertThat(t.get(i, "run")).isEqualTo(Integer.toString(i + 1));
                assertThat(t.get(i, "kind")).isEqualTo("producer");
                assertThat(t.get(i, "part")).isEqualTo("all");
                assertThat(t.get(i, "partitions")).isEqualTo(t.get(i, "vary.partitions"));
                assertThat(t.get(i, "acks")).isEqualTo(t.get(i, "vary.acks"));
                // the column says what the run's producers used (Kafka writes acks=all as -1)
                Path run = runDir(dir.resolve("out"), t.get(i, "run"));
                assertThat(producerAcks(run))
                        .as("acks of the producers in %s", run)
                        .isNotEmpty()
                        .containsOnly(t.get(i, "acks").equals("all") ? "-1" : t.get(i, "acks"));
                assertThat(Double.parseDouble(t.get(i, "records_per_sec")))
                        .as("records/s of %s", run)
                        .isCloseTo(summaryRate(run), within(0.1));
                assertThat(t.get(i, "record_size")).isEqualTo("500");
                assertThat(t.get(i, "plan")).isEqualTo("producer-max-throughput.jmx");
                assertThat(t.get(i, "jmeter_version")).startsWith("5.6.3");
                assertThat(t.get(i, "kafka_version")).matches("4\\.\\d+\\.\\d+.*");
                assertThat(t.get(i, "timestamp")).isNotEmpty();
                String topic = t.get(i, "topic");
                assertThat(topics.add(topic))
                        .as("a fresh topic per run: %s", topic)
                        .isTrue();
                assertThat(Long.parseLong(t.get(i, "records")))
                        .isEqualTo(RECORDS)
                        .isEqualTo(Topics.endOffsets(admin, topic));
                assertThat(admin.describeTopics(List.of(topic))
                                .allTopicNames()
                                .get(30, TimeUnit.SECONDS)
                                .get(topic)
                                .partitions())
                        .hasSize(Integer.parseInt(t.get(i, "vary.partitions")));
            }
        }
        theReportsTablesAreTheRowsAndEachChartHasItsSeries(t, dir.resolve("out"));
    }

    /** The directory of run {@code number} under the sweep's output. */
    private static Path runDir(Path out, String number) throws IOException {
        String prefix = String.format(Locale.ROOT, "%03d-", Integer.parseInt(number));
        try (Stream<Path> runs = Files.list(out.resolve("runs"))) {
            List<Path> dirs = runs.filter(d -> d.getFileName().toString().startsWith(prefix))
                    .toList();
            assertThat(dirs).as("run %s in %s", number, out).hasSize(1);
            return dirs.get(0);
        }
    }

    /** The acks of each producer whose config Kafka dumped in the run's jmeter.log (its keys come sorted: acks first). */
    private static List<String> producerAcks(Path run) throws IOException {
        return ACKS.matcher(Files.readString(run.resolve("jmeter.log"), StandardCharsets.UTF_8))
                .results()
                .map(m -> m.group(1))
                .toList();
    }

    /** The records/s of the producer summary the run printed. */
    private static double summaryRate(Path run) throws IOException {
        List<Double> rates = RATE.matcher(Files.readString(run.resolve("stdout.txt"), StandardCharsets.UTF_8))
                .results()
                .map(m -> Double.parseDouble(m.group(1)))
                .toList();
        assertThat(rates)
                .as("producer summary in %s", run.resolve("stdout.txt"))
                .hasSize(1);
        return rates.get(0);
    }

    private static void theReportsTablesAreTheRowsAndEachChartHasItsSeries(CsvTable t, Path out) throws Exception {
        SweepReport.write(out.resolve(Sweep.ROWS), null, out);
        Path page = out.resolve("report.html");
        JsonNode data = PageData.read(Files.readString(page, StandardCharsets.UTF_8), "sweepData");
        JsonNode table = data.path("tables").get(0);
        assertThat(data.path("tables")).hasSize(1);
        assertThat(table.path("rows")).hasSize(4);
        for (JsonNode row : table.path("rows")) {
            String partitions = row.path("configuration").path("partitions").asText();
            String acks = row.path("configuration").path("acks").asText();
            List<Double> rates = new ArrayList<>();
            for (int i = 0; i < t.size(); i++) {
                if (t.get(i, "vary.partitions").equals(partitions)
                        && t.get(i, "vary.acks").equals(acks)) {
                    rates.add(Double.parseDouble(t.get(i, "records_per_sec")));
                }
            }
            assertThat(rates).hasSize(2);
            assertThat(row.path("okRepeats").asInt()).isEqualTo(2);
            JsonNode rate = row.path("figures").path("records_per_sec");
            assertThat(rate.path("median").asDouble()).isCloseTo((rates.get(0) + rates.get(1)) / 2, within(0.1));
            assertThat(rate.path("min").asDouble()).isEqualTo(Collections.min(rates));
            assertThat(rate.path("max").asDouble()).isEqualTo(Collections.max(rates));
        }
        // records/s and p99 against each of the 2 varied properties, one line per value of the other
        assertThat(data.path("charts")).hasSize(4).allSatisfy(chart -> {
            assertThat(chart.path("x")).hasSize(2);
            assertThat(chart.path("series"))
                    .hasSize(2)
                    .allSatisfy(
                            series -> assertThat(series.path("y")).hasSize(2).noneMatch(JsonNode::isNull));
        });
        assertThat(out.resolve("report.md")).content().contains("| partitions | acks |");
        assertThat(out.resolve("report-table.csv")).exists();
        Chromium chromium = Chromium.in(out);
        assertThat(chromium.dumpDom(page)).contains("<canvas");
        chromium.screenshot(page, Harness.targetDir().resolve("screenshots/sweep-report.png"));
    }
}
