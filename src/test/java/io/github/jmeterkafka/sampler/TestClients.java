package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.harness.MockConnections;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;

/** Binds a connection named "kafka" whose clients are Kafka's mocks. */
final class TestClients implements ClientFactory {
    static final String NAME = "kafka";

    final MockProducer<Object, Object> producer;
    final MockConsumer<Object, Object> consumer = new MockConsumer<>("earliest");
    Map<String, Object> lastConsumerConfig;

    TestClients(boolean autoComplete) {
        this(new MockProducer<>(autoComplete, null, bytes(), bytes()));
    }

    TestClients(MockProducer<Object, Object> producer) {
        this.producer = producer;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Serializer<Object> bytes() {
        return (Serializer) new ByteArraySerializer();
    }

    TestClients bind() {
        MockConnections.bind(NAME, this);
        return this;
    }

    static void unbind() {
        MockConnections.unbind(NAME);
    }

    @Override
    public Producer<Object, Object> producer(Map<String, Object> config) {
        return producer;
    }

    @Override
    public Consumer<Object, Object> consumer(Map<String, Object> config) {
        lastConsumerConfig = config;
        return consumer;
    }

    @Override
    public Admin admin(Map<String, Object> config) {
        throw new UnsupportedOperationException("no admin in these tests");
    }
}
