package io.github.jmeterkafka.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.jmeterkafka.harness.Chromium;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterLog;
import io.github.jmeterkafka.harness.PageData;
import io.github.jmeterkafka.harness.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * JMeter's own report-only mode, {@code jmeter -g results.jtl -o report/ -q kafka-report.properties},
 * on a results file and interval logs made here (no broker): the dashboard gets its Kafka page, linked
 * from every page, with series that add up to the logs' records. With chromium on the PATH, the page
 * is drawn in a real browser: every chart has flot's canvas, and the screenshot goes to docs/report.md.
 */
class KafkaPageIT {
    private static final String PRODUCER = "Produce 1 KB records";
    private static final String CONSUMER = "Consume all records";
    private static final int SECONDS = 120;
    private static final Pattern DASHBOARD_TIME = Pattern.compile("<td>(Start|End) Time</td>\\s*<td>\"([^\"]*)\"</td>");
    private static final Pattern DRAWN_CHART =
            Pattern.compile("id=\"(kafka-\\d+-\\w+)\"[^>]*><canvas class=\"flot-base\"");

    @Test
    void reportOnlyModeWritesTheKafkaPage() throws Exception {
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        Path run = Files.createDirectories(Harness.targetDir().resolve("kafka-page-it-" + System.currentTimeMillis()));
        long start = System.currentTimeMillis() - (SECONDS + 60) * 1000L;
        HlogFixture producer = producer(start);
        HlogFixture consumer = consumer(start + 300);
        producer.write(run.resolve("kafka-hlog/Produce_1_KB_records.hlog"), true);
        consumer.write(run.resolve("kafka-hlog/Consume_all_records.hlog"), true);
        Path jtl = HlogFixture.jtl(run.resolve("results.jtl"), start, SECONDS, PRODUCER, CONSUMER);
        Path report = run.resolve("report");
        Path log = run.resolve("jmeter.log");

        int exit = run(
                jmeter.home(),
                run,
                List.of(
                        "-g",
                        jtl.toString(),
                        "-o",
                        report.toString(),
                        "-j",
                        log.toString(),
                        "-q",
                        Harness.projectDir()
                                .resolve("test-plans/kafka-report.properties")
                                .toString()));

        assertThat(exit).as(Processes.tail(log, 40)).isZero();
        assertThat(JMeterLog.read(log).errors()).isEmpty();
        assertThat(Files.readString(log)).contains("Kafka page of 2 sampler(s) written to");
        Path page = report.resolve("kafka.html");
        JsonNode samplers = PageData.read(page).path("samplers");
        assertThat(samplers).hasSize(2);
        assertThat(PageData.sum(samplers.get(0), "records")).isEqualTo((double) producer.records());
        assertThat(PageData.sum(samplers.get(0), "failed")).isEqualTo((double) producer.failed());
        assertThat(PageData.sum(samplers.get(1), "records")).isEqualTo((double) consumer.records());
        assertThat(PageData.sum(samplers.get(1), "bytes")).isEqualTo((double) consumer.bytes());
        assertThat(report.resolve("kafka/Produce_1_KB_records.hlog")).exists();
        String index = Files.readString(report.resolve("index.html"), StandardCharsets.UTF_8);
        assertThat(index).contains("href=\"kafka.html\"");
        assertThat(Files.readString(report.resolve("content/pages/OverTime.html")))
                .contains("href=\"../../kafka.html\"");
        String year = String.valueOf(LocalDate.now(ZoneId.systemDefault()).getYear() % 100);
        assertThat(DASHBOARD_TIME.matcher(index).results().map(m -> m.group(2)))
                .hasSize(2)
                .allMatch(t -> !t.matches("\\d*") && t.contains(year));

        Chromium chromium = Chromium.in(run);
        String dom = chromium.dumpDom(page);
        assertThat(DRAWN_CHART.matcher(dom).results().map(m -> m.group(1)))
                .containsExactlyInAnyOrder(
                        "kafka-0-records",
                        "kafka-0-mb",
                        "kafka-0-latency",
                        "kafka-0-failed",
                        "kafka-1-records",
                        "kafka-1-mb",
                        "kafka-1-latency",
                        "kafka-1-failed");
        chromium.screenshot(page, Harness.targetDir().resolve("screenshots/kafka-dashboard-fixture.png"));
        chromium.screenshot(
                report.resolve("index.html"), Harness.targetDir().resolve("screenshots/dashboard-index.png"));
    }

