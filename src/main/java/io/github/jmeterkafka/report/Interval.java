package io.github.jmeterkafka.report;

import org.HdrHistogram.Histogram;

/** One interval of a sampler's log: every record's latency (µs), and the bytes and failed records counted. */
public record Interval(long startMs, long endMs, Histogram latencyMicros, long bytes, long failed) {

    public long records() {
        return latencyMicros.getTotalCount();
    }
}
