package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.config.ConfigException;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class ConnectionTest {

    /** Fails to make consumers (as Kafka does for an unresolvable host) until told otherwise. */
    private static final class FailingFactory implements ClientFactory {
        final AtomicInteger attempts = new AtomicInteger();
        volatile boolean fail = true;

        @Override
        public Producer<Object, Object> producer(Map<String, Object> config) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Consumer<Object, Object> consumer(Map<String, Object> config) {
            attempts.incrementAndGet();
            if (fail) {
                throw new ConfigException("No resolvable bootstrap urls given in bootstrap.servers");
            }
            return new MockConsumer<>("earliest");
        }

        @Override
        public Admin admin(Map<String, Object> config) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void aClientThatCannotBeMadeIsTriedAgainAtMostOnceASecond_withTheSameError() {
        FailingFactory factory = new FailingFactory();
        Connection c = Connection.of(
                new ConnectionSettings("c", "t", Map.of("bootstrap.servers", "no.such.host:9092"), Map.of(), Map.of()),
                factory,
                new ClientIds("t", "host"));

        for (int i = 0; i < 50; i++) {
            assertThatThrownBy(() -> c.newConsumer(Map.of()))
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("No resolvable bootstrap urls");
        }
        assertThat(factory.attempts).hasValue(1);

        factory.fail = false;
        Awaitility.await()
                .atMost(java.time.Duration.ofSeconds(5))
                .pollInterval(java.time.Duration.ofMillis(100))
                .ignoreExceptions()
                .until(() -> c.newConsumer(Map.of()) != null);
        assertThat(factory.attempts).hasValue(2);
    }

    @Test
    void aConnectionLeftByAnEarlierTestIsReplaced_twoInOneTestMakeTheNameUnusable() {
        String name = "left-" + System.nanoTime();
        try {
            Connections.bind(named(name), 1000);
            Connection next = named(name);
            Connections.bind(next, 2000);
            assertThat(Connections.get(name))
                    .as("the earlier test never ended: its connection is replaced")
                    .isSameAs(next);

            Connections.bind(named(name), 2000);
            assertThat(Connections.get(name).failure()).contains("more than one Kafka Connection element is named");
        } finally {
            Connections.unbind(name, java.time.Duration.ZERO);
        }
    }

    private static Connection named(String name) {
        return Connection.of(
                new ConnectionSettings(name, "t", Map.of("bootstrap.servers", "localhost:9"), Map.of(), Map.of()),
                new FailingFactory(),
                new ClientIds("t", "host"));
    }
}
