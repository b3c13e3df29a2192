package io.github.jmeterkafka.client;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.CreatePartitionsOptions;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.DeleteTopicsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicCollection;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The operations of the Kafka Admin sampler, on Kafka's {@link Admin} API. Each operation is
 * bounded as a whole by the timeout: every future is awaited with the time left, and a wait that
 * runs out throws Kafka's {@link TimeoutException}. Failures from Kafka come out as the
 * {@link ExecutionException} the future threw; invalid arguments as {@link InvalidInputException}.
 *
 * <p>Threads: the Admin client is thread-safe and shared by the connection. One instance runs one
 * operation at a time, on the calling thread; {@link #cancel} may be called from any thread.
 */
public final class AdminOperations {
    private static final long POLL_MS = 100;

    private final Admin admin;
    private final long timeoutMs;
    private volatile boolean cancelled;
    private volatile KafkaFuture<?> inFlight;
    private long deadlineNanos;

    public AdminOperations(Admin admin, long timeoutMs) {
        this.admin = admin;
        this.timeoutMs = timeoutMs;
    }

    /** What an operation did: a one-line message, a listing, and values for JMeter variables. */
    public static final class Outcome {
        private final String message;
        private final String details;
        private final Map<String, String> values;

        Outcome(String message, String details, Map<String, String> values) {
            this.message = message;
            this.details = details;
            this.values = values;
        }

        public String message() {
            return message;
        }

        public String details() {
            return details;
        }

        /** By variable name without the prefix, e.g. {@code lag}, {@code lag_orders_0}. */
        public Map<String, String> values() {
            return values;
        }
    }

    /**
     * Creates topics, then waits until every partition has a leader, so that records sent right
     * after do not fail or wait for metadata.
     *
     * @param partitions        empty: the broker's default
     * @param replicationFactor empty: the broker's default
     * @param ignoreExisting    a topic that exists already is a success
     */
    public Outcome createTopics(Collection<String> topics, Optional<Integer> partitions,
            Optional<Short> replicationFactor, Map<String, String> configs, boolean ignoreExisting)
            throws InterruptedException, ExecutionException {
        List<String> names = topicNames(topics);
        partitions.ifPresent(n -> atLeastOne("partitions", n));
        replicationFactor.ifPresent(n -> atLeastOne("replication factor", n));
        begin();
        List<NewTopic> newTopics = new ArrayList<>();
        for (String name : names) {
            newTopics.add(new NewTopic(name, partitions, replicationFactor).configs(configs));
        }
        Map<String, KafkaFuture<Void>> futures =
                admin.createTopics(newTopics, new CreateTopicsOptions().timeoutMs(remainingMsInt())).values();
        List<String> existed = new ArrayList<>();
        for (String name : names) {
            try {
                await(futures.get(name), "creating topic " + name);
            } catch (ExecutionException e) {
                if (!ignoreExisting || !(Failures.unwrap(e) instanceof TopicExistsException)) {
                    throw e;
                }
                existed.add(name);
            }
        }
        Map<String, TopicDescription> described = awaitLeaders(names);
        StringBuilder details = new StringBuilder();
        for (String name : names) {
            details.append(name).append(": ").append(existed.contains(name) ? "already existed" : "created")
                    .append(", ").append(shape(described.get(name))).append('\n');
        }
        List<String> created = new ArrayList<>(names);
        created.removeAll(existed);
        String message = created.isEmpty() ? ""
                : "created " + (created.size() == 1 ? "topic " : "topics ") + String.join(", ", created);
        if (!existed.isEmpty()) {
            message += (message.isEmpty() ? "" : "; ") + String.join(", ", existed) + " already existed";
        }
        return new Outcome(message, details.toString(), Map.of());
    }

    /**
     * Deletes topics and waits until the cluster no longer lists them, so that creating them again
     * right after does not fail with TopicExistsException.
     *
     * @param ignoreMissing a topic that does not exist is a success
     */
    public Outcome deleteTopics(Collection<String> topics, boolean ignoreMissing)
            throws InterruptedException, ExecutionException {
        List<String> names = topicNames(topics);
        begin();
        Map<String, KafkaFuture<Void>> futures = admin.deleteTopics(TopicCollection.ofTopicNames(names),
                new DeleteTopicsOptions().timeoutMs(remainingMsInt())).topicNameValues();
        List<String> deleted = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String name : names) {
            try {
                await(futures.get(name), "deleting topic " + name);
                deleted.add(name);
            } catch (ExecutionException e) {
                if (!ignoreMissing || !(Failures.unwrap(e) instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
                missing.add(name);
            }
        }
        awaitGone(deleted);
        StringBuilder details = new StringBuilder();
        for (String name : names) {
            details.append(name).append(": ").append(missing.contains(name) ? "did not exist" : "deleted").append('\n');
        }
        String message = deleted.isEmpty() ? ""
                : "deleted " + (deleted.size() == 1 ? "topic " : "topics ") + String.join(", ", deleted);
        if (!missing.isEmpty()) {
            message += (message.isEmpty() ? "" : "; ") + String.join(", ", missing) + " did not exist";
        }
        return new Outcome(message, details.toString(), Map.of());
    }

    /**
     * Partitions with their leader, replicas and in-sync replicas. Values {@code partitions} (of all
     * the topics) and {@code partitions_<topic>}.
     */
    public Outcome describeTopics(Collection<String> topics) throws InterruptedException, ExecutionException {
        List<String> names = topicNames(topics);
        begin();
        Map<String, TopicDescription> described = describe(names);
        StringBuilder details = new StringBuilder();
        Map<String, String> values = new LinkedHashMap<>();
        int total = 0;
        for (String name : names) {
            TopicDescription d = described.get(name);
            details.append(name).append(": ").append(shape(d)).append(", id ").append(d.topicId()).append('\n');
            List<TopicPartitionInfo> partitions = new ArrayList<>(d.partitions());
            partitions.sort(Comparator.comparingInt(TopicPartitionInfo::partition));
            for (TopicPartitionInfo p : partitions) {
                details.append("  partition ").append(p.partition()).append(": leader ").append(nodeId(p.leader()))
                        .append(", replicas ").append(nodeIds(p.replicas())).append(", isr ").append(nodeIds(p.isr()))
                        .append('\n');
            }
            total += partitions.size();
            values.put("partitions_" + name, Integer.toString(partitions.size()));
        }
        values.put("partitions", Integer.toString(total));
        String message = names.size() == 1 ? names.get(0) + ": " + shape(described.get(names.get(0)))
                : names.size() + " topics, " + total + " partitions";
        return new Outcome(message, details.toString(), values);
    }

    /** The names of the topics that are not internal; value {@code topics} (their number). */
    public Outcome listTopics() throws InterruptedException, ExecutionException {
        begin();
        Set<String> names = new TreeSet<>(await(admin.listTopics(
                new ListTopicsOptions().listInternal(false).timeoutMs(remainingMsInt())).names(), "listing topics"));
        StringBuilder details = new StringBuilder();
        names.forEach(n -> details.append(n).append('\n'));
        return new Outcome(names.size() + (names.size() == 1 ? " topic" : " topics"), details.toString(),
                Map.of("topics", Integer.toString(names.size())));
    }

    /**
     * Raises each topic to {@code total} partitions and waits until every partition has a leader.
     * A topic that already has exactly that many is left alone, so a setUp group can run again;
     * one that has more fails as Kafka says (InvalidPartitionsException).
     */
    public Outcome addPartitions(Collection<String> topics, int total) throws InterruptedException, ExecutionException {
        List<String> names = topicNames(topics);
        atLeastOne("partitions", total);
        begin();
        Map<String, TopicDescription> before = describe(names);
        Map<String, NewPartitions> increases = new LinkedHashMap<>();
        for (String name : names) {
            if (before.get(name).partitions().size() != total) {
                increases.put(name, NewPartitions.increaseTo(total));
            }
        }
        if (!increases.isEmpty()) {
            Map<String, KafkaFuture<Void>> futures = admin.createPartitions(increases,
                    new CreatePartitionsOptions().timeoutMs(remainingMsInt())).values();
            for (String name : increases.keySet()) {
                await(futures.get(name), "adding partitions to " + name);
            }
            awaitLeaders(names);
        }
        StringBuilder details = new StringBuilder();
        for (String name : names) {
            int was = before.get(name).partitions().size();
            details.append(name).append(": ").append(increases.containsKey(name)
                    ? was + " -> " + total + " partitions" : "already had " + total + " partitions").append('\n');
        }
        String message = increases.isEmpty() ? "no change: " + String.join(", ", names) + " had " + total + " partitions"
                : String.join(", ", increases.keySet()) + " raised to " + total + " partitions";
        return new Outcome(message, details.toString(), Map.of());
    }

    /**
     * The group's lag: for each partition, the end offset minus the committed offset. With
     * {@code topics}, every partition of those topics counts and partitions the group has not
     * committed lag by all their records (end minus log start offset); without, the partitions
     * the group has committed count. Values {@code lag} (total) and {@code lag_<topic>_<partition>}.
     */
    public Outcome consumerGroupLag(String groupId, Collection<String> topics)
            throws InterruptedException, ExecutionException {
        if (groupId == null || groupId.isBlank()) {
            throw new InvalidInputException("group id is empty");
        }
        List<String> names = topics.isEmpty() ? List.of() : topicNames(topics);
        begin();
        Map<TopicPartition, OffsetAndMetadata> offsets = await(admin.listConsumerGroupOffsets(
                Map.of(groupId, new ListConsumerGroupOffsetsSpec()),
                new ListConsumerGroupOffsetsOptions().timeoutMs(remainingMsInt())).partitionsToOffsetAndMetadata(groupId),
                "listing the offsets of group " + groupId);
        Map<TopicPartition, Long> committed = new HashMap<>();
        offsets.forEach((tp, om) -> {
            if (om != null && (names.isEmpty() || names.contains(tp.topic()))) {
                committed.put(tp, om.offset());
            }
        });
        Set<TopicPartition> partitions = new LinkedHashSet<>(committed.keySet());
        if (!names.isEmpty()) {
            for (TopicDescription d : describe(names).values()) {
                d.partitions().forEach(p -> partitions.add(new TopicPartition(d.name(), p.partition())));
            }
        }
        Map<TopicPartition, Long> end = offsets(partitions, OffsetSpec.latest());
        Set<TopicPartition> uncommitted = new LinkedHashSet<>(partitions);
        uncommitted.removeAll(committed.keySet());
        Map<TopicPartition, Long> start = offsets(uncommitted, OffsetSpec.earliest());
        List<PartitionLag> lags = lags(partitions, committed, end, start);

        StringBuilder details = new StringBuilder("topic partition committed end lag\n");
        Map<String, String> values = new LinkedHashMap<>();
        long total = 0;
        for (PartitionLag l : lags) {
            details.append(l.partition.topic()).append(' ').append(l.partition.partition()).append(' ')
                    .append(l.committed == null ? "-" : l.committed.toString()).append(' ').append(l.end).append(' ')
                    .append(l.lag).append('\n');
            values.put("lag_" + l.partition.topic() + "_" + l.partition.partition(), Long.toString(l.lag));
            total += l.lag;
        }
        details.append("total lag ").append(total).append('\n');
        values.put("lag", Long.toString(total));
        String message = lags.isEmpty() ? "lag 0: group " + groupId + " has no committed offsets"
                : "lag " + total + " for group " + groupId + " on " + lags.size()
                        + (lags.size() == 1 ? " partition" : " partitions");
        return new Outcome(message, details.toString(), values);
    }

    /** One partition's lag; {@code committed} is null when the group has not committed there. */
    static final class PartitionLag {
        final TopicPartition partition;
        final Long committed;
        final long end;
        final long lag;

        PartitionLag(TopicPartition partition, Long committed, long end, long lag) {
            this.partition = partition;
            this.committed = committed;
            this.end = end;
            this.lag = lag;
        }
    }

    /**
     * Lag per partition, sorted by topic and partition: end minus committed, or end minus
     * {@code start} where nothing is committed; never negative (a committed offset past the end
     * after a truncation means nothing is left to read).
     */
    static List<PartitionLag> lags(Collection<TopicPartition> partitions, Map<TopicPartition, Long> committed,
            Map<TopicPartition, Long> end, Map<TopicPartition, Long> start) {
        List<PartitionLag> out = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            Long c = committed.get(tp);
            long e = end.getOrDefault(tp, 0L);
            long from = c != null ? c : start.getOrDefault(tp, 0L);
            out.add(new PartitionLag(tp, c, e, Math.max(0, e - from)));
        }
        out.sort(Comparator.comparing((PartitionLag l) -> l.partition.topic())
                .thenComparingInt(l -> l.partition.partition()));
        return out;
    }

    /** Stops the operation in flight: it fails with a CancellationException. Any thread. */
    public void cancel() {
        cancelled = true;
        KafkaFuture<?> f = inFlight;
        if (f != null) {
            f.cancel(true);
        }
    }

    private Map<TopicPartition, Long> offsets(Set<TopicPartition> partitions, OffsetSpec spec)
            throws InterruptedException, ExecutionException {
        if (partitions.isEmpty()) {
            return Map.of();
        }
        Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
        partitions.forEach(tp -> request.put(tp, spec));
        Map<TopicPartition, ListOffsetsResultInfo> infos = await(admin.listOffsets(request,
                new ListOffsetsOptions().timeoutMs(remainingMsInt())).all(), "listing offsets");
        Map<TopicPartition, Long> out = new HashMap<>();
        infos.forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    private Map<String, TopicDescription> describe(List<String> names) throws InterruptedException, ExecutionException {
        return await(admin.describeTopics(TopicCollection.ofTopicNames(names),
                new DescribeTopicsOptions().timeoutMs(remainingMsInt())).allTopicNames(),
                "describing " + String.join(", ", names));
    }

    // A new topic's metadata reaches the brokers a moment after the controller accepts it, and a
    // leader takes records a moment after the metadata names it: a produce in between meets
    // NOT_LEADER_OR_FOLLOWER, so the leaders must also answer (listing offsets retries until they do).
    private Map<String, TopicDescription> awaitLeaders(List<String> names) throws InterruptedException, ExecutionException {
        String what = "waiting for a leader on every partition of " + String.join(", ", names);
        while (true) {
            try {
                Map<String, TopicDescription> described = describe(names);
                if (described.values().stream().allMatch(AdminOperations::allLed)) {
                    Set<TopicPartition> all = new HashSet<>();
                    described.forEach((name, d) -> d.partitions().forEach(p -> all.add(new TopicPartition(name, p.partition()))));
                    offsets(all, OffsetSpec.latest());
                    return described;
                }
            } catch (ExecutionException e) {
                if (!(Failures.unwrap(e) instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
            pause(what);
        }
    }

    private void awaitGone(List<String> names) throws InterruptedException, ExecutionException {
        if (names.isEmpty()) {
            return;
        }
        String what = "waiting for " + String.join(", ", names) + " to be gone";
        while (true) {
            Set<String> listed = await(admin.listTopics(
                    new ListTopicsOptions().listInternal(true).timeoutMs(remainingMsInt())).names(), what);
            if (names.stream().noneMatch(listed::contains)) {
                return;
            }
            pause(what);
        }
    }

    private static boolean allLed(TopicDescription d) {
        return !d.partitions().isEmpty()
                && d.partitions().stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty());
    }

    private void begin() {
        deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        checkCancelled();
    }

    private <T> T await(KafkaFuture<T> future, String what) throws InterruptedException, ExecutionException {
        inFlight = future;
        try {
            // cancel() may have run before inFlight was set
            if (cancelled) {
                future.cancel(true);
            }
            return future.get(Math.max(0, remainingMs()), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            future.cancel(true);
            throw new TimeoutException(what + ": no answer within " + timeoutMs + " ms");
        } catch (CancellationException e) {
            throw new CancellationException("interrupted while " + what);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw e;
        } finally {
            inFlight = null;
        }
    }

    private void pause(String what) throws InterruptedException {
        long left = remainingMs();
        if (left <= 0) {
            throw new TimeoutException(what + ": not done within " + timeoutMs + " ms");
        }
        try {
            Thread.sleep(Math.min(POLL_MS, left));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw e;
        }
        checkCancelled();
    }

    private void checkCancelled() {
        if (cancelled) {
            throw new CancellationException("interrupted");
        }
    }

    private long remainingMs() {
        return TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
    }

    /** For the Admin's own request timeout, so that it gives up when this operation does. */
    private int remainingMsInt() {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, remainingMs()));
    }

    private static List<String> topicNames(Collection<String> topics) {
        Set<String> names = new LinkedHashSet<>();
        for (String t : topics) {
            String name = t == null ? "" : t.trim();
            if (name.isEmpty()) {
                throw new InvalidInputException("a topic name is empty");
            }
            names.add(name);
        }
        if (names.isEmpty()) {
            throw new InvalidInputException("no topic given");
        }
        return new ArrayList<>(names);
    }

    private static void atLeastOne(String what, int n) {
        if (n < 1) {
            throw new InvalidInputException(what + " must be at least 1, not " + n);
        }
    }

    private static String shape(TopicDescription d) {
        if (d == null) {
            return "not described";
        }
        int n = d.partitions().size();
        int rf = n == 0 ? 0 : d.partitions().get(0).replicas().size();
        return n + (n == 1 ? " partition" : " partitions") + ", replication factor " + rf;
    }

    private static String nodeId(Node node) {
        return node == null || node.isEmpty() ? "none" : Integer.toString(node.id());
    }

    private static String nodeIds(List<Node> nodes) {
        List<String> ids = new ArrayList<>();
        nodes.forEach(n -> ids.add(nodeId(n)));
        return "[" + String.join(", ", ids) + "]";
    }
}
