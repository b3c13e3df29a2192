package io.github.jmeterkafka.sweep.files;

import java.util.List;

/**
 * The files a capacity search writes beside rows.csv: {@code search.csv}, every run's verdict, and {@code search.txt},
 * the answer. The search writes them and the sweep report reads them, so their names and columns stand here.
 */
public final class SearchFiles {
    public static final String VERDICTS = "search.csv";
    public static final String ANSWER = "search.txt";
    /** search.csv's columns; the last, the objective's limit, is the same on every row. */
    public static final List<String> VERDICT_COLUMNS = List.of(
            "run",
            "repeat",
            "rate",
            "verdict",
            "achieved_percent",
            "objective_ms",
            "corrected_p50_ms",
            "corrected_p99_ms",
            "corrected_p999_ms",
            "first_limit",
            "why",
            "limit_ms");

    private SearchFiles() {}
}
