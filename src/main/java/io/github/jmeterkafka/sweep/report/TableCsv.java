package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.text.CsvField;
import java.util.ArrayList;
import java.util.List;

/** report-table.csv: every sampler's per-configuration table under one header, numbers plain. */
final class TableCsv {

    private TableCsv() {}

    static String of(Report r) {
        List<String> header = new ArrayList<>(List.of("kind", "label", "part"));
        r.sweep().properties().forEach(p -> header.add("vary." + p));
        header.add("ok_repeats");
        List<Metric> metrics = r.metrics();
        for (Metric m : metrics) {
            header.addAll(List.of(m.key() + "_median", m.key() + "_min", m.key() + "_max"));
        }
        StringBuilder b = new StringBuilder(4_096);
        line(b, header);
        for (SectionTable t : r.tables()) {
            for (ConfigurationStats row : t.rows()) {
                List<String> cells = new ArrayList<>(List.of(t.kind(), t.label(), t.part()));
                r.sweep()
                        .properties()
                        .forEach(p -> cells.add(row.configuration().get(p)));
                cells.add(Integer.toString(row.okRepeats()));
                for (Metric m : metrics) {
                    Spread s = row.spread(m);
                    cells.addAll(
                            s == null
                                    ? List.of("", "", "")
                                    : List.of(
                                            Figures.plain(s.median()), Figures.plain(s.min()), Figures.plain(s.max())));
                }
                line(b, cells);
            }
        }
        return b.toString();
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append(String.join(",", cells.stream().map(CsvField::of).toList())).append('\n');
    }
}
