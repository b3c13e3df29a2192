package io.github.jmeterkafka.client;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits the offsets of records handed out, as the {@link CommitMode} says: never those of records
 * polled but not handed out, which Kafka's own auto-commit would commit.
 *
 * <p>Threads: the consumer's thread only; Kafka runs the asynchronous commits' callbacks on it too,
 * inside a later poll or commit.
 */
final class Committer {
    private static final Logger log = LoggerFactory.getLogger(Committer.class);

    private final Consumer<Object, Object> consumer;
    private final CommitMode mode;
    private final long autoCommitIntervalMs;
    private final Map<TopicPartition, OffsetAndMetadata> uncommitted = new HashMap<>();
    private long lastCommitMs = System.currentTimeMillis();
    // System.nanoTime() by which close() must be done, commits on revoke included; 0: not closing
    private long closeDeadline;

    Committer(Consumer<Object, Object> consumer, CommitMode mode, long autoCommitIntervalMs) {
        this.consumer = consumer;
        this.mode = mode;
        this.autoCommitIntervalMs = autoCommitIntervalMs;
    }

    /** A record at {@code offset} was handed out: its partition may be committed past it. */
    void reported(TopicPartition tp, long offset) {
        uncommitted.put(tp, new OffsetAndMetadata(offset + 1));
    }

    /** Commits what was handed out, as the mode says. Throws what Kafka throws. */
    void commitReported() {
        if (uncommitted.isEmpty() || mode == CommitMode.NONE) {
            return;
        }
        switch (mode) {
            case SYNC -> commitSync();
            case ASYNC -> commitAsync();
            default -> {
                if (System.currentTimeMillis() - lastCommitMs >= autoCommitIntervalMs) {
                    commitAsync();
                }
            }
        }
    }

    private void commitSync() {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>(uncommitted);
        consumer.commitSync(offsets);
        offsets.forEach(uncommitted::remove);
        lastCommitMs = System.currentTimeMillis();
    }

    private void commitAsync() {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>(uncommitted);
        uncommitted.clear();
        consumer.commitAsync(offsets, (done, e) -> {
            if (e != null) {
                log.warn("Asynchronous commit of {} failed, to be tried again: {}", done, e.toString());
                Set<TopicPartition> assigned = consumer.assignment();
                done.forEach((tp, o) -> {
                    if (assigned.contains(tp)) {
                        uncommitted.putIfAbsent(tp, o);
                    }
                });
            }
        });
        lastCommitMs = System.currentTimeMillis();
    }

    /**
     * The last commit before closing, within {@code timeout}; the commits on revoke that the close
     * makes end by {@code deadline} ({@link System#nanoTime()}). A failure is logged, not thrown: the
     * close goes on.
     */
    void commitBeforeClose(Duration timeout, long deadline) {
        closeDeadline = deadline;
        try {
            if (mode != CommitMode.NONE && !uncommitted.isEmpty()) {
                // not commitSync(offsets): default.api.timeout.ms (60 s) would bound it, not the close timeout
                Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>(uncommitted);
                consumer.commitSync(offsets, timeout);
                offsets.forEach(uncommitted::remove);
            }
        } catch (RuntimeException e) {
            log.warn("Final commit before closing a consumer failed: {}", FailureText.describe(e));
        }
    }

    /** Takes the pending offsets of partitions being revoked, to commit them with what else goes. */
    Map<TopicPartition, OffsetAndMetadata> take(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> taken = new HashMap<>();
        for (TopicPartition tp : partitions) {
            OffsetAndMetadata o = uncommitted.remove(tp);
            if (o != null) {
                taken.put(tp, o);
            }
        }
        return taken;
    }

    /** Commits the offsets of revoked partitions synchronously, unless the mode never commits. */
    void commitOnRevoke(Map<TopicPartition, OffsetAndMetadata> offsets) {
        if (mode == CommitMode.NONE || offsets.isEmpty()) {
            return;
        }
        if (closeDeadline == 0) {
            consumer.commitSync(offsets);
        } else {
            // the revoke of close(): a commit that cannot succeed (a deleted topic) would retry
            // for default.api.timeout.ms, not for what is left of the close timeout
            consumer.commitSync(offsets, remaining());
        }
    }

    /** Partitions lost without a revoke: their offsets can no longer be committed by this member. */
    void forget(Collection<TopicPartition> partitions) {
        partitions.forEach(uncommitted::remove);
    }

    private Duration remaining() {
        return Duration.ofNanos(Math.max(0, closeDeadline - System.nanoTime()));
    }
}
