package io.github.jmeterkafka.measure;

import org.HdrHistogram.Histogram;

/**
 * One interval of a sampler's log: every record's latency (µs), and the bytes and failed records counted. On a
 * paced run, also each record's latency from its intended send time and its send delay (µs); null in an interval
 * that has none (not paced, or before the schedule's first record).
 */
public record Interval(
        long startMs,
        long endMs,
        Histogram latencyMicros,
        long bytes,
        long failed,
        Histogram correctedMicros,
        Histogram sendDelayMicros) {

    public long records() {
        return latencyMicros.getTotalCount();
    }
}
