package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SequenceHeader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * One KafkaConsumer and the records it polled but has not reported yet: polls into a
 * {@link PollBuffer}, hands records out within a read's limits, and leaves commits to a
 * {@link Committer} and positions to a {@link PartitionHandover}.
 *
 * <p>Threads: one JMeter thread creates this, calls {@link #read} and {@link #close}; no other thread
 * touches the consumer, except through {@link #wakeup}, which Kafka allows from any thread.
 * Records polled beyond what a sample asked for stay here for the next sample; only offsets of
 * records handed out by {@link #read} are ever committed, and, for a partition handed over to another
 * member before any of its records was handed out, the offset it was positioned at. A revoked
 * partition's next owner among the readers of this JVM goes on after its last reported record,
 * even with no commits.
 */
public final class RecordReader implements OwnedReader, AutoCloseable {
    // short enough to notice soon that other threads spent a shared budget
    private static final long POLL_STEP_MS = 100;
    // a read that has records reports them after this long with nothing more
    private static final long QUIET_NANOS = 1_000_000_000L;

    private final Consumer<Object, Object> consumer;
    private final ReadSpec spec;
    private final Listener listener;
    private final PollBuffer buffer = new PollBuffer();
    private final Committer committer;
    private final PartitionHandover handover;
    private final GroupRebalance rebalance;
    // a poll failed after records were handed out: they are reported first, the failure next
    private RuntimeException deferred;

    /** Told of each record as {@link #read} hands it out: before its offset can be committed. */
    @FunctionalInterface
    public interface Listener {
        /**
         * Called for each record as it is handed out.
         *
         * @param polledMicros when the poll that brought the record returned, as
         *                     {@link SequenceHeader#nowMicros()}: a record kept for a later sample keeps it
         */
        void reported(ConsumerRecord<Object, Object> record, long polledMicros);
    }

    public RecordReader(
            Consumer<Object, Object> consumer, ReadSpec spec, CommitMode commitMode, long autoCommitIntervalMs) {
        this(consumer, spec, commitMode, autoCommitIntervalMs, new HashMap<>(), (r, now) -> {});
    }

    /**
     * @param started  partitions whose start was applied, and where a revoked one goes on; one
     *                 thread-safe map per group and test
     * @param listener sees each record before a commit can move its partition's next owner past it
     */
    public RecordReader(
            Consumer<Object, Object> consumer,
            ReadSpec spec,
            CommitMode commitMode,
            long autoCommitIntervalMs,
            Map<TopicPartition, Long> started,
            Listener listener) {
        this.consumer = consumer;
        this.spec = spec;
        this.listener = listener;
        this.committer = new Committer(consumer, commitMode, autoCommitIntervalMs);
        this.handover = new PartitionHandover(consumer, spec, started);
        this.rebalance = new GroupRebalance(buffer, committer, handover);
        if (spec.partitions != null) {
            consumer.assign(spec.partitions);
            handover.position(spec.partitions);
        } else if (spec.pattern != null) {
            consumer.subscribe(spec.pattern, rebalance);
        } else {
            consumer.subscribe(spec.topics, rebalance);
        }
    }

    /**
     * Up to {@code max} records, waiting at most {@code timeoutMs} for them; fewer (or none) when
     * the time runs out, when a second passes with nothing more, or when {@link #wakeup} is called.
     * Never blocks past the timeout. A poll that fails after records were handed out returns them,
     * and the next read throws the failure.
     */
    public List<ConsumerRecord<Object, Object>> read(int max, long timeoutMs) {
        return read(max, timeoutMs, RecordBudget.unlimited(), max).kept;
    }

    /** What one read handed out: how many records, and the first of them. */
    public static final class Handout {
        /** The first records handed out, up to the read's {@code keep}. */
        public final List<ConsumerRecord<Object, Object>> kept;

        private final int keep;
        private int count;

        Handout(int keep) {
            this.keep = keep;
            kept = new ArrayList<>(Math.min(keep, 4096));
        }

        void add(ConsumerRecord<Object, Object> record) {
            if (count++ < keep) {
                kept.add(record);
            }
        }

        /** Records handed out: kept or not, each was told to the listener and counts as reported. */
        public int count() {
            return count;
        }
    }

    /**
     * As {@link #read(int, long)}, taking each record from {@code budget} as it is handed out; records
     * beyond the budget stay here, unreported. Returns at once when the budget is spent, and within
     * a poll step of 100 ms when other readers spend it meanwhile. Of the records handed out, only
     * the first {@code keep} are kept for the caller: a kept record's value is a view that holds its
     * whole fetch response (up to 1 MB per partition by default) in memory, so a large read that
     * keeps only what it lists lets the consumer's buffers go as soon as they are read.
     */
    public Handout read(int max, long timeoutMs, RecordBudget budget, int keep) {
        if (deferred != null) {
            RuntimeException e = deferred;
            deferred = null;
            throw e;
        }
        Handout out = new Handout(keep);
        handOut(out, max, budget);
        long start = System.nanoTime();
        long deadline = start + timeoutMs * 1_000_000L;
        long lastRecords = start;
        boolean polled = false;
        try {
            handover.retryUnpositioned();
            while (out.count < max && !budget.spent()) {
                long now = System.nanoTime();
                long remainingMs = (deadline - now) / 1_000_000L;
                // a timeout of 0 still polls once, without waiting
                if ((remainingMs <= 0 && polled) || Thread.currentThread().isInterrupted()) {
                    break;
                }
                if (out.count > 0 && now - lastRecords >= QUIET_NANOS) {
                    // report what there is, rather than hold it (and the records it stands for in a
                    // shared budget) until the timeout
                    break;
                }
                ConsumerRecords<Object, Object> records =
                        consumer.poll(Duration.ofMillis(Math.max(0, Math.min(remainingMs, POLL_STEP_MS))));
                polled = true;
                if (!records.isEmpty()) {
                    lastRecords = System.nanoTime();
                    buffer.add(records);
                    handOut(out, max, budget);
                }
            }
        } catch (WakeupException e) {
            // Stop was pressed: return what we have
        } catch (RuntimeException e) {
            if (out.count == 0) {
                throw e;
            }
            // these records' offsets are to be committed: they must reach a sample
            deferred = e;
        }
        return out;
    }

    private void handOut(Handout out, int max, RecordBudget budget) {
        buffer.handOut(budget.take(Math.min(buffer.size(), max - out.count)), out, listener, this::reported);
    }

    /** Counted as reported at once: a revoke in a later poll of this read must commit it. */
    private void reported(TopicPartition tp, long offset) {
        committer.reported(tp, offset);
        handover.reported(tp, offset);
    }

    /** Commits what {@link #read} handed out, as the commit mode says. Throws what Kafka throws. */
    public void commitReported() {
        committer.commitReported();
    }

    public ReadSpec spec() {
        return spec;
    }

    @Override
    public void wakeup() {
        consumer.wakeup();
    }

    /** Buffered records not yet reported. */
    public int buffered() {
        return buffer.size();
    }

    /** Time spent in group rebalances since the last call, then resets (the sample's connect time). */
    public long takeRebalanceMillis() {
        return rebalance.takeMillis();
    }

    /** Commits what was reported, then closes; both within the timeout. */
    @Override
    public void close(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            committer.commitBeforeClose(timeout, deadline);
        } finally {
            try {
                // close revokes: the buffer still tells where unreported records start
                consumer.close(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            } finally {
                buffer.clear();
            }
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }
}
