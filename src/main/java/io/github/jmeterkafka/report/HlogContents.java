package io.github.jmeterkafka.report;

import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The intervals and the summary rows of one interval log. Each interval is written as an untagged
 * latency histogram and two counters, {@code Tag=bytes} and {@code Tag=failed}: histograms of zeros
 * whose total count is the value; a paced sampler's also as {@code Tag=corrected} (latency from each
 * record's intended send time) and {@code Tag=send-delay}. They share their start time stamp.
 */
public record HlogContents(List<Interval> intervals, SummaryTable summary) {

    private static final String SUMMARY_HEADER = HlogHeader.KAFKA_COMMENT + "summary.header=";
    private static final String SUMMARY_ROW = HlogHeader.KAFKA_COMMENT + "summary=";

    public static HlogContents read(HlogHeader header) throws IOException {
        return new HlogContents(intervals(header), summary(header));
    }

    private static List<Interval> intervals(HlogHeader header) throws FileNotFoundException {
        Map<Long, Parts> byStart = new TreeMap<>();
        HistogramLogReader reader = new HistogramLogReader(header.path().toFile());
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

    /** The {@code #kafka.summary} lines written at test end; empty when the test did not end normally. */
    private static SummaryTable summary(HlogHeader header) throws IOException {
        String columns = null;
        List<String> rows = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(header.path(), StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith(SUMMARY_HEADER)) {
                    columns = line.substring(SUMMARY_HEADER.length());
                } else if (line.startsWith(SUMMARY_ROW)) {
                    rows.add(line.substring(SUMMARY_ROW.length()));
                }
            }
        }
        return columns == null ? SummaryTable.NONE : SummaryTable.parse(columns, rows);
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
