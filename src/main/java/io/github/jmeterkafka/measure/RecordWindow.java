package io.github.jmeterkafka.measure;

import org.HdrHistogram.Histogram;

/**
 * The records of one window of a run (the whole run, its steady state) from its first send on: their latency, value
 * bytes and, on a paced run, latency from the intended send and send delay. Not thread-safe: its {@link Windows}
 * guards it, so that an ack costs one lock, not a concurrent histogram's atomics per figure.
 */
final class RecordWindow {
    private final Histogram latencyMicros = new Histogram(3);
    private final Histogram correctedMicros = new Histogram(3);
    private final Histogram sendDelayMicros = new Histogram(3);
    private long bytes;
    private long firstSendNanos = Long.MAX_VALUE;

    /**
     * A snapshot: the latencies (µs), the values' bytes, the seconds from the first send to the last record done, and
     * a paced run's figures (else null).
     */
    record Figures(Histogram latencyMicros, long bytes, double seconds, ScheduleFigures schedule) {}

    void sending(long nanos) {
        firstSendNanos = Math.min(firstSendNanos, nanos);
    }

    /** @param correctedMicros latency from the intended send; -1: not paced (then {@code delayMicros} is not either) */
    void done(long micros, long valueBytes, long correctedMicros, long delayMicros) {
        latencyMicros.recordValue(micros);
        bytes += valueBytes;
        if (correctedMicros >= 0) {
            this.correctedMicros.recordValue(correctedMicros);
            sendDelayMicros.recordValue(Math.max(0, delayMicros));
        }
    }

    long firstSendNanos() {
        return firstSendNanos;
    }

    long bytes() {
        return bytes;
    }

    /** From the first send to {@code lastNanos}; with {@code schedule}'s figures when paced (non-null). */
    Figures figures(long lastNanos, SendSchedule schedule) {
        double seconds = firstSendNanos == Long.MAX_VALUE || lastNanos <= firstSendNanos
                ? 0
                : (lastNanos - firstSendNanos) / 1e9;
        return new Figures(
                latencyMicros.copy(),
                bytes,
                seconds,
                schedule == null
                        ? null
                        : new ScheduleFigures(correctedMicros.copy(), sendDelayMicros.copy(), schedule.behind()));
    }
}
