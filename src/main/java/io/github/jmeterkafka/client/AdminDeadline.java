package io.github.jmeterkafka.client;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * The time one admin operation has, and its cancellation: every future is awaited with the time
 * left, and a wait that runs out throws Kafka's {@link TimeoutException}.
 *
 * <p>Threads: one operation at a time, on the calling thread; {@link #cancel} from any thread.
 */
final class AdminDeadline {
    // a wait's elapsed time is what it measures (a backlog's drain time): this is its resolution
    private static final long POLL_MS = 50;
    // an Admin call that gave up this close to the deadline gave up with the operation
    private static final long AT_DEADLINE_MS = 100;

    private final long timeoutMs;
    private volatile boolean cancelled;
    private volatile KafkaFuture<?> inFlight;
    private long deadlineNanos;

    AdminDeadline(long timeoutMs) {
        this.timeoutMs = timeoutMs;
    }

    /** Starts the operation's time; a cancelled one does not start. */
    void begin() {
        deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        checkCancelled();
    }

    <T> T await(KafkaFuture<T> future, String what) throws InterruptedException, ExecutionException {
        inFlight = future;
        try {
            // cancel() may have run before inFlight was set
            if (cancelled) {
                future.cancel(true);
            }
            return future.get(Math.max(0, remainingMs()), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            future.cancel(true);
            throw new TimeoutException(what + ": no answer within " + timeoutMs + " ms");
        } catch (ExecutionException e) {
            // the Admin's call, given the time left as its own timeout, gave up with the operation (a dead node's
            // address tried): the operation's time ran out, said as when this wait runs out first
            if (e.getCause() instanceof TimeoutException && remainingMs() < AT_DEADLINE_MS) {
                throw (TimeoutException)
                        new TimeoutException(what + ": no answer within " + timeoutMs + " ms").initCause(e.getCause());
            }
            throw e;
        } catch (CancellationException e) {
            throw new CancellationException("interrupted while " + what);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw e;
        } finally {
            inFlight = null;
        }
    }

    /** Waits one polling step, within the time left, before asking again. */
    void pause(String what) throws InterruptedException {
        long left = remainingMs();
        if (left <= 0) {
            throw notDone(what);
        }
        try {
            Thread.sleep(Math.min(POLL_MS, left));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw e;
        }
        checkCancelled();
    }

    /** The failure of a wait for {@code what} that ran out of time. */
    TimeoutException notDone(String what) {
        return new TimeoutException(what + ": not done within " + timeoutMs + " ms");
    }

    private void checkCancelled() {
        if (cancelled) {
            throw new CancellationException("interrupted");
        }
    }

    private long remainingMs() {
        return TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
    }

    /** For the Admin's own request timeout, so that it gives up when this operation does. */
    int remainingMsInt() {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, remainingMs()));
    }

    /** Any thread: the future in flight is cancelled, and so is every later step. */
    void cancel() {
        cancelled = true;
        KafkaFuture<?> f = inFlight;
        if (f != null) {
            f.cancel(true);
        }
    }
}
