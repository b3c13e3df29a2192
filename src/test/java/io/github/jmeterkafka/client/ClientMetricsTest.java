package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.metrics.JmxReporter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Real Kafka clients (no broker: nothing is sent) made by a connection report their metrics to
 * its registry until they close, and keep Kafka's JMX reporter.
 */
class ClientMetricsTest {
    private final Connection connection = Connection.of(
            new ConnectionSettings("kafka", "cm", Map.of("bootstrap.servers", "127.0.0.1:1"), Map.of(), Map.of()),
            ClientFactory.KAFKA,
            new ClientIds("cm", "host"));

    @AfterEach
    void close() {
        connection.close(Duration.ZERO);
    }

    @Test
    void aProducerReportsUntilItCloses() throws Exception {
        Producer<Object, Object> producer = connection.sharedProducer();

        List<ClientMetrics.Client> clients = connection.clientMetrics().clients();
        assertThat(clients).singleElement().satisfies(c -> {
            assertThat(c.id()).endsWith("-producer-1");
            assertThat(c.groupId()).isNull();
            assertThat(c.value("record-send-rate")).isEqualTo(0.0);
            // an average over no request has no value yet
            assertThat(c.value("request-latency-avg")).isNaN();
            assertThat(c.value("no-such-metric")).isNaN();
            // a string metric (app-info) is no number
            assertThat(c.value("version")).isNaN();
        });
        String id = clients.get(0).id();
        assertThat(ManagementFactory.getPlatformMBeanServer()
                        .isRegistered(new ObjectName("kafka.producer:type=producer-metrics,client-id=" + id)))
                .as("Kafka's JMX reporter still runs")
                .isTrue();
        assertThat(producer.metrics()).isNotEmpty();

        connection.closeSharedProducer(Duration.ZERO);
        assertThat(connection.clientMetrics().clients()).isEmpty();
    }

    @Test
    void aConsumerReportsItsGroupWhichOutlivesIt() {
        Consumer<Object, Object> consumer = connection.newConsumer(Map.of("group.id", "orders"));
        Consumer<Object, Object> assigned = connection.newConsumer(Map.of());

        assertThat(connection.clientMetrics().clients())
                .hasSize(2)
                .anySatisfy(c -> {
                    assertThat(c.groupId()).isEqualTo("orders");
                    assertThat(c.value("records-consumed-rate")).isEqualTo(0.0);
                    assertThat(c.value("records-lag-max")).isNaN();
                })
                .anySatisfy(c -> assertThat(c.groupId()).isNull());
        assertThat(connection.clientMetrics().groups()).containsExactly("orders");

        consumer.close(Duration.ZERO);
        assigned.close(Duration.ZERO);
        assertThat(connection.clientMetrics().clients()).isEmpty();
        assertThat(connection.clientMetrics().groups()).containsExactly("orders");
    }

    @Test
    void theReporterGoesAfterTheUsersReportersOrKafkasDefault() {
        assertThat(ClientMetrics.withReporter(null))
                .containsExactly(JmxReporter.class.getName(), ClientMetrics.Reporter.class);
        assertThat(ClientMetrics.withReporter("com.example.A, com.example.B"))
                .containsExactly("com.example.A", "com.example.B", ClientMetrics.Reporter.class);
        // an empty list turns JMX off; the user said so
        assertThat(ClientMetrics.withReporter("")).containsExactly(ClientMetrics.Reporter.class);
    }

    @Test
    void aReporterMadeOutsideAConnectionDoesNothing() {
        ClientMetrics.Reporter reporter = new ClientMetrics.Reporter();
        reporter.configure(Map.of("client.id", "other"));
        reporter.init(List.of());
        reporter.close();
        assertThat(connection.clientMetrics().clients()).isEmpty();
    }
}
