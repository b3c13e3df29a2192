package io.github.jmeterkafka.cli;

import io.github.jmeterkafka.sweep.report.SweepReport;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code report ROWS.csv}: a sweep's comparison report, again or beside another sweep's. */
@Command(
        name = "report",
        header = "Writes a sweep's comparison report, alone or beside another sweep's.",
        description = {
            "Writes a sweep's comparison report (report.html, report.md, report-table.csv) from its rows.csv; with"
                    + " --compare, beside another sweep's, with the ratio after/before per configuration."
        })
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "ROWS.csv", description = "a sweep's rows.csv")
    Path rows;

    @Option(names = "--compare", paramLabel = "BEFORE.csv", description = "another sweep's rows.csv, the before")
    Path compare;

    @Option(names = "--out", paramLabel = "DIR", description = "where the report goes; default: the rows' folder")
    Path out;

    @Override
    public Integer call() throws Exception {
        Path after = NamedFile.readable(spec, rows);
        Path before = compare == null ? null : NamedFile.readable(spec, compare);
        SweepReport.write(after, before, out == null ? after.getParent() : out.toAbsolutePath())
                .forEach(f -> spec.commandLine().getOut().println("Written " + f));
        return 0;
    }
}
