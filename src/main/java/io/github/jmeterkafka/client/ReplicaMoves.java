package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.BiPredicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterPartitionReassignmentsOptions;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListPartitionReassignmentsOptions;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * The Kafka Admin sampler's replica and leader moves, part of {@link AdminOperations} (its deadline bounds and
 * cancels them): reassign partitions to brokers and wait until done, move every partition's leadership to its next
 * in-sync replica (a rolling restart's leader moves, without the restart), wait until leaders have moved. What they
 * are asked about is checked against the cluster before anything changes.
 *
 * <p>Threads: as {@link AdminOperations}.
 */
public final class ReplicaMoves {
    static final String LEADER_RATE = "leader.replication.throttled.rate";
    static final String FOLLOWER_RATE = "follower.replication.throttled.rate";
    static final String LEADER_REPLICAS = "leader.replication.throttled.replicas";
    static final String FOLLOWER_REPLICAS = "follower.replication.throttled.replicas";

    private final Admin admin;
    private final AdminDeadline deadline;
    private final ClusterOperations cluster;
    private final ConfigOperations configs;

    ReplicaMoves(Admin admin, AdminDeadline deadline, ClusterOperations cluster, ConfigOperations configs) {
        this.admin = admin;
        this.deadline = deadline;
        this.cluster = cluster;
        this.configs = configs;
    }

    /** One partition's move: its replicas (the first is the preferred leader) and its leader, before and after. */
    public record Move(
            TopicPartition partition,
            List<Integer> replicasBefore,
            int leaderBefore,
            List<Integer> replicasAfter,
            int leaderAfter,
            String note) {
        public boolean leaderMoved() {
            return leaderAfter >= 0 && leaderAfter != leaderBefore;
        }
    }

    /**
     * Moves the replicas of {@code partitions} ({@code topic} or {@code topic:N}) to {@code brokers}, the list turned
     * by one per partition so that their preferred leaders spread, and waits until Kafka has finished every move. With
     * a throttle (bytes/s), replication of the moved topics is throttled on every broker while they move and the
     * throttle removed when done; a move that runs out of time goes on in Kafka and keeps its throttle.
     */
    public List<Move> reassign(Collection<String> partitions, String brokers, OptionalLong throttle)
            throws InterruptedException, ExecutionException {
        deadline.begin();
        String unchanged = "nothing reassigned";
        if (partitions.isEmpty()) {
            throw new InvalidInputException("topics is empty: name the topics or partitions to reassign");
        }
        if (brokers.isBlank()) {
            throw new InvalidInputException("brokers is empty: name the brokers to move the replicas to");
        }
        if (throttle.isPresent() && throttle.getAsLong() < 1) {
            throw new InvalidInputException("throttle must be at least 1 byte/s, not " + throttle.getAsLong());
        }
        List<Integer> to = cluster.brokers(brokers, unchanged);
        Set<TopicPartition> asked = cluster.resolve(partitions, unchanged);
        Map<TopicPartition, TopicPartitionInfo> before = infos(asked);
        Map<TopicPartition, List<Integer>> targets = new LinkedHashMap<>();
        for (TopicPartition tp : asked) {
            List<Integer> turned = new ArrayList<>(to);
            java.util.Collections.rotate(turned, -(tp.partition() % to.size()));
            targets.put(tp, turned);
        }
        Set<String> topics = new LinkedHashSet<>();
        asked.forEach(tp -> topics.add(tp.topic()));
        if (throttle.isPresent()) {
            setThrottle(topics, throttle.getAsLong());
        }
        reassignAndWait(
                targets,
                "moving " + targets.size() + " partitions to brokers " + brokers.trim()
                        + (throttle.isPresent() ? " (the throttle stays until the move ends)" : ""));
        if (throttle.isPresent()) {
            removeThrottle(topics);
        }
        Map<TopicPartition, TopicPartitionInfo> after = seen(
                asked,
                "the new replicas shown by the cluster",
                (tp, info) -> ids(info.replicas()).equals(targets.get(tp)));
        List<Move> moves = new ArrayList<>();
        for (TopicPartition tp : asked) {
            moves.add(move(tp, before.get(tp), after.get(tp), ""));
        }
        return moves;
    }

    /**
     * Moves the leadership of every partition of {@code partitions} (empty: every topic not internal) to the next of
     * its replicas in sync: that replica becomes the first (no data moves) and a preferred election makes it leader.
     * A partition with no other replica in sync keeps its leader and says so.
     */
    public List<Move> moveLeaders(Collection<String> partitions) throws InterruptedException, ExecutionException {
        deadline.begin();
        Set<TopicPartition> asked = partitions.isEmpty()
                ? all(cluster.view(List.of()).topics())
                : cluster.resolve(partitions, "no leader moved");
        Map<TopicPartition, TopicPartitionInfo> before = infos(asked);
        Map<TopicPartition, List<Integer>> targets = new LinkedHashMap<>();
        Map<TopicPartition, String> notes = new LinkedHashMap<>();
        before.forEach((tp, info) -> {
            List<Integer> replicas = ids(info.replicas());
            Set<Integer> isr = new LinkedHashSet<>(ids(info.isr()));
            int leader = id(info.leader());
            int at = replicas.indexOf(leader);
            for (int i = 1; i < replicas.size(); i++) {
                int next = replicas.get(Math.floorMod(at + i, replicas.size()));
                if (next != leader && isr.contains(next)) {
                    List<Integer> order = new ArrayList<>(replicas);
                    order.remove(Integer.valueOf(next));
                    order.add(0, next);
                    targets.put(tp, order);
                    return;
                }
            }
            notes.put(tp, "kept: no other replica in sync");
        });
        if (!targets.isEmpty()) {
            reassignAndWait(targets, "ordering the replicas of " + targets.size() + " partitions");
            Map<TopicPartition, Optional<Throwable>> elected = deadline.await(
                    admin.electLeaders(
                                    ElectionType.PREFERRED,
                                    targets.keySet(),
                                    new org.apache.kafka.clients.admin.ElectLeadersOptions()
                                            .timeoutMs(deadline.remainingMsInt()))
                            .partitions(),
                    "electing the new leaders");
            elected.forEach((tp, error) -> error.ifPresent(e -> notes.put(tp, "not elected: " + e.getMessage())));
        }
        Map<TopicPartition, TopicPartitionInfo> after = seen(
                asked,
                "the new leaders shown by the cluster",
                (tp, info) -> !targets.containsKey(tp)
                        || notes.containsKey(tp)
                        || id(info.leader()) == targets.get(tp).get(0));
        List<Move> moves = new ArrayList<>();
        for (TopicPartition tp : asked) {
            moves.add(move(tp, before.get(tp), after.get(tp), notes.getOrDefault(tp, "")));
        }
        return moves;
    }

    /**
     * The partitions as described once each shows what {@code shown} waits for: the controller answers before every
     * broker has heard, so reading at once can report a moved leader or replica as not moved.
     */
    private Map<TopicPartition, TopicPartitionInfo> seen(
            Set<TopicPartition> asked, String what, BiPredicate<TopicPartition, TopicPartitionInfo> shown)
            throws InterruptedException, ExecutionException {
        String waitingFor = what;
        while (true) {
            Map<TopicPartition, TopicPartitionInfo> now;
            try {
                now = infos(asked);
            } catch (TimeoutException e) {
                throw (TimeoutException) deadline.notDone(waitingFor).initCause(e);
            }
            long waiting =
                    asked.stream().filter(tp -> !shown.test(tp, now.get(tp))).count();
            if (waiting == 0) {
                return now;
            }
            waitingFor = what + " (" + waiting + " of " + asked.size() + " partitions not yet)";
            deadline.pause(waitingFor);
        }
    }

    /**
     * Waits until every partition of {@code partitions} (empty: every topic not internal) has a leader other than
     * {@code awayFrom}, or when empty other than its leader when the wait began, asking every 50 ms.
     */
    public List<Move> awaitLeaderChange(Collection<String> partitions, OptionalInt awayFrom)
            throws InterruptedException, ExecutionException {
        deadline.begin();
        String unchanged = "nothing waited for";
        if (awayFrom.isPresent() && !cluster.nodeIds().contains(awayFrom.getAsInt())) {
            // a node just stopped is still a known replica: only ids no partition names are refused
            Set<Integer> known = new LinkedHashSet<>(cluster.nodeIds());
            cluster.view(List.of())
                    .topics()
                    .values()
                    .forEach(d -> d.partitions().forEach(p -> known.addAll(ids(p.replicas()))));
            if (!known.contains(awayFrom.getAsInt())) {
                throw new InvalidInputException(
                        "no broker " + awayFrom.getAsInt() + " in the cluster or any replica list: " + unchanged);
            }
        }
        Set<TopicPartition> asked =
                partitions.isEmpty() ? all(cluster.view(List.of()).topics()) : cluster.resolve(partitions, unchanged);
        Map<TopicPartition, TopicPartitionInfo> before = infos(asked);
        Map<TopicPartition, TopicPartitionInfo> now = seen(asked, "every leader moved", (tp, info) -> {
            int from = awayFrom.isPresent()
                    ? awayFrom.getAsInt()
                    : id(before.get(tp).leader());
            return id(info.leader()) >= 0 && id(info.leader()) != from;
        });
        List<Move> moves = new ArrayList<>();
        asked.forEach(tp -> moves.add(move(tp, before.get(tp), now.get(tp), "")));
        return moves;
    }

    private void reassignAndWait(Map<TopicPartition, List<Integer>> targets, String what)
            throws InterruptedException, ExecutionException {
        Map<TopicPartition, Optional<NewPartitionReassignment>> request = new LinkedHashMap<>();
        targets.forEach((tp, replicas) -> request.put(tp, Optional.of(new NewPartitionReassignment(replicas))));
        deadline.await(
                admin.alterPartitionReassignments(
                                request, new AlterPartitionReassignmentsOptions().timeoutMs(deadline.remainingMsInt()))
                        .all(),
                what);
        while (!deadline.await(
                        admin.listPartitionReassignments(
                                        targets.keySet(),
                                        new ListPartitionReassignmentsOptions().timeoutMs(deadline.remainingMsInt()))
                                .reassignments(),
                        what)
                .isEmpty()) {
            deadline.pause(what);
        }
    }

    private void setThrottle(Set<String> topics, long bytesPerSecond) throws InterruptedException, ExecutionException {
        String rate = Long.toString(bytesPerSecond);
        throttleConfigs(topics, rate, "*", AlterConfigOp.OpType.SET, "setting the replication throttle");
    }

    private void removeThrottle(Set<String> topics) throws InterruptedException, ExecutionException {
        throttleConfigs(topics, "", "", AlterConfigOp.OpType.DELETE, "removing the replication throttle");
    }

    private void throttleConfigs(Set<String> topics, String rate, String replicas, AlterConfigOp.OpType op, String what)
            throws InterruptedException, ExecutionException {
        Map<ConfigResource, Collection<AlterConfigOp>> changes = new LinkedHashMap<>();
        for (int id : cluster.nodeIds()) {
            changes.put(
                    new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(id)),
                    List.of(
                            new AlterConfigOp(new ConfigEntry(LEADER_RATE, rate), op),
                            new AlterConfigOp(new ConfigEntry(FOLLOWER_RATE, rate), op)));
        }
        for (String topic : topics) {
            changes.put(
                    new ConfigResource(ConfigResource.Type.TOPIC, topic),
                    List.of(
                            new AlterConfigOp(new ConfigEntry(LEADER_REPLICAS, replicas), op),
                            new AlterConfigOp(new ConfigEntry(FOLLOWER_REPLICAS, replicas), op)));
        }
        configs.applyAndAwait(changes, what);
    }

    private Map<TopicPartition, TopicPartitionInfo> infos(Set<TopicPartition> partitions)
            throws InterruptedException, ExecutionException {
        Set<String> topics = new LinkedHashSet<>();
        partitions.forEach(tp -> topics.add(tp.topic()));
        Map<String, TopicDescription> described = cluster.view(topics).topics();
        Map<TopicPartition, TopicPartitionInfo> out = new LinkedHashMap<>();
        for (TopicPartition tp : partitions) {
            out.put(tp, described.get(tp.topic()).partitions().get(tp.partition()));
        }
        return out;
    }

    private static Set<TopicPartition> all(Map<String, TopicDescription> topics) {
        Set<TopicPartition> out = new LinkedHashSet<>();
        topics.forEach((name, d) -> d.partitions().forEach(p -> out.add(new TopicPartition(name, p.partition()))));
        return out;
    }

    private static Move move(TopicPartition tp, TopicPartitionInfo before, TopicPartitionInfo after, String note) {
        return new Move(
                tp, ids(before.replicas()), id(before.leader()), ids(after.replicas()), id(after.leader()), note);
    }

    private static List<Integer> ids(List<Node> nodes) {
        return nodes.stream().map(ReplicaMoves::id).toList();
    }

    /** A node's id, a stopped one's too; -1 for none (a partition without a leader). */
    private static int id(Node node) {
        return node == null ? -1 : node.id();
    }
}
