package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.text.Resource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The comparison report of a sweep: report.html, report.md and report-table.csv (the jar's {@code report} command,
 * and the end of every sweep).
 */
public final class SweepReport {
    // from the org.webjars.npm:echarts jar, shaded into the plugin jar
    private static final String ECHARTS = "/META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

    private SweepReport() {}

    /** Writes the three files into {@code outDir}; {@code beforeRows} may be null (no comparison). */
    public static List<Path> write(Path rows, Path beforeRows, Path outDir) throws IOException {
        Report r = Report.of(
                SweepRows.read(rows),
                beforeRows == null ? null : SweepRows.read(beforeRows),
                SearchSection.read(rows.toAbsolutePath().getParent()));
        Files.createDirectories(outDir);
        Path html = Files.writeString(outDir.resolve("report.html"), HtmlPage.of(r, echarts()), StandardCharsets.UTF_8);
        Path md = Files.writeString(outDir.resolve("report.md"), MarkdownReport.of(r), StandardCharsets.UTF_8);
        Path csv = Files.writeString(outDir.resolve("report-table.csv"), TableCsv.of(r), StandardCharsets.UTF_8);
        return List.of(html, md, csv);
    }

    static String echarts() {
        return Resource.text(SweepReport.class, ECHARTS);
    }
}
