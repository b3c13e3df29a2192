package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.SendSchedule;
import java.util.function.BooleanSupplier;

/**
 * A paced producer thread's sending: the records of the shared {@link SendSchedule} go out at their intended times
 * while the thread waits for the acks of those it sent before, as kafka-producer-perf-test sends from one thread
 * without waiting on acks. Only the producer (max.in.flight, buffer.memory) and the records a thread may hold in
 * flight hold a due record back.
 *
 * <p>A sample reports one batch, in order: the records of one claim when the thread had nothing in flight, or all
 * it sent while it waited for its previous batch, up to the records per sample. So a thread holds at most two
 * batches in flight, and its samples grow with the latency.
 *
 * <p>Threads: the sampler clone's thread; {@link #release} from any thread (Stop).
 */
public final class PacedSender {
    // a send that takes this long waited in the producer (a plain append takes microseconds)
    private static final long BLOCKED_NANOS = 1_000_000;
    private final SendSchedule schedule;
    // closed, waited for by the running sample
    private SendBatch head;
    // filled while the head is waited for: the next sample's
    private SendBatch open;
    private volatile SendBatch waitedFor;
    private volatile boolean released;
    private long atLimitSince;

    public PacedSender(SendSchedule schedule) {
        this.schedule = schedule;
    }

    /** No record of this thread is in flight: its next sample starts with a claim of its own. */
    public boolean idle() {
        return head == null && open == null;
    }

    /**
     * The next batch to report, once its records completed (or its ack timeout passed, or Stop), sending the records
     * that fall due meanwhile into the batch after it. When the thread is to end ({@code ending}) it sends nothing
     * more, and the batch it reports includes the one it filled meanwhile: no sample would report it.
     *
     * @param first the claim to send first when the thread is {@link #idle}; else null
     * @return null when nothing is in flight and {@code first} is null
     */
    public SendBatch next(Sending s, SendSchedule.Claim first, BooleanSupplier ending) {
        released = false;
        if (first != null) {
            open = SendBatch.open(s.stats(), false, s.keepLatencies(), true);
            send(s, first);
        }
        if (head == null) {
            if (open == null) {
                return null;
            }
            head = open;
            open = null;
            head.close();
        }
        SendBatch out = head;
        head = null;
        long deadline = System.nanoTime() + s.ackTimeoutNanos();
        boolean end = waitFor(out, s, deadline, ending);
        if ((end || released) && open != null) {
            SendBatch rest = open;
            open = null;
            rest.close();
            if (!released) {
                waitFor(rest, s, System.nanoTime() + s.ackTimeoutNanos(), () -> true);
            }
            out = SendBatch.joined(out, rest);
        }
        return out;
    }

    /**
     * Waits for {@code batch}, sending the records due meanwhile unless the thread is to end.
     *
     * @return whether the thread is to end
     */
    private boolean waitFor(SendBatch batch, Sending s, long deadline, BooleanSupplier ending) {
        waitedFor = batch;
        boolean end = false;
        try {
            while (!batch.isDone() && !released) {
                end = end || ending.getAsBoolean() || Thread.currentThread().isInterrupted();
                long now = System.nanoTime();
                long wait = deadline - now;
                if (wait <= 0) {
                    break;
                }
                long untilDue = end ? Long.MAX_VALUE : schedule.nanosUntilNext();
                if (untilDue != Long.MAX_VALUE) {
                    boolean room = open == null || open.size() < s.perSample();
                    if (untilDue <= 0 && room) {
                        limited(false, now);
                        sendDue(s);
                        continue;
                    }
                    // more than the grace late with no room: the thread's limit holds the record back
                    long untilLate = untilDue + schedule.graceNanos();
                    limited(untilLate < 0, now);
                    if (untilDue > 0) {
                        wait = Math.min(wait, untilDue);
                    } else if (untilLate >= 0) {
                        wait = Math.min(wait, untilLate + 1);
                    }
                }
                batch.awaitNanos(wait);
            }
        } catch (InterruptedException e) {
            released = true;
            Thread.currentThread().interrupt();
        } finally {
            waitedFor = null;
            limited(false, System.nanoTime());
        }
        return end || ending.getAsBoolean();
    }

    /** A record is due but the thread's batches are full: the time it stays so is the thread's, not the cluster's. */
    private void limited(boolean atLimit, long now) {
        if (atLimit && atLimitSince == 0) {
            atLimitSince = now;
        } else if (!atLimit && atLimitSince != 0) {
            schedule.heldAtLimit(atLimitSince, now);
            atLimitSince = 0;
        }
    }

    private void sendDue(Sending s) {
        int room = s.perSample() - (open == null ? 0 : open.size());
        SendSchedule.Claim claim = schedule.claim(room);
        if (claim == null) {
            return;
        }
        if (open == null) {
            open = SendBatch.open(s.stats(), false, s.keepLatencies(), true);
        }
        send(s, claim);
    }

    private void send(Sending s, SendSchedule.Claim claim) {
        s.stats().sending(claim.intendedNanos(0));
        for (int i = 0; i < claim.count; i++) {
            claim.awaitDue(i);
            long start = System.nanoTime();
            RuntimeException atOnce =
                    open.send(s.producer(), s.maker(), claim.intendedNanos(i), claim.intendedEpochMicros(i));
            long took = System.nanoTime() - start;
            if (took >= BLOCKED_NANOS) {
                schedule.heldInSend(start, start + took);
            }
            if (AtOnce.endsSample(atOnce)) {
                open.failUnsent(claim.count - i - 1, atOnce);
                return;
            }
        }
    }

    /** Ends the running wait at once (Stop): the batch is reported as it stands. */
    public void release() {
        released = true;
        SendBatch b = waitedFor;
        if (b != null) {
            b.release();
        }
    }
}
