package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.text.CsvField;
import java.io.IOException;
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
 * The runs of a sweep or a search: each in its own JMeter process ({@code -n}) and directory under {@code runs/},
 * one after the other, with its own topic; every run's summary rows, with the run's parameters, are appended to
 * {@code rows.csv} as it ends. A search with {@code search.servers} runs each on those jmeter-servers ({@code -R}),
 * the rate and records split evenly over them ({@code -G}); the controller's Kafka Summary writes the merged rows.
 */
final class Runs {
    static final String ROWS = "rows.csv";
    private static final String RUNS = "runs";
    static final String HLOG_DIR = "kafka-hlog";
    /**
     * How long each jmeter-server's run waits before deleting the topic: the servers end a few ms apart, and one
     * deleting the topic under another's last sends would fail them.
     */
    static final String DELETE_AFTER_MS = "5000";

    private final SweepSpec spec;
    private final Path jmeterHome;
    private final String bootstrap;
    private final Path out;
    private final String stamp =
            LocalDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));

    Runs(SweepSpec spec, Path jmeterHome, String bootstrap, Path out) {
        this.spec = spec;
        this.jmeterHome = jmeterHome;
        this.bootstrap = bootstrap;
        this.out = out;
    }

    /** Checks JMeter and the plan, and starts rows.csv afresh; returns it. */
    Path start() throws IOException {
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
        return rows;
    }

    /** Runs one JMeter process and appends its rows. */
    Outcome run(SweepSpec.Run run) throws IOException, InterruptedException {
        Outcome o = runOne(run);
        Files.writeString(out.resolve(ROWS), o.rows(spec, run), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        return o;
    }

    private String header() {
        StringJoiner h = new StringJoiner(",");
        h.add("sweep").add("run").add("repeat").add("status");
        spec.variedNames().forEach(k -> h.add(CsvField.of(SweepSpec.VARY + k)));
        return h + "," + SummaryRow.header();
    }

    private Outcome runOne(SweepSpec.Run run) throws IOException, InterruptedException {
        Path dir = out.resolve(RUNS)
                .resolve(String.format(
                        Locale.ROOT,
                        "%03d-r%d-%s",
                        run.number,
                        run.repeat,
                        run.describe().replaceAll("[^A-Za-z0-9.=-]+", "_")));
        Files.createDirectories(dir);
        Map<String, String> props = new LinkedHashMap<>(spec.everyRun.fixed());
        props.putAll(run.config);
        if (bootstrap != null) {
            props.put("kafka.bootstrap", bootstrap);
        }
        if (spec.everyRun.freshTopic()) {
            props.put("topic", props.getOrDefault("topic", spec.name) + "-" + stamp + "-" + run.number);
        }
        // what the servers run: the plan's properties, each server its share of the rate
        Map<String, String> onServers = new LinkedHashMap<>(props);
        List<String> servers = spec.search == null ? List.of() : spec.search.servers();
        for (String key : List.of(Search.RATE, Search.RECORDS)) {
            onServers.computeIfPresent(key, (k, v) -> share(v, servers.size()));
        }
        onServers.putIfAbsent("delete.after.ms", DELETE_AFTER_MS);
        // the summary and interval logs are the controller's merge (the servers keep their own in their logs)
        props.put("kafka.summary.file", dir.resolve("summary.csv").toString());
        props.put("kafka.hlog.dir", dir.resolve(HLOG_DIR).toString());
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(spec.everyRun.jvmArgs());
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
        if (!servers.isEmpty()) {
            cmd.add("-R");
            cmd.add(String.join(",", servers));
            onServers.forEach((k, v) -> cmd.add("-G" + k + "=" + v));
        }
        Files.writeString(
                dir.resolve("command.txt"), String.join(" ", cmd) + System.lineSeparator(), StandardCharsets.UTF_8);
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .start();
        try {
            if (!p.waitFor(spec.everyRun.timeoutSeconds(), TimeUnit.SECONDS)) {
                return Outcome.failed(dir, "timed out after " + spec.everyRun.timeoutSeconds() + " s (timeout.s)");
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

    /** One server's share of a whole number (a rate, a record count) split over {@code servers}, rounded up. */
    static String share(String total, int servers) {
        if (servers <= 1) {
            return total;
        }
        long n = Long.parseLong(total.trim());
        return Long.toString((n + servers - 1) / servers);
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
}
