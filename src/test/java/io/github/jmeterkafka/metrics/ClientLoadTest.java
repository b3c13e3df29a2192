package io.github.jmeterkafka.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The limits probe's client figures on Kafka's mock clients with real Kafka metric registries. */
class ClientLoadTest {
    private final MetricsClients clients = new MetricsClients();
    private final Connection connection = clients.connection("kafka");

    @Test
    void theConsumersLagIsTheirPartitionsLagsSummed_andUnknownWithoutAConsumer() {
        connection.sharedProducer();
        assertThat(new ClientLoad().read(List.of(connection)).client().lag())
                .as("no consumer: no lag to read")
                .isNaN();

        connection.newConsumer(Map.of("group.id", "g"));
        connection.newConsumer(Map.of("group.id", "g"));
        clients.recordForPartition(1, "consumer-fetch-manager-metrics", "records-lag", 0, 1200);
        clients.recordForPartition(1, "consumer-fetch-manager-metrics", "records-lag", 1, 300);
        clients.recordForPartition(2, "consumer-fetch-manager-metrics", "records-lag", 2, 45);
        // the topic-wide maximum is no partition's lag: not added again
        clients.recordForTopic(2, "consumer-fetch-manager-metrics", "records-lag-max", 1200);

        ClientLoad.Reading reading = new ClientLoad().read(List.of(connection));

        assertThat(reading.client().lag()).isEqualTo(1545);
        assertThat(reading.topics().get(connection)).containsExactly("t");
    }

    @Test
    void aNodesLongestRequestIsReadTheSecondItEndsLongerThanItsWindowsOthers() {
        connection.sharedProducer();
        ClientLoad load = new ClientLoad();
        clients.recordForNode(0, "producer-node-metrics", "request-latency-max", 1, 8);
        assertThat(load.read(List.of(connection)).longest()).containsExactly(Map.entry(1, 8.0));
        assertThat(load.read(List.of(connection)).longest())
                .as("nothing longer since")
                .isEmpty();

        clients.recordForNode(0, "producer-node-metrics", "request-latency-max", 1, 2012);
        clients.recordForNode(0, "producer-node-metrics", "request-latency-max", 2, 3);
        assertThat(load.read(List.of(connection)).longest()).containsExactly(Map.entry(1, 2012.0), Map.entry(2, 3.0));

        clients.recordForNode(0, "producer-node-metrics", "request-latency-max", 1, 30);
        // a group coordinator's node (Integer.MAX_VALUE less the broker's id) is no broker of its own
        clients.recordForNode(0, "producer-node-metrics", "request-latency-max", Integer.MAX_VALUE - 1, 5000);
        assertThat(load.read(List.of(connection)).longest())
                .as("shorter than the window's longest, and a coordinator")
                .isEmpty();
    }
}
