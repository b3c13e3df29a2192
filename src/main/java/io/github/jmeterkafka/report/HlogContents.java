package io.github.jmeterkafka.report;

import io.github.jmeterkafka.measure.HlogHeader;
import io.github.jmeterkafka.measure.Interval;
import io.github.jmeterkafka.measure.IntervalLogReader;
import io.github.jmeterkafka.measure.LimitSeries;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/** The intervals ({@link IntervalLogReader}), the limits written with them and the summary rows of one interval log. */
public record HlogContents(
        List<Interval> intervals, SortedMap<Long, Map<LimitSeries, Long>> limits, SummaryTable summary) {

    private static final String SUMMARY_HEADER = HlogHeader.KAFKA_COMMENT + "summary.header=";
    private static final String SUMMARY_ROW = HlogHeader.KAFKA_COMMENT + "summary=";

    public static HlogContents read(HlogHeader header) throws IOException {
        return new HlogContents(
                IntervalLogReader.intervals(header.path()), IntervalLogReader.limits(header.path()), summary(header));
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
}
