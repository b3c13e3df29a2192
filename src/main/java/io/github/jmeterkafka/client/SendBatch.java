package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.ProducerStats;
import io.github.jmeterkafka.measure.SendSchedule;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * The records of one sample, sent asynchronously, each with its own callback, and their outcome. A batch is
 * {@linkplain #open opened}, gets its records one {@link #send} at a time, and is {@link #close closed}: it is done
 * when every record it got is acknowledged or failed.
 *
 * <p>Threads: {@link #send}, {@link #close} and {@link #await} run on the sampler's thread; the callbacks run on the
 * producer's I/O thread and only record into this object and the {@link ProducerStats}; a Stop may call
 * {@link #release} from any thread. A record that completes after the sample stopped waiting still reaches the stats,
 * so nothing is lost from the totals.
 */
public final class SendBatch {
    /** The records whose broker answer a batch keeps: what a sample's response lists. */
    public static final int LISTED = 20;

    private final ProducerStats stats;
    private final boolean keepLatencies;
    private final boolean paced;
    // in a transaction an ack counts only once the transaction commits: kept until it ends
    private final boolean transactional;
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile boolean released;
    // the sampler's thread writes these; the callbacks read size only once closed, which is set under the lock
    private int size;
    private boolean closed;
    private long sentBytes;
    private long firstSendNanos;
    // guarded by this
    private final RecordMetadata[] acks = new RecordMetadata[LISTED];
    private final BitSet settled = new BitSet();
    private int completed;
    private int failed;
    private long lastCompletedNanos;
    // values the serializer made from objects: their size is known once acknowledged
    private long serializedValueBytes;
    private Exception firstFailure;
    private Boolean committed;
    private Supplier<String> abortCause;
    // intended, send and ack times and bytes of the records acknowledged in a transaction still open
    private final List<long[]> ackedInTransaction = new ArrayList<>();
    // the counted records' figures, when the sample reports them
    private RecordTimes counted = new RecordTimes();

    private SendBatch(ProducerStats stats, boolean transactional, boolean keepLatencies, boolean paced) {
        this.stats = stats;
        this.transactional = transactional;
        this.keepLatencies = keepLatencies;
        this.paced = paced;
    }

    /**
     * A batch to {@link #send} records into. In a {@code transactional} batch, acknowledged records reach the stats
     * when {@link #transactionEnded} says how the transaction ended. With {@code keepLatencies} the batch keeps what
     * {@link #countedMicros} returns; {@code paced}: the records have intended send times, whose waits it keeps too.
     */
    public static SendBatch open(ProducerStats stats, boolean transactional, boolean keepLatencies, boolean paced) {
        return new SendBatch(stats, transactional, keepLatencies, paced);
    }

    /**
     * Sends {@code n} records and closes the batch: record i is made with the sending's maker right before it is handed to
     * the producer, so that a send time it carries is that of its own send, not of the sample's first. With
     * {@code slots} (a paced run) record i was due at {@code slots.intendedNanos(i)}: it is not sent before, and its
     * wait to be sent counts in its corrected latency. When a send ends the sample ({@link AtOnce#endsSample}) the records
     * left fail with it unmade, so a sample blocks max.block.ms once, not once per record.
     */
    public static SendBatch send(Sending s, int n, boolean transactional, SendSchedule.Claim slots) {
        ProducerStats stats = s.stats();
        SendBatch batch = open(stats, transactional, s.keepLatencies(), slots != null);
        stats.sending(slots != null ? slots.intendedNanos(0) : System.nanoTime());
        for (int i = 0; i < n; i++) {
            if (slots != null && i > 0) {
                slots.awaitDue(i);
            }
            RuntimeException atOnce = slots != null
                    ? batch.send(s.producer(), s.maker(), slots.intendedNanos(i), slots.intendedEpochMicros(i))
                    : batch.send(s.producer(), s.maker(), 0, Outgoing.NOT_PACED);
            if (AtOnce.endsSample(atOnce)) {
                batch.failUnsent(n - i - 1, atOnce);
                break;
            }
        }
        batch.close();
        return batch;
    }

    /**
     * The two batches' records as one finished batch, as they stand now (records that complete later still reach the
     * stats): for a thread's last sample, which reports the batch it filled while waiting for the one before.
     */
    public static SendBatch joined(SendBatch a, SendBatch b) {
        SendBatch j = new SendBatch(a.stats, false, a.keepLatencies, a.paced);
        synchronized (a) {
            synchronized (b) {
                j.size = a.size + b.size;
                j.sentBytes = a.sentBytes + b.sentBytes;
                j.serializedValueBytes = a.serializedValueBytes + b.serializedValueBytes;
                j.firstSendNanos = a.size > 0 ? a.firstSendNanos : b.firstSendNanos;
                j.lastCompletedNanos = Math.max(a.lastCompletedNanos, b.lastCompletedNanos);
                System.arraycopy(a.acks, 0, j.acks, 0, LISTED);
                for (int i = a.size; i < LISTED; i++) {
                    j.acks[i] = b.acks[i - a.size];
                }
                j.completed = a.completed + b.completed;
                j.failed = a.failed + b.failed;
                j.firstFailure = a.firstFailure != null ? a.firstFailure : b.firstFailure;
                j.counted = a.counted.plus(b.counted);
                j.released = a.released || b.released;
                j.closed = true;
            }
        }
        j.done.countDown();
        return j;
    }

    /**
     * Makes the batch's next record and hands it to the producer; never throws: a record that cannot be made or that
     * the producer refuses at once (serialization, size, metadata timeout) counts as failed.
     *
     * @param intendedNanos       on a paced batch when the record was due; else ignored (due when sent)
     * @param intendedEpochMicros the same in microseconds since the epoch, or {@link Outgoing#NOT_PACED}
     * @return how the send failed at once, or null
     */
    public RuntimeException send(
            Producer<Object, Object> producer, Outgoing.Maker make, long intendedNanos, long intendedEpochMicros) {
        int index = size++;
        long start = System.nanoTime();
        if (index == 0) {
            firstSendNanos = start;
        }
        long intended = paced ? intendedNanos : start;
        try {
            Outgoing out = make.make(index, intendedEpochMicros);
            sentBytes += out.bytes();
            start = System.nanoTime();
            long sent = start;
            long due = paced ? intended : sent;
            long valueBytes = out.valueBytes();
            return AtOnce.failure(
                    producer.send(out.record(), (metadata, e) -> complete(index, metadata, e, due, sent, valueBytes)));
        } catch (RuntimeException e) {
            complete(index, null, e, intended, start, 0);
            return e;
        }
    }

    /** The next {@code count} records fail unmade with {@code cause}. */
    public void failUnsent(int count, RuntimeException cause) {
        for (int j = 0; j < count; j++) {
            long now = System.nanoTime();
            complete(size++, null, cause, now, now, 0);
        }
    }

    /** No record is added after this: the batch is done once those it has complete. */
    public void close() {
        synchronized (this) {
            closed = true;
            if (completed == size) {
                done.countDown();
            }
        }
    }

    private synchronized void complete(
            int index, RecordMetadata metadata, Exception exception, long intendedNanos, long sendNanos, long bytes) {
        // a transactional send() can throw after appending the record, whose callback then fires too
        if (settled.get(index)) {
            return;
        }
        settled.set(index);
        long now = System.nanoTime();
        if (exception == null) {
            if (index < LISTED) {
                acks[index] = metadata;
            }
            if (bytes < 0) {
                bytes = Math.max(0, metadata.serializedValueSize());
                serializedValueBytes += bytes;
            }
            if (transactional) {
                ackedInTransaction(intendedNanos, sendNanos, now, bytes);
            } else {
                counted(intendedNanos, sendNanos, now, bytes);
            }
        } else {
            if (firstFailure == null) {
                firstFailure = exception;
            }
            failed++;
            // on the network thread, once per failed record: described only if it is the run's first
            stats.failed(1, () -> FailureText.describe(exception));
        }
        lastCompletedNanos = now;
        if (++completed == size && closed) {
            done.countDown();
        }
    }

    private void ackedInTransaction(long intendedNanos, long sendNanos, long ackNanos, long bytes) {
        if (committed == null) {
            ackedInTransaction.add(new long[] {intendedNanos, sendNanos, ackNanos, bytes});
        } else if (committed) {
            counted(intendedNanos, sendNanos, ackNanos, bytes);
        } else {
            stats.failed(1, abortCause);
        }
    }

    /** An acknowledged record counts as sent: in the stats, and in this batch's own figures. */
    private void counted(long intendedNanos, long sendNanos, long ackNanos, long bytes) {
        stats.acked(intendedNanos, sendNanos, ackNanos, bytes);
        if (keepLatencies) {
            counted.add(intendedNanos, sendNanos, ackNanos, bytes);
        }
    }

    /** Latencies (µs) of the records counted as sent so far; empty unless the batch keeps them. */
    public synchronized int[] countedMicros() {
        return counted.micros();
    }

    /** On a paced run, the counted records' latencies (µs) from their intended send times; else null. */
    public synchronized int[] countedCorrectedMicros() {
        return paced && keepLatencies ? counted.correctedMicros() : null;
    }

    /** On a paced run, the counted records' waits (µs) from their intended to their actual send; else null. */
    public synchronized int[] countedDelayMicros() {
        return paced && keepLatencies ? counted.delayMicros() : null;
    }

    /** Value bytes of the records counted as sent so far, as producer-perf-test counts its MB. */
    public synchronized long countedBytes() {
        return counted.bytes();
    }

    /**
     * The transaction of this batch ended: its acknowledged records count as sent if it committed,
     * else as failed, for {@code cause}; broker-written records of an aborted transaction are not delivered.
     */
    public synchronized void transactionEnded(boolean commit, Supplier<String> cause) {
        committed = commit;
        abortCause = cause;
        if (commit) {
            ackedInTransaction.forEach(r -> counted(r[0], r[1], r[2], r[3]));
        } else if (!ackedInTransaction.isEmpty()) {
            stats.failed(ackedInTransaction.size(), cause);
        }
        ackedInTransaction.clear();
    }

    /**
     * Waits until every record is acknowledged or failed, at most {@code timeoutMs}.
     *
     * @return true when all completed
     */
    public boolean await(long timeoutMs) throws InterruptedException {
        return awaitNanos(TimeUnit.MILLISECONDS.toNanos(timeoutMs));
    }

    /** {@link #await} in nanoseconds. */
    public boolean awaitNanos(long timeoutNanos) throws InterruptedException {
        return done.await(timeoutNanos, TimeUnit.NANOSECONDS) && pending() == 0;
    }

    /** Whether the batch is closed and every record completed (or the wait was released). */
    public boolean isDone() {
        return done.getCount() == 0;
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

    /** Records handed to this batch so far. */
    public int size() {
        return size;
    }

    /** When the first record was handed to the producer ({@link System#nanoTime}); 0 before. */
    public long firstSendNanos() {
        return firstSendNanos;
    }

    /** When the last record completed ({@link System#nanoTime}); 0 before any did. */
    public synchronized long lastCompletedNanos() {
        return lastCompletedNanos;
    }

    /**
     * Key, value and header bytes of the records handed to the producer (JMeter's sent bytes); values
     * the serializer made from objects count once acknowledged.
     */
    public synchronized long sentBytes() {
        return sentBytes + serializedValueBytes;
    }

    public synchronized int acked() {
        return completed - failed;
    }

    public synchronized int failed() {
        return failed;
    }

    public synchronized int pending() {
        return size - completed;
    }

    public synchronized Exception firstFailure() {
        return firstFailure;
    }

    /** The broker's answer for record {@code index} (below {@link #LISTED}), or null if not (yet) acknowledged. */
    public synchronized RecordMetadata metadata(int index) {
        return index < LISTED ? acks[index] : null;
    }
}
