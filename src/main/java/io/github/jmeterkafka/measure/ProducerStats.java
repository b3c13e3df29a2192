package io.github.jmeterkafka.measure;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Send-to-ack figures of every record one producer sampler sent, over all its threads, the way
 * kafka-producer-perf-test measures them: a latency per record (not per sample) in a histogram, the
 * rate from the first send to the last ack. Thread-safe: the producers' I/O threads record into it.
 */
public final class ProducerStats {
    private static final double MB = 1024.0 * 1024.0;

    private final LongAdder failed = new LongAdder();
    private final AtomicReference<String> firstFailure = new AtomicReference<>();
    private final Windows windows;

    public ProducerStats() {
        this(false, Warmup.NONE);
    }

    /**
     * @param progressLines keep what {@link #windowLine} needs
     * @param warmup        what the steady state leaves out
     */
    public ProducerStats(boolean progressLines, Warmup warmup) {
        this.windows = new Windows(WindowWords.PRODUCER, warmup, progressLines);
    }

    /** Every record from now on also goes into {@code log}. */
    public void logIntervals(IntervalLog log) {
        windows.logIntervals(log);
    }

    /**
     * The records are sent on {@code schedule}: their latency from the intended send time is kept too, and per step
     * when its profile has steps.
     */
    public void pacedBy(SendSchedule schedule) {
        windows.pacedBy(schedule);
    }

    /** From now on, the records' figures are also kept per window of the events {@code marks} gives. */
    public void watchEvents(Supplier<List<EventMarks.Mark>> marks) {
        windows.watchEvents(marks);
    }

    /**
     * Each event's figures (none watched or marked: empty), its last window ending at the last ack.
     *
     * @param intervals  the interval log's p99s, for the recovery times; empty: none known
     * @param retries    the {@link EventMarks} counter of the producers' retries, and its value now (-1: not known)
     */
    public List<EventFigures> events(List<IntervalLog.Tail> intervals, String retries, long retriesNow) {
        return windows.events(intervals, retries, retriesNow);
    }

    /** Each step's figures when the schedule has steps; else empty. */
    public List<StepFigures> steps() {
        return windows.steps();
    }

    public void sending(long nanos) {
        windows.sending(nanos);
    }

    /**
     * Counts one acknowledged record.
     *
     * @param valueBytes the record's value: producer-perf-test's MB count values only
     */
    public void acked(long sendNanos, long ackNanos, long valueBytes) {
        windows.done(sendNanos, sendNanos, ackNanos, valueBytes);
    }

    /**
     * Counts one acknowledged record of a paced run.
     *
     * @param intendedNanos when the schedule meant it to be sent; its wait to be sent counts in the corrected latency
     */
    public void acked(long intendedNanos, long sendNanos, long ackNanos, long valueBytes) {
        windows.done(intendedNanos, sendNanos, ackNanos, valueBytes);
    }

    public void failed(String cause) {
        failed(1, () -> cause);
    }

    /** {@code records} failed; {@code cause} is described only for the first failure of the run. */
    public void failed(int records, Supplier<String> cause) {
        failed.add(records);
        windows.failed(records);
        if (firstFailure.get() == null) {
            firstFailure.compareAndSet(null, cause.get());
        }
    }

    public long ackedCount() {
        return windows.count();
    }

    public long failedCount() {
        return failed.sum();
    }

    /**
     * perf-test's progress line for the records acknowledged since the previous call:
     * {@code N records sent, X records/sec (Y MB/sec), A ms avg latency, M ms max latency.}
     */
    public String windowLine() {
        return windows.progressLine();
    }

    /** The figures so far, consistent enough for a summary (the counters are read one by one). */
    public Summary summary() {
        return new Summary(windows.all(), failed.sum(), firstFailure.get());
    }

    /** The records after the warm-up, from the first of them to the last ack; null without a warm-up. */
    public Summary steadySummary() {
        RecordWindow.Figures steady = windows.steady();
        return steady == null ? null : new Summary(steady, 0, null);
    }

    /** nanoTime of the first send (of the steady state when {@code steady}) and of the last ack. */
    public long[] window(boolean steady) {
        return windows.window(steady);
    }

    /** A snapshot, printed in kafka-producer-perf-test's final format. */
    public static final class Summary {
        public static final String KIND = "producer";

