package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.text.Resource;
import io.github.jmeterkafka.text.Text;
import java.util.List;
import java.util.Map;

/**
 * report.html: one page that needs no network. ECharts is inlined once; the tables are HTML and
 * their data, with every chart's series, is embedded as {@code var sweepData = {...}}, from which
 * the script draws each chart into its {@code chart-<n>} div.
 */
final class HtmlPage {

    private static final String STYLE = Resource.text(HtmlPage.class, "sweep-page.css");
    private static final String DRAW = Resource.text(HtmlPage.class, "sweep-page.js");

    private HtmlPage() {}

    static String of(Report r, String echartsJs) {
        String name = (r.search() == null ? "Sweep " : "Search ")
                + Text.html(r.sweep().name());
        StringBuilder b = new StringBuilder(echartsJs.length() + 32_768)
                .append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(name)
                .append("</title>\n<style>\n")
                .append(STYLE)
                .append("</style>\n</head>\n<body>\n<h1>")
                .append(name)
                .append("</h1>\n<table class=\"facts\">\n");
        for (Map.Entry<String, String> f : r.facts()) {
            b.append("<tr><th>")
                    .append(Text.html(f.getKey()))
                    .append("</th><td>")
                    .append(Text.html(f.getValue()))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
        if (r.search() != null) {
            b.append("<h2>Search</h2>\n<p class=\"answer\">")
                    .append(Text.html(r.search().answer()))
                    .append("</p>\n");
            table(b, SearchSection.COLUMNS, escaped(r.search().rows()), 0);
            b.append("<div class=\"charts\">\n<div class=\"chart\" id=\"")
                    .append(SearchSection.LATENCY_CHART)
                    .append("\"></div>\n<div class=\"chart\" id=\"")
                    .append(SearchSection.ACHIEVED_CHART)
                    .append("\"></div>\n</div>\n");
        }
        for (SectionTable t : r.tables()) {
            b.append("<h2>")
                    .append(Text.html(t.label()))
                    .append(" <small>(")
                    .append(Text.html(t.kind()))
                    .append(")</small></h2>\n")
                    .append("<p class=\"note\">Part ")
                    .append(Text.html(t.part()))
                    .append("; latency ")
                    .append(t.latency())
                    .append("; median, below it the range (min–max) over the ok repeats.</p>\n");
            table(
                    b,
                    r.columns(t),
                    r.rows(t, Text::html, HtmlPage::figure),
                    r.sweep().properties().size());
            b.append("<div class=\"charts\">\n");
            r.charts().stream()
                    .filter(c -> c.table().equals(t))
                    .forEach(c -> b.append("<div class=\"chart\" id=\"")
                            .append(c.id())
                            .append("\"></div>\n"));
            b.append("</div>\n");
        }
        b.append("<h2>Failed runs</h2>\n<p class=\"note\">Left out of every figure above.</p>\n");
        if (r.failed().isEmpty()) {
            b.append("<p>None.</p>\n");
        } else {
            table(b, Report.FAILED_COLUMNS, escaped(r.failedRows()), Report.FAILED_COLUMNS.size());
        }
        if (r.comparison() != null) {
            b.append(
                    "<h2>Comparison</h2>\n<p class=\"note\">Medians of the before sweep and of this one, per configuration both have.</p>\n");
            table(b, r.comparisonColumns(), escaped(r.comparisonRows()), 3);
            if (!r.comparison().unmatched().isEmpty()) {
                b.append("<h3>In one sweep only</h3>\n");
                table(b, Report.UNMATCHED_COLUMNS, escaped(r.unmatchedRows()), Report.UNMATCHED_COLUMNS.size());
            }
        }
        return b.append("<script>\n")
                .append(echartsJs)
                .append("\n</script>\n<script>\nvar sweepData = ")
                .append(SweepJson.of(r))
                .append(";\n")
                .append(DRAW)
                .append("</script>\n</body>\n</html>\n")
                .toString();
    }

    private static String figure(Spread s) {
        if (s == null) {
            return "";
        }
        String median = Figures.show(s.median());
        return s.min() == s.max() ? median : median + "<br><span class=\"range\">" + Figures.range(s) + "</span>";
    }

    private static List<List<String>> escaped(List<List<String>> rows) {
        return rows.stream().map(row -> row.stream().map(Text::html).toList()).toList();
    }

    /** Cells come escaped; the first {@code textColumns} are left-aligned words, the rest numbers. */
    private static void table(StringBuilder b, List<String> columns, List<List<String>> rows, int textColumns) {
        b.append("<table>\n<tr>");
        for (int c = 0; c < columns.size(); c++) {
            b.append(c < textColumns ? "<th class=\"text\">" : "<th>")
                    .append(Text.html(columns.get(c)))
                    .append("</th>");
        }
        b.append("</tr>\n");
        for (List<String> row : rows) {
            b.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                b.append(c < textColumns ? "<td class=\"text\">" : "<td>")
                        .append(row.get(c))
                        .append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n");
    }
}
