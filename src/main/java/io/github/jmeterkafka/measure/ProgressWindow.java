package io.github.jmeterkafka.measure;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What perf-test's progress lines need of a producer's records since the last line: their latency sum and maximum.
 * Thread-safe: records from any thread, lines from one.
 */
final class ProgressWindow {
    private static final double MB = 1024.0 * 1024.0;

    private final LongAdder latencySumMicros = new LongAdder();
    private final AtomicLong maxMicros = new AtomicLong();
    private long records;
    private long bytes;
    private long latencySum;
    private long startNanos = System.nanoTime();

    void record(long micros) {
        latencySumMicros.add(micros);
        maxMicros.accumulateAndGet(micros, Math::max);
    }

    /** The line for the records from the last call to this one, given the totals acked and their bytes. */
    synchronized String line(long ackedTotal, long bytesTotal) {
        long now = System.nanoTime();
        long sum = latencySumMicros.sum();
        long n = ackedTotal - records;
        double seconds = Math.max(1e-9, (now - startNanos) / 1e9);
        String line = String.format(
                Locale.ROOT,
                "%d records sent, %.1f records/sec (%.2f MB/sec), %.1f ms avg latency, %.1f ms max latency.",
                n,
                n / seconds,
                (bytesTotal - bytes) / MB / seconds,
                n == 0 ? 0.0 : (sum - latencySum) / 1000.0 / n,
                maxMicros.getAndSet(0) / 1000.0);
        records = ackedTotal;
        bytes = bytesTotal;
        latencySum = sum;
        startNanos = now;
        return line;
    }
}
