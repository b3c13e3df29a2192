package io.github.jmeterkafka.measure;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Send-to-ack figures of every record one producer sampler sent, over all its threads, the way
 * kafka-producer-perf-test measures them: a latency per record (not per sample) in a histogram, the
 * rate from the first send to the last ack. Thread-safe: the producers' I/O threads record into it.
 */
public final class ProducerStats {
    private static final double MB = 1024.0 * 1024.0;

    private final ConcurrentHistogram latencyMicros = new ConcurrentHistogram(3);
    private final LongAdder acked = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final AtomicLong firstSendNanos = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong lastAckNanos = new AtomicLong(Long.MIN_VALUE);
    private final AtomicReference<String> firstFailure = new AtomicReference<>();
    // per-window figures for progress lines, kept only when asked for (a CAS per record)
    private final boolean windows;
    private final LongAdder latencySumMicros = new LongAdder();
    private final AtomicLong windowMaxMicros = new AtomicLong();
    private long windowRecords;
    private long windowBytes;
    private long windowLatencySum;
    private long windowStartNanos = System.nanoTime();

    public ProducerStats() {
        this(false);
    }

    /** @param windows keep what {@link #windowLine} needs */
    public ProducerStats(boolean windows) {
        this.windows = windows;
    }

    public void sending(long nanos) {
        firstSendNanos.accumulateAndGet(nanos, Math::min);
    }

    /** @param valueBytes the record's value: producer-perf-test's MB count values only */
    public void acked(long sendNanos, long ackNanos, long valueBytes) {
        long micros = Math.max(0, (ackNanos - sendNanos) / 1000);
        latencyMicros.recordValue(micros);
        if (windows) {
            latencySumMicros.add(micros);
            windowMaxMicros.accumulateAndGet(micros, Math::max);
        }
        acked.increment();
        bytes.add(valueBytes);
        lastAckNanos.accumulateAndGet(ackNanos, Math::max);
    }

    public void failed(String cause) {
        failed(1, () -> cause);
    }

    /** {@code records} failed; {@code cause} is described only for the first failure of the run. */
    public void failed(int records, Supplier<String> cause) {
        failed.add(records);
        if (firstFailure.get() == null) {
            firstFailure.compareAndSet(null, cause.get());
        }
    }

    public long ackedCount() {
        return acked.sum();
    }

    public long failedCount() {
        return failed.sum();
    }

    /**
     * perf-test's progress line for the records acknowledged since the previous call:
     * {@code N records sent, X records/sec (Y MB/sec), A ms avg latency, M ms max latency.}
     */
    public synchronized String windowLine() {
        long now = System.nanoTime();
        long records = acked.sum();
        long sent = bytes.sum();
        long latencySum = latencySumMicros.sum();
        long n = records - windowRecords;
        double seconds = Math.max(1e-9, (now - windowStartNanos) / 1e9);
        String line = String.format(Locale.ROOT,
                "%d records sent, %.1f records/sec (%.2f MB/sec), %.1f ms avg latency, %.1f ms max latency.",
                n, n / seconds, (sent - windowBytes) / MB / seconds,
                n == 0 ? 0.0 : (latencySum - windowLatencySum) / 1000.0 / n, windowMaxMicros.getAndSet(0) / 1000.0);
        windowRecords = records;
        windowBytes = sent;
        windowLatencySum = latencySum;
        windowStartNanos = now;
        return line;
    }

    /** The figures so far, consistent enough for a summary (the counters are read one by one). */
    public Summary summary() {
        Histogram h = latencyMicros.copy();
        long count = acked.sum();
        long first = firstSendNanos.get();
        long last = lastAckNanos.get();
        double seconds = count == 0 || last <= first ? 0 : (last - first) / 1e9;
        return new Summary(count, failed.sum(), bytes.sum(), seconds, h, firstFailure.get());
    }

    /** A snapshot, printed in kafka-producer-perf-test's final format. */
    public static final class Summary {
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

        Summary(long records, long failedRecords, long bytes, double seconds, Histogram h, String firstFailure) {
            this.records = records;
            this.failedRecords = failedRecords;
            this.bytes = bytes;
            this.seconds = seconds;
            this.avgMs = records == 0 ? 0 : h.getMean() / 1000.0;
            this.maxMs = records == 0 ? 0 : h.getMaxValue() / 1000.0;
            this.p50Ms = h.getValueAtPercentile(50) / 1000;
            this.p95Ms = h.getValueAtPercentile(95) / 1000;
            this.p99Ms = h.getValueAtPercentile(99) / 1000;
            this.p999Ms = h.getValueAtPercentile(99.9) / 1000;
            this.firstFailure = firstFailure;
        }

        public double recordsPerSec() {
            return seconds > 0 ? records / seconds : 0;
        }

        public double mbPerSec() {
            return seconds > 0 ? bytes / MB / seconds : 0;
        }

        /** Exactly kafka-producer-perf-test's last line. */
        public String perfTestLine() {
            return String.format(Locale.ROOT,
                    "%d records sent, %f records/sec (%.2f MB/sec), %.2f ms avg latency, %.2f ms max latency, "
                            + "%d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.",
                    records, recordsPerSec(), mbPerSec(), avgMs, maxMs, p50Ms, p95Ms, p99Ms, p999Ms);
        }

        /** What perf-test leaves out: the records that failed. */
        public String failureLine() {
            return failedRecords + " records failed" + (firstFailure == null ? "." : ", first: " + firstFailure);
        }
    }
}
