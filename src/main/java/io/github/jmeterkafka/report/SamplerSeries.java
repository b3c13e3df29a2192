package io.github.jmeterkafka.report;

import io.github.jmeterkafka.measure.Interval;
import io.github.jmeterkafka.measure.LimitSeries;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One sampler's log folded into at most about {@code maxPoints} buckets of whole seconds: per bucket
 * the records, bytes and failed records (sums) and the seconds the bucket's intervals cover, so a
 * rate is a sum over those seconds; and latency percentiles in ms taken from the bucket's merged
 * histogram (never averaged). A bucket without records has no percentiles. A paced sampler's log
 * ({@code paced}) gives the percentiles of the corrected latency and of the send delay the same way.
 */
public record SamplerSeries(long bucketMs, List<Point> points, boolean paced, List<Map<LimitSeries, Double>> limits) {

    static final double[] PERCENTILES = {50, 95, 99, 99.9, 99.99};

    /** One bucket: its start, the seconds its intervals cover, its sums, and its percentiles. */
    public record Point(long timeMs, double seconds, long records, long bytes, long failed, Percentiles percentilesMs) {
        public double recordsPerSec() {
            return seconds > 0 ? records / seconds : 0;
        }
    }

    /**
     * A bucket's {@link #PERCENTILES} in ms of the latency, the corrected latency and the send delay: each empty
     * when the bucket has no such records ({@code latency} when it has no records, the others when none was paced).
     */
    // never compared or hashed: the arrays are only read by index
    @SuppressWarnings("ArrayRecordComponent")
    public record Percentiles(double[] latency, double[] corrected, double[] sendDelay) {}

    public static SamplerSeries of(List<Interval> intervals, int maxPoints) {
        return of(intervals, new TreeMap<>(), maxPoints);
    }

    /**
     * The same with the limits written with the intervals ({@code limits}, by interval start): per bucket, each
     * series' mean in its shown unit, beside the bucket's point; a series absent from a bucket is absent there.
     */
    public static SamplerSeries of(
            List<Interval> intervals, SortedMap<Long, Map<LimitSeries, Long>> limits, int maxPoints) {
        if (intervals.isEmpty()) {
            return new SamplerSeries(1000, List.of(), false, List.of());
        }
        long first = intervals.get(0).startMs();
        long last = intervals.get(intervals.size() - 1).endMs();
        long bucketMs = Math.max(1, ceilDiv(last - first, 1000L * maxPoints)) * 1000;
        List<Point> points = new ArrayList<>();
        List<Map<LimitSeries, Double>> limitPoints = new ArrayList<>();
        boolean paced = false;
        int i = 0;
        while (i < intervals.size()) {
            long bucket = (intervals.get(i).startMs() - first) / bucketMs;
            Histogram merged = new Histogram(3);
            Histogram corrected = new Histogram(3);
            Histogram sendDelay = new Histogram(3);
            long covered = 0;
            long bytes = 0;
            long failed = 0;
            Map<LimitSeries, double[]> limitSums = new EnumMap<>(LimitSeries.class);
            for (; i < intervals.size() && (intervals.get(i).startMs() - first) / bucketMs == bucket; i++) {
                Interval in = intervals.get(i);
                merged.add(in.latencyMicros());
                if (in.correctedMicros() != null) {
                    corrected.add(in.correctedMicros());
                    paced = true;
                }
                if (in.sendDelayMicros() != null) {
                    sendDelay.add(in.sendDelayMicros());
                }
                limits.getOrDefault(in.startMs(), Map.of()).forEach((series, v) -> {
                    double[] sum = limitSums.computeIfAbsent(series, k -> new double[2]);
                    sum[0] += series.shown(v);
                    sum[1]++;
                });
                covered += in.endMs() - in.startMs();
                bytes += in.bytes();
                failed += in.failed();
            }
            points.add(new Point(
                    first + bucket * bucketMs,
                    covered / 1000.0,
                    merged.getTotalCount(),
                    bytes,
                    failed,
                    new Percentiles(percentilesMs(merged), percentilesMs(corrected), percentilesMs(sendDelay))));
            Map<LimitSeries, Double> means = new EnumMap<>(LimitSeries.class);
            limitSums.forEach((series, sum) -> means.put(series, sum[0] / sum[1]));
            limitPoints.add(means);
        }
        return new SamplerSeries(bucketMs, points, paced, limitPoints);
    }

    private static double[] percentilesMs(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return new double[0];
        }
        double[] ms = new double[PERCENTILES.length];
        for (int p = 0; p < ms.length; p++) {
            ms[p] = micros.getValueAtPercentile(PERCENTILES[p]) / 1000.0;
        }
        return ms;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    public long records() {
        return points.stream().mapToLong(Point::records).sum();
    }

    public long bytes() {
        return points.stream().mapToLong(Point::bytes).sum();
    }

    public long failed() {
        return points.stream().mapToLong(Point::failed).sum();
    }
}
