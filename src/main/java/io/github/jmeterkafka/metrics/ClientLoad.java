package io.github.jmeterkafka.metrics;

import io.github.jmeterkafka.client.ClientMetrics;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.measure.LimitSample;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.KafkaMetric;

/**
 * What the producers and consumers of this process show about their limits, read from their metrics once a second:
 * time in the accumulator, waits for buffer.memory, batch fill, quota throttling, retries and errors, request
 * latency per broker node, the consumers' lag, and the topics they use.
 *
 * <p>Threads: only the probe's thread calls {@link #read}; it reads Kafka's metric objects, never a client.
 */
final class ClientLoad {
    // a coordinator's node id is Integer.MAX_VALUE - the broker's id: not a broker of its own
    private static final int COORDINATOR_IDS = Integer.MAX_VALUE / 2;

    /**
     * The second's client figures, request latency by node, the longest request by node where one was seen (see
     * {@link LimitSample#longest()}) and the topics in use, per connection.
     */
    record Reading(
            LimitSample.Client client,
            Map<Integer, Double> nodes,
            Map<Integer, Double> longest,
            Map<Connection, Set<String>> topics) {}

    // each counter's total and each windowed maximum, as last read, by client and name
    private final Map<String, Double> lastRead = new HashMap<>();

    Reading read(Collection<Connection> connections) {
        Figures f = new Figures();
        Map<Connection, Set<String>> topics = new HashMap<>();
        for (Connection c : connections) {
            for (ClientMetrics.Client client : c.clientMetrics().clients()) {
                Set<String> used = topics.computeIfAbsent(c, k -> new TreeSet<>());
                client.metrics().forEach((name, metric) -> f.add(client, name, metric, used, this));
            }
        }
        return new Reading(f.client(), f.nodes(), f.longest, topics);
    }

    /** Whether a windowed maximum grew since the last reading (its first reading counts as grown). */
    private boolean grew(String key, double max) {
        Double before = lastRead.put(key, max);
        return before == null || max > before;
    }

    /** How much a counter grew since the last reading; its first reading counts from 0. */
    private double delta(String key, double total) {
        Double before = lastRead.put(key, total);
        return Math.max(0, total - (before == null ? 0 : before));
    }

    /** One second's sums over every client. */
    private static final class Figures {
        double queueMs = Double.NaN;
        double bufferFull = Double.NaN;
        double batchFillSum;
        int batchFills;
        double throttleMs = Double.NaN;
        long retries = -1;
        long errors = -1;
        double lag = Double.NaN;
        final Map<Integer, double[]> nodes = new TreeMap<>();
        final Map<Integer, Double> longest = new TreeMap<>();

        void add(
                ClientMetrics.Client client, MetricName name, KafkaMetric metric, Set<String> topics, ClientLoad load) {
            String group = name.group();
            String topic = name.tags().get("topic");
            if (topic != null) {
                topics.add(topic);
                // a consumer's lag per partition it reads (the per-topic sums carry no partition tag)
                if (group.equals("consumer-fetch-manager-metrics")
                        && name.name().equals("records-lag")
                        && name.tags().containsKey("partition")) {
                    double v = value(metric);
                    if (!Double.isNaN(v)) {
                        lag = (Double.isNaN(lag) ? 0 : lag) + v;
                    }
                }
                return;
            }
            // producers only: a consumer's fetch waits up to fetch.max.wait.ms at a node with nothing new, which is no
            // slowness of that node
            if (group.equals("producer-node-metrics")) {
                node(client, name, metric, load);
                return;
            }
            if (!group.equals("producer-metrics") && !group.equals("consumer-fetch-manager-metrics")) {
                return;
            }
            switch (name.name()) {
                case "record-queue-time-avg" -> queueMs = max(queueMs, value(metric));
                case "bufferpool-wait-ratio" -> bufferFull = max(bufferFull, value(metric));
                case "produce-throttle-time-max", "fetch-throttle-time-max" ->
                    throttleMs = max(throttleMs, value(metric));
                case "batch-size-avg" -> {
                    double v = value(metric);
                    if (!Double.isNaN(v) && client.batchSize() > 0) {
                        batchFillSum += Math.min(1, v / client.batchSize());
                        batchFills++;
                    }
                }
                case "record-retry-total" ->
                    retries = Math.max(0, retries) + (long) load.delta(client.id() + " retries", value(metric));
                case "record-error-total" ->
                    errors = Math.max(0, errors) + (long) load.delta(client.id() + " errors", value(metric));
                default -> {
                    // not a limit
                }
            }
        }

        private void node(ClientMetrics.Client client, MetricName name, KafkaMetric metric, ClientLoad load) {
            boolean max = name.name().equals("request-latency-max");
            if (!max && !name.name().equals("request-latency-avg")) {
                return;
            }
            String tag = name.tags().getOrDefault("node-id", "");
            int node;
            try {
                node = Integer.parseInt(tag.substring(tag.indexOf('-') + 1));
            } catch (RuntimeException e) {
                return;
            }
            double ms = value(metric);
            if (node < 0 || node >= COORDINATOR_IDS || Double.isNaN(ms)) {
                return;
            }
            if (max) {
                // Kafka keeps the window's max: it grows only when a request longer than the window's others ends
                if (load.grew(client.id() + " max " + tag, ms)) {
                    longest.merge(node, ms, Math::max);
                }
                return;
            }
            // weighted by the requests of the second: a node the client hardly used does not count as much
            KafkaMetric total = client.metrics().get(new MetricName("request-total", name.group(), "", name.tags()));
            double requests = total == null ? 1 : load.delta(client.id() + " " + tag, value(total));
            if (requests > 0) {
                double[] sum = nodes.computeIfAbsent(node, k -> new double[2]);
                sum[0] += ms * requests;
                sum[1] += requests;
            }
        }

        LimitSample.Client client() {
            return new LimitSample.Client(
                    queueMs,
                    bufferFull,
                    batchFills == 0 ? Double.NaN : batchFillSum / batchFills,
                    throttleMs,
                    retries,
                    errors,
                    lag);
        }

        Map<Integer, Double> nodes() {
            Map<Integer, Double> out = new TreeMap<>();
            nodes.forEach((node, sum) -> out.put(node, sum[0] / sum[1]));
            return out;
        }

        private static double value(KafkaMetric m) {
            return m.metricValue() instanceof Number n ? n.doubleValue() : Double.NaN;
        }

        private static double max(double a, double b) {
            return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
        }
    }
}
