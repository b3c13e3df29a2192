package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.measure.SummaryRow.Column;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * Everything the three report files show, worked out once so they agree. {@code comparison} is null without
 * --compare, {@code search} for a sweep that was not a capacity search.
 */
record Report(
        SweepRows sweep,
        List<SectionTable> tables,
        List<Chart> charts,
        List<FailedRun> failed,
        Comparison comparison,
        SearchSection search) {

    static final List<String> FAILED_COLUMNS = List.of("run", "repeat", "configuration", "reason");
    static final List<String> UNMATCHED_COLUMNS = List.of("only in", "kind", "label", "configuration");

    static Report of(SweepRows sweep, SweepRows before, SearchSection search) {
        List<SectionTable> tables = sweep.tables();
        return new Report(
                sweep,
                tables,
                Chart.all(sweep, tables),
                sweep.failedRuns(),
                before == null ? null : Comparison.of(before.tables(), tables),
                search);
    }

    /** The header: what ran, when, where, with which versions, over which values. */
    List<Map.Entry<String, String>> facts() {
        List<Map.Entry<String, String>> facts = new ArrayList<>();
        facts.add(Map.entry("Sweep", sweep.name()));
        facts.add(Map.entry("Time", String.join(" to ", sweep.timeSpan())));
        facts.add(Map.entry("Host", String.join(", ", sweep.distinct(Column.HOST))));
        facts.add(Map.entry("JMeter", String.join(", ", sweep.distinct(Column.JMETER_VERSION))));
        facts.add(Map.entry("Kafka client", String.join(", ", sweep.distinct(Column.KAFKA_VERSION))));
        StringJoiner varied = new StringJoiner("; ");
        sweep.properties().forEach(p -> varied.add(p + ": " + String.join(", ", sweep.values(p))));
        facts.add(Map.entry("Varied", varied.toString()));
        facts.add(Map.entry("Repeats", Integer.toString(sweep.repeats())));
        facts.add(Map.entry("Runs", sweep.okRunCount() + " ok, " + failed.size() + " failed"));
        return facts;
    }

    /**
     * A sampler's table as cells: the configuration and ok repeats as escaped {@code text}, the figures
     * as the format draws them.
     */
    List<List<String>> rows(SectionTable t, Function<String, String> text, Function<Spread, String> figure) {
        List<List<String>> rows = new ArrayList<>();
        for (ConfigurationStats row : t.rows()) {
            List<String> cells = new ArrayList<>();
            sweep.properties()
                    .forEach(p -> cells.add(text.apply(row.configuration().get(p))));
            cells.add(Integer.toString(row.okRepeats()));
            t.metrics().forEach(m -> cells.add(figure.apply(row.spread(m))));
            rows.add(cells);
        }
        return rows;
    }

    List<List<String>> failedRows() {
        return failed.stream()
                .map(f -> List.of(
                        Integer.toString(f.run()),
                        Integer.toString(f.repeat()),
                        f.configuration().text(),
                        f.reason()))
                .toList();
    }

    List<String> comparisonColumns() {
        List<String> columns = new ArrayList<>(List.of("kind", "label", "configuration"));
        comparison
                .metrics()
                .forEach(m -> columns.addAll(List.of(m.title() + " before", m.title() + " after", "after/before")));
        return columns;
    }

    List<List<String>> comparisonRows() {
        List<List<String>> rows = new ArrayList<>();
        for (Comparison.Row row : comparison.rows()) {
            List<String> cells = new ArrayList<>(
                    List.of(row.kind(), row.label(), row.configuration().text()));
            row.changes()
                    .forEach(c -> cells.addAll(
                            List.of(Figures.show(c.before()), Figures.show(c.after()), Figures.ratio(c.ratio()))));
            rows.add(cells);
        }
        return rows;
    }

    List<List<String>> unmatchedRows() {
        return comparison.unmatched().stream()
                .map(u ->
                        List.of(u.side(), u.kind(), u.label(), u.configuration().text()))
                .toList();
    }

    /** Every metric, but the paced ones no table has: report-table.csv's, so a sweep without them keeps its columns. */
    List<Metric> metrics() {
        return Arrays.stream(Metric.values())
                .filter(m ->
                        !m.sparse() || tables.stream().anyMatch(t -> t.metrics().contains(m)))
                .toList();
    }

    /** The per-configuration columns of the tables: the varied properties, the ok repeats, then the sampler's metrics. */
    List<String> columns(SectionTable t) {
        List<String> columns = new ArrayList<>(sweep.properties());
        columns.add("ok repeats");
        t.metrics().forEach(m -> columns.add(m.title()));
        return columns;
    }
}
