package io.github.jmeterkafka.measure;

import org.HdrHistogram.Histogram;

/**
 * One interval of one sampler's interval log, as the log wrote it: every record's latency in µs, the interval's
 * bytes and failed records, and on a paced run the latencies from each record's intended send time.
 *
 * @param latency what the latencies measure: send-to-ack, end-to-end, round-trip
 * @param corrected null unless the sampler paces by intended time
 */
public record IntervalFigures(
        String kind,
        String label,
        String latency,
        long startMs,
        long endMs,
        Histogram latencies,
        long bytes,
        long failed,
        Histogram corrected) {

    public long records() {
        return latencies.getTotalCount();
    }

    public double seconds() {
        return Math.max(1, endMs - startMs) / 1000.0;
    }
}
