package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SequenceHeader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;

/**
 * One member of a share group: polls records, acknowledges each as the plan decides (accept, release, reject;
 * renew while a slow job runs) and tells its {@link Listener} of every delivery and of every acknowledgement the
 * broker confirmed or refused.
 *
 * <p>Threads: one JMeter thread creates this, calls {@link #read} and {@link #close}; other threads only call
 * {@link #wakeup}. The consumer runs in explicit mode when the plan decides per record, else in implicit mode
 * (every delivered record accepted), as Kafka's share-consumer perf tool does. Acknowledgements leave when a read
 * ends (commitAsync), as a worker reports its finished batch; the broker's answer comes back on a later poll.
 */
public final class ShareReader implements OwnedReader, AutoCloseable {
    private static final long POLL_STEP_MS = 100;

    private final ShareConsumer<Object, Object> consumer;
    private final Decider decider;
    private final Listener listener;
    // records acknowledged and not yet confirmed, per partition and offset
    private final Map<TopicPartition, Map<Long, Pending>> pending = new HashMap<>();
    // jobs whose locks were renewed before they were done, by topic, partition and offset: their work left (ns)
    private final Map<String, Long> inProgress = new HashMap<>();
    // a poll failed after records were delivered: they are reported first, the failure next
    private RuntimeException deferred;

    /** The plan's outcome for one record; null for implicit acknowledgement (every record accepted). */
    @FunctionalInterface
    public interface Decider {
        AcknowledgeType outcome(ConsumerRecord<Object, Object> record);
    }

    /** Told of each delivery as it is handed out, and of each acknowledgement the broker answered. */
    public interface Listener {
        /**
         * A record handed to the plan.
         *
         * @param polledMicros when the poll that brought the record returned, as {@link SequenceHeader#nowMicros()}
         */
        void delivered(ConsumerRecord<Object, Object> record, long polledMicros);

        /** The outcome given to a record, sent with the next commit or poll. */
        void decided(Pending record);

        /**
         * The broker's answer to an acknowledgement.
         *
         * @param failure null when the broker took the acknowledgement
         */
        void acknowledged(Pending record, long ackedMicros, Exception failure);
    }

    /** A record whose acknowledgement is on its way: what its answer needs, not the record's bytes. */
    public static final class Pending {
        public final SequenceHeader sequence;
        public final String topic;
        public final int partition;
        public final long polledMicros;
        public final AcknowledgeType type;
        /** Not counted as the plan's: released because the sampler's record budget was spent. */
        public final boolean overBudget;

        Pending(
                SequenceHeader sequence,
                String topic,
                int partition,
                long polledMicros,
                AcknowledgeType type,
                boolean overBudget) {
            this.sequence = sequence;
            this.topic = topic;
            this.partition = partition;
            this.polledMicros = polledMicros;
            this.type = type;
            this.overBudget = overBudget;
        }
    }

    /** What one read delivered: how many records, and the first of them. */
    public static final class Delivery {
        public final List<ConsumerRecord<Object, Object>> kept;
        private final int keep;
        private int count;
        private int renewals;

        Delivery(int keep) {
            this.keep = keep;
            this.kept = new ArrayList<>(Math.min(keep, 1024));
        }

        public int count() {
            return count;
        }

        /** Lock renewals sent while this read's jobs ran. */
        public int renewals() {
            return renewals;
        }
    }

    /** @param decider null for implicit acknowledgement */
    public ShareReader(
            ShareConsumer<Object, Object> consumer, List<String> topics, Decider decider, Listener listener) {
        this.consumer = consumer;
        this.decider = decider;
        this.listener = listener;
        consumer.setAcknowledgementCommitCallback(this::answered);
        consumer.subscribe(topics);
    }

    /**
     * Records of one poll (at most the consumer's max.poll.records), waiting at most {@code timeoutMs} for them;
     * none when the time runs out or {@link #wakeup} is called. Each record is a job of {@code processingMs}; with
     * {@code renew} (explicit mode), when half the acquisition lock's time has passed the locks of the jobs not done
     * are renewed and the read ends: the client hands those records out again at the next poll, where their work
     * goes on (counted once). Records beyond {@code budget} go back to the group (explicit mode), or are counted
     * all the same (implicit mode: the client accepts every record it delivered).
     */
    public Delivery read(long timeoutMs, RecordBudget budget, int keep, long processingMs, boolean renew)
            throws InterruptedException {
        if (deferred != null) {
            RuntimeException e = deferred;
            deferred = null;
            throw e;
        }
        Delivery out = new Delivery(keep);
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        boolean polled = false;
        try {
            ConsumerRecords<Object, Object> records = ConsumerRecords.empty();
            while (records.isEmpty()
                    && !budget.spent()
                    && !Thread.currentThread().isInterrupted()) {
                long remainingMs = (deadline - System.nanoTime()) / 1_000_000L;
                if (remainingMs <= 0 && polled) {
                    break;
                }
                records = consumer.poll(Duration.ofMillis(Math.max(0, Math.min(remainingMs, POLL_STEP_MS))));
                polled = true;
            }
            if (!records.isEmpty()) {
                handOut(records, out, budget, processingMs, renew);
                consumer.commitAsync();
            }
        } catch (WakeupException e) {
            // Stop was pressed: report what there is
        } catch (RuntimeException e) {
            if (out.count == 0) {
                throw e;
            }
            deferred = e;
        }
        return out;
    }

