package io.github.jmeterkafka.client;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;

/**
 * A group's lag asked again and again within one operation of {@link AdminOperations}: the named topics' partitions
 * are described once, then each ask lists the group's offsets and those partitions' ends side by side, so a wait for
 * a drained backlog sees the lag one round trip after it falls, not three.
 *
 * <p>Threads: one operation's, as {@link AdminOperations}.
 */
final class GroupLagQuery {
    private final Admin admin;
    private final AdminDeadline deadline;
    private final AdminOperations ops;
    private final String groupId;
    private final List<String> names;
    private Set<TopicPartition> named;

    GroupLagQuery(Admin admin, AdminDeadline deadline, AdminOperations ops, String groupId, List<String> names) {
        this.admin = admin;
        this.deadline = deadline;
        this.ops = ops;
        this.groupId = groupId;
        this.names = names;
    }

    GroupLag ask() throws InterruptedException, ExecutionException {
        if (named == null) {
            named = new LinkedHashSet<>();
            if (!names.isEmpty()) {
                for (TopicDescription d : ops.describe(names).values()) {
                    d.partitions().forEach(p -> named.add(new TopicPartition(d.name(), p.partition())));
                }
            }
        }
        KafkaFuture<Map<TopicPartition, ListOffsetsResultInfo>> namedEnds =
                named.isEmpty() ? null : ops.askOffsets(named, OffsetSpec.latest());
        Map<TopicPartition, OffsetAndMetadata> offsets = deadline.await(
                admin.listConsumerGroupOffsets(
                                Map.of(groupId, new ListConsumerGroupOffsetsSpec()),
                                new ListConsumerGroupOffsetsOptions().timeoutMs(deadline.remainingMsInt()))
                        .partitionsToOffsetAndMetadata(groupId),
                "listing the offsets of group " + groupId);
        Map<TopicPartition, Long> committed = new HashMap<>();
        offsets.forEach((tp, om) -> {
            if (om != null && (names.isEmpty() || names.contains(tp.topic()))) {
                committed.put(tp, om.offset());
            }
        });
        Map<TopicPartition, Long> end = new HashMap<>(namedEnds == null ? Map.of() : ops.offsets(namedEnds));
        Set<TopicPartition> others = new LinkedHashSet<>(committed.keySet());
        others.removeAll(named);
        end.putAll(ops.offsets(others, OffsetSpec.latest()));
        Set<TopicPartition> partitions = new LinkedHashSet<>(committed.keySet());
        partitions.addAll(named);
        Set<TopicPartition> uncommitted = new LinkedHashSet<>(partitions);
        uncommitted.removeAll(committed.keySet());
        Map<TopicPartition, Long> start = ops.offsets(uncommitted, OffsetSpec.earliest());
        return new GroupLag(groupId, GroupLag.lags(partitions, committed, end, start));
    }
}
