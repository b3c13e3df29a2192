package io.github.jmeterkafka.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterLog;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Topics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * A producer (acks=all, idempotent, sequence header, 5 records per sample, about 100 records/s) and a
 * consumer (delivery verification, from the earliest offset, its own group) run together for about 36 s
 * while the test stops the broker about 6 s into the run and starts it again 15 s later, on the
 * same ports with the same data.
 *
 * <p>The client timeouts in reliability-outage.jmx make samples fail within seconds while the broker
 * is away: request.timeout.ms 2 s, delivery.timeout.ms 5 s (a record not acknowledged by then fails
 * with TimeoutException), max.block.ms 3 s, the consumer's default.api.timeout.ms 3 s (its commits);
 * the sampler's ack timeout of 8 s is longer than delivery.timeout.ms, so each producer sample ends
 * with Kafka's own verdict on each record; the consumer's poll timeout is 2 s.
 */
class BrokerOutageIT {
    private static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/reliability-outage.jmx");
    /** Seconds from the first record to the broker's stop, and of the outage. */
    private static final int BEFORE_S = 6;
    // a producer sample that meets the outage lasts delivery.timeout.ms (5 s): after the one in flight
    // at the stop, at least one more must start and end while the broker is down
    private static final int DOWN_S = 15;
    /** Seconds the run goes on once the broker is back: the producer's samples from 5 s after its first success are checked. */
    private static final int AFTER_S = 10;

    private static final long ACK_TIMEOUT_MS = 8000;
    private static final long POLL_TIMEOUT_MS = 2000;
    /** Scheduling and GC on a loaded 2-core machine. */
    private static final long MARGIN_MS = 3000;
    /** The end of the plugin's line for a failure, logged once per distinct failure. */
    private static final String FAILURE_LOGGED_ONCE = "samples failing the same way are not logged again";

    private static final Pattern ACK = Pattern.compile("^(.+)-(\\d+)@(\\d+) timestamp=(-?\\d+)$");
    private static final Pattern DELIVERY = Pattern.compile(
            "delivery: (\\d+) records verified from (\\d+) producers, (\\d+) missing, (\\d+) duplicated, (\\d+) out of order\\.");
    private static final Set<String> OUTAGE_CODES = Set.of(
            "TimeoutException", "NetworkException", "NotLeaderOrFollowerException", "DisconnectException", "404");

