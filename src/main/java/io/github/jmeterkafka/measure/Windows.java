package io.github.jmeterkafka.measure;

import java.util.List;
import java.util.function.Supplier;

/**
 * The windows one sampler's records are counted in, keyed as its summary rows' parts: the whole run, the steady state
 * after the warm-up, the rate profile's steps, the windows between the test's events; and the interval log's
 * intervals and the progress lines'. Each record done (acknowledged, replied to, matched) is given here once and
 * counted in every window it falls in; each window but the whole run is kept only once asked for. Thread-safe: the
 * clients' threads record into it, the whole run and the steady state under one lock (an uncontended lock per record
 * costs less than a concurrent histogram's atomics per figure).
 */
final class Windows {
    private final WindowWords words;
    private final Warmup warmup;
    // guarded by this
    private final RecordWindow all = new RecordWindow();
    private final RecordWindow steady = new RecordWindow();
    private long done;
    private long lastNanos = Long.MIN_VALUE;
    // set on a paced run: its records' latency from the intended send and send delay are kept too
    private volatile SendSchedule schedule;
    private volatile IntervalLog intervals;
    private volatile StepFigures.Tally steps;
    private volatile EventFigures.Tally events;
    // a CAS per record: kept only when progress lines are asked for
    private final ProgressWindow progress;

    Windows(WindowWords words, Warmup warmup, boolean progressLines) {
        this.words = words;
        this.warmup = warmup;
        this.progress = progressLines ? new ProgressWindow() : null;
    }

    void logIntervals(IntervalLog log) {
        intervals = log;
    }

    /** The records are sent on {@code schedule}: per step too when its profile has steps. */
    void pacedBy(SendSchedule schedule) {
        this.schedule = schedule;
        steps = schedule != null && schedule.profile().isWritten() ? new StepFigures.Tally(schedule, words) : null;
    }

    SendSchedule schedule() {
        return schedule;
    }

    void watchEvents(Supplier<List<EventMarks.Mark>> marks) {
        events = new EventFigures.Tally(marks, words);
    }

    synchronized void sending(long nanos) {
        all.sending(nanos);
    }

    /**
     * One record done, counted in each window it falls in.
     *
     * @param intendedNanos when the schedule meant it to be sent ({@code sendNanos} when not paced): its wait to be
     *     sent counts in the corrected latency
     * @param valueBytes its value's (or its reply's) bytes
     */
    void done(long intendedNanos, long sendNanos, long doneNanos, long valueBytes) {
        long micros = Math.max(0, (doneNanos - sendNanos) / 1000);
        boolean paced = schedule != null;
        long corrected = paced ? Math.max(micros, (doneNanos - intendedNanos) / 1000) : -1;
        long delay = paced ? Math.max(0, (sendNanos - intendedNanos) / 1000) : 0;
        synchronized (this) {
            all.done(micros, valueBytes, corrected, delay);
            long before = done++;
            lastNanos = Math.max(lastNanos, doneNanos);
            if (warmup.isSet() && !warmup.covers(before, (sendNanos - all.firstSendNanos()) / 1_000_000)) {
                steady.sending(sendNanos);
                steady.done(micros, valueBytes, corrected, delay);
            }
        }
        StepFigures.Tally t = steps;
        if (paced && t != null) {
            t.acked(intendedNanos, sendNanos, micros, corrected, delay);
        }
        EventFigures.Tally e = events;
        if (e != null) {
            e.acked(intendedNanos, sendNanos, doneNanos, micros, corrected, delay);
        }
        if (progress != null) {
            progress.record(micros);
        }
        IntervalLog log = intervals;
        if (log != null) {
            log.record(micros, valueBytes, corrected, delay);
        }
    }

    /** {@code records} failed, timed out or were given up now. */
    void failed(int records) {
        EventFigures.Tally e = events;
        if (e != null) {
            e.failed(records, System.nanoTime());
        }
        IntervalLog log = intervals;
        if (log != null) {
            log.failed(records);
        }
    }

    synchronized long count() {
        return done;
    }

    synchronized RecordWindow.Figures all() {
        return all.figures(lastNanos, schedule);
    }

    /** After the warm-up, from the first of its records to the last done; null without a warm-up. */
    synchronized RecordWindow.Figures steady() {
        return warmup.isSet() ? steady.figures(lastNanos, schedule) : null;
    }

    Warmup warmup() {
        return warmup;
    }

    /** nanoTime of the first send (of the steady state when {@code steady}) and of the last record done. */
    synchronized long[] window(boolean steady) {
        return new long[] {(steady ? this.steady : all).firstSendNanos(), lastNanos};
    }

    /** The progress line for the records since the last one. */
    String progressLine() {
        long n;
        long bytes;
        synchronized (this) {
            n = done;
            bytes = all.bytes();
        }
        return (progress != null ? progress : new ProgressWindow()).line(n, bytes);
    }

    List<StepFigures> steps() {
        StepFigures.Tally t = steps;
        return t == null ? List.of() : t.figures();
    }

    /**
     * Each event's figures (none watched or marked: empty), its last window ending at the last record done.
     *
     * @param intervals the interval log's p99s, for the recovery times; empty: none known
     * @param retries   the {@link EventMarks} counter of the producers' retries, and its value now (-1: not known); null: none
     */
    List<EventFigures> events(List<IntervalLog.Tail> intervals, String retries, long retriesNow) {
        EventFigures.Tally t = events;
        if (t == null) {
            return List.of();
        }
        long last;
        synchronized (this) {
            last = lastNanos;
        }
        long endEpochMs = System.currentTimeMillis()
                - (last == Long.MIN_VALUE ? 0 : Math.max(0, (System.nanoTime() - last) / 1_000_000));
        return t.figures(endEpochMs, schedule != null, intervals, retries, retriesNow);
    }
}
