package io.github.jmeterkafka.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.github.jmeterkafka.client.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** The sampling logic on Kafka's mock clients with real Kafka metric registries, and a fake Admin. */
class MetricsPollerTest {
    private final MetricsClients clients = new MetricsClients();
    private final Connection connection = clients.connection("kafka");
    private final List<Connection> bound = new ArrayList<>(List.of(connection));

    private MetricsPoller poller(String names) {
        return new MetricsPoller(names, 500, () -> List.copyOf(bound));
    }

    @Test
    void oneClientWideValuePerOpenClientAndName() throws Exception {
        connection.sharedProducer();
        Consumer<Object, Object> consumer = connection.newConsumer(Map.of("group.id", "g"));
        clients.record(0, "producer-metrics", "record-send-rate", 120);
        clients.record(0, "producer-metrics", "request-latency-avg", 4.5);
        // per-topic metrics of the same name are not the client's figure
        clients.recordForTopic(0, "producer-topic-metrics", "record-send-rate", 999);
        clients.record(1, "consumer-fetch-manager-metrics", "records-lag-max", 42);

        List<MetricPoint> points =
                poller("record-send-rate, request-latency-avg,records-lag-max").poll(1000);

        assertThat(points)
                .extracting(p -> p.timestamp, p -> p.shortSource, p -> p.metric, p -> p.value)
                .containsExactly(
                        tuple(1000L, "consumer-2", "records-lag-max", 42.0),
                        tuple(1000L, "producer-1", "record-send-rate", 120.0),
                        tuple(1000L, "producer-1", "request-latency-avg", 4.5));
        assertThat(points.get(1).source)
                .isEqualTo("test-host-" + ProcessHandle.current().pid() + "-producer-1");
        assertThat(points.get(1).label()).isEqualTo("producer-1 record-send-rate");

        consumer.close(Duration.ZERO);
        assertThat(poller("records-lag-max").poll(2000)).isEmpty();
    }

    @Test
    void aMetricWithoutAValueYetIsLeftOut() throws Exception {
        connection.sharedProducer();
        clients.record(0, "producer-metrics", "record-send-rate", 1);
        // an average over nothing is NaN
        clients.registries
                .get(0)
                .sensor("empty")
                .add(
                        clients.registries.get(0).metricName("batch-size-avg", "producer-metrics"),
                        new org.apache.kafka.common.metrics.stats.Avg());

        assertThat(poller("record-send-rate,batch-size-avg,not-a-metric").poll(1))
                .extracting(p -> p.metric)
                .containsExactly("record-send-rate");
    }

    @Test
    void theLagOfEveryGroupItsConsumersUsed() throws Exception {
        Consumer<Object, Object> consumer = connection.newConsumer(Map.of("group.id", "orders"));
        connection.newConsumer(Map.of("group.id", "audit"));
        TopicPartition p0 = new TopicPartition("t", 0);
        TopicPartition p1 = new TopicPartition("t", 1);
        clients.admin.committed.put("orders", Map.of(p0, new OffsetAndMetadata(40), p1, new OffsetAndMetadata(5)));
        clients.admin.endOffsets.put(p0, 100L);
        clients.admin.endOffsets.put(p1, 5L);
        consumer.close(Duration.ZERO);

        // audit has committed nothing yet: no lag to tell; orders's consumer is gone, its lag is not
        assertThat(poller(MetricsPoller.GROUP_LAG).poll(7))
                .extracting(p -> p.source, p -> p.metric, p -> p.value)
                .containsExactly(tuple("orders", "consumer-group-lag", 60.0));
    }

    @Test
    void aLagQueryThatFailsLeavesTheGroupOutAndTheNextTickTriesAgain() throws Exception {
        connection.newConsumer(Map.of("group.id", "orders"));
        clients.admin.committed.put("orders", Map.of(new TopicPartition("t", 0), new OffsetAndMetadata(1)));
        clients.admin.endOffsets.put(new TopicPartition("t", 0), 3L);
        MetricsPoller poller = poller(MetricsPoller.GROUP_LAG);

        clients.admin.hang = true;
        long t0 = System.nanoTime();
        assertThat(poller.poll(1)).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));

        clients.admin.hang = false;
        assertThat(poller.poll(2)).extracting(p -> p.value).containsExactly(2.0);
    }

    @Test
    void aConnectionUnboundWhileSamplingIsNoFailure() throws Exception {
        connection.newConsumer(Map.of("group.id", "orders"));
        connection.close(Duration.ZERO);
        // bound when the tick starts, gone when the lag is asked for, as at test end
        AtomicInteger calls = new AtomicInteger();
        MetricsPoller poller = new MetricsPoller(
                MetricsPoller.GROUP_LAG, 500, () -> calls.getAndIncrement() == 0 ? List.of(connection) : List.of());

        assertThat(poller.poll(1)).isEmpty();
    }

    @Test
    void withSeveralConnectionsTheGraphLabelsNameTheConnection() throws Exception {
        Connection other = clients.connection("other");
        bound.add(other);
        Producer<Object, Object> p = other.newProducer(Map.of());
        clients.record(0, "producer-metrics", "record-send-rate", 3);

        assertThat(poller("record-send-rate").poll(1))
                .extracting(MetricPoint::label)
                .containsExactly("other/producer-1 record-send-rate");
        p.close();
    }

    @Test
    void namesAreCommaOrSpaceSeparatedAndBlankMeansTheDefaults() {
        assertThat(MetricsPoller.parseNames(" a, b  c,,a ")).containsExactly("a", "b", "c");
        assertThat(poller("  ").names())
                .containsExactly(
                        "record-send-rate",
                        "request-latency-avg",
                        "batch-size-avg",
                        "record-queue-time-avg",
                        "records-consumed-rate",
                        "fetch-latency-avg",
                        "records-lag-max",
                        "consumer-group-lag");
        // the lag is asked for last, whatever the order typed
        assertThat(poller("consumer-group-lag,x").names()).containsExactly("x", "consumer-group-lag");
    }

    @Test
    void shortIdsKeepTheRoleAndNumber() {
        assertThat(MetricsPoller.shortId("quickstart-host-123-consumer-7")).isEqualTo("consumer-7");
        assertThat(MetricsPoller.shortId("my-own-id")).isEqualTo("my-own-id");
    }
}
