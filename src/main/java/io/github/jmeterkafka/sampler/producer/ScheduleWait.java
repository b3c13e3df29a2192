package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SendSchedule;
import io.github.jmeterkafka.sampler.base.ThreadEnd;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Takes a sample's records: from the budget, or with a target rate from the schedule that holds it, after the
 * wait until the first of them is due: untimed, like a JMeter timer's delay, and ended by Stop, Shutdown and the
 * thread group's scheduled end.
 *
 * <p>Threads: {@link #until} on the sampler clone's thread; {@link #wake} from any thread.
 */
public final class ScheduleWait {
    // a wait re-checks Shutdown and the scheduled end at least this often
    private static final long STEP_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private volatile Thread waiting;
    // this thread's last records, while their sample runs
    private SendSchedule.Claim last;

    /** A sample's records: how many, and on a paced run their places on the schedule (else null). */
    public record Taken(int count, SendSchedule.Claim slots) {}

    /**
     * Up to {@code max} records: with a {@code schedule}, those whose time has come, or the next one once it is due;
     * else from the {@code budget}. Null when none are left, or the thread is to end while it waits.
     */
    Taken take(RecordBudget budget, SendSchedule schedule, int max, BooleanSupplier stopped) {
        if (schedule == null) {
            int n = budget.take(max);
            return n == 0 ? null : new Taken(n, null);
        }
        SendSchedule.Claim slots = schedule.claim(max);
        last = slots;
        return slots == null || !until(slots, stopped) ? null : new Taken(slots.count, slots);
    }

    /**
     * The sample failed before its records were sent: if they were the schedule's first, it starts now, so that the
     * other threads' records do not wait for a send that will not come.
     */
    void notSent() {
        SendSchedule.Claim slots = last;
        if (slots != null) {
            slots.intendedNanos(0);
        }
    }

    /** Waits until the claim's first record is due; false when the thread is to end first. */
    boolean until(SendSchedule.Claim claim, BooleanSupplier stopped) {
        BooleanSupplier end = ThreadEnd.ofCurrentThread();
        waiting = Thread.currentThread();
        try {
            long left;
            while ((left = claim.nanosUntilDue()) > 0) {
                if (stopped.getAsBoolean()
                        || end.getAsBoolean()
                        || Thread.currentThread().isInterrupted()) {
                    return false;
                }
                LockSupport.parkNanos(this, Math.min(left, STEP_NANOS));
            }
            return true;
        } finally {
            waiting = null;
        }
    }

    /** Ends a wait in progress at once (Stop). */
    void wake() {
        Thread t = waiting;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
