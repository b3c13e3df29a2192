package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.measure.SummaryRow.Column;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/** The summary columns the report takes medians of, in the order its tables show them. */
enum Metric {
    RECORDS_PER_SEC(Column.RECORDS_PER_SEC, "records/s", Rows.EVERY),
    MB_PER_SEC(Column.MB_PER_SEC, "MB/s", Rows.EVERY),
    AVG_MS(Column.AVG_MS, "avg ms", Rows.EVERY),
    P50_MS(Column.P50_MS, "p50 ms", Rows.EVERY),
    P95_MS(Column.P95_MS, "p95 ms", Rows.EVERY),
    P99_MS(Column.P99_MS, "p99 ms", Rows.EVERY),
    P999_MS(Column.P999_MS, "p99.9 ms", Rows.EVERY),
    P9999_MS(Column.P9999_MS, "p99.99 ms", Rows.FILLED),
    MAX_MS(Column.MAX_MS, "max ms", Rows.EVERY),
    REBALANCE_MS(Column.REBALANCE_MS, "rebalance ms", Rows.CONSUMER),
    FETCH_MS(Column.FETCH_MS, "fetch ms", Rows.CONSUMER),
    FETCH_MB_PER_SEC(Column.FETCH_MB_PER_SEC, "fetch MB/s", Rows.CONSUMER),
    FETCH_RECORDS_PER_SEC(Column.FETCH_RECORDS_PER_SEC, "fetch records/s", Rows.CONSUMER),
    // last, so the columns of report-table.csv keep their places in a sweep that has them
    CORRECTED_P50_MS(Column.CORRECTED_P50_MS, "corrected p50 ms", Rows.PACED),
    CORRECTED_P99_MS(Column.CORRECTED_P99_MS, "corrected p99 ms", Rows.PACED),
    CORRECTED_P9999_MS(Column.CORRECTED_P9999_MS, "corrected p99.99 ms", Rows.PACED);

    /**
     * Which rows fill a metric: every row, a consumer's, a paced sampler's (a target rate), or every row written since
     * the column exists.
     */
    private enum Rows {
        EVERY,
        CONSUMER,
        PACED,
        FILLED
    }

    /** What a chart draws against each varied property, and what a comparison sets side by side, where a table has it. */
    static final List<Metric> CHARTED = List.of(RECORDS_PER_SEC, P99_MS, CORRECTED_P99_MS);

    static final List<Metric> COMPARED = List.of(RECORDS_PER_SEC, MB_PER_SEC, P99_MS, CORRECTED_P99_MS);

    private final Column column;
    private final String title;
    private final Rows rows;

    Metric(Column column, String title, Rows rows) {
        this.column = column;
        this.title = title;
        this.rows = rows;
    }

    /** The rows.csv column, also the key of this metric in report-table.csv and the page's data. */
    String key() {
        return column.header();
    }

    String title() {
        return title;
    }

    /** Filled only by a paced sampler's rows: its latency is then corrected too. */
    boolean paced() {
        return rows == Rows.PACED;
    }

    /** Filled only by some rows (a paced sampler's, or rows newer than the column): shown only where some row has it. */
    boolean sparse() {
        return rows == Rows.PACED || rows == Rows.FILLED;
    }

    /**
     * Consumer rows fill every metric but the paced ones; other rows leave the consumer's own empty; a sparse
     * metric is kept when {@code filled} says some row of the sampler has it (a sweep of older rows or of
     * unpaced samplers has none).
     */
    static List<Metric> of(String kind, Predicate<Metric> filled) {
        boolean consumer = "consumer".equals(kind);
        return Arrays.stream(values())
                .filter(m -> switch (m.rows) {
                    case EVERY -> true;
                    case CONSUMER -> consumer;
                    case PACED, FILLED -> filled.test(m);
                })
                .toList();
    }
}
