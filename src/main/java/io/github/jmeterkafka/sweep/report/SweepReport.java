package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.text.Resource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * The comparison report of a sweep: {@code SweepReport <rows.csv> [--compare <before-rows.csv>] [--out <dir>]}
 * writes report.html, report.md and report-table.csv, by default beside rows.csv. It needs only the
 * plugin jar: {@code java -cp lib/ext/jmeter-kafka-<version>.jar io.github.jmeterkafka.sweep.report.SweepReport ...}.
 */
public final class SweepReport {
    static final String USAGE = "usage: SweepReport <rows.csv> [--compare <before-rows.csv>] [--out <dir>]";
    // from the org.webjars.npm:echarts jar, shaded into the plugin jar
    private static final String ECHARTS = "/META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

    private SweepReport() {}

    public static void main(String[] args) {
        try {
            run(args).forEach(f -> System.out.println("Written " + f));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("SweepReport: " + e);
            System.exit(1);
        }
    }

    /** The command line's work; bad arguments throw IllegalArgumentException with the usage. */
    public static List<Path> run(String... args) throws IOException {
        Path rows = null;
        Path before = null;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--compare") || args[i].equals("--out")) {
                if (i + 1 == args.length) {
                    throw new IllegalArgumentException(args[i] + " needs a value\n" + USAGE);
                }
                Path value = Paths.get(args[++i]);
                if (args[i - 1].equals("--compare")) {
                    before = value;
                } else {
                    out = value;
                }
            } else if (rows == null && !args[i].startsWith("--")) {
                rows = Paths.get(args[i]);
            } else {
                throw new IllegalArgumentException("unexpected argument " + args[i] + "\n" + USAGE);
            }
        }
        if (rows == null) {
            throw new IllegalArgumentException(USAGE);
        }
        return write(rows, before, out == null ? rows.toAbsolutePath().getParent() : out);
    }

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
