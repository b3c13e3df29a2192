package io.github.jmeterkafka.measure;

import java.util.Map;

/**
 * One interval of one sampler's interval log, as the log wrote it: the sampler's kind and label, what its latencies
 * measure (send-to-ack, end-to-end, round-trip), the {@link Interval} itself, and what the limits probe read last
 * ({@link LimitSeries}, in logged units; empty without it).
 */
public record IntervalFigures(
        String kind, String label, String latency, Interval interval, Map<LimitSeries, Long> limits) {

    public long records() {
        return interval.records();
    }

    public double seconds() {
        return Math.max(1, interval.endMs() - interval.startMs()) / 1000.0;
    }
}
