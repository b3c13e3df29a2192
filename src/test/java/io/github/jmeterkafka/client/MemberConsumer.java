package io.github.jmeterkafka.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.common.TopicPartition;

/**
 * A MockConsumer that owns t-0 and t-1 (offsets 0 to 9), keeps each commit with its timeout (null:
 * default.api.timeout.ms bounds it), whose next commit or offsetsForTimes can be made to fail, that
 * answers offsetsForTimes from an index, and whose seekToEnd of nothing means every assigned
 * partition, as KafkaConsumer documents.
 */
class MemberConsumer extends MockConsumer<Object, Object> {
    static final TopicPartition P0 = new TopicPartition("t", 0);
    static final TopicPartition P1 = new TopicPartition("t", 1);

    final List<Map<TopicPartition, OffsetAndMetadata>> commits = new ArrayList<>();
    final List<Map<TopicPartition, OffsetAndMetadata>> asyncCommits = new ArrayList<>();
    final List<Duration> commitTimeouts = new ArrayList<>();
    final Map<TopicPartition, OffsetAndTimestamp> timeIndex = new HashMap<>();
    RuntimeException nextCommitFailure;
    RuntimeException nextTimesFailure;

    MemberConsumer() {
        super("earliest");
        assign(Set.of(P0, P1));
        updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        updateEndOffsets(Map.of(P0, 10L, P1, 10L));
    }

    @Override
    public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
        commitSync(offsets, null);
    }

    @Override
    public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets, Duration timeout) {
        commitTimeouts.add(timeout);
        throwNext(nextCommitFailure);
        nextCommitFailure = null;
        commits.add(Map.copyOf(offsets));
    }

    @Override
    public synchronized void commitAsync(
            Map<TopicPartition, OffsetAndMetadata> offsets, OffsetCommitCallback callback) {
        RuntimeException e = nextCommitFailure;
        nextCommitFailure = null;
        asyncCommits.add(Map.copyOf(offsets));
        callback.onComplete(offsets, e);
    }

    @Override
    public synchronized Map<TopicPartition, OffsetAndTimestamp> offsetsForTimes(Map<TopicPartition, Long> query) {
        RuntimeException e = nextTimesFailure;
        nextTimesFailure = null;
        throwNext(e);
        Map<TopicPartition, OffsetAndTimestamp> found = new HashMap<>();
        query.keySet().forEach(tp -> found.put(tp, timeIndex.get(tp)));
        return found;
    }

    @Override
    public synchronized void seekToEnd(Collection<TopicPartition> partitions) {
        super.seekToEnd(partitions.isEmpty() ? assignment() : partitions);
    }

    private static void throwNext(RuntimeException e) {
        if (e != null) {
            throw e;
        }
    }
}
