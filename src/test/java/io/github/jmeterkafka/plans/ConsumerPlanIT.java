package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterLog;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.SequenceHeader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/** src/test/resources/plans/consumer.jmx in a real JMeter: how a consumer test ends and what it prints. */
class ConsumerPlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/consumer.jmx");
    private static final String LABEL = "Consume";
    private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");
    private static final String PERF_HEADER =
            "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, "
                    + "nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec";

    @Test
    void onAnEmptyTopicTheTestEndsWithItsDuration() {
        String topic = topic("consumer-plan-empty", 1);
        int durationSec = 5;

        JMeter.Result result = jmeter.plan(PLAN)
                .name("consumer-empty")
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("group", topic)
                .property("duration", Integer.toString(durationSec))
                .property("timeout", "1000")
                .timeout(Duration.ofMinutes(2))
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        List<Jtl.Row> rows = result.samples().rows(LABEL);
        assertThat(rows).as(result.describe()).isNotEmpty().allSatisfy(r -> {
            assertThat(r.success()).isFalse();
            assertThat(r.responseCode()).isEqualTo("404");
            assertThat(r.elapsed()).as("a sample keeps to its timeout").isLessThan(3000);
        });
        long firstStart = rows.stream().mapToLong(Jtl.Row::timeStamp).min().getAsLong();
        long lastEnd =
                rows.stream().mapToLong(r -> r.timeStamp() + r.elapsed()).max().getAsLong();
        // the last sample may start just before the end and run its 1 s timeout
        assertThat(lastEnd - firstStart).as(result.describe()).isLessThan(durationSec * 1000L + 3000);
        // from the thread's start to the end of the test: the duration, the last sample, closing the consumer
        JMeterLog log = JMeterLog.read(result.log());
        assertThat(Duration.between(
                        time(log, "Thread started: " + LABEL), time(log, "Notifying test listeners of end of test")))
                .as(result.describe())
                .isLessThan(Duration.ofSeconds(durationSec + 5));
        // JMeter's own start (seconds on a loaded machine) and exit come on top; the process must exit
        assertThat(result.elapsed()).as(result.describe()).isLessThan(Duration.ofSeconds(durationSec + 85));
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
    }

    @Test
    void aHeapThatMayShrink_isWarnedOfOnce() {
        String topic = topic("consumer-plan-heap", 1);

        // kafka-run-class.sh's way: -Xmx alone
        JMeter.Result result = jmeter.plan(PLAN)
                .name("consumer-heap")
                .heapAndGc(List.of("-Xmx256m", "-XX:+UseG1GC"))
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("group", topic)
                .property("duration", "2")
                .property("timeout", "500")
                .timeout(Duration.ofMinutes(2))
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .singleElement()
                .asString()
                .contains("JMeter's heap may shrink (-Xms ")
                .contains(" MB, -Xmx 256 MB)")
                .contains("Set -Xms equal to -Xmx");
    }

    @Test
    void theSummaryIsPerfTestsWithTheRecordsReadTheRebalanceTimeAndTheLatency() throws Exception {
        String topic = topic("consumer-plan-summary", 3);
        int records = 600;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName()))) {
            for (int i = 0; i < records; i++) {
                int partition = i % 3;
                SequenceHeader seq = new SequenceHeader("plan-it", i / 3, SequenceHeader.nowMicros());
                // flush() below waits for every send
                var unused = producer.send(new ProducerRecord<>(
                        topic,
                        partition,
                        null,
                        null,
                        ("record " + i).getBytes(StandardCharsets.UTF_8),
                        List.of(new RecordHeader(SequenceHeader.NAME, seq.encode()))));
            }
            producer.flush();
        }

        JMeter.Result result = jmeter.plan(PLAN)
                .name("consumer-summary")
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("group", topic)
                .property("threads", "2")
                .property("duration", "120")
                .property("records", Integer.toString(records))
                .property("records.per.sample", "50")
                .property("timeout", "2000")
                .timeout(Duration.ofMinutes(3))
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        long read = result.samples().rows(LABEL).stream()
                .filter(Jtl.Row::success)
                .mapToLong(Jtl.Row::sampleCount)
                .sum();
        assertThat(read).as(result.describe()).isEqualTo(records);

        List<String> lines = Arrays.asList(result.stdout().split("\\R"));
        int title = lines.indexOf("Kafka Consumer summary for '" + LABEL + "':");
        assertThat(title).as(result.stdout()).isNotNegative();
        assertThat(lines.get(title + 1)).isEqualTo(PERF_HEADER);
        String[] perf = lines.get(title + 2).split(", ");
        assertThat(perf).as(lines.get(title + 2)).hasSize(10);
        assertThat(Long.parseLong(perf[4])).as("data.consumed.in.nMsg").isEqualTo(read);
        assertThat(Long.parseLong(perf[6])).as("rebalance.time.ms").isPositive();
        assertThat(Double.parseDouble(perf[2])).as("data.consumed.in.MB").isPositive();
        assertThat(lines.get(title + 3))
                .matches("end-to-end latency: [0-9.]+ ms avg, \\d+ ms 50th, \\d+ ms 95th, "
                        + "\\d+ ms 99th, \\d+ ms 99.9th, [0-9.]+ ms max\\.");
        assertThat(lines.get(title + 4)).matches("tail: \\d+ ms 99\\.99th, [0-9.]+ ms max end-to-end latency\\.");
        // partitions change threads while they read: the verifier may see a few records late, never lost
        assertThat(lines.get(title + 5))
                .matches("delivery: 600 records verified from 1 producers, 0 missing, "
                        + "0 duplicated, \\d+ out of order\\.");
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
    }

    /** When the first jmeter.log entry containing {@code text} was written. */
    private static LocalDateTime time(JMeterLog log, String text) {
        JMeterLog.Entry e = log.entries().stream()
                .filter(x -> x.text().contains(text))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no '" + text + "' in jmeter.log"));
        return LocalDateTime.parse(e.text().substring(0, 23), LOG_TIME);
    }

    private static String topic(String base, int partitions) {
        String name = base + "-" + System.nanoTime();
        Topics.create(admin, partitions, name);
        return name;
    }
}
