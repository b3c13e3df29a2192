package io.github.jmeterkafka.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.jmeterkafka.harness.Chromium;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterServer;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.PageData;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.sweep.files.CsvTable;
import io.github.jmeterkafka.sweep.files.SearchFiles;
import io.github.jmeterkafka.sweep.report.SweepReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * Capacity searches for real: the fixed-rate plan in its own JMeter process per run, on the shared broker. One whose
 * objective every rate meets grows to its highest bound and says the limit is above it; one whose objective no run
 * can meet stops at its lowest bound and says why. Every run sent what it was asked to (the topic's end offsets) and
 * the report shows the search (drawn in headless Chromium).
 */
class CapacitySearchIT {
    private static final int SECONDS = 3;

    private static Path file(Path dir, String name, String rate, String objective) throws Exception {
        return Files.writeString(
                dir.resolve(name + ".properties"),
                "name=" + name + "\nplan=" + Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx")
                        + "\nsearch.rate=" + rate + "\nsearch.objective=" + objective + "\nsearch.seconds=" + SECONDS
                        + "\nfixed.record.size=500\nfixed.kafka.warmup.s=1\ntimeout.s=120\n"
                        + "jvm.args=-Xms256m -Xmx256m\n");
    }

    @Test
    void aSearchGrowsToItsBoundOrStopsAtItsLowestAndSaysWhy() throws Exception {
        KafkaBroker broker = SharedBroker.get();
        Path home = JMeter.fromSystemProperties().installPlugin().home();
        Path dir = Files.createDirectories(Harness.targetDir().resolve("search-it-" + System.currentTimeMillis()));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

        int above = new CapacitySearch(
                        SweepSpec.read(file(dir, "easy", "500-2000", "corrected p99 <= 10000 ms")),
                        home,
                        broker.bootstrapServers(),
                        dir.resolve("easy"),
                        out)
                .run();
        int below = new CapacitySearch(
                        SweepSpec.read(file(dir, "strict", "500-2000", "send-to-ack max <= 0.01 ms")),
                        home,
                        broker.bootstrapServers(),
                        dir.resolve("strict"),
                        out)
                .run();

        String progress = console.toString(StandardCharsets.UTF_8);
        System.out.println(progress);
        assertThat(above).isZero();
        assertThat(below).isEqualTo(1);
        assertThat(progress)
                .contains(
                        "Search 'easy': the highest rate from 500 to 2,000 records/s that holds corrected p99 <= 10000 ms",
                        "run 1: 500 records/s: holds (achieved ",
                        "run 3: 2,000 records/s: holds",
                        "Every rate tried held corrected p99 <= 10000 ms, up to the highest bound 2,000 records/s",
                        "No rate held send-to-ack max <= 0.01 ms: the lowest bound 500 records/s failed: send-to-ack max ");
        CsvTable verdicts = CsvTable.read(dir.resolve("easy").resolve(SearchFiles.VERDICTS));
        CsvTable rows = CsvTable.read(dir.resolve("easy").resolve(Sweep.ROWS));
        assertThat(verdicts.size()).isEqualTo(3);
        try (Admin admin = broker.admin()) {
            for (int i = 0; i < verdicts.size(); i++) {
                long rate = List.of(500L, 1000L, 2000L).get(i);
                assertThat(verdicts.get(i, "rate")).isEqualTo(Long.toString(rate));
                assertThat(verdicts.get(i, "verdict"))
                        .as(verdicts.get(i, "why"))
                        .isEqualTo("holds");
                assertThat(Double.parseDouble(verdicts.get(i, "achieved_percent")))
                        .isGreaterThanOrEqualTo(99);
                // the run's all row: what it sent is what the topic holds
                int all = rowOf(rows, Long.toString(rate), "all");
                assertThat(rows.get(all, "status")).isEqualTo("ok");
                assertThat(rows.get(all, "rate")).isEqualTo(Long.toString(rate));
                assertThat(Long.parseLong(rows.get(all, "records")))
                        .isEqualTo(rate * SECONDS)
                        .isEqualTo(Topics.endOffsets(admin, rows.get(all, "topic")));
            }
        }
        CsvTable strict = CsvTable.read(dir.resolve("strict").resolve(SearchFiles.VERDICTS));
        assertThat(strict.size()).isEqualTo(1);
        assertThat(strict.get(0, "why")).matches("send-to-ack max [0-9.]+ ms > 0.01 ms");

        SweepReport.write(dir.resolve("easy").resolve(Sweep.ROWS), null, dir.resolve("easy"));
        Path page = dir.resolve("easy/report.html");
        JsonNode data = PageData.read(Files.readString(page, StandardCharsets.UTF_8), "sweepData");
        JsonNode latency = null;
        for (JsonNode chart : data.path("charts")) {
            if (chart.path("id").asText().equals("chart-search-latency")) {
                latency = chart;
            }
        }
        assertThat(latency).as("the search's latency curve").isNotNull();
        assertThat(latency.path("x").toString()).isEqualTo("[\"500\",\"1000\",\"2000\"]");
        assertThat(latency.path("series")).hasSize(4);
        assertThat(dir.resolve("easy/report.md"))
                .content()
                .contains("## Search", "Every rate tried held", "| run | repeat | rate | verdict |");
        Chromium chromium = Chromium.in(dir.resolve("easy"));
        assertThat(chromium.dumpDom(page)).contains("<canvas", "chart-search-achieved");
        chromium.screenshot(page, Harness.targetDir().resolve("screenshots/search-report.png"));
    }

    /**
     * A search on two jmeter-servers: each run's rate and records split over them, the controller's merged rows what
     * the search reads: all the records (as the topic holds them), each server's half, and what limited each server.
     * Two JMeter servers, their controller and the broker share this machine's cores: a run may fail for the load
     * generator's CPU, and then the search must say that it was the generator's limit.
     */
    @Test
    void aSearchOnJmeterServersSplitsEachRateOverThemAndReadsTheMergedRows() throws Exception {
        KafkaBroker broker = SharedBroker.get();
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        Path dir =
                Files.createDirectories(Harness.targetDir().resolve("search-servers-it-" + System.currentTimeMillis()));
        int seconds = 6;
        List<JMeterServer> servers = new ArrayList<>();
        try {
            for (int i = 1; i <= 2; i++) {
                servers.add(JMeterServer.start(jmeter.home(), dir.resolve("server-" + i), Map.of()));
            }
            for (int i = 0; i < servers.size(); i++) {
                servers.set(i, servers.get(i).awaitReadyOrRestart(Duration.ofSeconds(90)));
            }
            StringBuilder file = new StringBuilder("name=servers\nplan="
                    + Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx")
                    + "\nsearch.rate=400-800\nsearch.objective=corrected p99 <= 10000 ms\nsearch.seconds=" + seconds
                    + "\nfixed.record.size=500\nfixed.kafka.warmup.s=2\ntimeout.s=120\njvm.args=-Xms256m -Xmx256m\n");
            file.append("search.servers=")
                    .append(servers.stream().map(JMeterServer::hostAndPort).collect(Collectors.joining(",")))
                    .append('\n');
            // the controller calls the servers as they were started: their RMI settings (-J), and so fixed. lines
            servers.get(0)
                    .controllerProperties()
                    .forEach(p -> file.append("fixed.").append(p.substring(2)).append('\n'));
            Path spec = Files.writeString(dir.resolve("servers.properties"), file, StandardCharsets.UTF_8);
            ByteArrayOutputStream console = new ByteArrayOutputStream();

            int status = new CapacitySearch(
                            SweepSpec.read(spec),
                            jmeter.home(),
                            broker.bootstrapServers(),
                            dir.resolve("out"),
                            new PrintStream(console, true, StandardCharsets.UTF_8))
                    .run();

            String progress = console.toString(StandardCharsets.UTF_8);
            System.out.println(progress);
            assertThat(progress).contains("on 2 jmeter-servers");
            CsvTable verdicts = CsvTable.read(dir.resolve("out").resolve(SearchFiles.VERDICTS));
            CsvTable rows = CsvTable.read(dir.resolve("out").resolve(Sweep.ROWS));
            assertThat(verdicts.size()).isPositive();
            try (Admin admin = broker.admin()) {
                for (int v = 0; v < verdicts.size(); v++) {
                    long rate = Long.parseLong(verdicts.get(v, "rate"));
                    int all = rowOf(rows, Long.toString(rate), "all");
                    assertThat(Long.parseLong(rows.get(all, "records")))
                            .isEqualTo(rate * seconds)
                            .isEqualTo(Topics.endOffsets(admin, rows.get(all, "topic")));
                    assertThat(Double.parseDouble(rows.get(all, "expected_records_per_sec")))
                            .isEqualTo((double) rate);
                    // held, or failed with the generator named, the server that hit it beside it
                    if (!verdicts.get(v, "verdict").equals("holds")) {
                        assertThat(verdicts.get(v, "first_limit"))
                                .as(progress)
                                .startsWith("generator: ")
                                .contains("(server 127.0.0.1:");
                    }
                    for (JMeterServer s : servers) {
                        int own = rowOf(rows, Long.toString(rate), "server " + s.hostAndPort());
                        assertThat(Long.parseLong(rows.get(own, "records"))).isEqualTo(rate * seconds / 2);
                        assertThat(rows.get(own, "first_limit")).isNotEmpty();
                        assertThat(rows.get(own, "cores_busy_percent")).isNotEmpty();
                    }
                }
            }
            assertThat(status).as(progress).isEqualTo(verdicts.get(0, "verdict").equals("holds") ? 0 : 1);
            String command;
            try (Stream<Path> runs = Files.list(dir.resolve("out/runs"))) {
                command =
                        Files.readString(runs.sorted().findFirst().orElseThrow().resolve("command.txt"));
            }
            assertThat(command).contains(" -R " + servers.get(0).hostAndPort() + ",", " -Grate=200 ", " -Jrate=400 ");
        } finally {
            for (JMeterServer s : servers) {
                s.stop();
                s.close();
            }
        }
    }

    private static int rowOf(CsvTable rows, String rate, String part) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i, "vary.rate").equals(rate) && rows.get(i, "part").equals(part)) {
                return i;
            }
        }
        throw new AssertionError("no " + part + " row at rate " + rate);
    }
}
