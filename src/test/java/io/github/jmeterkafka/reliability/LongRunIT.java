package io.github.jmeterkafka.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * bench/long-run/long-run.jmx at CI size: 200,000 records produced, then consumed, in one JMeter,
 * then a few seconds with no sample running. The JVM's thread count stays flat while samples run,
 * and once they have ended no sample's tracker or callback, and no consumer, is left on the heap.
 */
class LongRunIT {
    private static final Path PLAN = Harness.projectDir().resolve("bench/long-run/long-run.jmx");
    private static final int RECORDS = 200_000;
    private static final Pattern STARTING = Pattern.compile(
            "^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) .*Starting ThreadGroup: \\d+ : (\\w+)",
            Pattern.MULTILINE);
    private static final DateTimeFormatter LOG_FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");

    @Test
    void threadsStayFlatAndNothingIsRetainedAfterTheSamples() throws Exception {
        KafkaBroker broker = ReliabilityBroker.get();
        String topic = "long-run-" + System.currentTimeMillis();
        JMeterRun run = JMeterRun.start(
                JMeter.fromSystemProperties()
                        .installPlugin()
                        .plan(PLAN)
                        .property("kafka.bootstrap", broker.bootstrapServers())
                        .property("topic", topic)
                        .property("group", topic)
                        .property("partitions", "2")
                        .property("records", Integer.toString(RECORDS))
                        // many samples per phase, so that anything kept per sample would show
                        .property("records.per.sample", "500")
                        .property("hold.ms", "8000")
                        .timeout(Duration.ofMinutes(4)),
                Harness.targetDir().resolve("reliability").resolve(topic));
        JvmProbe jvm = new JvmProbe(run.process(Duration.ofMinutes(1)).pid());
        List<long[]> threads = new CopyOnWriteArrayList<>();
        Thread sampler = new Thread(
                () -> {
                    for (int n; (n = jvm.threads()) > 0; ) {
                        threads.add(new long[] {System.currentTimeMillis(), n});
                        try {
                            Thread.sleep(100);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "thread-count");
        sampler.setDaemon(true);
        sampler.start();

        Path log = run.runDir().resolve("jmeter.log");
        awaitLog(log, "Starting ThreadGroup: ", "Hold", Duration.ofMinutes(3));
        // the hold pause has begun: no sample runs, the shared producer is still open
        Thread.sleep(1000);
        Map<String, Long> live = jvm.liveInstances();
        JMeter.Result result = run.await(Duration.ofMinutes(2));
        sampler.join(5000);
        String describe = result.describe();
        assertThat(result.exitCode()).as(describe).isZero();

        Map<String, Long> ours = live.entrySet().stream()
                .filter(e -> e.getKey().startsWith("io.github.jmeterkafka.")
                        || e.getKey().startsWith("org.apache.kafka.clients."))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertThat(ours)
                .as("live plugin and client objects while holding")
                .isNotEmpty()
                .doesNotContainKeys(
                        "io.github.jmeterkafka.client.RecordReader", "org.apache.kafka.clients.consumer.KafkaConsumer")
                .allSatisfy((type, n) ->
                        assertThat(type).as("%d live", n).doesNotStartWith("io.github.jmeterkafka.client.SendBatch"));
        assertThat(ours).containsKey("org.apache.kafka.clients.producer.KafkaProducer");

        // thread counts per phase, leaving out each phase's first second (threads starting, clients joining)
        String logText = Files.readString(result.log(), StandardCharsets.UTF_8);
        Map<String, Long> starts = new java.util.HashMap<>();
        Matcher m = STARTING.matcher(logText);
        while (m.find()) {
            starts.put(
                    m.group(2),
                    LocalDateTime.parse(m.group(1), LOG_FORMAT)
                            .atZone(ZoneId.systemDefault())
                            .toInstant()
                            .toEpochMilli());
        }
        long produce = starts.get("Produce");
        long consume = starts.get("Consume");
        long hold = starts.get("Hold");
        int[] producing = range(threads, produce + 1000, consume);
        int[] consuming = range(threads, consume + 1000, hold);
        int[] holding = range(threads, hold + 500, hold + 7000);
        System.out.printf(
                "threads: producing %d..%d, consuming %d..%d, holding %d..%d (%d readings); live while"
                        + " holding: %s%n",
                producing[0],
                producing[1],
                consuming[0],
                consuming[1],
                holding[0],
                holding[1],
                threads.size(),
                ours.entrySet().stream()
                        .filter(e -> e.getKey().startsWith("io.github"))
                        .sorted(Map.Entry.comparingByKey())
                        .map(e -> e.getKey().replace("io.github.jmeterkafka.", "") + "=" + e.getValue())
                        .collect(Collectors.joining(", ")));
        // a thread per sample would add hundreds; the JVM's own compiler and GC threads come and go by a few
        assertThat(producing[1] - producing[0])
                .as("thread count range while producing")
                .isLessThanOrEqualTo(6);
        assertThat(consuming[1] - consuming[0])
                .as("thread count range while consuming")
                .isLessThanOrEqualTo(6);
        assertThat(holding[1]).as("threads while holding vs while producing").isLessThanOrEqualTo(producing[1]);

        String stdout = result.stdout();
        assertThat(stdout)
                .as(describe)
                .contains("\n" + RECORDS + " records sent, ")
                .contains("\n0 records failed.")
                .contains("delivery: " + RECORDS
                        + " records verified from 4 producers, 0 missing, 0 duplicated, 0 out of order.");
        assertThat(BrokerRecords.endOffsets(broker, topic)).isEqualTo(RECORDS);
        assertThat(result.samples().failures()).as(describe).isEmpty();
    }

    /** min and max of the readings taken between from and to. */
    private static int[] range(List<long[]> readings, long from, long to) {
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (long[] r : readings) {
            if (r[0] >= from && r[0] <= to) {
                min = Math.min(min, (int) r[1]);
                max = Math.max(max, (int) r[1]);
            }
        }
        assertThat(max).as("thread readings between %d and %d", from, to).isPositive();
        return new int[] {min, max};
    }

    private static void awaitLog(Path log, String a, String b, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        Pattern p = Pattern.compile(Pattern.quote(a) + "\\d+ : " + Pattern.quote(b));
        while (System.nanoTime() < deadline) {
            if (Files.exists(log)
                    && p.matcher(Files.readString(log, StandardCharsets.UTF_8)).find()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("'" + a + "N : " + b + "' not in " + log + " within " + timeout);
    }
}
