package io.github.jmeterkafka.metrics;

import io.github.jmeterkafka.client.AdminOperations;
import io.github.jmeterkafka.client.ClientMetrics;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.client.GroupLag;
import io.github.jmeterkafka.client.ShareGroupView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One look, at each tick, at the chosen metrics of every open client of every bound connection,
 * and at the lag of every consumer group those clients used. No JMeter types.
 *
 * <p>Threads: only the recorder calls {@link #poll}, one call at a time. It reads Kafka's metric objects,
 * never a client, so consumers stay with their JMeter threads; the lag comes from the
 * connection's shared, thread-safe Admin client.
 */
public final class MetricsPoller {
    /**
     * The pseudo-metric for a group's lag: end offsets minus committed offsets, over its partitions; for a share
     * group, the records of its share partitions not yet acknowledged.
     */
    static final String GROUP_LAG = "consumer-group-lag";

    public static final String DEFAULT_NAMES =
            "record-send-rate,request-latency-avg,batch-size-avg,record-queue-time-avg,"
                    + "records-consumed-rate,fetch-latency-avg,records-lag-max," + GROUP_LAG;

    private static final Logger log = LoggerFactory.getLogger(MetricsPoller.class);
    // ids made by ClientIds end in <role>-<n>; the rest (prefix, host, pid) is the same for all
    private static final Pattern SHORT_ID = Pattern.compile(".*-((?:producer|consumer|admin)-\\d+)$");

    private final List<String> clientMetrics;
    private final boolean groupLag;
    private final long lagTimeoutMs;
    private final Supplier<Collection<Connection>> connections;
    private final Set<String> loggedFailures = new HashSet<>();

    /**
     * @param names        metric names, comma-separated; blank: {@link #DEFAULT_NAMES}
     * @param lagTimeoutMs the longest one group's lag query may take
     * @param connections  the connections bound now
     */
    public MetricsPoller(String names, long lagTimeoutMs, Supplier<Collection<Connection>> connections) {
        Set<String> all = parseNames(names);
        this.groupLag = all.remove(GROUP_LAG);
        this.clientMetrics = List.copyOf(all);
        this.lagTimeoutMs = lagTimeoutMs;
        this.connections = connections;
    }

    static Set<String> parseNames(String names) {
        String text = names == null || names.isBlank() ? DEFAULT_NAMES : names;
        return Arrays.stream(text.split("[,\\s]+"))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The metric names asked for, the group lag last if asked for. */
    public List<String> names() {
        List<String> out = new ArrayList<>(clientMetrics);
        if (groupLag) {
            out.add(GROUP_LAG);
        }
        return out;
    }

    /**
     * The values now: one point per open client and chosen metric that has a numeric value (an
     * average over no requests yet has none), and one per group that has committed offsets.
     */
    List<MetricPoint> poll(long timestamp) throws InterruptedException {
        List<MetricPoint> out = new ArrayList<>();
        Collection<Connection> bound = connections.get();
        for (Connection c : bound) {
            String prefix = bound.size() > 1 ? c.name() + "/" : "";
            for (ClientMetrics.Client client : c.clientMetrics().clients()) {
                for (String name : clientMetrics) {
                    double v = client.value(name);
                    if (Double.isFinite(v)) {
                        out.add(new MetricPoint(timestamp, client.id(), prefix + shortId(client.id()), name, v));
                    }
                }
            }
            if (groupLag) {
                for (String group : c.clientMetrics().groups()) {
                    Long lag = lag(c, group);
                    if (lag != null) {
                        out.add(new MetricPoint(timestamp, group, prefix + group, GROUP_LAG, lag));
                    }
                }
            }
        }
        return out;
    }

    static String shortId(String clientId) {
        Matcher m = SHORT_ID.matcher(clientId);
        return m.matches() ? m.group(1) : clientId;
    }

    /** The group's total lag, or null: no committed offsets yet, or the query failed. */
    private Long lag(Connection c, String group) throws InterruptedException {
        try {
            AdminOperations ops = new AdminOperations(c.admin(), lagTimeoutMs);
            if (c.clientMetrics().isShareGroup(group)) {
                // its share partitions' records not yet acknowledged; none: the group has started no partition yet
                ShareGroupView share = ops.shareGroups().describe(group);
                return share.lags().isEmpty() ? null : share.totalLag();
            }
            GroupLag lag = ops.consumerGroupLag(group, List.of());
            // no partition: the group has committed nothing yet
            return lag.partitions().isEmpty() ? null : lag.total();
        } catch (InterruptedException e) {
            throw e;
        } catch (ExecutionException | RuntimeException e) {
            if (Thread.currentThread().isInterrupted() || e instanceof CancellationException) {
                throw new InterruptedException("stopped while reading the lag of group " + group);
            }
            // the connection closed at test end while we asked: nothing to report
            if (!connections.get().contains(c)) {
                return null;
            }
            String message = FailureText.describe(e);
            if (loggedFailures.add(group + ": " + message)) {
                log.warn(
                        "Kafka Metrics: cannot read the lag of group '{}' on Kafka Connection '{}': {}",
                        group,
                        c.name(),
                        message);
            }
            return null;
        }
    }
}