        public final Histogram latencyMicros;
        public final long records;
        public final long failedRecords;
        public final long bytes;
        public final double seconds;
        public final double avgMs;
        public final double maxMs;
        public final long p50Ms;
        public final long p95Ms;
        public final long p99Ms;
        public final long p999Ms;
        public final String firstFailure;
        /** A paced run's latency from the intended send time, send delay and time behind; null when not paced. */
        public final ScheduleFigures schedule;

        /** {@code h}: every acknowledged record's latency in µs; {@code seconds}: from the first send to the last ack. */
        public Summary(Histogram h, long failedRecords, long bytes, double seconds, String firstFailure) {
            this(h, failedRecords, bytes, seconds, firstFailure, null);
        }

        /** With a paced run's figures; {@code schedule} null when not paced. */
        public Summary(
                Histogram h,
                long failedRecords,
                long bytes,
                double seconds,
                String firstFailure,
                ScheduleFigures schedule) {
            this.schedule = schedule;
            this.latencyMicros = h;
            this.records = h.getTotalCount();
            this.failedRecords = failedRecords;
            this.bytes = bytes;
            this.seconds = seconds;
            this.avgMs = this.records == 0 ? 0 : h.getMean() / 1000.0;
            this.maxMs = this.records == 0 ? 0 : h.getMaxValue() / 1000.0;
            this.p50Ms = h.getValueAtPercentile(50) / 1000;
            this.p95Ms = h.getValueAtPercentile(95) / 1000;
            this.p99Ms = h.getValueAtPercentile(99) / 1000;
            this.p999Ms = h.getValueAtPercentile(99.9) / 1000;
            this.firstFailure = firstFailure;
        }

        Summary(RecordWindow.Figures f, long failedRecords, String firstFailure) {
            this(f.latencyMicros(), failedRecords, f.bytes(), f.seconds(), firstFailure, f.schedule());
        }

        public boolean isPaced() {
            return schedule != null;
        }

        public double recordsPerSec() {
            return seconds > 0 ? records / seconds : 0;
        }

        public double mbPerSec() {
            return seconds > 0 ? bytes / MB / seconds : 0;
        }

        /** Exactly kafka-producer-perf-test's last line. */
        public String perfTestLine() {
            return perfTestLine("");
        }

        /** perf-test's line after a warm-up: "N steady state records sent, ...". */
        public String steadyLine() {
            return perfTestLine(" steady state");
        }

        private String perfTestLine(String which) {
            return String.format(
                    Locale.ROOT,
                    "%d%s records sent, %f records/sec (%.2f MB/sec), %.2f ms avg latency, %.2f ms max latency, "
                            + "%d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.",
                    records,
                    which,
                    recordsPerSec(),
                    mbPerSec(),
                    avgMs,
                    maxMs,
                    p50Ms,
                    p95Ms,
                    p99Ms,
                    p999Ms);
        }

        /**
         * This summary as a row of the summary CSV.
         *
         * @param expectedRate records/s the plan asked for; 0: none said
         */
        public SummaryRow row(String label, String part, double expectedRate) {
            SummaryRow row = new SummaryRow(KIND, label, part)
                    .put(SummaryRow.Column.RECORDS, records)
                    .put(SummaryRow.Column.FAILED, failedRecords)
                    .put(SummaryRow.Column.MB, bytes / MB, 4)
                    .put(SummaryRow.Column.SECONDS, seconds, 3)
                    .put(SummaryRow.Column.RECORDS_PER_SEC, recordsPerSec(), 1)
                    .put(SummaryRow.Column.MB_PER_SEC, mbPerSec(), 2)
                    .latency(latencyMicros);
            if (isPaced()) {
                schedule.into(row);
            }
            return expectedRate > 0 ? row.put(SummaryRow.Column.EXPECTED_RECORDS_PER_SEC, expectedRate, 1) : row;
        }

        /** What perf-test's line leaves out of the tail: the 99.99th percentile, of the corrected latency too. */
        public String tailLine() {
            return "tail: " + SummaryRow.tail(latencyMicros) + " latency"
                    + (isPaced() ? "; corrected " + SummaryRow.tail(schedule.correctedMicros()) : "") + ".";
        }

        /** What perf-test leaves out: the records that failed. */
        public String failureLine() {
            return failedRecords + " records failed" + (firstFailure == null ? "." : ", first: " + firstFailure);
        }
    }
}
