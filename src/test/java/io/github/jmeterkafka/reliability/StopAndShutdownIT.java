package io.github.jmeterkafka.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterLog;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Topics;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JMeter's Stop ("StopTestNow") and Shutdown commands, sent to the UDP port of a headless JMeter as
 * bin/stoptest.sh and bin/shutdown.sh do, while producer samples wait for acknowledgements (their
 * producer holds the records back: linger.ms 120 s), a producer has a large sample in flight and
 * consumers poll an empty topic.
 *
 * <p>Stop interrupts the samples: with 60 s ack and poll timeouts every thread must still end within
 * the close timeout (5 s). Shutdown lets the samples in flight end on their own, as JMeter defines
 * it: with 3 s timeouts, every thread ends within those 3 s plus the close timeout. Either way the
 * records in flight are counted, as sent or failed, in the summary, and JMeter exits by itself.
 */
class StopAndShutdownIT {
    private static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/reliability-stop.jmx");
    private static final long CLOSE_TIMEOUT_MS = 5000;
    /** Scheduling on a loaded 2-core machine. */
    private static final long MARGIN_MS = 2000;

    private static final Pattern LOG_TIME = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) ");
    private static final DateTimeFormatter LOG_FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");

    @ParameterizedTest(name = "{0}")
    @CsvSource({"StopTestNow, 60000, 10000", "Shutdown, 3000, 13000"})
    void everyThreadEndsInTimeEveryRecordIsCountedAndJMeterExits(String command, long sampleTimeoutMs, long exitLimitMs)
            throws Exception {
        KafkaBroker broker = ReliabilityBroker.get();
        String id = command.toLowerCase(Locale.ROOT) + "-" + System.currentTimeMillis();
        String stuck = "stop-stuck-" + id;
        String busy = "stop-busy-" + id;
        String empty = "stop-empty-" + id;
        try (Admin admin = broker.admin()) {
            Topics.create(admin, 1, stuck, empty);
            Topics.create(admin, 2, busy);
        }
        int port = freeUdpPort();
        Path work = Files.createDirectories(
                Harness.targetDir().resolve("reliability").resolve(id));
        JMeterRun run = JMeterRun.start(
                JMeter.fromSystemProperties()
                        .installPlugin()
                        .plan(PLAN)
                        .property("kafka.bootstrap", broker.bootstrapServers())
                        .property("stuck.topic", stuck)
                        .property("busy.topic", busy)
                        .property("empty.topic", empty)
                        .property("group", id)
                        .property("ack.timeout", Long.toString(sampleTimeoutMs))
                        .property("poll.timeout", Long.toString(sampleTimeoutMs))
                        .property("jmeterengine.nongui.port", Integer.toString(port))
                        .property("jmeterengine.nongui.maxport", Integer.toString(port))
                        // JMeter then names the non-daemon threads that keep it alive
                        .property("jmeter.exit.check.pause", "2000")
                        // "Ending thread" is logged once a thread's clients are closed
                        .logLevel("org.apache.jmeter.threads.ThreadGroup", "DEBUG")
                        .timeout(Duration.ofMinutes(3)),
                work.resolve("jmeter"));
        assertThat(run.awaitStdout("message on port " + port, Duration.ofMinutes(2)))
                .as(run.stdout())
                .isTrue();
        ProcessHandle jmeter = run.process(Duration.ofSeconds(30));
        CompletableFuture<Long> exited = jmeter.onExit().thenApply(h -> System.currentTimeMillis());
        awaitRecords(broker, busy, Duration.ofMinutes(2));
        // the consumers are polling, the stuck producers waiting, the busy one has a sample in flight
        Thread.sleep(3000);

        long sent = System.currentTimeMillis();
        byte[] bytes = command.getBytes(StandardCharsets.US_ASCII);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.send(new DatagramPacket(bytes, bytes.length, InetAddress.getLoopbackAddress(), port));
        }
        long exit = exited.get(2, TimeUnit.MINUTES);
        JMeter.Result result = run.await(Duration.ofMinutes(1));
        String describe = result.describe();

        assertThat(result.exitCode()).as(describe).isZero();
        assertThat(result.stdout()).as("threads left behind").doesNotContain("The JVM should have exited but did not");
        JMeterLog log = JMeterLog.read(result.log());
        long received = logTime(log, "Command: " + command + " received");
        Map<String, Long> finished = new LinkedHashMap<>();
        for (JMeterLog.Entry e : log.entries()) {
            int at = e.text().indexOf("Ending thread ");
            if (at > 0) {
                finished.put(e.text().substring(at + "Ending thread ".length()).trim(), time(e.text()));
            }
        }
        assertThat(finished).as(describe).hasSize(5);
        assertThat(log.errors()).as("ERROR in %s", result.log()).isEmpty();
        long threadLimit = (command.equals("Shutdown") ? sampleTimeoutMs : 0) + CLOSE_TIMEOUT_MS + MARGIN_MS;
        finished.forEach((thread, at) -> assertThat(at - received)
                .as("%s ended after the command", thread)
                .isLessThanOrEqualTo(threadLimit));
        assertThat(exit - sent).as("from the command to JMeter's exit").isLessThanOrEqualTo(exitLimitMs);

        // every record of every producer sample is in the summary, acknowledged or failed
        Jtl jtl = result.samples();
        String stdout = result.stdout();
        for (String label : List.of("wait for acks", "large samples")) {
            long records = jtl.rows(label).stream()
                    .filter(r -> r.sentBytes() > 0)
                    .mapToLong(Jtl.Row::sampleCount)
                    .sum();
            long acked = number(stdout, "Kafka Producer summary for '" + label + "':\\R(\\d+) records sent");
            long failed =
                    number(stdout, "Kafka Producer summary for '" + label + "':\\R(?:.*\\R)*?(\\d+) records failed");
            assertThat(acked + failed)
                    .as("%s: %d acknowledged + %d failed", label, acked, failed)
                    .isEqualTo(records);
            System.out.printf(
                    "%s: '%s' %d records in samples, %d acknowledged, %d failed%n",
                    command, label, records, acked, failed);
        }
        String pending = command.equals("Shutdown")
                ? "not acknowledged within " + sampleTimeoutMs + " ms"
                : "not acknowledged when the sample was interrupted";
        assertThat(jtl.rows("wait for acks")).as(describe).isNotEmpty().allSatisfy(r -> {
            assertThat(r.responseCode()).isEqualTo("TimeoutException");
            assertThat(r.responseMessage()).contains(pending);
        });
        assertThat(jtl.rows("poll an empty topic"))
                .as(describe)
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.responseCode()).isEqualTo("404"));
        System.out.printf(
                "%s: JMeter exited %d ms after the command; threads ended %s ms after it%n",
                command,
                exit - sent,
                finished.values().stream()
                        .map(t -> Long.toString(t - received))
                        .reduce((a, b) -> a + ", " + b)
                        .orElse(""));
    }

    private static void awaitRecords(KafkaBroker broker, String topic, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = broker.admin()) {
            while (Topics.endOffsets(admin, topic) == 0) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("No record reached " + topic + " within " + timeout);
                }
                Thread.sleep(200);
            }
        }
    }

    private static long logTime(JMeterLog log, String text) {
        return log.entries().stream()
                .filter(e -> e.text().contains(text))
                .findFirst()
                .map(e -> time(e.text()))
                .orElseThrow(() -> new AssertionError("'" + text + "' not in jmeter.log"));
    }

    private static long time(String entry) {
        Matcher m = LOG_TIME.matcher(entry);
        if (!m.find()) {
            throw new IllegalArgumentException("No time in " + entry);
        }
        return LocalDateTime.parse(m.group(1), LOG_FORMAT)
                .atZone(ZoneId.systemDefault())
                .toInstant()
                .toEpochMilli();
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("/%s/ in:%n%s", regex, text).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static int freeUdpPort() throws java.net.SocketException {
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
