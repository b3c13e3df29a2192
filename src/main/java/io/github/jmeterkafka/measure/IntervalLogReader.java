package io.github.jmeterkafka.measure;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The intervals of an {@link IntervalLog}'s file, in time order. Each interval is written as an untagged latency
 * histogram and two counters, {@code Tag=bytes} and {@code Tag=failed}: histograms of zeros whose total count is the
 * value; a paced sampler's also as {@code Tag=corrected} and {@code Tag=send-delay}. They share their start time stamp.
 */
public final class IntervalLogReader {

    private IntervalLogReader() {}

    public static List<Interval> intervals(Path hlog) throws FileNotFoundException {
        Map<Long, Parts> byStart = new TreeMap<>();
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (!(h instanceof Histogram histogram)) {
                    continue;
                }
                Parts parts = byStart.computeIfAbsent(histogram.getStartTimeStamp(), k -> new Parts());
                parts.endMs = Math.max(parts.endMs, histogram.getEndTimeStamp());
                String tag = histogram.getTag();
                if (tag == null) {
                    parts.latency = histogram;
                } else if (tag.equals("bytes")) {
                    parts.bytes += histogram.getTotalCount();
                } else if (tag.equals("failed")) {
                    parts.failed += histogram.getTotalCount();
                } else if (tag.equals("corrected")) {
                    parts.corrected = histogram;
                } else if (tag.equals("send-delay")) {
                    parts.sendDelay = histogram;
                }
            }
        } finally {
            reader.close();
        }
        List<Interval> result = new ArrayList<>(byStart.size());
        byStart.forEach((start, p) -> {
            Histogram latency = p.latency != null ? p.latency : new Histogram(3);
            result.add(new Interval(
                    start, Math.max(p.endMs, start), latency, p.bytes, p.failed, p.corrected, p.sendDelay));
        });
        return result;
    }

    /**
     * The limits written with each interval ({@link LimitSeries}, in logged units), by the interval's start; an
     * interval without them (an older log, or no probe) is absent.
     */
    public static SortedMap<Long, Map<LimitSeries, Long>> limits(Path hlog) throws FileNotFoundException {
        SortedMap<Long, Map<LimitSeries, Long>> byStart = new TreeMap<>();
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                LimitSeries series = h instanceof Histogram histogram ? LimitSeries.ofTag(histogram.getTag()) : null;
                if (series != null) {
                    byStart.computeIfAbsent(h.getStartTimeStamp(), k -> new EnumMap<>(LimitSeries.class))
                            .put(series, ((Histogram) h).getTotalCount());
                }
            }
        } finally {
            reader.close();
        }
        return byStart;
    }

    private static final class Parts {
        private Histogram latency;
        private Histogram corrected;
        private Histogram sendDelay;
        private long bytes;
        private long failed;
        private long endMs;
    }
}
