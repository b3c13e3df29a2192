package io.github.jmeterkafka.measure;

import java.util.List;
import java.util.function.Supplier;

/**
 * The windows a producer sampler's acknowledged and failed records are also counted in, each kept only once asked
 * for: the interval log's intervals, the rate profile's steps, the windows between events, and the progress lines'.
 * Thread-safe: the producers' I/O threads record into it.
 */
final class AckWindows {
    private volatile IntervalLog intervals;
    private volatile StepFigures.Tally steps;
    private volatile EventFigures.Tally events;
    // a CAS per record: kept only when progress lines are asked for
    private final ProgressWindow progress;

    AckWindows(boolean progressLines) {
        this.progress = progressLines ? new ProgressWindow() : null;
    }

    void logIntervals(IntervalLog log) {
        intervals = log;
    }

    /** Per step when {@code schedule}'s profile has steps. */
    void pacedBy(SendSchedule schedule) {
        steps = schedule != null && schedule.profile().isWritten() ? new StepFigures.Tally(schedule) : null;
    }

    void watchEvents(Supplier<List<EventMarks.Mark>> marks) {
        events = new EventFigures.Tally(marks);
    }

    /** @param correctedMicros latency from the intended send; -1: not paced (then {@code delayMicros} is not either) */
    void acked(
            long intendedNanos,
            long sendNanos,
            long ackNanos,
            long micros,
            long correctedMicros,
            long delayMicros,
            long valueBytes) {
        boolean paced = correctedMicros >= 0;
        StepFigures.Tally t = steps;
        if (paced && t != null) {
            t.acked(intendedNanos, sendNanos, micros, correctedMicros, delayMicros);
        }
        EventFigures.Tally e = events;
        if (e != null) {
            e.acked(intendedNanos, sendNanos, ackNanos, micros, correctedMicros, delayMicros);
        }
        if (progress != null) {
            progress.record(micros);
        }
        IntervalLog log = intervals;
        if (log != null) {
            log.record(micros, valueBytes);
            if (paced) {
                log.scheduled(correctedMicros, delayMicros);
            }
        }
    }

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

    /** The progress line for the records since the last one, given the totals acked and their bytes. */
    String progressLine(long acked, long bytes) {
        return (progress != null ? progress : new ProgressWindow()).line(acked, bytes);
    }

    List<StepFigures> steps() {
        StepFigures.Tally t = steps;
        return t == null ? List.of() : t.figures();
    }

    /** Each event's figures, its last window ending at {@code endEpochMs}; none watched: empty. */
    List<EventFigures> events(
            long endEpochMs, boolean paced, List<IntervalLog.Tail> intervals, String retries, long retriesNow) {
        EventFigures.Tally t = events;
        return t == null ? List.of() : t.figures(endEpochMs, paced, intervals, retries, retriesNow);
    }
}
