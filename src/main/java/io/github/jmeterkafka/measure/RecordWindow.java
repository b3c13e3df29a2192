package io.github.jmeterkafka.measure;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The records of one window of a run (the whole run, its steady state) from its first send on: their latency, value
 * bytes and, on a paced run, latency from the intended send and send delay. Thread-safe.
 */
final class RecordWindow {
    private final ConcurrentHistogram latencyMicros = new ConcurrentHistogram(3);
    private final LongAdder bytes = new LongAdder();
    private final AtomicLong firstSendNanos = new AtomicLong(Long.MAX_VALUE);
    private final ScheduleFigures.Recorder scheduled = new ScheduleFigures.Recorder();

    /**
     * A snapshot: the latencies (µs), the values' bytes, the seconds from the first send to the last record done, and
     * a paced run's figures (else null).
     */
    record Figures(Histogram latencyMicros, long bytes, double seconds, ScheduleFigures schedule) {}

    void sending(long nanos) {
        firstSendNanos.accumulateAndGet(nanos, Math::min);
    }

    /** @param correctedMicros latency from the intended send; -1: not paced (then {@code delayMicros} is not either) */
    void done(long micros, long valueBytes, long correctedMicros, long delayMicros) {
        latencyMicros.recordValue(micros);
        bytes.add(valueBytes);
        if (correctedMicros >= 0) {
            scheduled.record(correctedMicros, delayMicros);
        }
    }

    long firstSendNanos() {
        return firstSendNanos.get();
    }

    long bytes() {
        return bytes.sum();
    }

    /** From the first send to {@code lastNanos}; with {@code schedule}'s figures when paced (non-null). */
    Figures figures(long lastNanos, SendSchedule schedule) {
        long first = firstSendNanos.get();
        double seconds = first == Long.MAX_VALUE || lastNanos <= first ? 0 : (lastNanos - first) / 1e9;
        return new Figures(
                latencyMicros.copy(),
                bytes.sum(),
                seconds,
                schedule == null ? null : scheduled.snapshot(schedule.behind()));
    }
}
