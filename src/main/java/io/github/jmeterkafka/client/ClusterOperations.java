package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.ElectLeadersOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * The Kafka Admin sampler's cluster operations, part of {@link AdminOperations} (its deadline bounds and cancels
 * them): describe the cluster with each partition's leader, replicas and in-sync replicas; elect leaders; wait until
 * every replica is in sync. What they are asked about is checked against the cluster before anything changes.
 *
 * <p>Threads: as {@link AdminOperations}.
 */
public final class ClusterOperations {
    private final Admin admin;
    private final AdminDeadline deadline;
    private final AdminOperations topics;

    ClusterOperations(Admin admin, AdminDeadline deadline, AdminOperations topics) {
        this.admin = admin;
        this.deadline = deadline;
        this.topics = topics;
    }

    /** The nodes, the controller and the partitions of {@code topicNames} (empty: every topic not internal). */
    public ClusterView describe(Collection<String> topicNames) throws InterruptedException, ExecutionException {
        deadline.begin();
        return view(topicNames);
    }

    /**
     * Elects leaders ({@link ElectionType#PREFERRED}: each partition's first replica; UNCLEAN: any replica, in sync
     * or not, where none in sync is alive) of {@code partitions}: {@code topic} for all of its partitions or
     * {@code topic:N} for one; empty for every partition of the cluster. A topic or partition that does not exist is
     * refused before anything is elected. Per partition: empty when elected, else why not (Kafka's
     * ElectionNotNeededException: it already had that leader).
     */
    public Map<TopicPartition, Optional<Throwable>> electLeaders(ElectionType type, Collection<String> partitions)
            throws InterruptedException, ExecutionException {
        deadline.begin();
        Set<TopicPartition> asked = partitions.isEmpty() ? null : resolve(partitions, "nothing elected");
        return new LinkedHashMap<>(deadline.await(
                admin.electLeaders(type, asked, new ElectLeadersOptions().timeoutMs(deadline.remainingMsInt()))
                        .partitions(),
                "electing " + type.toString().toLowerCase(java.util.Locale.ROOT) + " leaders"));
    }

    /**
     * Asks every 50 ms until every partition of {@code topicNames} (empty: every topic not internal) has all its
     * replicas in sync, within the operation's time; then Kafka's TimeoutException says how many were still short.
     */
    public ClusterView awaitInSync(Collection<String> topicNames) throws InterruptedException, ExecutionException {
        deadline.begin();
        String what = "every replica in sync";
        while (true) {
            ClusterView v;
            try {
                v = view(topicNames);
            } catch (TimeoutException e) {
                // the time ran out during a call (a dead node's address tried): the condition is what was not met
                throw (TimeoutException) deadline.notDone(what).initCause(e);
            }
            if (v.underReplicated() == 0) {
                return v;
            }
            what = "every replica in sync (" + v.underReplicated() + " partitions with replicas out of sync)";
            deadline.pause(what);
        }
    }

    ClusterView view(Collection<String> topicNames) throws InterruptedException, ExecutionException {
        DescribeClusterResult c =
                admin.describeCluster(new DescribeClusterOptions().timeoutMs(deadline.remainingMsInt()));
        String id = deadline.await(c.clusterId(), "describing the cluster");
        List<org.apache.kafka.common.Node> nodes = new ArrayList<>(deadline.await(c.nodes(), "describing the cluster"));
        org.apache.kafka.common.Node controller = deadline.await(c.controller(), "describing the cluster");
        List<String> names = topicNames.isEmpty()
                ? new ArrayList<>(deadline.await(
                        admin.listTopics(new ListTopicsOptions()
                                        .listInternal(false)
                                        .timeoutMs(deadline.remainingMsInt()))
                                .names(),
                        "listing topics"))
                : new ArrayList<>(new LinkedHashSet<>(topicNames));
        names.sort(null);
        Map<String, TopicDescription> described = names.isEmpty() ? Map.of() : topics.describe(names);
        Map<String, TopicDescription> ordered = new LinkedHashMap<>();
        names.forEach(n -> ordered.put(n, described.get(n)));
        return new ClusterView(id, nodes, controller, ordered);
    }

    /**
     * {@code topic} or {@code topic:N} as partitions that exist; anything else is an InvalidInputException ending in
     * {@code unchanged} (what was therefore not done).
     */
    Set<TopicPartition> resolve(Collection<String> specs, String unchanged)
            throws InterruptedException, ExecutionException {
        Map<String, List<Integer>> asked = new LinkedHashMap<>();
        for (String spec : specs) {
            String s = spec.trim();
            int colon = s.lastIndexOf(':');
            String topic = colon < 0 ? s : s.substring(0, colon).trim();
            List<Integer> ps = asked.computeIfAbsent(topic, t -> new ArrayList<>());
            if (colon >= 0) {
                String partition = s.substring(colon + 1).trim();
                if (!partition.matches("[0-9]{1,9}")) {
                    throw new InvalidInputException("'" + s + "' is not TOPIC or TOPIC:PARTITION");
                }
                ps.add(Integer.parseInt(partition));
            }
        }
        Set<String> existing = deadline.await(
                admin.listTopics(new ListTopicsOptions().listInternal(true).timeoutMs(deadline.remainingMsInt()))
                        .names(),
                "listing topics");
        for (String topic : asked.keySet()) {
            if (!existing.contains(topic)) {
                throw new InvalidInputException("no topic " + topic + " in the cluster: " + unchanged);
            }
        }
        Map<String, TopicDescription> described = topics.describe(new ArrayList<>(asked.keySet()));
        Set<TopicPartition> out = new LinkedHashSet<>();
        asked.forEach((topic, ps) -> {
            int count = described.get(topic).partitions().size();
            if (ps.isEmpty()) {
                for (int p = 0; p < count; p++) {
                    out.add(new TopicPartition(topic, p));
                }
            }
            for (int p : ps) {
                if (p < 0 || p >= count) {
                    throw new InvalidInputException(
                            topic + " has partitions 0 to " + (count - 1) + ", not " + p + ": " + unchanged);
                }
                out.add(new TopicPartition(topic, p));
            }
        });
        return out;
    }

    /** The ids of the cluster's live nodes, in order. */
    Set<Integer> nodeIds() throws InterruptedException, ExecutionException {
        Set<Integer> ids = new java.util.TreeSet<>();
        deadline.await(
                        admin.describeCluster(new DescribeClusterOptions().timeoutMs(deadline.remainingMsInt()))
                                .nodes(),
                        "describing the cluster")
                .forEach(n -> ids.add(n.id()));
        return ids;
    }

    /**
     * Broker ids from {@code text} (comma-separated), each a live node of the cluster and named once; anything else
     * is an InvalidInputException ending in {@code unchanged}.
     */
    List<Integer> brokers(String text, String unchanged) throws InterruptedException, ExecutionException {
        List<Integer> ids = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String id = part.trim();
            if (!id.matches("[0-9]{1,9}")) {
                throw new InvalidInputException("'" + id + "' is not a broker id (brokers: " + text.trim() + ")");
            }
            int n = Integer.parseInt(id);
            if (ids.contains(n)) {
                throw new InvalidInputException("broker " + n + " is named twice: " + unchanged);
            }
            ids.add(n);
        }
        Set<Integer> live = nodeIds();
        for (int id : ids) {
            if (!live.contains(id)) {
                throw new InvalidInputException("no broker " + id + " in the cluster (its nodes: "
                        + String.join(", ", live.stream().map(String::valueOf).toList()) + "): " + unchanged);
            }
        }
        return ids;
    }
}
