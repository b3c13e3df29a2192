package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.text.Markdown;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** report.md: the page's tables as GitHub tables, for pasting into documents. */
final class MarkdownReport {

    private MarkdownReport() {}

    static String of(Report r) {
        StringBuilder b = new StringBuilder(8_192)
                .append(r.search() == null ? "# Sweep " : "# Search ")
                .append(Markdown.escape(r.sweep().name()))
                .append("\n\n");
        for (Map.Entry<String, String> f : r.facts()) {
            b.append("- **")
                    .append(f.getKey())
                    .append(":** ")
                    .append(Markdown.escape(f.getValue()))
                    .append('\n');
        }
        if (r.search() != null) {
            b.append("\n## Search\n\n")
                    .append(Markdown.escape(r.search().answer()))
                    .append("\n\n");
            table(b, SearchSection.COLUMNS, escaped(r.search().rows()));
        }
        for (SectionTable t : r.tables()) {
            b.append("\n## ")
                    .append(Markdown.escape(t.label()))
                    .append(" (")
                    .append(Markdown.escape(t.kind()))
                    .append(")\n\n")
                    .append("Part ")
                    .append(Markdown.escape(t.part()))
                    .append("; latency ")
                    .append(t.latency())
                    .append("; median (min–max) over the ok repeats.\n\n");
            table(b, r.columns(t), r.rows(t, Markdown::escape, Figures::spread));
        }
        b.append("\n## Failed runs\n\n");
        if (r.failed().isEmpty()) {
            b.append("None.\n");
        } else {
            table(b, Report.FAILED_COLUMNS, escaped(r.failedRows()));
        }
        if (r.comparison() != null) {
            b.append(
                    "\n## Comparison\n\nMedians of the before sweep and of this one, per configuration both have.\n\n");
            table(b, r.comparisonColumns(), escaped(r.comparisonRows()));
            if (!r.comparison().unmatched().isEmpty()) {
                b.append("\n### In one sweep only\n\n");
                table(b, Report.UNMATCHED_COLUMNS, escaped(r.unmatchedRows()));
            }
        }
        return b.toString();
    }

    private static List<List<String>> escaped(List<List<String>> rows) {
        return rows.stream()
                .map(row -> row.stream().map(Markdown::escape).toList())
                .toList();
    }

    private static void table(StringBuilder b, List<String> columns, List<List<String>> rows) {
        line(b, columns.stream().map(Markdown::escape).toList());
        line(b, Collections.nCopies(columns.size(), "---"));
        rows.forEach(row -> line(b, row));
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
}
