package io.github.jmeterkafka.cli;

import io.github.jmeterkafka.sweep.SweepRun;
import io.github.jmeterkafka.sweep.SweepSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sweep FILE}: runs a sweep, or with a search.rate= line a capacity search, then its report. */
@Command(
        name = "sweep",
        header = "Runs a sweep of a ready plan, or a capacity search, and its report.",
        description = {
            "Runs a ready plan over a matrix of property values, each run in its own JMeter process, and writes the"
                    + " comparison report; a file with a search.rate= line searches the highest rate that holds its"
                    + " objective instead.",
            "Exit code: 0 every run ok (a search: a rate held), 1 a run failed (no rate held), 2 a wrong command"
                    + " line or file."
        })
final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "the sweep's .properties file")
    Path file;

    @Option(
            names = "--bootstrap",
            paramLabel = "HOST:PORT",
            description = "the cluster every run sends to (-Jkafka.bootstrap=); default: the plan's own")
    String bootstrap;

    @Option(
            names = "--jmeter",
            paramLabel = "DIR",
            description = "JMeter's home; default: $JMETER_HOME, else the home whose lib/ext holds this jar")
    Path jmeter;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "where the runs, rows.csv and the report go; default: sweeps/NAME (NAME: the file's name=)")
    Path out;

    @Override
    public Integer call() throws Exception {
        SweepSpec sweep;
        try {
            sweep = SweepSpec.read(NamedFile.readable(spec, file));
        } catch (IllegalArgumentException e) {
            // what the file says is wrong (no plan=, a value that is not a number): as wrong as a bad option
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        if (!Files.isRegularFile(sweep.plan)) {
            throw new ParameterException(spec.commandLine(), "no plan " + sweep.plan + " (the plan= of " + file + ")");
        }
        Path home;
        try {
            home = (jmeter != null ? jmeter : SweepRun.defaultJMeterHome()).toAbsolutePath();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (!Files.isRegularFile(home.resolve("bin/ApacheJMeter.jar"))) {
            throw new ParameterException(spec.commandLine(), "no JMeter in " + home + " (no bin/ApacheJMeter.jar)");
        }
        Path dir = out != null ? out : Path.of("sweeps", sweep.name);
        // every run starts in its own folder: paths given relative to here must not follow it there
        return SweepRun.run(sweep, home, bootstrap, dir.toAbsolutePath());
    }
}