    /** Two minutes at about 5,000 records/s with some jitter, a slow patch with a few failures. */
    private static HlogFixture producer(long start) {
        Random jitter = new Random(18);
        HlogFixture f = new HlogFixture("producer", PRODUCER, start);
        for (int s = 0; s < SECONDS; s++) {
            int records = 4500 + (int) (500 * Math.sin(s / 15.0)) + jitter.nextInt(300);
            long slow = 8_000L + jitter.nextInt(6_000) + (s > 60 && s < 70 ? 30_000 : 0);
            f.interval(records, 800, slow, 1024, s > 60 && s < 64 ? 25 : 0);
        }
        // the steady part leaves out the first 2 s, as kafka.warmup.s=2 does
        return f.summary(row(f, "all", 0, "")).summary(row(f, "steady", 2, ""));
    }

    private static HlogFixture consumer(long start) {
        Random jitter = new Random(19);
        HlogFixture f = new HlogFixture("consumer", CONSUMER, start);
        for (int s = 0; s < SECONDS; s++) {
            f.interval(
                    4500 + (int) (500 * Math.sin((s - 1) / 15.0)) + jitter.nextInt(300),
                    2_000,
                    20_000 + jitter.nextInt(10_000) + (s > 61 && s < 71 ? 30_000 : 0),
                    1024,
                    0);
        }
        DateTimeFormatter time = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS", Locale.ROOT)
                .withZone(ZoneId.systemDefault());
        double mb = f.bytes() / 1048576.0;
        double fetchSeconds = SECONDS - 0.412;
        return f.summary(row(
                f,
                "all",
                0,
                String.format(
                        Locale.ROOT,
                        "%s,%s,412,%d,%.4f,%.4f",
                        time.format(Instant.ofEpochMilli(start)),
                        time.format(Instant.ofEpochMilli(f.endMs())),
                        (long) (fetchSeconds * 1000),
                        mb / fetchSeconds,
                        f.records() / fetchSeconds)));
    }

    /** A summary row of the fixture from its {@code from}-th second on, its latency figures from its histograms. */
    private static String row(HlogFixture f, String part, int from, String consumerColumns) {
        Histogram h = new Histogram(3);
        f.latencies().subList(from, SECONDS).forEach(h::add);
        long bytes = f.bytes() * h.getTotalCount() / f.records();
        double seconds = SECONDS - from;
        return String.format(
                Locale.ROOT,
                "%s,%s,%s,%d,%d,%.4f,%.2f,%.1f,%.2f,%.2f,%.2f,%d,%d,%d,%d,%s,",
                f.consumer() ? "consumer" : "producer",
                HlogFixture.csv(f.label()),
                part,
                h.getTotalCount(),
                f.consumer() ? 0 : f.failed(),
                bytes / 1048576.0,
                seconds,
                h.getTotalCount() / seconds,
                bytes / 1048576.0 / seconds,
                h.getMean() / 1000,
                h.getMaxValue() / 1000.0,
                h.getValueAtPercentile(50) / 1000,
                h.getValueAtPercentile(95) / 1000,
                h.getValueAtPercentile(99) / 1000,
                h.getValueAtPercentile(99.9) / 1000,
                consumerColumns.isEmpty() ? ",,,,," : consumerColumns);
    }

    private static int run(Path home, Path dir, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-Djava.awt.headless=true",
                "-jar",
                home.resolve("bin/ApacheJMeter.jar").toString()));
        cmd.addAll(args);
        Process p = Processes.start(new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile()));
        try {
            if (!p.waitFor(3, TimeUnit.MINUTES)) {
                throw new IllegalStateException("jmeter " + args + " still running after 3 minutes; see " + dir);
            }
            return p.exitValue();
        } finally {
            Processes.stop(p, Duration.ZERO);
        }
    }
}
