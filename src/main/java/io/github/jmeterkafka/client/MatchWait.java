package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.MatchStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The records one sample expects (a Request-Reply's replies to its requests, an Await's records) and what became of
 * each: matched in time (its latency counted: a request's round trip, an awaited record's time from the await's
 * start), timed out, failed to send, or abandoned at Stop.
 *
 * <p>Threads: the sampler's thread sends and waits; the reply reader's thread answers, the producer's I/O
 * thread fails sends, both through the {@link ReplyRegistry}, whose lock guards every state here; a Stop
 * may {@link #release} the wait from any thread.
 */
public final class MatchWait {
    static final long END_CHECK_MS = 100;
    private static final long END_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(END_CHECK_MS);
    static final byte PENDING = 0;
    static final byte MATCHED = 1;
    static final byte TIMED_OUT = 2;
    static final byte FAILED = 3;
    static final byte ABANDONED = 4;

    private final ReplyRegistry registry;
    // null: correlated by the plugin's ids in a header
    private final ValueMatches matches;
    final CorrelationIds.Block ids;
    private final long timeoutNanos;
    private final MatchStats stats;
    private final long[] sendNanos;
    // on a paced run: when each request was due, and the matched ones' round trips from then (else null)
    private long[] intendedNanos;
    private int[] correctedMicros;
    private int[] delayMicros;
    private final byte[] states;
    private final int[] latencyMicros;
    private final CountDownLatch settled;
    private final List<ConsumerRecord<Object, Object>> replies = new ArrayList<>();
    // correlated by a value the service keeps: each request's value (else null: by the plugin's ids)
    private String[] values;
    private int matched;
    private int timedOut;
    private int failed;
    private long firstReplyNanos;
    private long lastSendNanos;
    private String firstTimedOut;
    private Exception firstFailure;
    private volatile boolean released;

    MatchWait(
            ReplyRegistry registry,
            CorrelationIds.Block ids,
            int n,
            long timeoutNanos,
            MatchStats stats,
            ValueMatches matches) {
        this.registry = registry;
        this.matches = matches;
        this.ids = ids;
        this.timeoutNanos = timeoutNanos;
        this.stats = stats;
        this.sendNanos = new long[n];
        this.states = new byte[n];
        this.latencyMicros = new int[n];
        this.settled = new CountDownLatch(n);
    }

    public int size() {
        return states.length;
    }

    /** Request {@code index}'s correlation id. */
    public byte[] id(int index) {
        return ids.id(index);
    }

    /**
     * Request {@code index}, already {@link #sending sending}, is matched by the record whose correlation value
     * is {@code value} (correlated by a value the service keeps); a record held since {@code sinceNanos} answers
     * it at once.
     *
     * @throws io.github.jmeterkafka.input.InvalidInputException another pending or recent request has that value
     */
    public void expect(int index, String value, long sinceNanos) {
        synchronized (registry) {
            if (values == null) {
                values = new String[states.length];
            }
            values[index] = value;
            try {
                registry.expect(this, index, value, sinceNanos);
            } catch (RuntimeException e) {
                values[index] = null;
                throw e;
            }
        }
    }

    /** Request {@code index}'s correlation value, or null when correlated by the plugin's ids. */
    String value(int index) {
        return values == null ? null : values[index];
    }

    ValueMatches matches() {
        if (matches == null) {
            throw new IllegalStateException("this wait is correlated by the plugin's ids, not by a value");
        }
        return matches;
    }

    MatchStats stats() {
        return stats;
    }

    /** Request {@code index} is handed to the producer now: its round trip starts. */
    public void sending(int index, long nanos) {
        synchronized (registry) {
            sendNanos[index] = nanos;
            lastSendNanos = nanos;
        }
    }

    /** Request {@code index} of a paced run, due at {@code intendedNanos}, is handed to the producer now. */
    public void sending(int index, long intendedNanos, long nanos) {
        synchronized (registry) {
            if (this.intendedNanos == null) {
                this.intendedNanos = new long[states.length];
                correctedMicros = new int[states.length];
                delayMicros = new int[states.length];
            }
            this.intendedNanos[index] = intendedNanos;
            sendNanos[index] = nanos;
            lastSendNanos = nanos;
        }
    }

    /**
     * The timeouts run from {@code nanos} if that is later than the last send: an await whose cause came before its
     * reader could read waits its whole timeout once the reader is there.
     */
    public void timeoutFrom(long nanos) {
        synchronized (registry) {
            lastSendNanos = Math.max(lastSendNanos, nanos);
        }
    }

    /** Request {@code index} could not be sent (refused at once, or its ack failed). */
    public void sendFailed(int index, Exception cause) {
        registry.sendFailed(this, index, cause);
    }

    /**
     * Waits until every request is settled, or each pending one's timeout has passed since its send, then
     * settles those still pending as timed out. Interrupted, {@link #release}d (Stop) or told to end by
     * {@code end} (checked every {@value #END_CHECK_MS} ms): the pending ones are abandoned.
     */
    public void await(BooleanSupplier end) throws InterruptedException {
        boolean stopped = true;
        try {
            long deadline;
            synchronized (registry) {
                deadline = lastSendNanos + timeoutNanos;
            }
            long left;
            while (!released && !end.getAsBoolean() && (left = deadline - System.nanoTime()) > 0) {
                if (settled.await(Math.min(left, END_CHECK_NANOS), TimeUnit.NANOSECONDS)) {
                    break;
                }
            }
            stopped = released || (settled.getCount() > 0 && end.getAsBoolean());
        } finally {
            registry.close(this, stopped);
        }
    }

    /** Ends a waiting {@link #await} at once (Stop). */
    public void release() {
        released = true;
        while (settled.getCount() > 0) {
            settled.countDown();
        }
    }

    public boolean released() {
        return released;
    }

    // ---- called under the registry's lock ----

    /** A reply for request {@code index}: true if it was pending and this reply settles it. */
    boolean replied(int index, long nanos, ConsumerRecord<Object, Object> reply) {
        if (index >= states.length || states[index] != PENDING) {
            return false;
        }
        // a caught-up record dated to within the clocks' millisecond before its start took no time
        long roundTrip = Math.max(0, nanos - sendNanos[index]);
        if (roundTrip > timeoutNanos) {
            timedOut(index);
            stats.late();
        } else {
            states[index] = MATCHED;
            long intended = intendedNanos == null ? sendNanos[index] : intendedNanos[index];
            if (intendedNanos != null) {
                correctedMicros[matched] = (int) Math.min(Integer.MAX_VALUE, (nanos - intended) / 1000);
                delayMicros[matched] = (int) Math.min(Integer.MAX_VALUE, (sendNanos[index] - intended) / 1000);
            }
            latencyMicros[matched++] = (int) Math.min(Integer.MAX_VALUE, roundTrip / 1000);
            if (firstReplyNanos == 0) {
                firstReplyNanos = nanos;
            }
            replies.add(reply);
            stats.replied(intended, sendNanos[index], nanos, Math.max(0, reply.serializedValueSize()));
        }
        settled.countDown();
        return true;
    }

    boolean failed(int index, Exception cause) {
        if (states[index] != PENDING) {
            return false;
        }
        states[index] = FAILED;
        failed++;
        if (firstFailure == null) {
            firstFailure = cause;
        }
        stats.failed(1, () -> FailureText.describe(cause));
        settled.countDown();
        return true;
    }

    /** Settles a still pending request at the end of the wait; true if it was pending. */
    boolean settle(int index, boolean abandon) {
        if (states[index] != PENDING) {
            return false;
        }
        if (abandon) {
            states[index] = ABANDONED;
            stats.abandoned(1);
        } else {
            timedOut(index);
        }
        return true;
    }

    private void timedOut(int index) {
        states[index] = TIMED_OUT;
        timedOut++;
        if (firstTimedOut == null) {
            firstTimedOut = value(index) != null
                    ? matches.correlation() + " " + value(index)
                    : "correlation id " + CorrelationIds.hex(id(index));
        }
        stats.timedOut(1);
    }

    // ---- read by the sampler's thread after await ----

    public int matched() {
        synchronized (registry) {
            return matched;
        }
    }

    public int timedOut() {
        synchronized (registry) {
            return timedOut;
        }
    }

    public int failed() {
        synchronized (registry) {
            return failed;
        }
    }

    /** Requests given up at Stop. */
    public int abandoned() {
        synchronized (registry) {
            return states.length - matched - timedOut - failed;
        }
    }

    /** The first timed-out request's correlation, e.g. {@code correlation id 6a6b...} or {@code key o-1}; or null. */
    public String firstTimedOut() {
        synchronized (registry) {
            return firstTimedOut;
        }
    }

    public Exception firstFailure() {
        synchronized (registry) {
            return firstFailure;
        }
    }

    /** When the first match arrived; 0 if none did. */
    public long firstMatchNanos() {
        synchronized (registry) {
            return firstReplyNanos;
        }
    }

    /** The matched records' latencies, µs, in the order they arrived: round trips, or times from the await's start. */
    public int[] latencyMicros() {
        synchronized (registry) {
            return Arrays.copyOf(latencyMicros, matched);
        }
    }

    /** On a paced run, the matched requests' round trips (µs) from their intended send times; else null. */
    public int[] correctedMicros() {
        synchronized (registry) {
            return correctedMicros == null ? null : Arrays.copyOf(correctedMicros, matched);
        }
    }

    /** On a paced run, the matched requests' waits (µs) from their intended to their actual send; else null. */
    public int[] sendDelayMicros() {
        synchronized (registry) {
            return delayMicros == null ? null : Arrays.copyOf(delayMicros, matched);
        }
    }

    /** The records that matched (replies, awaited records), in the order they arrived. */
    public List<ConsumerRecord<Object, Object>> records() {
        synchronized (registry) {
            return List.copyOf(replies);
        }
    }
}
