package io.github.jmeterkafka.sweep.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Two sweeps side by side, e.g. before and after a broker change: per sampler and configuration
 * both have, the medians of each and their ratio after/before; what only one of them has is listed apart.
 * {@code metrics}: the compared ones, a paced metric only when a table of either sweep has it.
 */
record Comparison(List<Metric> metrics, List<Row> rows, List<Unmatched> unmatched) {

    record Change(Metric metric, Double before, Double after) {
        /** after/before, or null when either is missing or before is zero. */
        Double ratio() {
            return before == null || after == null || before == 0 ? null : after / before;
        }
    }

    record Row(String kind, String label, Configuration configuration, List<Change> changes) {}

    /** A sampler's configuration that only the {@code side} sweep ("before" or "after") has. */
    record Unmatched(String side, String kind, String label, Configuration configuration) {}

    static Comparison of(List<SectionTable> before, List<SectionTable> after) {
        List<Metric> metrics = Metric.COMPARED.stream()
                .filter(m -> !m.sparse()
                        || Stream.concat(before.stream(), after.stream())
                                .anyMatch(t -> t.metrics().contains(m)))
                .toList();
        List<Row> rows = new ArrayList<>();
        List<Unmatched> unmatched = new ArrayList<>();
        for (SectionTable a : after) {
            Optional<SectionTable> b = before.stream().filter(a::sameSampler).findFirst();
            for (ConfigurationStats ar : a.rows()) {
                Optional<ConfigurationStats> br = b.flatMap(t -> t.row(ar.configuration()));
                if (br.isEmpty()) {
                    unmatched.add(new Unmatched("after", a.kind(), a.label(), ar.configuration()));
                } else {
                    List<Change> changes = metrics.stream()
                            .map(m -> new Change(m, br.get().median(m), ar.median(m)))
                            .toList();
                    rows.add(new Row(a.kind(), a.label(), ar.configuration(), changes));
                }
            }
        }
        for (SectionTable b : before) {
            Optional<SectionTable> a = after.stream().filter(b::sameSampler).findFirst();
            for (ConfigurationStats br : b.rows()) {
                if (a.flatMap(t -> t.row(br.configuration())).isEmpty()) {
                    unmatched.add(new Unmatched("before", b.kind(), b.label(), br.configuration()));
                }
            }
        }
        return new Comparison(metrics, rows, unmatched);
    }
}
