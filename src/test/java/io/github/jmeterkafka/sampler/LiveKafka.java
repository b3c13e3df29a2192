package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.ClientIds;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ConnectionSettings;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a producer integration test needs around a real broker: connections bound as a Kafka
 * Connection element binds them, fresh topics, and the records read back with a plain consumer.
 * {@link #close} unbinds every connection it bound; registered as a test's extension
 * ({@code @RegisterExtension final LiveKafka kafka = new LiveKafka(SharedBroker.get())}) it does so after each test.
 */
final class LiveKafka implements AutoCloseable, AfterEachCallback {
    private static final AtomicInteger NEXT = new AtomicInteger();

    final KafkaBroker broker;
    final Admin admin;
    private final List<String> bound = new ArrayList<>();

    LiveKafka(KafkaBroker broker) {
        this.broker = broker;
        this.admin = broker.admin();
    }

    /** A unique name for a topic, connection or label. */
    static String unique(String what) {
        return what + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + "-" + NEXT.incrementAndGet();
    }

    /** Binds a connection with these producer properties; returns its name. */
    String connect(Map<String, String> producerProperties) {
        return connect(producerProperties, ClientFactory.KAFKA);
    }

    String connect(Map<String, String> producerProperties, ClientFactory factory) {
        String name = unique("conn");
        Connection c = Connection.of(
                new ConnectionSettings(
                        name,
                        name,
                        Map.of("bootstrap.servers", broker.bootstrapServers()),
                        producerProperties,
                        Map.of()),
                factory,
                new ClientIds(name, "localhost"));
        assertThat(c.failure()).isNull();
        Connections.bind(c);
        bound.add(name);
        return name;
    }

    /** A new topic with that many partitions, ready for writes. */
    String topic(String what, int partitions) {
        return topic(what, partitions, Map.of());
    }

    String topic(String what, int partitions, Map<String, String> configs) {
        String name = unique(what);
        Topics.create(admin, partitions, configs, name);
        return name;
    }

    /** A producer sampler as a JMeter thread's clone would be: fields set, fresh per thread. */
    static KafkaProducerSampler sampler(String label, String connection, String topic) {
        KafkaProducerSampler s = new KafkaProducerSampler();
        s.setName(label);
        s.setConnectionName(connection);
        s.setTopic(topic);
        return s;
    }

    long endOffsets(String topic) {
        return Topics.endOffsets(admin, topic);
    }

    /**
     * Every record of the topic a consumer with this isolation level sees, read up to the end
     * offsets taken at the start (for read_committed: the last stable offset).
     */
    List<ConsumerRecord<byte[], byte[]>> read(String topic, String isolationLevel) {
        return Topics.read(broker.bootstrapServers(), topic, isolationLevel);
    }

    List<ConsumerRecord<byte[], byte[]>> read(String topic) {
        return read(topic, "read_uncommitted");
    }

    static SampleResult ok(SampleResult r) {
        assertThat(r).as("a sample, not the end of the budget").isNotNull();
        assertThat(r.isSuccessful())
                .as(r.getResponseCode() + " " + r.getResponseMessage() + "\n" + r.getResponseDataAsString())
                .isTrue();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.OK);
        return r;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        for (String name : bound) {
            Connections.unbind(name, Duration.ofSeconds(5));
        }
        bound.clear();
        admin.close(Duration.ofSeconds(5));
    }
}
