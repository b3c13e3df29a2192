package io.github.jmeterkafka.sweep.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One chart: a metric's median against the values of one varied property (a category axis in sweep
 * order, or numeric order when the values are numbers), one line per combination of the other varied properties' values. A point with no ok
 * repeat is null, a gap in its line.
 */
record Chart(int index, SectionTable table, Metric metric, String property, List<String> x, List<Series> series) {

    record Series(String name, List<Double> y) {}

    /** Per sampler, per varied property, one chart per charted metric its table has. */
    static List<Chart> all(SweepRows sweep, List<SectionTable> tables) {
        List<Chart> charts = new ArrayList<>();
        for (SectionTable t : tables) {
            for (String p : sweep.properties()) {
                for (Metric m : Metric.CHARTED) {
                    if (t.metrics().contains(m)) {
                        charts.add(of(charts.size(), t, m, p, sweep.values(p)));
                    }
                }
            }
        }
        return charts;
    }

    private static Chart of(int index, SectionTable t, Metric m, String property, List<String> x) {
        Set<Map<String, String>> others = new LinkedHashSet<>();
        for (ConfigurationStats row : t.rows()) {
            others.add(without(row.configuration(), property));
        }
        List<Series> series = new ArrayList<>();
        for (Map<String, String> other : others) {
            List<Double> y = new ArrayList<>();
            for (String value : x) {
                Map<String, String> at = new LinkedHashMap<>(other);
                at.put(property, value);
                y.add(t.row(new Configuration(at)).map(r -> r.median(m)).orElse(null));
            }
            String name = new Configuration(other).text();
            series.add(new Series(name.isEmpty() ? m.title() : name, y));
        }
        return new Chart(index, t, m, property, x, series);
    }

    private static Map<String, String> without(Configuration c, String property) {
        Map<String, String> m = new LinkedHashMap<>(c.values());
        m.remove(property);
        return m;
    }

    /** The id of the chart's div on the page. */
    String id() {
        return "chart-" + index;
    }

    String title() {
        return table.label() + " (" + table.kind() + "): " + metric.title() + " by " + property;
    }
}
