package io.github.jmeterkafka.measure;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * What one consumer sampler read, over all its threads, the way kafka-consumer-perf-test reports
 * it (volume, rates, rebalance time apart from fetch time), plus every record's end-to-end latency,
 * which each thread keeps apart until it finishes. Thread-safe.
 */
public final class ConsumerStats {
    private static final double MB = 1024.0 * 1024.0;

    // the threads' own histograms, added as each thread finishes (guarded by this)
    private final Histogram e2eMicros = new Histogram(3);
    private final LongAdder records = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final AtomicLong startMs = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong endMs = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong rebalanceMs = new AtomicLong();
    // after the warm-up, counted by whole samples (guarded by this, as e2eMicros)
    private final Warmup warmup;
    private final Histogram steadyMicros = new Histogram(3);
    private final LongAdder steadyRecords = new LongAdder();
    private final LongAdder steadyBytes = new LongAdder();
    private final AtomicLong steadyStartMs = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong firstRecordMs = new AtomicLong(Long.MAX_VALUE);
    private volatile IntervalLog intervals;

    public ConsumerStats() {
        this(Warmup.NONE);
    }

    public ConsumerStats(Warmup warmup) {
        this.warmup = warmup;
    }

    /** Every record from now on also goes into {@code log}. */
    public void logIntervals(IntervalLog log) {
        intervals = log;
    }

    /** One record's end-to-end latency and its key and value bytes, for the interval log. */
    void interval(long micros, long keyValueBytes) {
        IntervalLog log = intervals;
        if (log != null) {
            log.record(micros, keyValueBytes);
        }
    }

    public void reading(long nowMs) {
        startMs.accumulateAndGet(nowMs, Math::min);
    }

    /**
     * One sample's records. The warm-up counts whole samples: a sample is left out of the steady
     * figures when it starts within the warm-up.
     *
     * @param keyValueBytes keys and values, as consumer-perf-test counts its MB (headers left out)
     * @param sampleStartMs when the sample started reading
     * @param lastRecordMs  when the latest of these records reached the consumer: the run's end so far
     * @return whether the sample is after the warm-up
     */
    public boolean read(int count, long keyValueBytes, long sampleStartMs, long lastRecordMs) {
        long before;
        synchronized (this) {
            before = records.sum();
            records.add(count);
        }
        bytes.add(keyValueBytes);
        endMs.accumulateAndGet(lastRecordMs, Math::max);
        long first = firstRecordMs.accumulateAndGet(lastRecordMs, Math::min);
        if (!warmup.isSet() || warmup.covers(before, sampleStartMs - first)) {
            return false;
        }
        steadyRecords.add(count);
        steadyBytes.add(keyValueBytes);
        steadyStartMs.accumulateAndGet(sampleStartMs, Math::min);
        return true;
    }

    /** One thread's end-to-end latencies (µs), when it is done reading: all, and after the warm-up. */
    public synchronized void endToEnd(Histogram threadMicros, Histogram threadSteadyMicros) {
        e2eMicros.add(threadMicros);
        steadyMicros.add(threadSteadyMicros);
    }

    /** Threads join their group in parallel: the longest join counts, as for one perf-test consumer. */
    public void rebalanced(long threadTotalMs) {
        rebalanceMs.accumulateAndGet(threadTotalMs, Math::max);
    }

    public long records() {
        return records.sum();
    }

    public Summary summary() {
        Histogram e2e;
        synchronized (this) {
            e2e = e2eMicros.copy();
        }
        return new Summary(records.sum(), bytes.sum(), startMs.get(), endMs.get(), rebalanceMs.get(), e2e);
    }

    /** The samples after the warm-up; null without a warm-up. Its rebalance time is the run's. */
    public Summary steadySummary() {
        if (!warmup.isSet()) {
            return null;
        }
        Histogram e2e;
        synchronized (this) {
            e2e = steadyMicros.copy();
        }
        long n = steadyRecords.sum();
        long start = steadyStartMs.get();
        return new Summary(n, steadyBytes.sum(), n == 0 ? 0 : start, n == 0 ? 0 : endMs.get(), 0, e2e);
    }

    /** A snapshot in kafka-consumer-perf-test's format. */
    public static final class Summary {
        public static final String KIND = "consumer";
        public static final String HEADER = "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, "
                + "nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec";

        /** kafka-share-consumer-perf-test's header: its fetch time is the whole run's (share groups do not rebalance). */
        public static final String SHARE_HEADER =
                "start.time, end.time, data.consumed.in.MB, MB.sec, nMsg.sec, data.consumed.in.nMsg, fetch.time.ms";

        public final long records;
        public final long bytes;
        public final long startMs;
        public final long endMs;
        public final long rebalanceMs;
        public final Histogram e2e;

