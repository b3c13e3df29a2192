package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.LiveKafka.ok;
import static io.github.jmeterkafka.sampler.LiveKafka.sampler;
import static io.github.jmeterkafka.sampler.LiveKafka.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.harness.SharedBroker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Kafka Producer against a real broker, called as JMeter's threads call it: what it counts is what is stored. */
class KafkaProducerSamplerIT {

    @RegisterExtension
    final LiveKafka kafka = new LiveKafka(SharedBroker.get());

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 10, 333})
    void recordsStoredEqualTheSampleCountOfSuccessfulSamples(int perSample) {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("count", 3);
        KafkaProducerSampler s = sampler(unique("count"), connection, topic);
        s.setValueMode("random");
        s.setRecordSize("200");
        s.setRecordsPerSample(Integer.toString(perSample));

        long counted = 0;
        for (int i = 0; i < 4; i++) {
            SampleResult r = ok(s.sample(null));
            assertThat(r.getSampleCount()).isEqualTo(perSample);
            assertThat(r.getSentBytes()).isEqualTo(200L * perSample);
            assertThat(r.getResponseMessage())
                    .isEqualTo(perSample + (perSample == 1 ? " record" : " records") + " acknowledged");
            counted += r.getSampleCount();
        }

        assertThat(kafka.endOffsets(topic)).isEqualTo(counted).isEqualTo(4L * perSample);
    }

    @Test
    void aBudgetThatIsNotAMultipleEndsWithAShortSampleThenNone() {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("short-last", 2);
        KafkaProducerSampler s = sampler(unique("short-last"), connection, topic);
        s.setValue("v");
        s.setRecordsPerSample("7");
        s.setRecordBudget("30");
        s.testStarted();

        List<Integer> counts = new ArrayList<>();
        SampleResult r;
        while ((r = s.sample(null)) != null) {
            counts.add(ok(r).getSampleCount());
        }

        assertThat(counts).containsExactly(7, 7, 7, 7, 2);
        assertThat(s.sample(null)).isNull();
        assertThat(kafka.endOffsets(topic)).isEqualTo(30);
        s.testEnded();
    }

    @Test
    void keyHeadersPartitionAndTimestampAreWrittenAsAsked() {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("fields", 4);
        // an hour back: within any broker timestamp bound, and no retention removes it during the test
        long timestamp = (System.currentTimeMillis() - 3_600_000L) / 1000 * 1000;
        KafkaProducerSampler s = sampler(unique("fields"), connection, topic);
        s.setKeyMode("text");
        s.setKey("key-é");
        s.setValue("value-ü");
        s.setPartition("2");
        s.setTimestamp(Long.toString(timestamp));
        s.getHeaders().add(new KeyValue("trace", "abc"));
        s.getHeaders().add(new KeyValue("empty", ""));
        s.setRecordsPerSample("5");

        SampleResult r = ok(s.sample(null));

        assertThat(r.getResponseDataAsString())
                .contains(topic + "-2@0 timestamp=" + timestamp)
                .contains(topic + "-2@4 timestamp=" + timestamp);
        List<ConsumerRecord<byte[], byte[]>> records = kafka.read(topic);
        assertThat(records).hasSize(5).allSatisfy(rec -> {
            assertThat(rec.partition()).isEqualTo(2);
            assertThat(text(rec.key())).isEqualTo("key-é");
            assertThat(text(rec.value())).isEqualTo("value-ü");
            assertThat(rec.timestamp()).isEqualTo(timestamp);
            assertThat(rec.timestampType()).isEqualTo(TimestampType.CREATE_TIME);
            Header[] headers = rec.headers().toArray();
            assertThat(headers).extracting(Header::key).containsExactly("trace", "empty");
            assertThat(text(rec.headers().lastHeader("trace").value())).isEqualTo("abc");
            assertThat(rec.headers().lastHeader("empty").value()).isEmpty();
        });
        // key: UTF-8 bytes of "key-é" (6), value 8, headers "trace"+"abc" and "empty"
        assertThat(r.getSentBytes()).isEqualTo(5L * (6 + 8 + 5 + 3 + 5));
    }

    @Test
    void withoutPartitionOrTimestampKafkaChoosesThem() {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("defaults", 3);
        KafkaProducerSampler s = sampler(unique("defaults"), connection, topic);
        s.setValue("v");
        s.setRecordsPerSample("30");
        long before = System.currentTimeMillis();

        ok(s.sample(null));

        List<ConsumerRecord<byte[], byte[]>> records = kafka.read(topic);
        assertThat(records).hasSize(30).allSatisfy(rec -> {
            assertThat(rec.key()).isNull();
            assertThat(rec.headers().toArray()).isEmpty();
            assertThat(rec.timestamp()).isGreaterThanOrEqualTo(before);
        });
    }

    @Test
    void randomPayloadHasExactlyTheRecordSize() {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("random", 2);
        KafkaProducerSampler s = sampler(unique("random"), connection, topic);
        s.setValueMode("random");
        s.setRecordSize("777");
        s.setRecordsPerSample("20");

        ok(s.sample(null));
        ok(s.sample(null));

        List<ConsumerRecord<byte[], byte[]>> records = kafka.read(topic);
        assertThat(records).hasSize(40).allSatisfy(rec -> {
            assertThat(rec.value()).hasSize(777);
            assertThat(text(rec.value())).matches("[A-Z]{777}");
        });
    }

    @Test
    void payloadFileRecordsArePickedFromTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("payloads.txt");
        Files.writeString(file, "alpha|beta|gamma|", StandardCharsets.UTF_8);
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("file", 1);
        KafkaProducerSampler s = sampler(unique("file"), connection, topic);
        s.setValueMode("file");
        s.setPayloadFile(file.toString());
        s.setPayloadDelimiter("|");
        s.setRecordsPerSample("150");

        ok(s.sample(null));

        Set<String> values =
                kafka.read(topic).stream().map(rec -> text(rec.value())).collect(Collectors.toSet());
        // 150 random picks of 3 miss one of them with a probability of about 1e-26
        assertThat(values).containsExactlyInAnyOrder("alpha", "beta", "gamma");
    }

    @Test
    void randomKeysUseAtMostKeyCountDistinctKeys() {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("keys", 3);
        KafkaProducerSampler s = sampler(unique("keys"), connection, topic);
        s.setKeyMode("random");
        s.setKey("user-");
        s.setKeyCount("5");
        s.setValue("v");
        s.setRecordsPerSample("200");

        ok(s.sample(null));

        List<ConsumerRecord<byte[], byte[]>> records = kafka.read(topic);
        assertThat(records).hasSize(200);
        Set<String> keys = records.stream().map(rec -> text(rec.key())).collect(Collectors.toSet());
        assertThat(keys).hasSizeBetween(2, 5).allSatisfy(k -> assertThat(k).matches("user-[0-4]"));
        // one key, one partition: Kafka's default partitioner hashes the key
        Map<String, Set<Integer>> partitionsOfKey = records.stream()
                .collect(Collectors.groupingBy(
                        rec -> text(rec.key()), Collectors.mapping(ConsumerRecord::partition, Collectors.toSet())));
        assertThat(partitionsOfKey.values()).allSatisfy(p -> assertThat(p).hasSize(1));
    }

    @Test
    void theBudgetIsExactWithEightThreads() throws Exception {
        int threads = 8;
        long budget = 100_000;
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("budget", 4);
        String label = unique("budget");
        Callable<KafkaProducerSampler> clone = () -> {
            KafkaProducerSampler s = sampler(label, connection, topic);
            s.setValueMode("random");
            s.setRecordSize("100");
            s.setRecordsPerSample("64");
            s.setRecordBudget(Long.toString(budget));
            return s;
        };
        KafkaProducerSampler inTree = clone.call();
        inTree.testStarted();

        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<long[]>> results = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                KafkaProducerSampler s = clone.call();
                results.add(pool.submit(() -> {
                    long records = 0;
                    long failed = 0;
                    SampleResult r;
                    while ((r = s.sample(null)) != null) {
                        if (r.isSuccessful()) {
                            records += r.getSampleCount();
                        } else {
                            failed++;
                        }
                    }
                    // once spent, the budget stays spent for this thread
                    long againNull = s.sample(null) == null ? 1 : 0;
                    s.threadFinished();
                    return new long[] {records, failed, againNull};
                }));
            }
            long records = 0;
            for (Future<long[]> f : results) {
                long[] r = f.get(300, TimeUnit.SECONDS);
                assertThat(r[1]).as("failed samples").isZero();
                assertThat(r[2])
                        .as("a sample after the end of the budget is null")
                        .isEqualTo(1);
                records += r[0];
            }
            assertThat(records).isEqualTo(budget);
        } finally {
            pool.shutdownNow();
            inTree.testEnded();
        }
        assertThat(kafka.endOffsets(topic)).isEqualTo(budget);
    }

    @Test
    void aStringValueSerializerGetsTextAndKeysStayBytes() {
        String connection =
                kafka.connect(Map.of("value.serializer", "org.apache.kafka.common.serialization.StringSerializer"));
        String topic = kafka.topic("string-serializer", 1);
        KafkaProducerSampler s = sampler(unique("string-serializer"), connection, topic);
        s.setKeyMode("text");
        s.setKey("k");
        s.setValue("grüße");
        s.setRecordsPerSample("3");

        ok(s.sample(null));

        assertThat(kafka.read(topic)).hasSize(3).allSatisfy(rec -> {
            assertThat(text(rec.key())).isEqualTo("k");
            assertThat(text(rec.value())).isEqualTo("grüße");
        });
    }
}
