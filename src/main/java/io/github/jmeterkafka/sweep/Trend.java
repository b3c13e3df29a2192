package io.github.jmeterkafka.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Whether a latency grew over a run: the median of the per-interval p99 over the first third of the steady intervals
 * against the same over the last third. A queue that grows (the cluster behind the rate) raises every interval after
 * it; one slow interval (a GC, a segment roll) moves a median little.
 */
record Trend(double firstMs, double lastMs) {
    /** Fewer steady intervals than this tell no trend. */
    private static final int MIN_INTERVALS = 6;
    /** A trend is growth past both: doubled, and by this much. */
    private static final double GROWTH_MS = 20;

    /** Empty when too few intervals have records. */
    static Optional<Trend> of(List<Histogram> intervals) {
        List<Double> p99 = new ArrayList<>();
        for (Histogram h : intervals) {
            if (h != null && h.getTotalCount() > 0) {
                p99.add(h.getValueAtPercentile(99) / 1000.0);
            }
        }
        if (p99.size() < MIN_INTERVALS) {
            return Optional.empty();
        }
        int third = p99.size() / 3;
        return Optional.of(
                new Trend(median(p99.subList(0, third)), median(p99.subList(p99.size() - third, p99.size()))));
    }

    boolean grows() {
        return lastMs > 2 * firstMs && lastMs - firstMs > GROWTH_MS;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