        /** @param e2e end-to-end latencies in µs of the records that carried a send time */
        public Summary(long records, long bytes, long startMs, long endMs, long rebalanceMs, Histogram e2e) {
            this.records = records;
            this.bytes = bytes;
            // nothing read: the run spans no time, from its first read attempt (0: none)
            this.startMs = startMs == Long.MAX_VALUE ? 0 : startMs;
            this.endMs = records == 0 ? this.startMs : endMs;
            this.rebalanceMs = rebalanceMs;
            this.e2e = e2e;
        }

        public double megabytes() {
            return bytes / MB;
        }

        public long elapsedMs() {
            return Math.max(0, endMs - startMs);
        }

        public long fetchMs() {
            return Math.max(0, elapsedMs() - rebalanceMs);
        }

        public String perfTestLine() {
            SummaryRow r = row("", "");
            return String.format(
                    Locale.ROOT,
                    "%s, %s, %s, %s, %d, %s, %d, %d, %s, %s",
                    startMs == 0 ? "-" : r.get(SummaryRow.Column.START_TIME),
                    endMs == 0 ? "-" : r.get(SummaryRow.Column.END_TIME),
                    r.get(SummaryRow.Column.MB),
                    r.get(SummaryRow.Column.MB_PER_SEC),
                    records,
                    r.get(SummaryRow.Column.RECORDS_PER_SEC),
                    rebalanceMs,
                    fetchMs(),
                    r.get(SummaryRow.Column.FETCH_MB_PER_SEC),
                    r.get(SummaryRow.Column.FETCH_RECORDS_PER_SEC));
        }

        /** These figures as kafka-share-consumer-perf-test prints them. */
        public String sharePerfTestLine() {
            SummaryRow r = row("", "");
            return String.format(
                    Locale.ROOT,
                    "%s, %s, %s, %s, %s, %d, %d",
                    startMs == 0 ? "-" : r.get(SummaryRow.Column.START_TIME),
                    endMs == 0 ? "-" : r.get(SummaryRow.Column.END_TIME),
                    r.get(SummaryRow.Column.MB),
                    r.get(SummaryRow.Column.MB_PER_SEC),
                    r.get(SummaryRow.Column.RECORDS_PER_SEC),
                    records,
                    elapsedMs());
        }

        /** Every figure of consumer-perf-test's line, and the end-to-end latencies. */
        public SummaryRow row(String label, String part) {
            double elapsedSec = elapsedMs() / 1000.0;
            double fetchSec = fetchMs() / 1000.0;
            return new SummaryRow(KIND, label, part)
                    .put(SummaryRow.Column.RECORDS, records)
                    .put(SummaryRow.Column.FAILED, 0)
                    .put(SummaryRow.Column.MB, megabytes(), 4)
                    .put(SummaryRow.Column.SECONDS, elapsedSec, 3)
                    .put(SummaryRow.Column.RECORDS_PER_SEC, rate((double) records, elapsedSec), 4)
                    .put(SummaryRow.Column.MB_PER_SEC, rate(megabytes(), elapsedSec), 4)
                    .latency(e2e)
                    .put(SummaryRow.Column.START_TIME, SummaryRow.time(startMs))
                    .put(SummaryRow.Column.END_TIME, SummaryRow.time(endMs))
                    .put(SummaryRow.Column.REBALANCE_MS, rebalanceMs)
                    .put(SummaryRow.Column.FETCH_MS, fetchMs())
                    .put(SummaryRow.Column.FETCH_MB_PER_SEC, rate(megabytes(), fetchSec), 4)
                    .put(SummaryRow.Column.FETCH_RECORDS_PER_SEC, rate((double) records, fetchSec), 4);
        }

        public String endToEndLine() {
            if (e2e.getTotalCount() == 0) {
                return "end-to-end latency: no record carried a send time";
            }
            return String.format(
                    Locale.ROOT,
                    "end-to-end latency: %.2f ms avg, %d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th, %.2f ms max.",
                    e2e.getMean() / 1000.0,
                    e2e.getValueAtPercentile(50) / 1000,
                    e2e.getValueAtPercentile(95) / 1000,
                    e2e.getValueAtPercentile(99) / 1000,
                    e2e.getValueAtPercentile(99.9) / 1000,
                    e2e.getMaxValue() / 1000.0);
        }

        /** What the end-to-end line leaves out of the tail: its 99.99th percentile; null when no record had a time. */
        public String tailLine() {
            return e2e.getTotalCount() == 0 ? null : "tail: " + SummaryRow.tail(e2e) + " end-to-end latency.";
        }

        private static double rate(double amount, double seconds) {
            return seconds > 0 ? amount / seconds : 0;
        }
    }
}
