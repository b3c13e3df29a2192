package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.measure.SummaryRow.Column;
import io.github.jmeterkafka.sweep.files.CsvTable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A sweep's rows.csv, read by header name (unknown columns are kept and ignored). Everything keeps the
 * order of the rows, which is the order the sweep ran: property values, configurations, tables.
 * A run is failed when any of its rows says so; its rows never enter a median.
 */
final class SweepRows {
    private static final String VARY = "vary.";
    private static final List<String> REQUIRED = List.of("sweep", "run", "repeat", "status");

    private final List<RunRow> rows;
    private final List<String> properties;
    private final Set<String> failedRuns = new LinkedHashSet<>();

    private SweepRows(List<RunRow> rows, List<String> properties) {
        this.rows = rows;
        this.properties = properties;
        rows.stream().filter(r -> !r.ok()).forEach(r -> failedRuns.add(r.runKey()));
    }

    static SweepRows read(Path rowsCsv) throws IOException {
        try {
            return parse(Files.readString(rowsCsv, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(rowsCsv + ": " + e.getMessage(), e);
        }
    }

    static SweepRows parse(String csv) {
        CsvTable table = CsvTable.parse(csv);
        for (String column : REQUIRED) {
            if (!table.header().contains(column)) {
                throw new IllegalArgumentException("no column " + column + " in the header");
            }
        }
        List<String> properties = table.header().stream()
                .filter(h -> h.startsWith(VARY))
                .map(h -> h.substring(VARY.length()))
                .toList();
        List<RunRow> rows = new ArrayList<>();
        for (int i = 0; i < table.size(); i++) {
            if (table.row(i).equals(List.of(""))) {
                continue;
            }
            Map<String, String> columns = new HashMap<>();
            for (String column : table.header()) {
                columns.put(column, table.get(i, column));
            }
            Map<String, String> vary = new LinkedHashMap<>();
            properties.forEach(p -> vary.put(p, columns.get(VARY + p)));
            rows.add(new RunRow(
                    number(columns, "run", i + 1),
                    number(columns, "repeat", i + 1),
                    columns.get("status").trim(),
                    new Configuration(vary),
                    columns));
        }
        return new SweepRows(rows, properties);
    }

    private static int number(Map<String, String> columns, String column, int line) {
        try {
            return Integer.parseInt(columns.get(column).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "row " + line + ": " + column + " is not a number: " + columns.get(column), e);
        }
    }

    String name() {
        return rows.isEmpty() ? "" : rows.get(0).get("sweep");
    }

    /** The varied properties, without {@code vary.}. */
    List<String> properties() {
        return properties;
    }

    /** A property's values in sweep order, or in numeric order when all are numbers (a search's rates, say). */
    List<String> values(String property) {
        List<String> values = distinct(r -> r.configuration().get(property));
        return values.stream().allMatch(v -> v.matches("-?[0-9]+(\\.[0-9]+)?"))
                ? values.stream().sorted(Comparator.comparing(BigDecimal::new)).toList()
                : values;
    }

    List<Configuration> configurations() {
        return distinct(RunRow::configuration);
    }

    /** A column's different non-empty values, e.g. the hosts the runs had. */
    List<String> distinct(Column column) {
        return distinct(r -> r.get(column)).stream().filter(v -> !v.isEmpty()).toList();
    }

    private <T> List<T> distinct(Function<RunRow, T> value) {
        return List.copyOf(rows.stream().map(value).collect(LinkedHashSet::new, Set::add, Set::addAll));
    }

    /** The first and the last run's timestamps: the runner writes rows in the order it ran them. */
    List<String> timeSpan() {
        List<String> times = distinct(Column.TIMESTAMP);
        return times.isEmpty() ? List.of() : List.of(times.get(0), times.get(times.size() - 1));
    }

    int repeats() {
        return rows.stream().mapToInt(RunRow::repeat).max().orElse(0);
    }

    int okRunCount() {
        return (int) rows.stream()
                .map(RunRow::runKey)
                .distinct()
                .filter(k -> !failedRuns.contains(k))
                .count();
    }

    List<FailedRun> failedRuns() {
        Map<String, FailedRun> runs = new LinkedHashMap<>();
        rows.stream()
                .filter(r -> !r.ok())
                .forEach(r -> runs.putIfAbsent(
                        r.runKey(), new FailedRun(r.run(), r.repeat(), r.configuration(), r.reason())));
        return List.copyOf(runs.values());
    }

    /** One table per sampler (kind and label), in the order the rows name them. */
    List<SectionTable> tables() {
        List<SectionTable> tables = new ArrayList<>();
        for (RunRow first : rows) {
            String kind = first.get(Column.KIND);
            String label = first.get(Column.LABEL);
            if (!kind.isEmpty()
                    && tables.stream()
                            .noneMatch(t -> t.kind().equals(kind) && t.label().equals(label))) {
                tables.add(table(kind, label));
            }
        }
        return tables;
    }

    /** Every configuration of the sweep, its repeats' {@code steady} rows when the sampler has a warm-up, else {@code all}. */
    private SectionTable table(String kind, String label) {
        List<RunRow> sampler = rows.stream()
                .filter(r ->
                        r.get(Column.KIND).equals(kind) && r.get(Column.LABEL).equals(label))
                .toList();
        String part = sampler.stream().anyMatch(r -> r.get(Column.PART).equals("steady")) ? "steady" : "all";
        List<RunRow> okPart = sampler.stream()
                .filter(r -> r.get(Column.PART).equals(part) && !failedRuns.contains(r.runKey()))
                .toList();
        List<Metric> metrics = Metric.of(kind, m -> okPart.stream().anyMatch(r -> r.value(m) != null));
        List<ConfigurationStats> stats = new ArrayList<>();
        for (Configuration c : configurations()) {
            List<RunRow> ok =
                    okPart.stream().filter(r -> r.configuration().equals(c)).toList();
            Map<Metric, Spread> spreads = new LinkedHashMap<>();
            for (Metric m : metrics) {
                Spread s = Spread.of(ok.stream()
                        .map(r -> r.value(m))
                        .filter(v -> v != null && Double.isFinite(v))
                        .toList());
                if (s != null) {
                    spreads.put(m, s);
                }
            }
            stats.add(new ConfigurationStats(
                    c, (int) ok.stream().map(RunRow::runKey).distinct().count(), spreads));
        }
        return new SectionTable(kind, label, part, metrics, stats);
    }
}
