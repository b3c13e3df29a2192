package io.github.jmeterkafka.harness;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.common.TopicPartition;

/**
 * Kafka's MockConsumer as the unit tests need it: it keeps each commit (synchronous ones with their timeout,
 * null when default.api.timeout.ms bounds it), its next commit or offsetsForTimes can be made to fail, it answers
 * offsetsForTimes from an index, its seekToEnd of nothing means every assigned partition and its close revokes
 * its partitions, as KafkaConsumer documents.
 */
public class TestConsumer extends MockConsumer<Object, Object> {
    public static final TopicPartition P0 = new TopicPartition("t", 0);
    public static final TopicPartition P1 = new TopicPartition("t", 1);

    public final List<Map<TopicPartition, OffsetAndMetadata>> commits = new ArrayList<>();
    public final List<Map<TopicPartition, OffsetAndMetadata>> asyncCommits = new ArrayList<>();
    public final List<Duration> commitTimeouts = new ArrayList<>();
    public final Map<TopicPartition, OffsetAndTimestamp> timeIndex = new HashMap<>();
    /** Fails the next commit, synchronous or not. */
    public RuntimeException nextCommitFailure;

    public RuntimeException nextTimesFailure;
    private ConsumerRebalanceListener listener;

    public TestConsumer() {
        super("earliest");
    }

    /** A group member that owns t-0 and t-1, offsets 0 to 9. */
    public static TestConsumer member() {
        TestConsumer c = new TestConsumer();
        c.assign(Set.of(P0, P1));
        c.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        c.updateEndOffsets(Map.of(P0, 10L, P1, 10L));
        return c;
    }

    @Override
    public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
        commitSync(offsets, null);
    }

    @Override
    public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets, Duration timeout) {
        commitTimeouts.add(timeout);
        RuntimeException e = nextCommitFailure;
        nextCommitFailure = null;
        throwNext(e);
        commits.add(Map.copyOf(offsets));
        // MockConsumer's commitSync calls commitAsync, which here would count it twice
        super.commitAsync(offsets, null);
    }

    @Override
    public synchronized void commitAsync(
            Map<TopicPartition, OffsetAndMetadata> offsets, OffsetCommitCallback callback) {
        RuntimeException e = nextCommitFailure;
        nextCommitFailure = null;
        asyncCommits.add(Map.copyOf(offsets));
        if (e == null) {
            super.commitAsync(offsets, callback);
        } else {
            callback.onComplete(offsets, e);
        }
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

    @Override
    public synchronized void subscribe(Collection<String> topics, ConsumerRebalanceListener listener) {
        this.listener = listener;
        super.subscribe(topics, listener);
    }

    @Override
    public synchronized void close(Duration timeout) {
        if (listener != null && !assignment().isEmpty()) {
            listener.onPartitionsRevoked(assignment());
        }
        super.close(timeout);
    }

    private static void throwNext(RuntimeException e) {
        if (e != null) {
            throw e;
        }
    }
}
