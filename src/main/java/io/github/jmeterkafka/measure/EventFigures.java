package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * What one event of the test (an {@link EventMarks.Mark}) cost a producer sampler, over its window: from the mark to
 * the next mark or the end of the run.
 *
 * @param mark       the event
 * @param of         how many events the test had
 * @param endEpochMs the window's end
 * @param latencies  of the records due in the window (by their intended send time; by their send when not paced)
 * @param recovery   how long the per-interval p99 took to come back; null without intervals before the mark
 * @param words      what the sampler calls its records and their latency
 */
public record EventFigures(
        EventMarks.Mark mark,
        int of,
        long endEpochMs,
        Counts counts,
        DueLatencies latencies,
        Recovery recovery,
        WindowWords words) {

    /** An event row's part: "event 1: <name>", ... */
    public static final String PART = "event ";

    /** The p99 is back when within this many times the minute before's ... */
    static final double WITHIN_TIMES = 2;
    /** ... or this many ms above it, whichever is more (a 1 ms p99 doubles by noise alone). */
    static final long WITHIN_MS = 10;

    static final long BASELINE_MS = 60_000;

    /**
     * How long the per-interval p99 took to be back near the minute before's.
     *
     * @param baselineMicros the median per-interval p99 over the minute before the mark
     * @param seconds        from the mark to the end of the last interval of the window above the threshold
     * @param recovered      false when the window's last interval with records was still above it
     */
    public record Recovery(long baselineMicros, double seconds, boolean recovered) {}

    /**
     * The window's records: sent before the mark and acknowledged after it ({@code inFlight}), due in it (as the
     * latencies count them), failed in it, and sent again by the producers after an error in it ({@code retried}:
     * their connection's, shared with any other sampler on it; -1: not known).
     */
    public record Counts(long inFlight, long due, long failed, long retried) {}

    /** Records each event window's figures as records are done. Thread-safe. */
    static final class Tally {
        private final Supplier<List<EventMarks.Mark>> marks;
        private final WindowWords words;
        private final ConcurrentHashMap<Integer, Window> windows = new ConcurrentHashMap<>();

        Tally(Supplier<List<EventMarks.Mark>> marks, WindowWords words) {
            this.marks = marks;
            this.words = words;
        }

        private static final class Window {
            final LongAdder due = new LongAdder();
            final LongAdder inFlight = new LongAdder();
            final LongAdder failed = new LongAdder();
            final ConcurrentHistogram latency = new ConcurrentHistogram(3);
            final ScheduleFigures.Recorder paced = new ScheduleFigures.Recorder();
        }

        private Window window(int number) {
            return windows.computeIfAbsent(number, n -> new Window());
        }

        /** @param dueNanos the intended send time; the send time when not paced */
        void acked(long dueNanos, long sendNanos, long ackNanos, long micros, long correctedMicros, long delayMicros) {
            List<EventMarks.Mark> ms = marks.get();
            if (ms.isEmpty()) {
                return;
            }
            EventMarks.Mark at = at(ms, dueNanos);
            if (at != null) {
                Window w = window(at.number());
                w.due.increment();
                w.latency.recordValue(micros);
                if (correctedMicros >= 0) {
                    w.paced.record(correctedMicros, delayMicros);
                }
            }
            for (int i = ms.size() - 1; i >= 0 && ms.get(i).nanos() > sendNanos; i--) {
                if (ms.get(i).nanos() <= ackNanos) {
                    window(ms.get(i).number()).inFlight.increment();
                }
            }
        }

        void failed(long records, long nanos) {
            EventMarks.Mark at = at(marks.get(), nanos);
            if (at != null) {
                window(at.number()).failed.add(records);
            }
        }

        /**
         * Each event's figures.
         *
         * @param endEpochMs the run's end, where the last window ends
         * @param intervals  the sampler's interval log's p99s, for the recovery; empty without a log
         * @param retries    the counter of {@link EventMarks} that counts the producers' retries, and its value now
         *                   (-1: not known); null: none counts them
         */
        List<EventFigures> figures(
                long endEpochMs, boolean paced, List<IntervalLog.Tail> intervals, String retries, long retriesNow) {
            List<EventMarks.Mark> ms = marks.get();
            List<EventFigures> out = new ArrayList<>(ms.size());
            for (int i = 0; i < ms.size(); i++) {
                EventMarks.Mark m = ms.get(i);
                long end = i + 1 < ms.size() ? ms.get(i + 1).epochMs() : Math.max(endEpochMs, m.epochMs());
                Window w = windows.getOrDefault(m.number(), new Window());
                // no counter named: the sampler's retries are not counted (a request-reply's, an await's)
                Long from = retries == null ? null : m.counts().get(retries);
                Long to = retries == null
                        ? null
                        : i + 1 < ms.size() ? ms.get(i + 1).counts().get(retries) : (Long) retriesNow;
                // a producer closed in between takes its count with it: then the window's share is not known
                long retried = from == null || to == null || to < 0 || to < from ? -1 : to - from;
                out.add(new EventFigures(
                        m,
                        ms.size(),
                        end,
                        new Counts(w.inFlight.sum(), w.due.sum(), w.failed.sum(), retried),
                        new DueLatencies(w.latency.copy(), paced ? w.paced.snapshot(SendSchedule.Behind.NONE) : null),
                        recovery(m.epochMs(), end, intervals),
                        words));
            }
            return out;
        }

        private static EventMarks.Mark at(List<EventMarks.Mark> ms, long nanos) {
            for (int i = ms.size() - 1; i >= 0; i--) {
                if (ms.get(i).nanos() <= nanos) {
                    return ms.get(i);
                }
            }
            return null;
        }
    }

    /**
     * From the intervals' p99s: the minute before the mark gives the baseline (their median); the recovery ends with
     * the last interval of the window above the threshold; an interval with no record while later ones of the run have
     * some (a stall nothing was acknowledged in) counts as above, so a window that stalled to its end has not
     * recovered.
     */
    static Recovery recovery(long markMs, long endMs, List<IntervalLog.Tail> intervals) {
        List<Long> before = new ArrayList<>();
        for (IntervalLog.Tail t : intervals) {
            if (t.endMs() <= markMs && t.endMs() > markMs - BASELINE_MS && t.records() > 0) {
                before.add(t.p99Micros());
            }
        }
        if (before.isEmpty()) {
            return null;
        }
        before.sort(null);
        long baseline = before.get(before.size() / 2);
        long threshold = Math.max(Math.round(baseline * WITHIN_TIMES), baseline + WITHIN_MS * 1000);
        // intervals after the last one with records are the run's end, not a stall
        long lastAckedMs = Long.MIN_VALUE;
        for (IntervalLog.Tail t : intervals) {
            if (t.records() > 0) {
                lastAckedMs = t.endMs();
            }
        }
        long endOfRun = lastAckedMs;
        List<IntervalLog.Tail> window = intervals.stream()
                .filter(t -> t.endMs() > markMs && t.endMs() <= Math.min(endMs, endOfRun))
                .toList();
        long aboveUntil = markMs;
        for (IntervalLog.Tail t : window) {
            if (t.records() == 0 || t.p99Micros() > threshold) {
                aboveUntil = t.endMs();
            }
        }
        boolean recovered = window.isEmpty() || window.get(window.size() - 1).endMs() > aboveUntil;
        return new Recovery(baseline, (aboveUntil - markMs) / 1000.0, recovered);
    }

    /** The window's corrected latency when paced, else its send to ack. */
    public Histogram stalls() {
        return latencies.paced() != null ? latencies.paced().correctedMicros() : latencies.latency();
    }

    public double seconds() {
        return Math.max(0, endEpochMs - mark.epochMs()) / 1000.0;
    }

    /** The part of its summary row. */
    public String part() {
        return PART + mark.number() + ": " + mark.name();
    }

    /**
     * "event 2 of 6, 'move leaders' at 12:00:10.123 for 10.0 s: 18 records in flight at the mark; longest stall 412.30
     * ms, recovered in 1.0 s ...; 20000 records due: corrected ... ; 0 failed."
     */
    public String line() {
        Histogram s = stalls();
        String what = latencies.paced() != null ? "corrected" : words.latency();
        // nothing due after the mark was acknowledged (a stall or senders behind to the run's end): no stall to measure
        String stall = s.getTotalCount() > 0
                ? String.format(
                        Locale.ROOT,
                        "longest stall %.2f ms (%s max of the %s due after the mark), %s",
                        s.getMaxValue() / 1000.0,
                        what,
                        words.items(),
                        recoveryText(what))
                : "stall not known: no " + words.item() + " due after the mark was " + words.done();
        return String.format(
                Locale.ROOT,
                "event %d of %d, '%s' at %s for %.1f s: %d %s in flight at the mark; %s; %d %s due: %s %d"
                        + " ms 50th, %d ms 99th, %d ms 99.9th, %d ms 99.99th; %d failed%s.",
                mark.number(),
                of,
                mark.name(),
                SummaryRow.time(mark.epochMs()),
                seconds(),
                counts.inFlight(),
                words.items(),
                stall,
                counts.due(),
                words.items(),
                what,
                s.getValueAtPercentile(50) / 1000,
                s.getValueAtPercentile(99) / 1000,
                s.getValueAtPercentile(99.9) / 1000,
                SummaryRow.p9999Ms(s),
                counts.failed(),
                counts.retried() < 0 ? "" : ", " + counts.retried() + " retried by the connection's producers");
    }

    private String recoveryText(String what) {
        if (recovery == null) {
            return "recovery not known (no interval log of the minute before)";
        }
        String threshold = String.format(
                Locale.ROOT,
                "per-second %s p99 back within %.0fx (or +%d ms) of the minute before's %d ms",
                what,
                WITHIN_TIMES,
                WITHIN_MS,
                recovery.baselineMicros() / 1000);
        return recovery.recovered()
                ? String.format(Locale.ROOT, "recovered in %.1f s (%s)", recovery.seconds(), threshold)
                : String.format(Locale.ROOT, "not recovered in its %.1f s (%s)", seconds(), threshold);
    }

    /** The window as a summary row: part "event N: name", its time, records, failed, latencies, in flight, recovery. */
    public SummaryRow row(String label) {
        SummaryRow row = new SummaryRow(words.kind(), label, part())
                .put(SummaryRow.Column.RECORDS, counts.due())
                .put(SummaryRow.Column.FAILED, counts.failed())
                .put(SummaryRow.Column.SECONDS, seconds(), 3)
                .put(SummaryRow.Column.START_TIME, SummaryRow.time(mark.epochMs()))
                .put(SummaryRow.Column.END_TIME, SummaryRow.time(endEpochMs))
                .put(SummaryRow.Column.IN_FLIGHT, counts.inFlight())
                .latency(latencies.latency());
        if (counts.retried() >= 0) {
            row.put(SummaryRow.Column.RETRIED, counts.retried());
        }
        if (recovery != null && stalls().getTotalCount() > 0) {
            row.put(SummaryRow.Column.RECOVERY_S, recovery.recovered() ? recovery.seconds() : -1, 1);
        }
        return latencies.paced() != null ? latencies.paced().into(row) : row;
    }
}
