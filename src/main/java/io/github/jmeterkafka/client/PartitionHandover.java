package io.github.jmeterkafka.client;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a partition starts and, when it moves to another thread of the group, where it goes on.
 * A partition is positioned at the start once per group and test ("earliest" must not restart on a
 * rebalance); a revoked one's next owner in this JVM goes on after its last record handed out, also
 * when nothing is committed.
 *
 * <p>Threads: the {@code started} map is shared by the readers of one group and thread-safe; the rest
 * belongs to the consumer's thread.
 */
final class PartitionHandover {
    private static final Long FROM_COMMITTED = -1L;

    private final Consumer<Object, Object> consumer;
    private final ReadSpec spec;
    // partitions whose start is decided, and where a revoked one goes on (FROM_COMMITTED: from the
    // committed offset)
    private final Map<TopicPartition, Long> started;
    // per partition: the offset after the last record handed out
    private final Map<TopicPartition, Long> reportedUpTo = new HashMap<>();
    // positioned by this reader with nothing handed out yet: their start is handed over on revoke
    private final Set<TopicPartition> positioned = new HashSet<>();
    // assigned, but finding their start failed (offsetsForTimes): tried again before the next poll
    private final Set<TopicPartition> unpositioned = new HashSet<>();

    /** @param started one thread-safe map per group and test */
    PartitionHandover(Consumer<Object, Object> consumer, ReadSpec spec, Map<TopicPartition, Long> started) {
        this.consumer = consumer;
        this.spec = spec;
        this.started = started;
    }

    /**
     * Positions newly owned partitions: where a previous owner left off, else at the start. A start
     * that could not be found is thrown, and tried again by {@link #retryUnpositioned} or the next owner.
     */
    void position(Collection<TopicPartition> partitions) {
        List<TopicPartition> fresh = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            Long handedOver = started.put(tp, FROM_COMMITTED);
            if (handedOver == null) {
                fresh.add(tp);
            } else if (handedOver >= 0) {
                consumer.seek(tp, handedOver);
            }
        }
        if (fresh.isEmpty()) {
            return;
        }
        try {
            if (spec.start.seeks()) {
                positioned.addAll(fresh);
            }
            StartPositioning.seek(consumer, spec.start, spec.startValue, fresh);
        } catch (RuntimeException e) {
            // never read them from where the start does not say
            started.keySet().removeAll(fresh);
            positioned.removeAll(fresh);
            unpositioned.addAll(fresh);
            throw e;
        }
    }

    /** Before a poll: positions the partitions still owned whose start could not be found. */
    void retryUnpositioned() {
        if (!unpositioned.isEmpty()) {
            List<TopicPartition> again = new ArrayList<>(unpositioned);
            unpositioned.clear();
            again.retainAll(consumer.assignment());
            position(again);
        }
    }

    /** A record at {@code offset} was handed out. */
    void reported(TopicPartition tp, long offset) {
        reportedUpTo.put(tp, offset + 1);
        if (!positioned.isEmpty()) {
            positioned.remove(tp);
        }
    }

    /**
     * Hands revoked partitions on: their next owner in this JVM goes on at their first record not
     * handed out, whatever the commit mode or a commit's fate. A partition positioned with nothing
     * handed out also goes into {@code toCommit}, at where it stands, so that an owner in another
     * JVM does not start from an older commit.
     *
     * @param firstBuffered a partition's first record polled but not handed out, or null
     */
    void handOver(
            Collection<TopicPartition> revoked,
            Function<TopicPartition, Long> firstBuffered,
            Map<TopicPartition, OffsetAndMetadata> toCommit) {
        for (TopicPartition tp : revoked) {
            Long next = goesOnAt(tp, firstBuffered);
            if (next != null) {
                started.put(tp, next);
                if (positioned.contains(tp)) {
                    toCommit.put(tp, new OffsetAndMetadata(next));
                }
            }
        }
    }

    private Long goesOnAt(TopicPartition tp, Function<TopicPartition, Long> firstBuffered) {
        Long buffered = firstBuffered.apply(tp);
        if (buffered != null) {
            return buffered;
        }
        Long after = reportedUpTo.get(tp);
        if (after != null) {
            return after;
        }
        return positioned.contains(tp) ? consumer.position(tp) : null;
    }

    /** Forgets partitions this consumer no longer owns. */
    void drop(Collection<TopicPartition> partitions) {
        positioned.removeAll(partitions);
        reportedUpTo.keySet().removeAll(partitions);
        unpositioned.removeAll(partitions);
    }
}