    @Test
    void samplesFailClearlyDuringTheOutageRecoverAfterItAndNoAcknowledgedRecordIsLost() throws Exception {
        KafkaBroker broker = ReliabilityBroker.get();
        // about 36 s here; a loaded machine, where the broker takes longer to start again, runs longer
        // so that the run still sees the broker back for AFTER_S
        int durationS =
                BEFORE_S + DOWN_S + (int) Math.max(5, broker.lastStartTime().toSeconds()) + AFTER_S;
        String topic = "outage-" + System.currentTimeMillis();
        BrokerRecords.createTopic(broker, topic, 2);
        Path work = Files.createDirectories(
                Harness.targetDir().resolve("reliability").resolve(topic));
        Path acks = Files.createDirectories(work.resolve("acks"));

        JMeterRun run = JMeterRun.start(
                JMeter.fromSystemProperties()
                        .installPlugin()
                        .plan(PLAN)
                        .property("kafka.bootstrap", broker.bootstrapServers())
                        .property("topic", topic)
                        .property("group", topic)
                        .property("duration", Integer.toString(durationS))
                        .property("acks.dir", acks.toString())
                        .timeout(Duration.ofMinutes(4)),
                work.resolve("jmeter"));

        // "6 s into the run" counts from the first record on the broker, not from JMeter's start-up
        long firstRecord = awaitFirstRecord(broker, topic, Duration.ofMinutes(2));
        sleepUntil(firstRecord + BEFORE_S * 1000L);
        long stopping = System.currentTimeMillis();
        broker.stop();
        long down = System.currentTimeMillis();
        sleepUntil(stopping + DOWN_S * 1000L);
        long starting = System.currentTimeMillis();
        broker.start();
        long ready = System.currentTimeMillis();
        JMeter.Result result = run.await(Duration.ofMinutes(4));
        String describe = result.describe();

        assertThat(result.exitCode()).as(describe).isZero();
        Jtl jtl = result.samples();
        List<Jtl.Row> produced = jtl.rows("produce");
        List<Jtl.Row> consumed = jtl.rows("consume");
        assertThat(produced).as(describe).isNotEmpty();
        assertThat(consumed).as(describe).isNotEmpty();

        // on schedule: samples stop at the end of the duration (a sample in flight then may run to its
        // timeout), and JMeter exits soon after
        long first = Stream.concat(produced.stream(), consumed.stream())
                .mapToLong(Jtl.Row::timeStamp)
                .min()
                .orElseThrow();
        long last = Stream.concat(produced.stream(), consumed.stream())
                .mapToLong(r -> r.timeStamp() + r.elapsed())
                .max()
                .orElseThrow();
        assertThat(last - first)
                .as("sampling time")
                .isLessThanOrEqualTo(durationS * 1000L + ACK_TIMEOUT_MS + MARGIN_MS);
        long exited = run.exitMillis();
        assertThat(exited - last).as("from the last sample to JMeter's exit").isLessThanOrEqualTo(15_000);

        // no sample waits past its own timeout
        assertThat(produced)
                .allSatisfy(
                        r -> assertThat(r.elapsed()).as(r.toString()).isLessThanOrEqualTo(ACK_TIMEOUT_MS + MARGIN_MS));
        assertThat(consumed)
                .allSatisfy(
                        r -> assertThat(r.elapsed()).as(r.toString()).isLessThanOrEqualTo(POLL_TIMEOUT_MS + MARGIN_MS));

        // during the outage: failures with Kafka's exception names (or 404, no record), nothing else
        List<Jtl.Row> failures = Stream.concat(produced.stream(), consumed.stream())
                .filter(r -> !r.success())
                .collect(Collectors.toList());
        assertThat(failures)
                .as(describe)
                .allSatisfy(r -> assertThat(r.responseCode()).as(r.toString()).isIn(OUTAGE_CODES));
        List<Jtl.Row> producedWhileDown = within(produced, down, starting);
        List<Jtl.Row> consumedWhileDown = within(consumed, down, starting);
        assertThat(producedWhileDown)
                .as("producer samples while the broker was down")
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.success()).as(r.toString()).isFalse());
        assertThat(consumedWhileDown)
                .as("consumer samples while the broker was down")
                .isNotEmpty()
                .anySatisfy(r -> assertThat(r.responseCode()).isEqualTo("404"));
        // before: from the producer's first success (a loaded machine may need more than max.block.ms
        // for the first metadata) to the stop, no producer sample fails
        long warm = produced.stream()
                .filter(Jtl.Row::success)
                .mapToLong(Jtl.Row::timeStamp)
                .min()
                .orElseThrow();
        assertThat(produced)
                .as("producer failures before the broker stopped")
                .noneMatch(r -> !r.success() && r.timeStamp() > warm && r.timeStamp() + r.elapsed() < stopping);

        // after: the same test recovers on its own
        assertThat(produced.stream().filter(r -> r.timeStamp() > ready && r.success()))
                .as("producer after the outage")
                .isNotEmpty();
        assertThat(consumed.stream().filter(r -> r.timeStamp() > ready && r.success() && r.sampleCount() > 0))
                .as("consumer after the outage")
                .isNotEmpty();
        long firstProducedAfter = produced.stream()
                .filter(r -> r.timeStamp() > ready && r.success())
                .mapToLong(Jtl.Row::timeStamp)
                .min()
                .orElseThrow();
        assertThat(produced.stream().filter(r -> r.timeStamp() > firstProducedAfter + 5_000))
                .as("producer samples from 5 s after its first success after the outage")
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.success()).as(r.toString()).isTrue());

        // nothing acknowledged is lost: every offset the producer reported acknowledged is on the
        // broker after the restart, holding a record with the timestamp the producer was told
        String stdout = result.stdout();
        long acked = number(stdout, "Kafka Producer summary for 'produce':\\R(\\d+) records sent");
        long failed = number(stdout, "Kafka Producer summary for 'produce':\\R(?:.*\\R)*?(\\d+) records failed");
        Map<String, Long> ackedOffsets = ackedOffsets(acks, topic);
        assertThat((long) ackedOffsets.size())
                .as("acknowledged offsets in the samples' responses")
                .isEqualTo(acked);
        // every sample's records are acknowledged or failed, also those of a sample that failed
        // waiting for metadata before it sent anything
        assertThat(produced.stream().mapToLong(Jtl.Row::sampleCount).sum())
                .as("records in producer samples")
                .isEqualTo(acked + failed);
        long onBroker = BrokerRecords.endOffsets(broker, topic);
        assertThat(onBroker).as("end offsets").isGreaterThanOrEqualTo(acked);
        List<BrokerRecords.Stored> stored = BrokerRecords.readAll(broker, topic);
        Map<String, Long> storedTimestamps = new HashMap<>();
        stored.forEach(s -> storedTimestamps.put(s.partition + "@" + s.offset, s.timestamp));
        Set<String> lost = new HashSet<>();
        ackedOffsets.forEach((at, ts) -> {
            if (!ts.equals(storedTimestamps.get(at))) {
                lost.add(at);
            }
        });
        assertThat(lost).as("acknowledged records not on the broker").isEmpty();
        Map<String, Long> copies = stored.stream()
                .filter(s -> s.sequence != null)
                .collect(Collectors.groupingBy(
                        s -> s.sequence.producer + "/" + s.partition + "/" + s.sequence.sequence,
                        Collectors.counting()));
        long storedDuplicates = copies.values().stream().mapToLong(n -> n - 1).sum();
        assertThat(storedDuplicates)
                .as("records an idempotent producer stored twice")
                .isZero();
        long storedOutOfOrder = outOfOrder(stored);

        // the consumer's own verification: what it missed, the producer had reported failed
        Matcher d = DELIVERY.matcher(stdout);
        assertThat(d.find()).as(stdout).isTrue();
        long verified = Long.parseLong(d.group(1));
        long missing = Long.parseLong(d.group(3));
        long duplicated = Long.parseLong(d.group(4));
        long outOfOrder = Long.parseLong(d.group(5));
        assertThat(missing)
                .as("missing in the consumer's view vs records the producer reported failed")
                .isLessThanOrEqualTo(failed);
        assertThat(verified - duplicated).as("distinct records verified").isLessThanOrEqualTo(copies.size());
        // a record read again after the outage is a duplicate in the consumer's view, never out of order
        assertThat(outOfOrder)
                .as("out of order in the consumer's view vs in the broker's log")
                .isEqualTo(storedOutOfOrder);
        assertThat(consumed.stream()
                        .mapToLong(r -> r.success() ? r.sampleCount() : 0)
                        .sum())
                .isEqualTo(verified);

        assertThat(result.logErrors()).as("ERROR in %s", result.log()).isEmpty();
        List<String> warnings = JMeterLog.read(result.log()).warnings();
        // one line per distinct failure (sampler, code, message), however many samples failed that way
        List<String> failureLines = warnings.stream()
                .filter(w -> w.contains(FAILURE_LOGGED_ONCE))
                .map(w -> w.substring(w.indexOf(": ") + 2))
                .collect(Collectors.toList());
        assertThat(failureLines)
                .as("failure lines in %s", result.log())
                .doesNotHaveDuplicates()
                .hasSizeLessThanOrEqualTo(distinctFailures(failures));
        if (!failures.isEmpty()) {
            assertThat(failureLines).as("failure lines in %s", result.log()).isNotEmpty();
        }
        Map<String, Long> codes = new TreeMap<>(failures.stream()
                .collect(Collectors.groupingBy(r -> r.label() + " " + r.responseCode(), Collectors.counting())));
        System.out.printf(
                "outage: broker down %d ms (stop took %d ms, start %d ms); first producer success %d ms after"
                        + " it was ready; JMeter ran %d s for a %d s plan%n"
                        + "producer: %d samples, %d records acknowledged, %d failed; on the broker: %d records (end offsets),"
                        + " %d acknowledged lost, %d stored twice%n"
                        + "consumer: %s%nfailed samples by code: %s; while down: %d producer, %d consumer samples%n"
                        + "jmeter.log: %d WARN lines (%d from the plugin, %d from Kafka's NetworkClient)%n",
                ready - stopping,
                down - stopping,
                ready - starting,
                firstProducedAfter - ready,
                result.elapsed().toSeconds(),
                durationS,
                produced.size(),
                acked,
                failed,
                onBroker,
                lost.size(),
                storedDuplicates,
                d.group(),
                codes,
                producedWhileDown.size(),
                consumedWhileDown.size(),
                warnings.size(),
                warnings.stream()
                        .filter(w -> w.contains("io.github.jmeterkafka") || w.contains("i.g.j."))
                        .count(),
                warnings.stream().filter(w -> w.contains("NetworkClient")).count());
        // the failures did not stop the producer: it sampled on to the end of the run
        long lastStart = produced.stream().mapToLong(Jtl.Row::timeStamp).max().orElseThrow();
        assertThat(last - lastStart)
                .as("from the producer's last sample start to the run's last sample end")
                .isLessThanOrEqualTo(POLL_TIMEOUT_MS + MARGIN_MS);
    }

    /** Records stored after a higher sequence number of their producer in their partition. */
    private static long outOfOrder(List<BrokerRecords.Stored> stored) {
        Map<String, Long> highest = new HashMap<>();
        long count = 0;
        for (BrokerRecords.Stored s : stored) {
            if (s.sequence != null) {
                String stream = s.sequence.producer + "/" + s.partition;
                Long before = highest.get(stream);
                if (before != null && s.sequence.sequence < before) {
                    count++;
                }
                highest.merge(stream, s.sequence.sequence, Math::max);
            }
        }
        return count;
    }

    private static int distinctFailures(List<Jtl.Row> failures) {
        return failures.stream()
                .map(r -> r.label() + "\u0000" + r.responseCode() + "\u0000" + r.responseMessage())
                .collect(Collectors.toSet())
                .size();
    }

    /** Samples that started after {@code from} and ended before {@code to}. */
    private static List<Jtl.Row> within(List<Jtl.Row> rows, long from, long to) {
        return rows.stream()
                .filter(r -> r.timeStamp() >= from && r.timeStamp() + r.elapsed() <= to)
                .collect(Collectors.toList());
    }

    /** partition@offset to timestamp, from the producer responses the Save Responses listener wrote. */
    private static Map<String, Long> ackedOffsets(Path dir, String topic) throws IOException {
        Map<String, Long> out = new HashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.collect(Collectors.toList())) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    Matcher m = ACK.matcher(line.trim());
                    if (m.matches() && m.group(1).equals(topic)) {
                        assertThat(out.put(m.group(2) + "@" + m.group(3), Long.parseLong(m.group(4))))
                                .as("offset acknowledged twice: %s", line)
                                .isNull();
                    }
                }
            }
        }
        return out;
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("/%s/ in:%n%s", regex, text).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static long awaitFirstRecord(KafkaBroker broker, String topic, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = broker.admin()) {
            while (System.nanoTime() < deadline) {
                if (Topics.endOffsets(admin, topic) > 0) {
                    return System.currentTimeMillis();
                }
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("No record reached " + topic + " within " + timeout);
    }

    private static void sleepUntil(long epochMillis) throws InterruptedException {
        long left = epochMillis - System.currentTimeMillis();
        if (left > 0) {
            Thread.sleep(left);
        }
    }
}
