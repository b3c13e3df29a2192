package io.github.jmeterkafka.sweep;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@link SweepSpec}: each run in its own JMeter process ({@code -n}), one after the other,
 * against one cluster, and collects every run's summary rows, with the run's parameters, into
 * {@code rows.csv}, written as it goes. A run that fails (exit code, failed samples, no summary,
 * timeout) keeps its rows marked {@code failed: <reason>}, so a report leaves it out of its figures.
 */
public final class Sweep {
    public static final String ROWS = Runs.ROWS;

    private final SweepSpec spec;
    private final Path jmeterHome;
    private final String bootstrap;
    private final Path out;
    private final PrintStream console;

    /** @param bootstrap the cluster; null: the sweep file's fixed.kafka.bootstrap or the plan's default */
    public Sweep(SweepSpec spec, Path jmeterHome, String bootstrap, Path out, PrintStream console) {
        this.spec = spec;
        this.jmeterHome = jmeterHome;
        this.bootstrap = bootstrap;
        this.out = out;
        this.console = console;
    }

    /** Runs the sweep and returns the rows file. */
    public Path run() throws IOException, InterruptedException {
        Runs launcher = new Runs(spec, jmeterHome, bootstrap, out);
        Path rows = launcher.start();
        List<SweepSpec.Run> runs = spec.runs();
        console.printf(
                "Sweep '%s': %d runs (%d configurations x %d repeats) of %s%n",
                spec.name, runs.size(), runs.size() / spec.repeats, spec.repeats, spec.plan);
        long start = System.nanoTime();
        int failed = 0;
        for (SweepSpec.Run run : runs) {
            Outcome o = launcher.run(run);
            failed += o.ok() ? 0 : 1;
            long elapsed = System.nanoTime() - start;
            long eta = elapsed / run.number * (runs.size() - run.number);
            console.printf(
                    "run %d of %d (%s, repeat %d): %s | elapsed %s, ETA %s%n",
                    run.number, runs.size(), run.describe(), run.repeat, o.describe(), time(elapsed), time(eta));
        }
        console.printf(
                "Sweep '%s' done: %d runs ok, %d failed; rows in %s%n", spec.name, runs.size() - failed, failed, rows);
        return rows;
    }

    static String time(long nanos) {
        long s = TimeUnit.NANOSECONDS.toSeconds(nanos);
        return s >= 3600
                ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60)
                : String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
}
