package io.github.jmeterkafka.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.MetricsReporter;

/**
 * The metrics of the live clients of one connection, for the Kafka Metrics listener.
 *
 * <p>{@link #create} adds {@link Reporter} to the client's {@code metric.reporters} (after the
 * user's reporters, or Kafka's default JMX reporter). Kafka hands the reporter every metric of the
 * client and closes it when the client closes; the client then leaves {@link #clients()}.
 *
 * <p>Threads: Kafka calls the reporter on the thread creating the client, on the client's own
 * threads and on the closing thread; the listener reads from its own thread. Nobody here touches a
 * client: a {@link KafkaMetric} is made to be read from any thread (Kafka's JMX reporter does so),
 * so a consumer still belongs to its one JMeter thread.
 */
public final class ClientMetrics {
    // Kafka configures reporters on the thread that constructs the client: that is how a reporter,
    // which Kafka instantiates itself, finds the registry it reports to
    private static final ThreadLocal<ClientMetrics> CREATING = new ThreadLocal<>();
    private static final Object DEFAULT_REPORTERS =
            ProducerConfig.configDef().defaultValues().get(CommonClientConfigs.METRIC_REPORTER_CLASSES_CONFIG);

    private static final Object DEFAULT_BATCH_SIZE =
            ProducerConfig.configDef().defaultValues().get(ProducerConfig.BATCH_SIZE_CONFIG);

    private final Set<Client> live = ConcurrentHashMap.newKeySet();
    private final Set<String> groups = ConcurrentHashMap.newKeySet();
    private final Set<String> shareGroups = ConcurrentHashMap.newKeySet();

    /** Creates a client whose metrics this registry sees while it lives; {@code config} gets our reporter. */
    <T> T create(Map<String, Object> config, Function<Map<String, Object>, T> create) {
        config.put(
                CommonClientConfigs.METRIC_REPORTER_CLASSES_CONFIG,
                withReporter(config.get(CommonClientConfigs.METRIC_REPORTER_CLASSES_CONFIG)));
        CREATING.set(this);
        try {
            return create.apply(config);
        } finally {
            CREATING.remove();
        }
    }

    static List<Object> withReporter(Object configured) {
        Object value = configured == null ? DEFAULT_REPORTERS : configured;
        List<Object> reporters = new ArrayList<>((List<?>)
                ConfigDef.parseType(CommonClientConfigs.METRIC_REPORTER_CLASSES_CONFIG, value, ConfigDef.Type.LIST));
        reporters.add(Reporter.class);
        return reporters;
    }

    /** The clients alive now, by client id. */
    public List<Client> clients() {
        List<Client> out = new ArrayList<>(live);
        out.sort(Comparator.comparing(Client::id));
        return out;
    }

    /**
     * Records the live producers of this connection sent again after an error (Kafka's record-retry-total, summed);
     * a producer closed meanwhile no longer counts.
     */
    public long producerRetries() {
        long n = 0;
        for (Client c : live) {
            double v = c.value("record-retry-total");
            n += Double.isNaN(v) ? 0 : (long) v;
        }
        return n;
    }

    /** Every consumer group a client of this connection used during the test, sorted. */
    public Set<String> groups() {
        return new TreeSet<>(groups);
    }

    /** Of {@link #groups()}, the share groups (their members' configs say how they acknowledge). */
    public boolean isShareGroup(String group) {
        return shareGroups.contains(group);
    }

    /** One client: its id, its group (consumers in a group) and its metrics. */
    public static final class Client {
        private final String id;
        private final String groupId;
        private final Map<MetricName, KafkaMetric> metrics = new ConcurrentHashMap<>();
        private final int batchSize;

        Client(String id, String groupId, int batchSize) {
            this.id = id;
            this.groupId = groupId;
            this.batchSize = batchSize;
        }

        /** Every metric of the client now: a read-only view that follows the client's changes. */
        public Map<MetricName, KafkaMetric> metrics() {
            return Collections.unmodifiableMap(metrics);
        }

        /** A producer's batch.size; 0 for other clients. */
        public int batchSize() {
            return batchSize;
        }

        public String id() {
            return id;
        }

        /** The consumer group, or null. */
        public String groupId() {
            return groupId;
        }

        /**
         * The current value of the client-wide metric of this name (tagged with the client id only,
         * e.g. producer-metrics' record-send-rate, not producer-topic-metrics' one), or NaN when the
         * client has no such metric or it has no numeric value yet.
         */
        public double value(String name) {
            for (Map.Entry<MetricName, KafkaMetric> e : metrics.entrySet()) {
                MetricName n = e.getKey();
                if (n.name().equals(name) && n.tags().size() == 1 && n.tags().containsKey("client-id")) {
                    Object v = e.getValue().metricValue();
                    return v instanceof Number number ? number.doubleValue() : Double.NaN;
                }
            }
            return Double.NaN;
        }

        @Override
        public String toString() {
            return id;
        }
    }

    /**
     * Kafka's hook into a client's metrics; public with a no-argument constructor because Kafka
     * instantiates it. Outside {@link ClientMetrics#create} it finds no registry and does nothing.
     */
    public static final class Reporter implements MetricsReporter {
        private ClientMetrics owner;
        private Client client;
        private boolean shareMember;

        @Override
        public void configure(Map<String, ?> configs) {
            owner = CREATING.get();
            if (owner != null) {
                Object group = configs.get(ConsumerConfig.GROUP_ID_CONFIG);
                // Kafka hands reporters the client's originals: batch.size only when it was set
                Object batch = configs.containsKey(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG)
                        ? (configs.containsKey(ProducerConfig.BATCH_SIZE_CONFIG)
                                ? configs.get(ProducerConfig.BATCH_SIZE_CONFIG)
                                : DEFAULT_BATCH_SIZE)
                        : null;
                client = new Client(
                        String.valueOf(configs.get(CommonClientConfigs.CLIENT_ID_CONFIG)),
                        group == null || group.toString().isBlank()
                                ? null
                                : group.toString().trim(),
                        batchSize(batch));
                shareMember = configs.containsKey(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG);
            }
        }

        /** The producer's batch.size as Kafka parsed it; 0 when not a producer (or not a number: no batch fill). */
        private static int batchSize(Object batch) {
            try {
                return batch == null ? 0 : Integer.parseInt(batch.toString().trim());
            } catch (NumberFormatException e) {
                return 0;
            }
        }

        @Override
        public void init(List<KafkaMetric> metrics) {
            if (owner == null) {
                return;
            }
            metrics.forEach(this::metricChange);
            owner.live.add(client);
            if (client.groupId != null) {
                owner.groups.add(client.groupId);
                if (shareMember) {
                    owner.shareGroups.add(client.groupId);
                }
            }
        }

        @Override
        public void metricChange(KafkaMetric metric) {
            if (client != null) {
                client.metrics.put(metric.metricName(), metric);
            }
        }

        @Override
        public void metricRemoval(KafkaMetric metric) {
            if (client != null) {
                client.metrics.remove(metric.metricName());
            }
        }

        // Kafka may call this more than once
        @Override
        public void close() {
            if (owner != null) {
                owner.live.remove(client);
            }
        }
    }
}
