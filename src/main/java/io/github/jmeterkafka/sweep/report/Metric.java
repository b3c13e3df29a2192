package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.measure.SummaryRow.Column;
import java.util.Arrays;
import java.util.List;

/** The summary columns the report takes medians of, in the order its tables show them. */
enum Metric {
    RECORDS_PER_SEC(Column.RECORDS_PER_SEC, "records/s", false),
    MB_PER_SEC(Column.MB_PER_SEC, "MB/s", false),
    AVG_MS(Column.AVG_MS, "avg ms", false),
    P50_MS(Column.P50_MS, "p50 ms", false),
    P95_MS(Column.P95_MS, "p95 ms", false),
    P99_MS(Column.P99_MS, "p99 ms", false),
    P999_MS(Column.P999_MS, "p99.9 ms", false),
    MAX_MS(Column.MAX_MS, "max ms", false),
    REBALANCE_MS(Column.REBALANCE_MS, "rebalance ms", true),
    FETCH_MS(Column.FETCH_MS, "fetch ms", true),
    FETCH_MB_PER_SEC(Column.FETCH_MB_PER_SEC, "fetch MB/s", true),
    FETCH_RECORDS_PER_SEC(Column.FETCH_RECORDS_PER_SEC, "fetch records/s", true);

    /** What a chart draws against each varied property, and what a comparison sets side by side. */
    static final List<Metric> CHARTED = List.of(RECORDS_PER_SEC, P99_MS);

    static final List<Metric> COMPARED = List.of(RECORDS_PER_SEC, MB_PER_SEC, P99_MS);

    private final Column column;
    private final String title;
    private final boolean consumerOnly;

    Metric(Column column, String title, boolean consumerOnly) {
        this.column = column;
        this.title = title;
        this.consumerOnly = consumerOnly;
    }

    /** The rows.csv column, also the key of this metric in report-table.csv and the page's data. */
    String key() {
        return column.header();
    }

    String title() {
        return title;
    }

    /** Consumer rows fill every metric; other rows leave the consumer's own empty. */
    static List<Metric> of(String kind) {
        return Arrays.stream(values())
                .filter(m -> "consumer".equals(kind) || !m.consumerOnly)
                .toList();
    }
}
