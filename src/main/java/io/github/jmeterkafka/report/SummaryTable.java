package io.github.jmeterkafka.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.save.CSVSaveService;

/**
 * The perf-test summary rows of one sampler as a table to show: the kind and label columns (the
 * section names them) and the columns no row fills (they do not apply to the kind) are left out.
 */
public record SummaryTable(List<String> columns, List<List<String>> rows) {

    /** No summary: the log has no {@code #kafka.summary} lines. */
    public static final SummaryTable NONE = new SummaryTable(List.of(), List.of());

    private static final List<String> HIDDEN = List.of("kind", "label");

    /** Titles after Kafka's perf tools' own, in words a narrow column can wrap; other columns show their CSV name. */
    private static final Map<String, String> TITLES = Map.ofEntries(
            Map.entry("part", "part"),
            Map.entry("records", "records"),
            Map.entry("failed", "failed records"),
            Map.entry("mb", "MB"),
            Map.entry("seconds", "seconds"),
            Map.entry("records_per_sec", "records/sec"),
            Map.entry("mb_per_sec", "MB/sec"),
            Map.entry("avg_ms", "avg latency (ms)"),
            Map.entry("max_ms", "max latency (ms)"),
            Map.entry("p50_ms", "50th (ms)"),
            Map.entry("p95_ms", "95th (ms)"),
            Map.entry("p99_ms", "99th (ms)"),
            Map.entry("p999_ms", "99.9th (ms)"),
            Map.entry("p9999_ms", "99.99th (ms)"),
            Map.entry("start_time", "start time"),
            Map.entry("end_time", "end time"),
            Map.entry("rebalance_ms", "rebalance time (ms)"),
            Map.entry("fetch_ms", "fetch time (ms)"),
            Map.entry("fetch_mb_per_sec", "fetch MB/sec"),
            Map.entry("fetch_records_per_sec", "fetch records/sec"),
            Map.entry("expected_records_per_sec", "expected records/sec"),
            Map.entry("corrected_avg_ms", "corrected avg (ms)"),
            Map.entry("corrected_max_ms", "corrected max (ms)"),
            Map.entry("corrected_p50_ms", "corrected 50th (ms)"),
            Map.entry("corrected_p95_ms", "corrected 95th (ms)"),
            Map.entry("corrected_p99_ms", "corrected 99th (ms)"),
            Map.entry("corrected_p999_ms", "corrected 99.9th (ms)"),
            Map.entry("corrected_p9999_ms", "corrected 99.99th (ms)"),
            Map.entry("send_delay_p50_ms", "send delay 50th (ms)"),
            Map.entry("send_delay_p99_ms", "send delay 99th (ms)"),
            Map.entry("send_delay_max_ms", "send delay max (ms)"),
            Map.entry("behind_s", "behind schedule (s)"),
            Map.entry("skipped", "skipped records"));

    /** The table from the summary header and its rows, all RFC 4180 CSV. */
    public static SummaryTable parse(String header, List<String> csvRows) throws IOException {
        List<String> names = split(header);
        List<List<String>> values = new ArrayList<>();
        for (String row : csvRows) {
            List<String> v = new ArrayList<>(split(row));
            while (v.size() < names.size()) {
                v.add("");
            }
            values.add(v);
        }
        List<Integer> shown = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            int col = c;
            if (!HIDDEN.contains(names.get(c))
                    && values.stream().anyMatch(r -> !r.get(col).isEmpty())) {
                shown.add(c);
            }
        }
        List<String> columns = shown.stream()
                .map(c -> TITLES.getOrDefault(names.get(c), names.get(c)))
                .toList();
        List<List<String>> rows =
                values.stream().map(r -> shown.stream().map(r::get).toList()).toList();
        return new SummaryTable(columns, rows);
    }

    /** Where a summary column ({@code start_time}) is among the shown ones; -1 when it is not shown. */
    public int column(String csvName) {
        return columns.indexOf(TITLES.getOrDefault(csvName, csvName));
    }

    public boolean missing() {
        return rows.isEmpty();
    }

    private static List<String> split(String csv) throws IOException {
        return Arrays.asList(CSVSaveService.csvSplitString(csv, ','));
    }
}
