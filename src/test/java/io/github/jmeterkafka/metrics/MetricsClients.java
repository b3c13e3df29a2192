package io.github.jmeterkafka.metrics;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.FakeAdmin;
import io.github.jmeterkafka.harness.MockConnections;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.MetricsReporter;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.Avg;
import org.apache.kafka.common.metrics.stats.Max;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Kafka's mock clients, each with a Kafka metrics registry wired to the reporters of its config as
 * a real client's is: {@code <name>} metrics are averages the test records values into, client-wide
 * (tagged with the client id) or per topic.
 */
public final class MetricsClients implements ClientFactory {
    final FakeAdmin admin = new FakeAdmin();
    final List<Metrics> registries = new ArrayList<>();

    public Connection connection(String name) {
        return MockConnections.of(name, this);
    }

    /** Records {@code value} into the client-wide average {@code metric} of the n-th client made. */
    public void record(int client, String group, String metric, double value) {
        sensor(registries.get(client), group, metric, Map.of()).record(value);
    }

    void recordForTopic(int client, String group, String metric, double value) {
        sensor(registries.get(client), group, metric, Map.of("topic", "t")).record(value);
    }

    /** Records {@code value} into the metric of one broker node, as a producer's request latency is kept. */
    void recordForNode(int client, String group, String metric, int node, double value) {
        sensor(registries.get(client), group, metric, Map.of("node-id", "node-" + node))
                .record(value);
    }

    /** Records {@code value} into the metric of one partition of topic t, as a consumer's records-lag is kept. */
    void recordForPartition(int client, String group, String metric, int partition, double value) {
        sensor(registries.get(client), group, metric, Map.of("topic", "t", "partition", Integer.toString(partition)))
                .record(value);
    }

    private static Sensor sensor(Metrics metrics, String group, String metric, Map<String, String> extraTags) {
        String name = group + "." + metric + extraTags;
        Sensor s = metrics.getSensor(name);
        if (s == null) {
            s = metrics.sensor(name);
            Map<String, String> tags = new java.util.HashMap<>(metrics.config().tags());
            tags.putAll(extraTags);
            // as Kafka keeps them: a "-max" metric is the window's largest value, the others its mean
            s.add(metrics.metricName(metric, group, tags), metric.endsWith("-max") ? new Max() : new Avg());
        }
        return s;
    }

    private Metrics registry(Map<String, Object> config) {
        List<MetricsReporter> reporters = new ArrayList<>();
        for (Object r : (List<?>) config.get(CommonClientConfigs.METRIC_REPORTER_CLASSES_CONFIG)) {
            if (r instanceof Class) {
                try {
                    MetricsReporter reporter =
                            (MetricsReporter) ((Class<?>) r).getConstructor().newInstance();
                    reporter.configure(config);
                    reporters.add(reporter);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        MetricConfig mc =
                new MetricConfig().tags(Map.of("client-id", (String) config.get(CommonClientConfigs.CLIENT_ID_CONFIG)));
        Metrics metrics = new Metrics(mc, reporters, org.apache.kafka.common.utils.Time.SYSTEM);
        registries.add(metrics);
        return metrics;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Producer<Object, Object> producer(Map<String, Object> config) {
        Metrics metrics = registry(config);
        Serializer bytes = new ByteArraySerializer();
        return new MockProducer<Object, Object>(true, null, bytes, bytes) {
            @Override
            public void close(Duration timeout) {
                metrics.close();
                super.close(timeout);
            }
        };
    }

    @Override
    public Consumer<Object, Object> consumer(Map<String, Object> config) {
        Metrics metrics = registry(config);
        return new MockConsumer<Object, Object>("earliest") {
            @Override
            public synchronized void close(Duration timeout) {
                metrics.close();
                super.close(timeout);
            }
        };
    }

    @Override
    public Admin admin(Map<String, Object> config) {
        return admin.admin();
    }
}