    private void handOut(
            ConsumerRecords<Object, Object> records,
            Delivery out,
            RecordBudget budget,
            long processingMs,
            boolean renew)
            throws InterruptedException {
        long polledMicros = SequenceHeader.nowMicros();
        List<ConsumerRecord<Object, Object>> jobs = new ArrayList<>(records.count());
        List<Long> workNanos = new ArrayList<>(records.count());
        for (ConsumerRecord<Object, Object> rec : records) {
            Long left = inProgress.isEmpty() ? null : inProgress.remove(key(rec));
            if (left != null) {
                // a renewed job back from the last read: counted then, its work goes on
                jobs.add(rec);
                workNanos.add(left);
            } else if (budget.take(1) == 1 || decider == null) {
                listener.delivered(rec, polledMicros);
                if (out.count++ < out.keep) {
                    out.kept.add(rec);
                }
                jobs.add(rec);
                workNanos.add(processingMs * 1_000_000L);
            } else {
                consumer.acknowledge(rec, AcknowledgeType.RELEASE);
                pending(rec, polledMicros, AcknowledgeType.RELEASE, true);
            }
        }
        long lockedNanos = System.nanoTime();
        long renewNanos = renew && decider != null
                ? consumer.acquisitionLockTimeoutMs().orElse(30_000) / 2L * 1_000_000L
                : Long.MAX_VALUE;
        for (int i = 0; i < jobs.size(); i++) {
            long left = work(workNanos.get(i), lockedNanos + renewNanos);
            if (left > 0) {
                renewFrom(jobs, workNanos, i, left, renewNanos);
                out.renewals++;
                return;
            }
            ConsumerRecord<Object, Object> rec = jobs.get(i);
            AcknowledgeType type = decider == null ? AcknowledgeType.ACCEPT : decider.outcome(rec);
            if (decider != null) {
                consumer.acknowledge(rec, type);
            }
            pending(rec, polledMicros, type, false);
        }
    }

    /**
     * Works on one job until it is done or the locks are due for renewal.
     *
     * @return the job's work left (ns); 0 when done
     */
    private static long work(long nanos, long renewAt) throws InterruptedException {
        long end = System.nanoTime() + nanos;
        while (true) {
            long now = System.nanoTime();
            if (end - now <= 0) {
                return 0;
            }
            if (now - renewAt >= 0) {
                return end - now;
            }
            Thread.sleep(Math.max(1, Math.min(end - now, renewAt - now) / 1_000_000L));
        }
    }

    /**
     * Renews the locks of the jobs not done (from {@code from} on) and keeps their work left: Kafka's client hands
     * renewed records out again at the next poll, where their work goes on.
     */
    private void renewFrom(
            List<ConsumerRecord<Object, Object>> jobs, List<Long> workNanos, int from, long left, long renewNanos) {
        for (int j = from; j < jobs.size(); j++) {
            ConsumerRecord<Object, Object> rec = jobs.get(j);
            consumer.acknowledge(rec, AcknowledgeType.RENEW);
            inProgress.put(key(rec), j == from ? left : workNanos.get(j));
        }
        consumer.commitSync(Duration.ofNanos(renewNanos));
    }

    private static String key(ConsumerRecord<?, ?> rec) {
        return rec.topic() + '\u0000' + rec.partition() + '\u0000' + rec.offset();
    }

    private void pending(
            ConsumerRecord<Object, Object> rec, long polledMicros, AcknowledgeType type, boolean overBudget) {
        Header h = rec.headers().lastHeader(SequenceHeader.NAME);
        Pending p = new Pending(
                h == null ? null : SequenceHeader.decode(h.value()),
                rec.topic(),
                rec.partition(),
                polledMicros,
                type,
                overBudget);
        pending.computeIfAbsent(new TopicPartition(rec.topic(), rec.partition()), k -> new HashMap<>())
                .put(rec.offset(), p);
        listener.decided(p);
    }

    /** The broker's answer to acknowledgements, on this reader's thread (inside poll, commit or close). */
    private void answered(Map<TopicIdPartition, Set<Long>> offsets, Exception failure) {
        long now = SequenceHeader.nowMicros();
        offsets.forEach((tip, set) -> {
            Map<Long, Pending> byOffset = pending.get(tip.topicPartition());
            if (byOffset == null) {
                return;
            }
            for (Long offset : set) {
                // a renewal's answer has none: its record is not acknowledged yet
                Pending p = byOffset.get(offset);
                if (p == null) {
                    continue;
                }
                byOffset.remove(offset);
                listener.acknowledged(p, now, failure);
            }
        });
    }

    @Override
    public void wakeup() {
        consumer.wakeup();
    }

    /** Sends what is acknowledged and waits for the answers, then leaves the group; both within the timeout. */
    @Override
    public void close(Duration timeout) {
        consumer.close(timeout);
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }
}
