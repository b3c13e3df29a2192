package io.github.jmeterkafka.client;

import java.lang.reflect.Constructor;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.CreatePartitionsResult;
import org.apache.kafka.clients.admin.CreateTopicsResult;
import org.apache.kafka.clients.admin.DeleteTopicsResult;
import org.apache.kafka.clients.admin.DescribeTopicsResult;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsResult;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.ListTopicsResult;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.TopicListing;
import org.apache.kafka.clients.admin.internals.CoordinatorKey;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicCollection;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.internals.KafkaFutureImpl;

/**
 * An in-memory {@link Admin} with one broker, for unit tests: Kafka's MockAdminClient lives in
 * the kafka-clients test jar, which is not published for every version. Covers the calls
 * {@link AdminOperations} makes; any other call throws. Result classes whose constructors Kafka
 * keeps package-private are made by reflection.
 */
public final class FakeAdmin {
    static final Node BROKER = new Node(1, "localhost", 9092);

    /** Partition count per topic. */
    public final Map<String, Integer> topics = new TreeMap<>();
    /** End and log start offsets per partition; missing means 0. */
    public final Map<TopicPartition, Long> endOffsets = new HashMap<>();

    public final Map<TopicPartition, Long> startOffsets = new HashMap<>();
    /** Committed offsets per group. */
    public final Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = new HashMap<>();
    /** Describes that answer before partitions have a leader, as right after a create. */
    public int leaderlessDescribes;
    /** Every call answers with a future that never completes. */
    public boolean hang;
    /** Names of the calls made, in order. */
    public final List<String> calls = Collections.synchronizedList(new ArrayList<>());

    public Admin admin() {
        return (Admin) Proxy.newProxyInstance(
                Admin.class.getClassLoader(), new Class<?>[] {Admin.class}, (proxy, method, args) -> {
                    String name = method.getName();
                    switch (name) {
                        case "close" -> {
                            return null;
                        }
                        case "toString" -> {
                            return "FakeAdmin" + topics;
                        }
                        case "hashCode" -> {
                            return System.identityHashCode(proxy);
                        }
                        case "equals" -> {
                            return proxy == args[0];
                        }
                        default -> {}
                    }
                    synchronized (this) {
                        calls.add(name);
                        return answer(name, args);
                    }
                });
    }

    @SuppressWarnings("unchecked")
    private Object answer(String name, Object[] args) throws Exception {
        return switch (name) {
            case "createTopics" -> createTopics((Collection<NewTopic>) args[0]);
            case "deleteTopics" -> deleteTopics(((TopicCollection.TopicNameCollection) args[0]).topicNames());
            case "describeTopics" -> describeTopics(((TopicCollection.TopicNameCollection) args[0]).topicNames());
            case "listTopics" ->
                construct(ListTopicsResult.class, new Class<?>[] {KafkaFuture.class}, future(listings()));
            case "createPartitions" -> createPartitions((Map<String, NewPartitions>) args[0]);
            case "listConsumerGroupOffsets" -> groupOffsets((Map<String, ?>) args[0]);
            case "listOffsets" -> listOffsets((Map<TopicPartition, OffsetSpec>) args[0]);
            default -> throw new UnsupportedOperationException("FakeAdmin does not do " + name);
        };
    }

    private CreateTopicsResult createTopics(Collection<NewTopic> newTopics) {
        Map<String, KafkaFuture<CreateTopicsResult.TopicMetadataAndConfig>> futures = new LinkedHashMap<>();
        for (NewTopic t : newTopics) {
            if (topics.containsKey(t.name())) {
                futures.put(t.name(), failed(new TopicExistsException("Topic '" + t.name() + "' already exists.")));
            } else {
                topics.put(t.name(), t.numPartitions() < 0 ? 1 : t.numPartitions());
                futures.put(t.name(), future(null));
            }
        }
        return new CreateTopicsResult(futures) {};
    }

    private DeleteTopicsResult deleteTopics(Collection<String> names) {
        Map<String, KafkaFuture<Void>> futures = new LinkedHashMap<>();
        for (String n : names) {
            futures.put(n, topics.remove(n) == null ? failed(unknown(n)) : future(null));
        }
        return new DeleteTopicsResult(null, futures) {};
    }

    private DescribeTopicsResult describeTopics(Collection<String> names) {
        boolean led = leaderlessDescribes-- <= 0;
        Map<String, KafkaFuture<TopicDescription>> futures = new LinkedHashMap<>();
        for (String n : names) {
            Integer count = topics.get(n);
            if (count == null) {
                futures.put(n, failed(unknown(n)));
                continue;
            }
            List<TopicPartitionInfo> partitions = new ArrayList<>();
            for (int p = 0; p < count; p++) {
                partitions.add(new TopicPartitionInfo(p, led ? BROKER : null, List.of(BROKER), List.of(BROKER)));
            }
            futures.put(n, future(new TopicDescription(n, false, partitions, Set.of(), Uuid.ONE_UUID)));
        }
        return new DescribeTopicsResult(null, futures) {};
    }

    private Map<String, TopicListing> listings() {
        Map<String, TopicListing> out = new LinkedHashMap<>();
        topics.keySet().forEach(n -> out.put(n, new TopicListing(n, Uuid.ONE_UUID, false)));
        return out;
    }

    private CreatePartitionsResult createPartitions(Map<String, NewPartitions> increases) throws Exception {
        Map<String, KafkaFuture<Void>> futures = new LinkedHashMap<>();
        increases.forEach((n, np) -> {
            topics.put(n, np.totalCount());
            futures.put(n, future(null));
        });
        return construct(CreatePartitionsResult.class, new Class<?>[] {Map.class}, futures);
    }

    private ListConsumerGroupOffsetsResult groupOffsets(Map<String, ?> groups) throws Exception {
        Map<CoordinatorKey, KafkaFuture<Map<TopicPartition, OffsetAndMetadata>>> futures = new HashMap<>();
        for (String g : groups.keySet()) {
            futures.put(CoordinatorKey.byGroupId(g), future(new HashMap<>(committed.getOrDefault(g, Map.of()))));
        }
        return construct(ListConsumerGroupOffsetsResult.class, new Class<?>[] {Map.class}, futures);
    }

    private ListOffsetsResult listOffsets(Map<TopicPartition, OffsetSpec> request) {
        Map<TopicPartition, KafkaFuture<ListOffsetsResultInfo>> futures = new HashMap<>();
        request.forEach((tp, spec) -> {
            Map<TopicPartition, Long> source = spec instanceof OffsetSpec.EarliestSpec ? startOffsets : endOffsets;
            futures.put(
                    tp, future(new ListOffsetsResultInfo(source.getOrDefault(tp, 0L), -1, java.util.Optional.empty())));
        });
        return new ListOffsetsResult(futures);
    }

    private <T> KafkaFuture<T> future(T value) {
        return hang ? new KafkaFutureImpl<>() : KafkaFuture.completedFuture(value);
    }

    private <T> KafkaFuture<T> failed(Exception e) {
        KafkaFutureImpl<T> f = new KafkaFutureImpl<>();
        if (!hang) {
            f.completeExceptionally(e);
        }
        return f;
    }

    private static UnknownTopicOrPartitionException unknown(String topic) {
        return new UnknownTopicOrPartitionException("This server does not host this topic-partition: " + topic);
    }

    private static <T> T construct(Class<T> type, Class<?>[] parameterTypes, Object... args) throws Exception {
        Constructor<T> c = type.getDeclaredConstructor(parameterTypes);
        c.setAccessible(true);
        return c.newInstance(args);
    }
}
