package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.function.LongPredicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.CreatePartitionsOptions;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.DeleteTopicsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicCollection;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The operations of the Kafka Admin sampler, on Kafka's {@link Admin} API; each returns what it
 * did and leaves the wording to the sampler. Each operation is
 * bounded as a whole by the timeout: every future is awaited with the time left, and a wait that
 * runs out throws Kafka's {@link TimeoutException}. FailureText from Kafka come out as the
 * {@link ExecutionException} the future threw; invalid arguments as {@link InvalidInputException}.
 *
 * <p>Threads: the Admin client is thread-safe and shared by the connection. One instance runs one
 * operation at a time, on the calling thread; {@link #cancel} may be called from any thread.
 */
public final class AdminOperations {
    private final Admin admin;
    private final AdminDeadline deadline;
    private final ShareGroupOperations shareGroups;
    private final ClusterOperations cluster;
    private final ReplicaMoves replicaMoves;
    private final ConfigOperations configs;

    public AdminOperations(Admin admin, long timeoutMs) {
        this.admin = admin;
        this.deadline = new AdminDeadline(timeoutMs);
        this.shareGroups = new ShareGroupOperations(admin, deadline);
        this.cluster = new ClusterOperations(admin, deadline, this);
        this.configs = new ConfigOperations(admin, deadline, cluster);
        this.replicaMoves = new ReplicaMoves(admin, deadline, cluster, configs);
    }

    /**
     * Creates topics, then waits until every partition has a leader, so that records sent right
     * after do not fail or wait for metadata.
     *
     * @param partitions        empty: the broker's default
     * @param replicationFactor empty: the broker's default
     * @param ignoreExisting    a topic that exists already is a success
     */
    public TopicChanges createTopics(
            Collection<String> topics,
            Optional<Integer> partitions,
            Optional<Short> replicationFactor,
            Map<String, String> configs,
            boolean ignoreExisting)
            throws InterruptedException, ExecutionException {
        List<String> names = AdminNames.topics(topics);
        partitions.ifPresent(n -> AdminNames.atLeastOne("partitions", n));
        replicationFactor.ifPresent(n -> AdminNames.atLeastOne("replication factor", n));
        deadline.begin();
        List<NewTopic> newTopics = new ArrayList<>();
        for (String name : names) {
            newTopics.add(new NewTopic(name, partitions, replicationFactor).configs(configs));
        }
        Map<String, KafkaFuture<Void>> futures = admin.createTopics(
                        newTopics, new CreateTopicsOptions().timeoutMs(deadline.remainingMsInt()))
                .values();
        List<String> existed = new ArrayList<>();
        for (String name : names) {
            try {
                deadline.await(futures.get(name), "creating topic " + name);
            } catch (ExecutionException e) {
                if (!ignoreExisting || !(FailureText.unwrap(e) instanceof TopicExistsException)) {
                    throw e;
                }
                existed.add(name);
            }
        }
        return new TopicChanges(names, existed, awaitLeaders(names));
    }

    /**
     * Deletes topics and waits until the cluster no longer lists them, so that creating them again
     * right after does not fail with TopicExistsException.
     *
     * @param ignoreMissing a topic that does not exist is a success
     */
    public TopicChanges deleteTopics(Collection<String> topics, boolean ignoreMissing)
            throws InterruptedException, ExecutionException {
        List<String> names = AdminNames.topics(topics);
        deadline.begin();
        Map<String, KafkaFuture<Void>> futures = admin.deleteTopics(
                        TopicCollection.ofTopicNames(names),
                        new DeleteTopicsOptions().timeoutMs(deadline.remainingMsInt()))
                .topicNameValues();
        List<String> deleted = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String name : names) {
            try {
                deadline.await(futures.get(name), "deleting topic " + name);
                deleted.add(name);
            } catch (ExecutionException e) {
                if (!ignoreMissing || !(FailureText.unwrap(e) instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
                missing.add(name);
            }
        }
        awaitGone(deleted);
        return new TopicChanges(names, missing, Map.of());
    }

    /** Each topic's description, in the order asked. */
    public Map<String, TopicDescription> describeTopics(Collection<String> topics)
            throws InterruptedException, ExecutionException {
        List<String> names = AdminNames.topics(topics);
        deadline.begin();
        Map<String, TopicDescription> described = describe(names);
        Map<String, TopicDescription> ordered = new LinkedHashMap<>();
        names.forEach(name -> ordered.put(name, described.get(name)));
        return ordered;
    }

    /** The names of the topics that are not internal, sorted. */
    public SortedSet<String> listTopics() throws InterruptedException, ExecutionException {
        deadline.begin();
        return new TreeSet<>(deadline.await(
                admin.listTopics(new ListTopicsOptions().listInternal(false).timeoutMs(deadline.remainingMsInt()))
                        .names(),
                "listing topics"));
    }

    /**
     * Raises each topic to {@code total} partitions and waits until every partition has a leader.
     * A topic that already has exactly that many is left alone, so a setUp group can run again;
     * one that has more fails as Kafka says (InvalidPartitionsException).
     */
    public PartitionCounts addPartitions(Collection<String> topics, int total)
            throws InterruptedException, ExecutionException {
        List<String> names = AdminNames.topics(topics);
        AdminNames.atLeastOne("partitions", total);
        deadline.begin();
        Map<String, TopicDescription> before = describe(names);
        Map<String, Integer> counts = new LinkedHashMap<>();
        names.forEach(name -> counts.put(name, before.get(name).partitions().size()));
        PartitionCounts outcome = new PartitionCounts(counts, total);
        Map<String, NewPartitions> increases = new LinkedHashMap<>();
        outcome.raised().forEach(name -> increases.put(name, NewPartitions.increaseTo(total)));
        if (!increases.isEmpty()) {
            Map<String, KafkaFuture<Void>> futures = admin.createPartitions(
                            increases, new CreatePartitionsOptions().timeoutMs(deadline.remainingMsInt()))
                    .values();
            for (String name : increases.keySet()) {
                deadline.await(futures.get(name), "adding partitions to " + name);
            }
            awaitLeaders(names);
        }
        return outcome;
    }

    /**
     * The group's lag: for each partition, the end offset minus the committed offset. With
     * {@code topics}, every partition of those topics counts and partitions the group has not
     * committed lag by all their records (end minus log start offset); without, the partitions
     * the group has committed count.
     */
    public GroupLag consumerGroupLag(String groupId, Collection<String> topics)
            throws InterruptedException, ExecutionException {
        return awaitGroupLag(groupId, topics, total -> true, "");
    }

    /**
     * The group's lag, asked every 50 ms until its total satisfies {@code holds} ({@code condition} says what it
     * asks: "&gt;= 60000"), within the operation's time; then Kafka's TimeoutException names the lag last seen.
     */
    public GroupLag awaitGroupLag(String groupId, Collection<String> topics, LongPredicate holds, String condition)
            throws InterruptedException, ExecutionException {
        AdminNames.requireGroup(groupId);
        List<String> names = topics.isEmpty() ? List.of() : AdminNames.topics(topics);
        deadline.begin();
        GroupLagQuery query = new GroupLagQuery(admin, deadline, this, groupId, names);
        GroupLag lag = query.ask();
        while (!holds.test(lag.total())) {
            String what = "group " + groupId + "'s lag " + condition + " (it was " + lag.total() + ")";
            deadline.pause(what);
            try {
                lag = query.ask();
            } catch (TimeoutException e) {
                // the time ran out during a call: the condition is what was not met
                throw (TimeoutException) deadline.notDone(what).initCause(e);
            }
        }
        return lag;
    }

    /** The cluster operations (leaders, replicas), bounded and cancelled with this instance's. */
    public ClusterOperations cluster() {
        return cluster;
    }

    /** Reassignments and leader moves, bounded and cancelled with this instance's. */
    public ReplicaMoves replicaMoves() {
        return replicaMoves;
    }

    /** Topic and broker configs, bounded and cancelled with this instance's. */
    public ConfigOperations configs() {
        return configs;
    }

    /** The share group operations, bounded and cancelled with this instance's. */
    public ShareGroupOperations shareGroups() {
        return shareGroups;
    }

    /** Stops the operation in flight: it fails with a CancellationException. Any thread. */
    public void cancel() {
        deadline.cancel();
    }

    Map<TopicPartition, Long> offsets(Set<TopicPartition> partitions, OffsetSpec spec)
            throws InterruptedException, ExecutionException {
        return partitions.isEmpty() ? Map.of() : offsets(askOffsets(partitions, spec));
    }

    /** Asks for the partitions' offsets without waiting: a call that goes beside another. */
    KafkaFuture<Map<TopicPartition, ListOffsetsResultInfo>> askOffsets(
            Set<TopicPartition> partitions, OffsetSpec spec) {
        Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
        partitions.forEach(tp -> request.put(tp, spec));
        return admin.listOffsets(request, new ListOffsetsOptions().timeoutMs(deadline.remainingMsInt()))
                .all();
    }

    /** The offsets of an asked call, within the operation's time. */
    Map<TopicPartition, Long> offsets(KafkaFuture<Map<TopicPartition, ListOffsetsResultInfo>> asked)
            throws InterruptedException, ExecutionException {
        Map<TopicPartition, Long> out = new HashMap<>();
        deadline.await(asked, "listing offsets").forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    /** The topics' descriptions, within the operation's time (a part's too). */
    Map<String, TopicDescription> describe(List<String> names) throws InterruptedException, ExecutionException {
        return deadline.await(
                admin.describeTopics(
                                TopicCollection.ofTopicNames(names),
                                new DescribeTopicsOptions().timeoutMs(deadline.remainingMsInt()))
                        .allTopicNames(),
                "describing " + String.join(", ", names));
    }

    // A new topic's metadata reaches the brokers a moment after the controller accepts it, and a
    // leader takes records a moment after the metadata names it: a produce in between meets
    // NOT_LEADER_OR_FOLLOWER, so the leaders must also answer (listing offsets retries until they do).
    private Map<String, TopicDescription> awaitLeaders(List<String> names)
            throws InterruptedException, ExecutionException {
        String what = "waiting for a leader on every partition of " + String.join(", ", names);
        while (true) {
            try {
                Map<String, TopicDescription> described = describe(names);
                if (described.values().stream().allMatch(AdminOperations::allLed)) {
                    Set<TopicPartition> all = new HashSet<>();
                    described.forEach((name, d) ->
                            d.partitions().forEach(p -> all.add(new TopicPartition(name, p.partition()))));
                    offsets(all, OffsetSpec.latest());
                    return described;
                }
            } catch (ExecutionException e) {
                if (!(FailureText.unwrap(e) instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
            deadline.pause(what);
        }
    }

    private void awaitGone(List<String> names) throws InterruptedException, ExecutionException {
        if (names.isEmpty()) {
            return;
        }
        String what = "waiting for " + String.join(", ", names) + " to be gone";
        while (true) {
            Set<String> listed = deadline.await(
                    admin.listTopics(new ListTopicsOptions().listInternal(true).timeoutMs(deadline.remainingMsInt()))
                            .names(),
                    what);
            if (names.stream().noneMatch(listed::contains)) {
                return;
            }
            deadline.pause(what);
        }
    }

    private static boolean allLed(TopicDescription d) {
        return !d.partitions().isEmpty()
                && d.partitions().stream()
                        .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
    }
}
