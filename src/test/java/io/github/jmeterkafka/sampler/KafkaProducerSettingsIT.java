package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.LiveKafka.ok;
import static io.github.jmeterkafka.sampler.LiveKafka.sampler;
import static io.github.jmeterkafka.sampler.LiveKafka.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.harness.SharedBroker;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Kafka Connection's producer properties reach the real producer, shown by what only that setting
 * changes (the producer's own metrics, the broker's log, the acknowledgements); and the producer scope
 * decides how many producers the threads use.
 */
class KafkaProducerSettingsIT {

    @RegisterExtension
    final LiveKafka kafka = new LiveKafka(SharedBroker.get());

    private static Producer<Object, Object> shared(String connection) {
        return Connections.get(connection).sharedProducer();
    }

    /** A producer-wide metric (tagged with the client id only). */
    private static double metric(Producer<?, ?> producer, String name) {
        for (Map.Entry<MetricName, ? extends Metric> e : producer.metrics().entrySet()) {
            MetricName n = e.getKey();
            if (n.group().equals("producer-metrics") && n.name().equals(name)) {
                return ((Number) e.getValue().metricValue()).doubleValue();
            }
        }
        throw new AssertionError("no producer metric " + name);
    }

    private static String clientId(Producer<?, ?> producer) {
        Set<String> ids = producer.metrics().keySet().stream()
                .map(n -> n.tags().get("client-id"))
                .filter(id -> id != null)
                .collect(Collectors.toSet());
        assertThat(ids).hasSize(1);
        return ids.iterator().next();
    }

    private long logSize(String topic) throws Exception {
        TopicPartition tp = new TopicPartition(topic, 0);
        return kafka
                .admin
                .describeLogDirs(List.of(1))
                .allDescriptions()
                .get(30, TimeUnit.SECONDS)
                .get(1)
                .values()
                .stream()
                .filter(d -> d.replicaInfos().containsKey(tp))
                .mapToLong(d -> d.replicaInfos().get(tp).size())
                .sum();
    }

    private KafkaProducerSampler compressible(String connection, String topic) {
        KafkaProducerSampler s = sampler(unique("compress"), connection, topic);
        s.setValue("0123456789".repeat(100));
        s.setRecordsPerSample("100");
        return s;
    }

    @Test
    void compressionTypeCompressesInTheProducerAndOnTheBroker() throws Exception {
        String lz4 = kafka.connect(Map.of("compression.type", "lz4"));
        String plain = kafka.connect(Map.of());
        String lz4Topic = kafka.topic("lz4", 1);
        String plainTopic = kafka.topic("plain", 1);

        ok(compressible(lz4, lz4Topic).sample(null));
        ok(compressible(plain, plainTopic).sample(null));

        assertThat(metric(shared(lz4), "compression-rate-avg")).isLessThan(0.2);
        assertThat(metric(shared(plain), "compression-rate-avg")).isGreaterThan(0.9);
        // 100 KB of values: stored as sent, the lz4 topic holds a fraction of the other
        long plainBytes = logSize(plainTopic);
        assertThat(plainBytes).isGreaterThan(100_000);
        assertThat(logSize(lz4Topic)).isPositive().isLessThan(plainBytes / 5);
    }

    @Test
    void acksZeroGetsNoOffsetsAndAcksAllDoes() {
        String fireAndForget = kafka.connect(Map.of("acks", "0"));
        String acked = kafka.connect(Map.of("acks", "all"));
        String topic = kafka.topic("acks", 1);
        KafkaProducerSampler noAcks = sampler(unique("acks0"), fireAndForget, topic);
        noAcks.setValue("v");
        noAcks.setRecordsPerSample("3");
        KafkaProducerSampler withAcks = sampler(unique("acks-all"), acked, topic);
        withAcks.setValue("v");
        withAcks.setRecordsPerSample("3");

        SampleResult r0 = ok(noAcks.sample(null));
        // with acks=0 the broker never answers: the producer reports offset -1
        assertThat(r0.getResponseDataAsString().lines())
                .hasSize(3)
                .allSatisfy(line -> assertThat(line).startsWith(topic + "-0@-1 "));
        await().atMost(30, TimeUnit.SECONDS).until(() -> kafka.endOffsets(topic) == 3);

        SampleResult rAll = ok(withAcks.sample(null));
        assertThat(rAll.getResponseDataAsString().lines().map(line -> line.substring(0, line.indexOf(' '))))
                .containsExactly(topic + "-0@3", topic + "-0@4", topic + "-0@5");
    }

