package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.ProducerStats;
import io.github.jmeterkafka.measure.SendSchedule;
import io.github.jmeterkafka.payload.RowsEnded;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * The records of one sample, sent asynchronously, each with its own callback, and their outcome.
 *
 * <p>Threads: {@link #send} and {@link #await} run on the sampler's thread; the callbacks run on the
 * producer's I/O thread and only record into this object and the {@link ProducerStats}; a Stop may
 * call {@link #release} from any thread. A record that completes after the sample stopped waiting
 * still reaches the stats, so nothing is lost from the totals.
 */
public final class SendBatch {
    private final int size;
    private final ProducerStats stats;
    private final AtomicReferenceArray<RecordMetadata> acks;
    private final AtomicIntegerArray settled;
    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    // values the serializer made from objects: their size is known once acknowledged
    private final AtomicLong serializedValueBytes = new AtomicLong();
    private final AtomicReference<Exception> firstFailure = new AtomicReference<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile boolean released;
    private long sentBytes;
    // in a transaction an ack counts only once the transaction commits: kept until it ends
    private final boolean transactional;
    private Boolean committed;
    private Supplier<String> abortCause;
    private long[] ackedIntended;
    private long[] ackedSend;
    private long[] ackedAt;
    private long[] ackedBytes;
    private int ackedKept;
    // the counted records' latencies (µs) and value bytes, when the sample reports them (guarded by this);
    // on a paced run also from the intended send time, and the wait to be sent
    private final int[] countedMicros;
    private final int[] countedCorrectedMicros;
    private final int[] countedDelayMicros;
    private int counted;
    private long countedBytes;

    /** A record as it is handed to the producer, and its weight. */
    public static final class Outgoing {
        final ProducerRecord<Object, Object> record;
        final long bytes;
        final long valueBytes;

        /**
         * @param bytes      key, value and headers: JMeter's sent bytes
         * @param valueBytes the value alone, as producer-perf-test counts its MB; -1 for a value the
         *                   serializer makes from an object: its serialized size is taken from the ack
         */
        public Outgoing(ProducerRecord<Object, Object> record, long bytes, long valueBytes) {
            this.record = record;
            this.bytes = bytes;
            this.valueBytes = valueBytes;
        }
    }

    private SendBatch(int size, ProducerStats stats, boolean transactional, boolean keepLatencies, boolean paced) {
        this.size = size;
        this.countedMicros = keepLatencies ? new int[size] : null;
        this.countedCorrectedMicros = keepLatencies && paced ? new int[size] : null;
        this.countedDelayMicros = keepLatencies && paced ? new int[size] : null;
        this.stats = stats;
        this.transactional = transactional;
        this.acks = new AtomicReferenceArray<>(size);
        this.settled = new AtomicIntegerArray(size);
    }

    /**
     * Makes record i with {@code make} right before handing it to the producer, so that a send time
     * it carries is that of its own send, not of the sample's first; never throws: a record that
     * cannot be made or that the producer refuses at once (serialization, size, metadata timeout)
     * counts as failed. After a {@link TimeoutException} or an {@link InterruptException} (Stop) in
     * {@code send()} the records left fail with it unmade, so a sample blocks max.block.ms once, not
     * once per record. In a {@code transactional} batch, acknowledged records reach the stats when
     * {@link #transactionEnded} says how the transaction ended. With {@code keepLatencies} the batch
     * keeps what {@link #countedMicros} returns. With {@code slots} (a paced run) record i was due at
     * {@code slots.intendedNanos(i)}: it is not sent before, and its wait to be sent counts in its corrected
     * latency.
     */
    @SuppressWarnings("java:S107") // what one sample's sending needs
    public static SendBatch send(
            Producer<Object, Object> producer,
            int n,
            IntFunction<Outgoing> make,
            ProducerStats stats,
            boolean transactional,
            boolean keepLatencies,
            SendSchedule.Claim slots) {
        SendBatch batch = new SendBatch(n, stats, transactional, keepLatencies, slots != null);
        stats.sending(slots != null ? slots.intendedNanos(0) : System.nanoTime());
        for (int i = 0; i < n; i++) {
            if (slots != null && i > 0) {
                slots.awaitDue(i);
            }
            long start = System.nanoTime();
            long intended = slots != null ? slots.intendedNanos(i) : start;
            RuntimeException atOnce;
            try {
                Outgoing out = make.apply(i);
                batch.sentBytes += out.bytes;
                start = System.nanoTime();
                if (slots == null) {
                    intended = start;
                }
                atOnce = failure(producer.send(out.record, batch.callback(i, intended, start, out.valueBytes)));
            } catch (RuntimeException e) {
                batch.complete(i, null, e, intended, start, 0);
                atOnce = e;
            }
            if (endsSample(atOnce)) {
                for (int j = i + 1; j < n; j++) {
                    long now = System.nanoTime();
                    batch.complete(j, null, atOnce, now, now, 0);
                }
                break;
            }
        }
        return batch;
    }

    /**
     * After this, the records left in a sample fail with it unmade: send() waited max.block.ms (metadata, buffer
     * space) and each further record would wait as long again; or Stop interrupted it; or a CSV file read with
     * "stop" has no row left.
     */
    static boolean endsSample(RuntimeException atOnce) {
        return atOnce instanceof TimeoutException
                || atOnce instanceof InterruptException
                || atOnce instanceof RowsEnded;
    }

    /** How a send the producer already gave up on failed; null while pending or acknowledged. */
    static RuntimeException failure(Future<RecordMetadata> ack) {
        if (ack == null || !ack.isDone()) {
            return null;
        }
        try {
            ack.get();
            return null;
        } catch (ExecutionException e) {
            return e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private Callback callback(int index, long intendedNanos, long sendNanos, long bytes) {
        return (metadata, exception) -> complete(index, metadata, exception, intendedNanos, sendNanos, bytes);
    }

    private void complete(
            int index, RecordMetadata metadata, Exception exception, long intendedNanos, long sendNanos, long bytes) {
        // a transactional send() can throw after appending the record, whose callback then fires too
        if (!settled.compareAndSet(index, 0, 1)) {
            return;
        }
        if (exception == null) {
            acks.set(index, metadata);
            if (bytes < 0) {
                bytes = Math.max(0, metadata.serializedValueSize());
                serializedValueBytes.addAndGet(bytes);
            }
            if (transactional) {
                ackedInTransaction(intendedNanos, sendNanos, System.nanoTime(), bytes);
            } else {
                counted(intendedNanos, sendNanos, System.nanoTime(), bytes);
            }
        } else {
            // set before the count: whoever sees failed() > 0 finds firstFailure()
            firstFailure.compareAndSet(null, exception);
            failed.incrementAndGet();
            // on the network thread, once per failed record: described only if it is the run's first
            stats.failed(1, () -> FailureText.describe(exception));
        }
        if (completed.incrementAndGet() == size) {
            done.countDown();
        }
    }

    private synchronized void ackedInTransaction(long intendedNanos, long sendNanos, long ackNanos, long bytes) {
        if (committed == null) {
            if (ackedSend == null) {
                ackedIntended = new long[size];
                ackedSend = new long[size];
                ackedAt = new long[size];
                ackedBytes = new long[size];
            }
            ackedIntended[ackedKept] = intendedNanos;
            ackedSend[ackedKept] = sendNanos;
            ackedAt[ackedKept] = ackNanos;
            ackedBytes[ackedKept++] = bytes;
        } else if (committed) {
            counted(intendedNanos, sendNanos, ackNanos, bytes);
        } else {
            stats.failed(1, abortCause);
        }
    }

    /** An acknowledged record counts as sent: in the stats, and in this batch's own figures. */
    private void counted(long intendedNanos, long sendNanos, long ackNanos, long bytes) {
        stats.acked(intendedNanos, sendNanos, ackNanos, bytes);
        if (countedMicros != null) {
            synchronized (this) {
                if (countedCorrectedMicros != null) {
                    countedCorrectedMicros[counted] = micros(intendedNanos, ackNanos);
                    countedDelayMicros[counted] = micros(intendedNanos, sendNanos);
                }
                countedMicros[counted++] = micros(sendNanos, ackNanos);
                countedBytes += bytes;
            }
        }
    }

    private static int micros(long fromNanos, long toNanos) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, (toNanos - fromNanos) / 1000));
    }

    /** Latencies (µs) of the records counted as sent so far; empty unless the batch keeps them. */
    public synchronized int[] countedMicros() {
        return countedMicros == null ? new int[0] : Arrays.copyOf(countedMicros, counted);
    }

    /** On a paced run, the counted records' latencies (µs) from their intended send times; else null. */
    public synchronized int[] countedCorrectedMicros() {
        return countedCorrectedMicros == null ? null : Arrays.copyOf(countedCorrectedMicros, counted);
    }

    /** On a paced run, the counted records' waits (µs) from their intended to their actual send; else null. */
    public synchronized int[] countedDelayMicros() {
        return countedDelayMicros == null ? null : Arrays.copyOf(countedDelayMicros, counted);
    }

    /** Value bytes of the records counted as sent so far, as producer-perf-test counts its MB. */
    public synchronized long countedBytes() {
        return countedBytes;
    }

    /**
     * The transaction of this batch ended: its acknowledged records count as sent if it committed,
     * else as failed, for {@code cause}; broker-written records of an aborted transaction are not delivered.
     */
    public synchronized void transactionEnded(boolean commit, Supplier<String> cause) {
        committed = commit;
        abortCause = cause;
        if (commit) {
            for (int i = 0; i < ackedKept; i++) {
                counted(ackedIntended[i], ackedSend[i], ackedAt[i], ackedBytes[i]);
            }
        } else if (ackedKept > 0) {
            stats.failed(ackedKept, cause);
        }
        ackedKept = 0;
    }

    /**
     * Waits until every record is acknowledged or failed, at most {@code timeoutMs}.
     *
     * @return true when all completed
     */
    public boolean await(long timeoutMs) throws InterruptedException {
        return done.await(timeoutMs, TimeUnit.MILLISECONDS) && completed.get() == size;
    }

    /** Stops a waiting {@link #await} early (JMeter's Stop). */
    public void release() {
        released = true;
        done.countDown();
    }

    /** Whether the wait was stopped by {@link #release}. */
    public boolean released() {
        return released;
    }

    public int size() {
        return size;
    }

    /**
     * Key, value and header bytes of the records handed to the producer (JMeter's sent bytes); values
     * the serializer made from objects count once acknowledged.
     */
    public long sentBytes() {
        return sentBytes + serializedValueBytes.get();
    }

    public int acked() {
        return completed.get() - failed.get();
    }

    public int failed() {
        return failed.get();
    }

    public int pending() {
        return size - completed.get();
    }

    public Exception firstFailure() {
        return firstFailure.get();
    }

    /** The broker's answer for record {@code index}, or null if it was not (yet) acknowledged. */
    public RecordMetadata metadata(int index) {
        return acks.get(index);
    }
}
