package io.github.jmeterkafka.measure;

/**
 * One interval of one sampler's interval log, as the log wrote it: the sampler's kind and label, what its latencies
 * measure (send-to-ack, end-to-end, round-trip), and the {@link Interval} itself.
 */
public record IntervalFigures(String kind, String label, String latency, Interval interval) {

    public long records() {
        return interval.records();
    }

    public double seconds() {
        return Math.max(1, interval.endMs() - interval.startMs()) / 1000.0;
    }
}
