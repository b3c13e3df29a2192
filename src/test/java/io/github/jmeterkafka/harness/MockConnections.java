package io.github.jmeterkafka.harness;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.ClientIds;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ConnectionSettings;
import io.github.jmeterkafka.client.Connections;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;

/**
 * Kafka Connections bound by name, as the Kafka Connection element binds them, whose clients come
 * from the test (Kafka's MockProducer and MockConsumer, or a factory that fails): the unit tests'
 * one way to give samplers and listeners a connection without a broker.
 */
public final class MockConnections {

    private MockConnections() {}

    /** Binds {@code name} to a connection with no client properties whose clients {@code factory} makes. */
    public static Connection bind(String name, ClientFactory factory) {
        return bind(of(name, factory));
    }

    public static Connection bind(
            String name,
            Map<String, String> producerProperties,
            Map<String, String> consumerProperties,
            ClientFactory factory) {
        return bind(of(name, Map.of(), producerProperties, consumerProperties, factory));
    }

    public static Connection bind(Connection connection) {
        Connections.bind(connection);
        return connection;
    }

    /** A connection, not bound, with no client properties whose clients {@code factory} makes. */
    public static Connection of(String name, ClientFactory factory) {
        return of(name, Map.of(), Map.of(), Map.of(), factory);
    }

    /** A connection, not bound; bootstrap.servers is a port nothing listens on unless given. */
    public static Connection of(
            String name,
            Map<String, String> clientProperties,
            Map<String, String> producerProperties,
            Map<String, String> consumerProperties,
            ClientFactory factory) {
        Map<String, String> client = new HashMap<>(clientProperties);
        client.putIfAbsent("bootstrap.servers", "localhost:9");
        return Connection.of(
                new ConnectionSettings(name, "test", client, producerProperties, consumerProperties),
                factory,
                new ClientIds("test", "host"));
    }

    public static void unbind(String name) {
        Connections.unbind(name, Duration.ZERO);
    }

    /** A factory handing out these clients; null for a kind the test never expects to be asked for. */
    public static ClientFactory clients(
            Supplier<Producer<Object, Object>> producer,
            Supplier<Consumer<Object, Object>> consumer,
            Supplier<Admin> admin) {
        return new ClientFactory() {
            @Override
            public Producer<Object, Object> producer(Map<String, Object> config) {
                return made(producer, "producer");
            }

            @Override
            public Consumer<Object, Object> consumer(Map<String, Object> config) {
                return made(consumer, "consumer");
            }

            @Override
            public Admin admin(Map<String, Object> config) {
                return made(admin, "admin client");
            }
        };
    }

    private static <T> T made(Supplier<T> supplier, String kind) {
        if (supplier == null) {
            throw new UnsupportedOperationException("this test gives no " + kind);
        }
        return supplier.get();
    }
}