    @Test
    void batchSizeAndLingerShapeTheBatches() {
        String small = kafka.connect(Map.of("batch.size", "200"));
        String lingering = kafka.connect(Map.of("batch.size", "1000000", "linger.ms", "1000"));
        String topic = kafka.topic("batches", 1);
        KafkaProducerSampler smallBatches = sampler(unique("small-batches"), small, topic);
        smallBatches.setValueMode("random");
        smallBatches.setRecordSize("100");
        smallBatches.setRecordsPerSample("300");
        KafkaProducerSampler lingered = sampler(unique("lingered"), lingering, topic);
        lingered.setValueMode("random");
        lingered.setRecordSize("100");
        lingered.setRecordsPerSample("300");

        ok(smallBatches.sample(null));
        SampleResult slow = ok(lingered.sample(null));

        // a batch never grows past batch.size (only a record larger than it travels alone in a larger one)
        double smallAvg = metric(shared(small), "batch-size-avg");
        assertThat(smallAvg).isPositive().isLessThanOrEqualTo(200);
        // 300 records of ~110 bytes wait up to linger.ms together: few, large batches
        assertThat(metric(shared(lingering), "batch-size-avg")).isGreaterThan(10 * 200);
        assertThat(metric(shared(lingering), "record-queue-time-max")).isGreaterThanOrEqualTo(900);
        assertThat(slow.getTime()).isGreaterThanOrEqualTo(900);
    }

    /** Delegates to the real clients and keeps every producer it made. */
    private static final class RecordingFactory implements ClientFactory {
        final List<Producer<Object, Object>> producers = new CopyOnWriteArrayList<>();

        @Override
        public Producer<Object, Object> producer(Map<String, Object> config) {
            Producer<Object, Object> p = KAFKA.producer(config);
            producers.add(p);
            return p;
        }

        @Override
        public Consumer<Object, Object> consumer(Map<String, Object> config) {
            return KAFKA.consumer(config);
        }

        @Override
        public Admin admin(Map<String, Object> config) {
            return KAFKA.admin(config);
        }
    }

    /**
     * Two JMeter-like threads, each with its own clone of one sampler, each sending 3 samples, then
     * threadFinished; {@code whileBothRun} runs when both have sent and neither has finished.
     */
    private static void twoThreads(String connection, String topic, String scope, Runnable whileBothRun)
            throws Exception {
        String label = unique("scope");
        CountDownLatch bothSent = new CountDownLatch(2);
        CountDownLatch mayFinish = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> threads = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                threads.add(pool.submit(() -> {
                    KafkaProducerSampler s = sampler(label, connection, topic);
                    s.setValue("v");
                    s.setProducerScope(scope);
                    try {
                        for (int i = 0; i < 3; i++) {
                            ok(s.sample(null));
                        }
                    } finally {
                        bothSent.countDown();
                    }
                    assertThat(mayFinish.await(60, TimeUnit.SECONDS)).isTrue();
                    s.threadFinished();
                    return null;
                }));
            }
            assertThat(bothSent.await(60, TimeUnit.SECONDS)).isTrue();
            try {
                whileBothRun.run();
            } finally {
                mayFinish.countDown();
            }
            for (Future<?> f : threads) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private List<Long> producerIdsOnTheBroker(String topic) throws Exception {
        TopicPartition tp = new TopicPartition(topic, 0);
        return kafka
                .admin
                .describeProducers(List.of(tp))
                .partitionResult(tp)
                .get(30, TimeUnit.SECONDS)
                .activeProducers()
                .stream()
                .map(ProducerState::producerId)
                .collect(Collectors.toList());
    }

    private static void assertClosed(Producer<Object, Object> p, String topic) {
        assertThatThrownBy(() -> p.send(new ProducerRecord<>(topic, new byte[1])))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void threadScopeGivesEachThreadItsOwnProducerAndClientId() throws Exception {
        RecordingFactory factory = new RecordingFactory();
        String connection = kafka.connect(Map.of(), factory);
        String topic = kafka.topic("scope-thread", 1);
        Set<String> clientIds = new HashSet<>();

        twoThreads(connection, topic, "thread", () -> factory.producers.forEach(p -> clientIds.add(clientId(p))));

        assertThat(factory.producers).hasSize(2);
        assertThat(clientIds).hasSize(2).allSatisfy(id -> assertThat(id).startsWith(connection + "-localhost-"));
        // each thread closed its own producer in threadFinished
        factory.producers.forEach(p -> assertClosed(p, topic));
        assertThat(kafka.endOffsets(topic)).isEqualTo(6);
        // each idempotent producer has its own producer id: the broker saw two writers
        assertThat(producerIdsOnTheBroker(topic)).hasSize(2).doesNotHaveDuplicates();
    }

    @Test
    void sharedScopeGivesAllThreadsTheConnectionsOneProducer() throws Exception {
        RecordingFactory factory = new RecordingFactory();
        String connection = kafka.connect(Map.of(), factory);
        String topic = kafka.topic("scope-shared", 1);
        Set<String> clientIds = new HashSet<>();

        twoThreads(connection, topic, "shared", () -> factory.producers.forEach(p -> clientIds.add(clientId(p))));

        assertThat(factory.producers).singleElement().isSameAs(shared(connection));
        assertThat(clientIds).hasSize(1);
        assertThat(kafka.endOffsets(topic)).isEqualTo(6);
        assertThat(producerIdsOnTheBroker(topic)).hasSize(1);
        // threadFinished leaves the shared producer to the connection
        ok(sampler(unique("after"), connection, topic).sample(null));
        assertThat(factory.producers).hasSize(1);
    }
}
