package io.github.jmeterkafka.metrics;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.measure.LimitSample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.AuthorizationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The replication of the topics the clients use, as the cluster describes it through each connection's Admin client:
 * partitions under-replicated, under their min.insync.replicas, offline, and those whose leader moved since the last
 * look. Needs no broker setting.
 *
 * <p>Threads: only the probe's thread calls {@link #read}, through the connections' shared, thread-safe Admin.
 */
final class ReplicationWatch {
    private static final Logger log = LoggerFactory.getLogger(ReplicationWatch.class);

    private final long timeoutMs;
    private final Map<String, Integer> minIsr = new HashMap<>();
    private final Map<String, Integer> leaders = new HashMap<>();
    private final Set<String> warned = new HashSet<>();

    ReplicationWatch(long timeoutMs) {
        this.timeoutMs = timeoutMs;
    }

    /** The partitions' state now; null when no topic is in use or no connection could describe its topics. */
    LimitSample.Replication read(Map<Connection, Set<String>> topics) throws InterruptedException {
        int urp = 0;
        int underMin = 0;
        int offline = 0;
        int moved = 0;
        boolean any = false;
        for (Map.Entry<Connection, Set<String>> e : topics.entrySet()) {
            if (e.getValue().isEmpty() || e.getKey().failure() != null) {
                continue;
            }
            Map<String, TopicDescription> described = describe(e.getKey(), e.getValue());
            if (described == null) {
                continue;
            }
            any = true;
            for (TopicDescription t : described.values()) {
                // 0: not known, and no partition counts as under it
                int min = minIsr.getOrDefault(t.name(), 0);
                for (TopicPartitionInfo p : t.partitions()) {
                    Node leader = p.leader();
                    offline += leader == null || leader.isEmpty() ? 1 : 0;
                    urp += p.isr().size() < p.replicas().size() ? 1 : 0;
                    underMin += p.isr().size() < min ? 1 : 0;
                    Integer id = leader == null || leader.isEmpty() ? -1 : leader.id();
                    Integer before = leaders.put(t.name() + "-" + p.partition(), id);
                    moved += before != null && !before.equals(id) ? 1 : 0;
                }
            }
        }
        return any ? new LimitSample.Replication(urp, underMin, offline, moved) : null;
    }

    private Map<String, TopicDescription> describe(Connection c, Set<String> topics) throws InterruptedException {
        Admin admin;
        Map<String, TopicDescription> described;
        try {
            admin = c.admin();
            described = admin.describeTopics(topics).allTopicNames().get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            cannot("describe the topics " + topics, c, e);
            return null;
        }
        List<ConfigResource> unknown = new ArrayList<>();
        for (String t : topics) {
            if (!minIsr.containsKey(t)) {
                unknown.add(new ConfigResource(ConfigResource.Type.TOPIC, t));
            }
        }
        if (!unknown.isEmpty()) {
            try {
                admin.describeConfigs(unknown)
                        .all()
                        .get(timeoutMs, TimeUnit.MILLISECONDS)
                        .forEach((r, config) -> minIsr.put(r.name(), minIsr(config)));
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                // without DescribeConfigs rights the partitions under min ISR are never counted, the rest is; a
                // timeout (a busy cluster, a node paused) is asked again next second, not taken as "none" for the run
                if (e.getCause() instanceof AuthorizationException) {
                    unknown.forEach(r -> minIsr.put(r.name(), 0));
                }
                cannot("read min.insync.replicas of " + topics, c, e);
            }
        }
        return described;
    }

    private static int minIsr(Config config) {
        var entry = config.get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG);
        return entry == null || entry.value() == null ? 1 : Integer.parseInt(entry.value());
    }

    /** Said once per connection and what failed: the user did not ask for it, so it is no warning. */
    private void cannot(String what, Connection c, Exception e) {
        if (warned.add(c.name() + what)) {
            log.info(
                    "Kafka limits: cannot {} through Kafka Connection '{}', replication shows as n/a while this lasts: {}",
                    what,
                    c.name(),
                    FailureText.describe(e));
        }
    }
}
