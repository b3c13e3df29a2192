package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.sweep.files.CsvTable;
import io.github.jmeterkafka.sweep.files.SearchFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A capacity search's part of its report, from the files beside rows.csv: the answer ({@code search.txt}), every run's
 * verdict ({@code search.csv}) and two curves over the rates in order: the producers' corrected p50/p99/p99.9 (the
 * median over a rate's runs) with the objective's limit, and the achieved % of the rate with the 99 % it needs.
 */
record SearchSection(
        String answer,
        List<String> columns,
        List<List<String>> rows,
        List<Chart.Series> latency,
        List<Chart.Series> achieved,
        List<String> rates) {

    static final String LATENCY_CHART = "chart-search-latency";
    static final String ACHIEVED_CHART = "chart-search-achieved";
    static final List<String> COLUMNS = List.of(
            "run",
            "repeat",
            "rate",
            "verdict",
            "achieved %",
            "objective ms",
            "corrected p50 ms",
            "corrected p99 ms",
            "corrected p99.9 ms",
            "why it failed");
    // every column but the limit, which the latency chart draws
    private static final List<String> SHOWN =
            SearchFiles.VERDICT_COLUMNS.subList(0, SearchFiles.VERDICT_COLUMNS.size() - 1);
    private static final List<String> CURVES = List.of("corrected_p50_ms", "corrected_p99_ms", "corrected_p999_ms");

    /** Null when {@code dir} holds no search. */
    static SearchSection read(Path dir) throws IOException {
        Path verdicts = dir.resolve(SearchFiles.VERDICTS);
        Path answer = dir.resolve(SearchFiles.ANSWER);
        if (!Files.isRegularFile(verdicts)) {
            return null;
        }
        CsvTable t = CsvTable.read(verdicts);
        List<List<String>> rows = new ArrayList<>();
        Map<Long, List<Integer>> byRate = new TreeMap<>();
        for (int i = 0; i < t.size(); i++) {
            List<String> row = new ArrayList<>();
            for (String column : SHOWN) {
                String v = t.get(i, column);
                row.add(column.endsWith("_ms") || column.endsWith("_percent") ? Figures.show(number(v)) : v);
            }
            rows.add(row);
            byRate.computeIfAbsent(Long.parseLong(t.get(i, "rate").trim()), r -> new ArrayList<>())
                    .add(i);
        }
        List<String> rates = byRate.keySet().stream().map(String::valueOf).toList();
        List<Chart.Series> latency = new ArrayList<>();
        for (String column : CURVES) {
            latency.add(new Chart.Series(
                    column.replace("corrected_", "corrected ")
                            .replace("_ms", "")
                            .replace("p999", "p99.9"),
                    medians(t, byRate, column)));
        }
        latency.add(new Chart.Series("objective", medians(t, byRate, "limit_ms")));
        List<Chart.Series> achieved = List.of(
                new Chart.Series("achieved %", medians(t, byRate, "achieved_percent")),
                new Chart.Series("needed %", rates.stream().map(r -> 99.0).toList()));
        return new SearchSection(
                Files.isRegularFile(answer)
                        ? Files.readString(answer, StandardCharsets.UTF_8).trim()
                        : "(no answer: the search did not end)",
                COLUMNS,
                rows,
                latency,
                achieved,
                rates);
    }

    private static List<Double> medians(CsvTable t, Map<Long, List<Integer>> byRate, String column) {
        List<Double> y = new ArrayList<>();
        for (List<Integer> lines : byRate.values()) {
            Spread s = Spread.of(lines.stream()
                    .map(i -> number(t.get(i, column)))
                    .filter(v -> v != null)
                    .toList());
            y.add(s == null ? null : s.median());
        }
        return y;
    }

    private static Double number(String v) {
        return v == null || v.isBlank() ? null : Double.valueOf(v.trim());
    }
}
