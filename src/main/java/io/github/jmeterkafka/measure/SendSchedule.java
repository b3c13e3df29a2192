package io.github.jmeterkafka.measure;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * When each record of a paced sampler is to be sent, shared by all its threads: record k is due at
 * {@code start + k / rate} (kafka-producer-perf-test's {@code --throughput}); with a ramp-up, the rate first
 * rises linearly from 0 over it; with a {@link RateProfile} of steps, it follows them and ends with the last. The schedule starts at the first record's send ({@link #start}), so that the
 * metadata fetch of a test's first send is in no record's wait.
 *
 * <p>Threads only provide concurrency: a sample {@link #claim claims} the records whose time has come and those
 * due within the window ahead (when other threads hold those, the next window's, which it waits for), and sends
 * each at its time; a thread that
 * was busy finds the records that fell due meanwhile and sends them at once (catch-up), or, when missed records
 * are skipped, leaves out those more than the grace late and counts them. The time the schedule was behind (its
 * oldest unsent record more than the grace late) is counted too.
 *
 * <p>Thread-safe: a claim is one compare-and-set on the next record; the behind-schedule bookkeeping takes a lock
 * only when the schedule falls behind or catches up.
 */
public final class SendSchedule {
    private final RateProfile profile;
    private final long limit;
    private final boolean skipMissed;
    private final long graceNanos;
    private final long windowNanos;
    private final LongSupplier clock;
    // how often a thread holding a later record checks whether the schedule started
    private static final long UNSTARTED_RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    // the shortest wait for a record to fall due: at high rates a thread then sends the records due meanwhile at
    // once, up to this late, instead of waking once or twice per record (Kafka's own throttle sleeps 2 ms at a time)
    private static final long SHORTEST_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private final AtomicLong next = new AtomicLong();
    private final LongAdder skipped = new LongAdder();
    // time a due record was held back in the producer's send(), and by the threads' in-flight limit: wall time,
    // threads held back at once counting once (guarded by this)
    private final HeldBack inSend = new HeldBack();
    private final HeldBack atLimit = new HeldBack();
    // set once, by the first claim
    private volatile boolean started;
    private long startNanos;
    private long startEpochMicros;
    // written under this lock
    private volatile boolean isBehind;
    private long behindSince;
    // the last claim that found the schedule behind: an open stretch ends there, not when the summary is made
    private volatile long lastLateClaim;
    private long behindNanos;
    private long longestBehindNanos;
    private int behindStretches;

    /**
     * A schedule on {@code profile}'s rates ({@link RateProfile#of} for one rate with its ramp-up): it ends with the
     * profile's last step, or the {@code limit} before.
     *
     * @param limit       records in all (the sampler's budget); 0 or less: no limit
     * @param skipMissed  leave out records more than {@code graceNanos} late instead of catching up
     * @param graceNanos  how late a record may be before the schedule counts as behind
     * @param windowNanos how far ahead a claim takes records (sent each at its time): samples of several records
     *                    cost JMeter less than one sample per record
     * @param clock       {@link System#nanoTime}, or a test's clock
     */
    public SendSchedule(
            RateProfile profile,
            long limit,
            boolean skipMissed,
            long graceNanos,
            long windowNanos,
            LongSupplier clock) {
        this.profile = profile;
        long steps = (long) Math.min(Long.MAX_VALUE, Math.ceil(profile.totalRecords()));
        this.limit = Math.min(limit > 0 ? limit : Long.MAX_VALUE, steps);
        this.skipMissed = skipMissed;
        this.graceNanos = Math.max(0, graceNanos);
        this.windowNanos = Math.max(0, windowNanos);
        this.clock = clock;
    }

    /** The rates the schedule follows. */
    public RateProfile profile() {
        return profile;
    }

    /** The profile's step a record due at {@code intendedNanos} belongs to; -1 when none (or not started). */
    public int stepOf(long nanos) {
        return started ? profile.stepAt((nanos - startNanos) / 1e9) : -1;
    }

    /** When the schedule started, in ms since the epoch; 0 before. */
    public long startEpochMs() {
        return started ? startEpochMicros / 1000 : 0;
    }

    /** When the schedule started ({@link System#nanoTime}); 0 before. */
    public long startNanos() {
        return started ? startNanos : 0;
    }

    /** Records a sample claimed: {@code count} consecutive records from {@code first}, each with its due time. */
    public final class Claim {
        public final long first;
        public final int count;
        /** Records left out just before this claim because they were missed (skip mode only). */
        public final long skipped;

        Claim(long first, int count, long skipped) {
            this.first = first;
            this.count = count;
            this.skipped = skipped;
        }

        /** When the claim's record {@code i} is due, as {@link System#nanoTime}; starts the schedule if it has not. */
        public long intendedNanos(int i) {
            start();
            return SendSchedule.this.intendedNanos(first + i);
        }

        /** When record {@code i} is due, in microseconds since the epoch (for a sequence header). */
        public long intendedEpochMicros(int i) {
            return startEpochMicros + (intendedNanos(i) - startNanos) / 1000;
        }

        /**
         * How long until the first record is due; 0 or less when it is due. Before the schedule starts, the first
         * record is due (its send starts the schedule) and a later one is waited for.
         */
        public long nanosUntilDue() {
            if (!started) {
                return first == 0 ? 0 : UNSTARTED_RECHECK_NANOS;
            }
            return SendSchedule.this.intendedNanos(first) - clock.getAsLong();
        }

        /**
         * Waits until record {@code i} is due, at least 1 ms (the records due meanwhile then go at once), at most the
         * window; an interrupt (Stop) ends the wait.
         */
        public void awaitDue(int i) {
            long left;
            while ((left = intendedNanos(i) - clock.getAsLong()) > 0
                    && !Thread.currentThread().isInterrupted()) {
                LockSupport.parkNanos(
                        Math.min(Math.max(left, SHORTEST_WAIT_NANOS), Math.max(windowNanos, SHORTEST_WAIT_NANOS)));
            }
        }
    }

    /**
     * Claims the records whose time has come and those due within the window from the first one's time, at most
     * {@code max}; the caller waits for the first one if it is not due yet ({@link Claim#nanosUntilDue}) and sends
     * each when it is due ({@link Claim#awaitDue}).
     *
     * @return null once every record of the limit was claimed (or skipped)
     */
    public Claim claim(int max) {
        long now = clock.getAsLong();
        while (true) {
            long k = next.get();
            if (k >= limit) {
                return null;
            }
            boolean on = started;
            long first = k;
            long missed = 0;
            if (skipMissed && on) {
                long lateUpTo = Math.min(limit, dueBefore(now - graceNanos)); // [0, lateUpTo) more than grace late
                if (lateUpTo > k) {
                    missed = lateUpTo - k;
                    first = lateUpTo;
                }
            }
            // records [first, dueUpTo) are due within the window from the first's time (or from now, if it is late):
            // with more threads than a window's records, each still claims a window's records, not one
            long dueUpTo = on ? dueBefore(Math.max(now, intendedNanos(first)) + windowNanos) : 0;
            int count = (int) Math.max(1, Math.min(max, Math.min(dueUpTo, limit) - first));
            if (first >= limit) {
                count = 0;
            }
            if (next.compareAndSet(k, first + count)) {
                if (missed > 0) {
                    skipped.add(missed);
                }
                if (count == 0) {
                    return null;
                }
                if (on) {
                    // behind since the oldest record this claim found became more than the grace late
                    tracked(now, missed > 0 || now - intendedNanos(first) > graceNanos, intendedNanos(k) + graceNanos);
                }
                return new Claim(first, count, missed);
            }
        }
    }

    /**
     * How long until the next record no thread claimed yet is due: 0 or less when it is (also before the schedule
     * starts); {@link Long#MAX_VALUE} when every record of the limit was claimed.
     */
    public long nanosUntilNext() {
        long k = next.get();
        if (k >= limit) {
            return Long.MAX_VALUE;
        }
        return started ? intendedNanos(k) - clock.getAsLong() : 0;
    }

    /** Starts the schedule now, if it has not started: record 0 is due now. */
    public void start() {
        if (!started) {
            start(clock.getAsLong());
        }
    }

    private void start(long now) {
        if (!started) {
            synchronized (this) {
                if (!started) {
                    startEpochMicros = SequenceHeader.nowMicros();
                    startNanos = now;
                    started = true;
                }
            }
        }
    }

    long intendedNanos(long record) {
        double seconds = profile.secondsOf((double) record);
        return Double.isInfinite(seconds) ? Long.MAX_VALUE : startNanos + (long) (seconds * 1e9);
    }

    /** How many records are due at {@code nanos}: those with an intended time at or before it. */
    private long dueBefore(long nanos) {
        long since = nanos - startNanos;
        if (since < 0) {
            return 0;
        }
        double due = profile.recordsBy(since / 1e9);
        long n = (long) Math.min((double) limit, Math.floor(due) + 1);
        // rounding: record n-1 must be due and record n not
        while (n > 0 && intendedNanos(n - 1) > nanos) {
            n--;
        }
        while (n < limit && intendedNanos(n) <= nanos) {
            n++;
        }
        return n;
    }

    /**
     * Behind from when a claim's first record became more than the grace late ({@code lateSince}) until the first
     * claim that is not.
     */
    private void tracked(long now, boolean late, long lateSince) {
        if (late) {
            lastLateClaim = now;
        }
        if (late == isBehind) {
            return;
        }
        synchronized (this) {
            if (late && !isBehind) {
                behindSince = Math.min(now, lateSince);
                isBehind = true;
            } else if (!late && isBehind) {
                long stretch = now - behindSince;
                behindNanos += stretch;
                longestBehindNanos = Math.max(longestBehindNanos, stretch);
                behindStretches++;
                isBehind = false;
            }
        }
    }

    /** A send of a due record took from {@code fromNanos} to {@code toNanos} in the producer (its buffer full...). */
    public void heldInSend(long fromNanos, long toNanos) {
        inSend.add(fromNanos, toNanos);
    }

    /** Late records waited from {@code fromNanos} to {@code toNanos} while a thread that would send them had its limit. */
    public void heldAtLimit(long fromNanos, long toNanos) {
        atLimit.add(fromNanos, toNanos);
    }

    /** How late a record may be before the schedule counts as behind. */
    public long graceNanos() {
        return graceNanos;
    }

    /** Records left out because they were missed. */
    public long skipped() {
        return skipped.sum();
    }

    /** How long the schedule was behind so far, a stretch still going on included. */
    public synchronized Behind behind() {
        long open = isBehind ? Math.max(0, lastLateClaim - behindSince) : 0;
        return new Behind(
                (behindNanos + open) / 1_000_000,
                Math.max(longestBehindNanos, open) / 1_000_000,
                behindStretches + (isBehind ? 1 : 0),
                skipped(),
                inSend.ms(),
                atLimit.ms());
    }

    /**
     * Time behind schedule (ms), its longest stretch, how many stretches, and the records skipped; and how long due
     * records were held back in the producer's send() ({@code inSendMs}: the cluster's pace when its buffer.memory is
     * full) and by the threads' in-flight limit ({@code atLimitMs}: the load generator's).
     */
    public record Behind(long totalMs, long longestMs, int stretches, long skipped, long inSendMs, long atLimitMs)
            implements java.io.Serializable {
        public static final Behind NONE = new Behind(0, 0, 0, 0);

        public Behind(long totalMs, long longestMs, int stretches, long skipped) {
            this(totalMs, longestMs, stretches, skipped, 0, 0);
        }

        /** The sum of two servers' (or two runs') figures; the longest stretch is the longer one. */
        public Behind plus(Behind other) {
            return new Behind(
                    totalMs + other.totalMs,
                    Math.max(longestMs, other.longestMs),
                    stretches + other.stretches,
                    skipped + other.skipped,
                    inSendMs + other.inSendMs,
                    atLimitMs + other.atLimitMs);
        }
    }
}
