package io.github.jmeterkafka.client;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SequenceHeader;

/**
 * One KafkaConsumer and the records it polled but has not reported yet.
 *
 * <p>Threads: one JMeter thread creates this, calls {@link #read} and {@link #close}; no other thread
 * touches the consumer, except through {@link #wakeup}, which Kafka allows from any thread.
 * Records polled beyond what a sample asked for stay here for the next sample; only offsets of
 * records handed out by {@link #read} are ever committed, and, for a partition handed over to another
 * member before any of its records was handed out, the offset it was positioned at. A revoked
 * partition's next owner among the readers of this JVM goes on after its last reported record,
 * even with no commits.
 */
public final class RecordReader implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RecordReader.class);
    // short enough to notice soon that other threads spent a shared budget
    private static final long POLL_STEP_MS = 100;
    // a read that has records reports them after this long with nothing more
    private static final long QUIET_NANOS = 1_000_000_000L;
    private static final Long FROM_COMMITTED = -1L;

    private final Consumer<Object, Object> consumer;
    private final ReadSpec spec;
    private final CommitMode commitMode;
    private final long autoCommitIntervalMs;
    // polled, not yet reported: one run per partition and poll, in poll order
    private final ArrayDeque<Run> buffer = new ArrayDeque<>();
    private int buffered;
    private final Map<TopicPartition, OffsetAndMetadata> uncommitted = new HashMap<>();
    // partitions whose start is decided, and where a revoked one goes on (FROM_COMMITTED: from the
    // committed offset); shared by the readers of one group, so that a partition moving to another
    // thread goes on after what was reported instead of starting over, also when nothing is committed
    private final Map<TopicPartition, Long> started;
    // per partition: the offset after the last record reported
    private final Map<TopicPartition, Long> reportedUpTo = new HashMap<>();
    // positioned by this reader with nothing reported yet: their start is handed over on revoke
    private final Set<TopicPartition> positioned = new HashSet<>();
    // assigned, but finding their start failed (offsetsForTimes): tried again before the next poll
    private final Set<TopicPartition> unpositioned = new HashSet<>();
    private final Listener listener;
    private long lastCommitMs = System.currentTimeMillis();
    private long rebalanceNanos;
    // a poll failed after records were handed out: they are reported first, the failure next
    private RuntimeException deferred;
    // System.nanoTime() by which close() must be done, commits on revoke included; 0: not closing
    private long closeDeadline;

    /** Told of each record as {@link #read} hands it out: before its offset can be committed. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param polledMicros when the poll that brought the record returned, as
         *                     {@link SequenceHeader#nowMicros()}: a record kept for a later sample keeps it
         */
        void reported(ConsumerRecord<Object, Object> record, long polledMicros);
    }

    /** One partition's records from one poll, as the poll returned them, and how many were handed out. */
    private static final class Run {
        final TopicPartition partition;
        final List<ConsumerRecord<Object, Object>> records;
        final long polledMicros;
        int next;

        Run(TopicPartition partition, List<ConsumerRecord<Object, Object>> records, long polledMicros) {
            this.partition = partition;
            this.records = records;
            this.polledMicros = polledMicros;
        }
    }

    public RecordReader(Consumer<Object, Object> consumer, ReadSpec spec, CommitMode commitMode,
            long autoCommitIntervalMs) {
        this(consumer, spec, commitMode, autoCommitIntervalMs, new HashMap<>(), (r, now) -> { });
    }

    /**
     * @param started  partitions whose start was applied, and where a revoked one goes on; one
     *                 thread-safe map per group and test
     * @param listener sees each record before a commit can move its partition's next owner past it
     */
    public RecordReader(Consumer<Object, Object> consumer, ReadSpec spec, CommitMode commitMode,
            long autoCommitIntervalMs, Map<TopicPartition, Long> started, Listener listener) {
        this.consumer = consumer;
        this.started = started;
        this.listener = listener;
        this.spec = spec;
        this.commitMode = commitMode;
        this.autoCommitIntervalMs = autoCommitIntervalMs;
        if (spec.partitions != null) {
            consumer.assign(spec.partitions);
            positionAtStart(spec.partitions);
        } else if (spec.pattern != null) {
            consumer.subscribe(spec.pattern, new Rebalance());
        } else {
            consumer.subscribe(spec.topics, new Rebalance());
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
        private int count;

        Handout(int keep) {
            kept = new ArrayList<>(Math.min(keep, 4096));
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
        drainInto(out, max, keep, budget);
        long start = System.nanoTime();
        long deadline = start + timeoutMs * 1_000_000L;
        long lastRecords = start;
        boolean polled = false;
        try {
            if (!unpositioned.isEmpty()) {
                List<TopicPartition> again = new ArrayList<>(unpositioned);
                unpositioned.clear();
                again.retainAll(consumer.assignment());
                positionAtStart(again);
            }
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
                    keep(records);
                    drainInto(out, max, keep, budget);
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

    private void keep(ConsumerRecords<Object, Object> polled) {
        long polledMicros = SequenceHeader.nowMicros();
        for (TopicPartition tp : polled.partitions()) {
            List<ConsumerRecord<Object, Object>> records = polled.records(tp);
            if (!records.isEmpty()) {
                buffer.add(new Run(tp, records, polledMicros));
                buffered += records.size();
            }
        }
    }

    private void drainInto(Handout out, int max, int keep, RecordBudget budget) {
        int n = budget.take(Math.min(buffered, max - out.count));
        buffered -= n;
        while (n > 0) {
            Run run = buffer.peek();
            int end = Math.min(run.records.size(), run.next + n);
            for (int i = run.next; i < end; i++) {
                ConsumerRecord<Object, Object> r = run.records.get(i);
                if (out.count++ < keep) {
                    out.kept.add(r);
                }
                listener.reported(r, run.polledMicros);
            }
            n -= end - run.next;
            run.next = end;
            markReported(run.partition, run.records.get(end - 1).offset());
            if (end == run.records.size()) {
                buffer.poll();
            }
        }
    }

    /** Counted as reported at once: a revoke in a later poll of this read must commit it. */
    private void markReported(TopicPartition tp, long offset) {
        uncommitted.put(tp, new OffsetAndMetadata(offset + 1));
        reportedUpTo.put(tp, offset + 1);
        if (!positioned.isEmpty()) {
            positioned.remove(tp);
        }
    }

    /** Commits what {@link #read} handed out, as the commit mode says. Throws what Kafka throws. */
    public void commitReported() {
        if (uncommitted.isEmpty() || commitMode == CommitMode.NONE) {
            return;
        }
        switch (commitMode) {
            case SYNC:
                commitSync();
                break;
            case ASYNC:
                commitAsync();
                break;
            default:
                if (System.currentTimeMillis() - lastCommitMs >= autoCommitIntervalMs) {
                    commitAsync();
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
        // the callback runs on this thread, inside a later poll or commit
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

    public ReadSpec spec() {
        return spec;
    }

    /** Breaks a poll in progress; callable from any thread. */
    public void wakeup() {
        consumer.wakeup();
    }

    /** Buffered records not yet reported. */
    public int buffered() {
        return buffered;
    }

    /** Time spent in group rebalances since the last call, then resets (the sample's connect time). */
    public long takeRebalanceMillis() {
        long ms = rebalanceNanos / 1_000_000L;
        rebalanceNanos = 0;
        return ms;
    }

    /** Commits what was reported, then closes; both within the timeout. */
    public void close(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        closeDeadline = deadline;
        try {
            if (commitMode != CommitMode.NONE && !uncommitted.isEmpty()) {
                // not commitSync(): default.api.timeout.ms (60 s) would bound it, not the close timeout
                Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>(uncommitted);
                consumer.commitSync(offsets, timeout);
                offsets.forEach(uncommitted::remove);
            }
        } catch (RuntimeException e) {
            log.warn("Final commit before closing a consumer failed: {}", Failures.describe(e));
        } finally {
            try {
                // close revokes: the buffer still tells where unreported records start
                consumer.close(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            } finally {
                buffer.clear();
                buffered = 0;
            }
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }

    private void positionAtStart(Collection<TopicPartition> partitions) {
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
            seekToStart(fresh);
        } catch (RuntimeException e) {
            // never read them from where the start does not say: this reader or the next owner tries again
            started.keySet().removeAll(fresh);
            positioned.removeAll(fresh);
            unpositioned.addAll(fresh);
            throw e;
        }
    }

    private void seekToStart(List<TopicPartition> fresh) {
        if (spec.start != ReadSpec.Start.COMMITTED_OR_EARLIEST && spec.start != ReadSpec.Start.COMMITTED_OR_LATEST) {
            positioned.addAll(fresh);
        }
        switch (spec.start) {
            case EARLIEST:
                consumer.seekToBeginning(fresh);
                break;
            case LATEST:
                consumer.seekToEnd(fresh);
                break;
            case OFFSET:
                fresh.forEach(tp -> consumer.seek(tp, spec.startValue));
                break;
            case TIMESTAMP:
                Map<TopicPartition, Long> query = new HashMap<>();
                fresh.forEach(tp -> query.put(tp, spec.startValue));
                Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query);
                List<TopicPartition> none = new ArrayList<>();
                for (TopicPartition tp : fresh) {
                    OffsetAndTimestamp at = found.get(tp);
                    if (at == null) {
                        none.add(tp);
                    } else {
                        consumer.seek(tp, at.offset());
                    }
                }
                if (!none.isEmpty()) {
                    // seekToEnd of nothing means every assigned partition
                    consumer.seekToEnd(none);
                }
                break;
            default:
                // the group's committed offset or auto.offset.reset decide
        }
    }

    /** Runs inside poll(), on the owning thread. */
    private final class Rebalance implements ConsumerRebalanceListener {
        // from creation until the first assignment: the join; later, from revoke to assign
        private long revokedAt = System.nanoTime();

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            revokedAt = System.nanoTime();
            Map<TopicPartition, OffsetAndMetadata> mine = new HashMap<>();
            for (TopicPartition tp : partitions) {
                OffsetAndMetadata o = uncommitted.remove(tp);
                if (o != null) {
                    mine.put(tp, o);
                }
            }
            try {
                for (TopicPartition tp : partitions) {
                    Long next = goesOnAt(tp);
                    if (next != null) {
                        // the next owner in this JVM goes on here, whatever the commit mode or a commit's fate
                        started.put(tp, next);
                        if (positioned.contains(tp)) {
                            mine.put(tp, new OffsetAndMetadata(next));
                        }
                    }
                }
                if (commitMode != CommitMode.NONE && !mine.isEmpty()) {
                    commitOnRevoke(mine);
                }
            } catch (RuntimeException e) {
                log.warn("Commit on rebalance failed for {}: {}", mine.keySet(), Failures.describe(e));
            }
            // unreported records of lost partitions go to their new owner, from the committed offset
            drop(partitions);
        }

        private void commitOnRevoke(Map<TopicPartition, OffsetAndMetadata> offsets) {
            if (closeDeadline == 0) {
                consumer.commitSync(offsets);
            } else {
                // the revoke of close(): a commit that cannot succeed (a deleted topic) would retry
                // for default.api.timeout.ms, not for what is left of the close timeout
                consumer.commitSync(offsets, Duration.ofNanos(Math.max(0, closeDeadline - System.nanoTime())));
            }
        }

        /**
         * The offset of {@code tp}'s first record not reported: its first buffered one, else the one after
         * the last reported, else, positioned with nothing reported, where the consumer stands; null: unknown.
         */
        private Long goesOnAt(TopicPartition tp) {
            for (Run run : buffer) {
                if (run.partition.equals(tp)) {
                    return run.records.get(run.next).offset();
                }
            }
            Long after = reportedUpTo.get(tp);
            if (after != null) {
                return after;
            }
            return positioned.contains(tp) ? consumer.position(tp) : null;
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            if (revokedAt != 0) {
                rebalanceNanos += System.nanoTime() - revokedAt;
                revokedAt = 0;
            }
            positionAtStart(partitions);
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            partitions.forEach(uncommitted::remove);
            drop(partitions);
        }

        private void drop(Collection<TopicPartition> partitions) {
            positioned.removeAll(partitions);
            reportedUpTo.keySet().removeAll(partitions);
            unpositioned.removeAll(partitions);
            buffer.removeIf(run -> {
                boolean lost = partitions.contains(run.partition);
                if (lost) {
                    buffered -= run.records.size() - run.next;
                }
                return lost;
            });
        }
    }
}
