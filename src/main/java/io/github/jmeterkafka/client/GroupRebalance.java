package io.github.jmeterkafka.client;

import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A group member's side of a rebalance: commits and hands over what it gives up, positions what it
 * gets, and times the wait (a sample's connect time).
 *
 * <p>Threads: Kafka calls it inside poll() and close(), on the consumer's thread.
 */
final class GroupRebalance implements ConsumerRebalanceListener {
    private static final Logger log = LoggerFactory.getLogger(GroupRebalance.class);

    private final PollBuffer buffer;
    private final Committer committer;
    private final PartitionHandover handover;
    // from creation until the first assignment: the join; later, from revoke to assign
    private long revokedAt = System.nanoTime();
    private long rebalanceNanos;

    GroupRebalance(PollBuffer buffer, Committer committer, PartitionHandover handover) {
        this.buffer = buffer;
        this.committer = committer;
        this.handover = handover;
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        revokedAt = System.nanoTime();
        Map<TopicPartition, OffsetAndMetadata> mine = committer.take(partitions);
        try {
            handover.handOver(partitions, buffer::firstOffset, mine);
            committer.commitOnRevoke(mine);
        } catch (RuntimeException e) {
            log.warn("Commit on rebalance failed for {}: {}", mine.keySet(), FailureText.describe(e));
        }
        // unreported records of lost partitions go to their new owner, from the committed offset
        drop(partitions);
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        if (revokedAt != 0) {
            rebalanceNanos += System.nanoTime() - revokedAt;
            revokedAt = 0;
        }
        handover.position(partitions);
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        committer.forget(partitions);
        drop(partitions);
    }

    private void drop(Collection<TopicPartition> partitions) {
        handover.drop(partitions);
        buffer.drop(partitions);
    }

    /** Time spent in rebalances since the last call, then resets. */
    long takeMillis() {
        long ms = rebalanceNanos / 1_000_000L;
        rebalanceNanos = 0;
        return ms;
    }
}
