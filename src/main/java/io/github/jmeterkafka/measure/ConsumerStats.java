package io.github.jmeterkafka.measure;

import java.text.SimpleDateFormat;
import java.util.Date;
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

    public void reading(long nowMs) {
        startMs.accumulateAndGet(nowMs, Math::min);
    }

    /**
     * @param keyValueBytes keys and values, as consumer-perf-test counts its MB (headers left out)
     * @param lastRecordMs  when the latest of these records reached the consumer: the run's end so far
     */
    public void read(int count, long keyValueBytes, long lastRecordMs) {
        records.add(count);
        bytes.add(keyValueBytes);
        endMs.accumulateAndGet(lastRecordMs, Math::max);
    }

    /** One thread's end-to-end latencies (µs), when it is done reading. */
    public synchronized void endToEnd(Histogram threadMicros) {
        e2eMicros.add(threadMicros);
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

    /** A snapshot in kafka-consumer-perf-test's format. */
    public static final class Summary {
        public static final String HEADER = "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, "
                + "nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec";

        public final long records;
        public final long bytes;
        public final long startMs;
        public final long endMs;
        public final long rebalanceMs;
        public final Histogram e2e;

        Summary(long records, long bytes, long startMs, long endMs, long rebalanceMs, Histogram e2e) {
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
            double elapsedSec = elapsedMs() / 1000.0;
            double fetchSec = fetchMs() / 1000.0;
            SimpleDateFormat format = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS", Locale.ROOT);
            return String.format(Locale.ROOT, "%s, %s, %.4f, %.4f, %d, %.4f, %d, %d, %.4f, %.4f",
                    startMs == 0 ? "-" : format.format(new Date(startMs)),
                    endMs == 0 ? "-" : format.format(new Date(endMs)), megabytes(),
                    rate(megabytes(), elapsedSec), records, rate(records, elapsedSec), rebalanceMs, fetchMs(),
                    rate(megabytes(), fetchSec), rate(records, fetchSec));
        }

        public String endToEndLine() {
            if (e2e.getTotalCount() == 0) {
                return "end-to-end latency: no record carried a send time";
            }
            return String.format(Locale.ROOT,
                    "end-to-end latency: %.2f ms avg, %d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th, %.2f ms max.",
                    e2e.getMean() / 1000.0, e2e.getValueAtPercentile(50) / 1000, e2e.getValueAtPercentile(95) / 1000,
                    e2e.getValueAtPercentile(99) / 1000, e2e.getValueAtPercentile(99.9) / 1000, e2e.getMaxValue() / 1000.0);
        }

        private static double rate(double amount, double seconds) {
            return seconds > 0 ? amount / seconds : 0;
        }
    }
}
