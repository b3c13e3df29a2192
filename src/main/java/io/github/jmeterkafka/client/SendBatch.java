package io.github.jmeterkafka.client;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import io.github.jmeterkafka.measure.ProducerStats;

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
    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicReference<Exception> firstFailure = new AtomicReference<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile boolean released;

    private SendBatch(int size, ProducerStats stats) {
        this.size = size;
        this.stats = stats;
        this.acks = new AtomicReferenceArray<>(size);
    }

    /**
     * Hands every record to the producer; never throws: a record the producer refuses at once
     * (serialization, size, metadata timeout) counts as failed.
     */
    public static SendBatch send(Producer<Object, Object> producer, List<ProducerRecord<Object, Object>> records,
            long[] sizes, ProducerStats stats) {
        SendBatch batch = new SendBatch(records.size(), stats);
        stats.sending(System.nanoTime());
        for (int i = 0; i < records.size(); i++) {
            long start = System.nanoTime();
            try {
                producer.send(records.get(i), batch.callback(i, start, sizes[i]));
            } catch (RuntimeException e) {
                batch.complete(i, null, e, start, 0);
            }
        }
        return batch;
    }

    private Callback callback(int index, long sendNanos, long bytes) {
        return (metadata, exception) -> complete(index, metadata, exception, sendNanos, bytes);
    }

    private void complete(int index, RecordMetadata metadata, Exception exception, long sendNanos, long bytes) {
        if (exception == null) {
            acks.set(index, metadata);
            stats.acked(sendNanos, System.nanoTime(), bytes);
        } else {
            failed.incrementAndGet();
            firstFailure.compareAndSet(null, exception);
            stats.failed(Failures.describe(exception));
        }
        if (completed.incrementAndGet() == size) {
            done.countDown();
        }
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
