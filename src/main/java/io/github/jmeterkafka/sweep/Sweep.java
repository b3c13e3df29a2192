package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.text.CsvField;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a {@link SweepSpec}: each run in its own JMeter process ({@code -n}), one after the other,
 * against one cluster, and collects every run's summary rows, with the run's parameters, into
 * {@code rows.csv}, written as it goes. A run that fails (exit code, failed samples, no summary,
 * timeout) keeps its rows marked {@code failed: <reason>}, so a report leaves it out of its figures.
 */
public final class Sweep {
    public static final String ROWS = "rows.csv";
    private static final String RUNS = "runs";

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
        Path jar = jmeterHome.resolve("bin/ApacheJMeter.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("No JMeter at " + jmeterHome + " (no bin/ApacheJMeter.jar)");
        }
        if (!Files.isRegularFile(spec.plan)) {
            throw new IllegalArgumentException("No test plan at " + spec.plan);
        }
        Files.createDirectories(out);
        // a run appends to its summary file: an earlier sweep's runs here would be read as this one's
        deleteRuns(out.resolve(RUNS));
        Path rows = out.resolve(ROWS);
        Files.writeString(rows, header() + System.lineSeparator(), StandardCharsets.UTF_8);
        List<SweepSpec.Run> runs = spec.runs();
        String stamp = LocalDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        console.printf(
                "Sweep '%s': %d runs (%d configurations x %d repeats) of %s%n",
                spec.name, runs.size(), runs.size() / spec.repeats, spec.repeats, spec.plan);
        long start = System.nanoTime();
        int failed = 0;
        for (SweepSpec.Run run : runs) {
            Outcome o = runOne(run, stamp);
            failed += o.ok() ? 0 : 1;
            Files.writeString(rows, o.rows(spec, run), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
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

    private String header() {
        StringJoiner h = new StringJoiner(",");
        h.add("sweep").add("run").add("repeat").add("status");
        spec.varied.keySet().forEach(k -> h.add(CsvField.of(SweepSpec.VARY + k)));
        return h + "," + SummaryRow.header();
    }

    private Outcome runOne(SweepSpec.Run run, String stamp) throws IOException, InterruptedException {
        Path dir = out.resolve(RUNS)
                .resolve(String.format(
                        Locale.ROOT,
                        "%03d-r%d-%s",
                        run.number,
                        run.repeat,
                        run.describe().replaceAll("[^A-Za-z0-9.=-]+", "_")));
        Files.createDirectories(dir);
        Map<String, String> props = new LinkedHashMap<>(spec.fixed);
        props.putAll(run.config);
        if (bootstrap != null) {
            props.put("kafka.bootstrap", bootstrap);
        }
        if (spec.freshTopic) {
            props.put("topic", props.getOrDefault("topic", spec.name) + "-" + stamp + "-" + run.number);
        }
        props.put("kafka.summary.file", dir.resolve("summary.csv").toString());
        props.put("kafka.hlog.dir", dir.resolve("kafka-hlog").toString());
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(spec.jvmArgs);
        cmd.addAll(List.of(
                "-jar",
                jmeterHome.resolve("bin/ApacheJMeter.jar").toString(),
                "-n",
                "-t",
                spec.plan.toString(),
                "-l",
                dir.resolve("results.jtl").toString(),
                "-j",
                dir.resolve("jmeter.log").toString()));
        props.forEach((k, v) -> cmd.add("-J" + k + "=" + v));
        Files.writeString(
                dir.resolve("command.txt"), String.join(" ", cmd) + System.lineSeparator(), StandardCharsets.UTF_8);
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .start();
        try {
            if (!p.waitFor(spec.timeoutSeconds, TimeUnit.SECONDS)) {
                return Outcome.failed(dir, "timed out after " + spec.timeoutSeconds + " s (timeout.s)");
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        if (p.exitValue() != 0) {
            return Outcome.failed(dir, "JMeter exit code " + p.exitValue() + ", see " + dir.resolve("jmeter.log"));
        }
        return Outcome.of(dir, took);
    }

    private static void deleteRuns(Path runs) throws IOException {
        if (!Files.isDirectory(runs)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(runs)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static String time(long nanos) {
        long s = TimeUnit.NANOSECONDS.toSeconds(nanos);
        return s >= 3600
                ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60)
                : String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
}
