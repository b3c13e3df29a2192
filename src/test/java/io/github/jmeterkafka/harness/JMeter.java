package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * A JMeter home assembled by the build (see src/test/homes/jmeter) and headless runs in it,
 * started as the official script does: {@code java ... -jar bin/ApacheJMeter.jar -n -t plan}.
 *
 * <p>Every run gets its own directory under target/jmeter-runs with the CSV results
 * ({@code results.jtl}), {@code jmeter.log}, stdout/stderr and, if asked, the HTML report.
 *
 * <pre>
 * JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
 * JMeter.Result r = jmeter.plan(plan).property("kafka.bootstrap", broker.bootstrapServers()).run();
 * </pre>
 */
public final class JMeter {

    private static final String PLUGIN_PREFIX = "jmeter-kafka";
    private static final AtomicInteger RUNS = new AtomicInteger();

    /** The CSV result fields the tests read; set on every run so no properties file can change them. */
    private static final Map<String, String> RESULT_FORMAT = resultFormat();

    private final Path home;
    private final Path runsDir;

    public JMeter(Path home, Path runsDir) {
        this.home = home.toAbsolutePath().normalize();
        this.runsDir = runsDir.toAbsolutePath().normalize();
        if (!Files.isRegularFile(launcher())) {
            throw new IllegalStateException("No JMeter at " + this.home
                    + " (bin/ApacheJMeter.jar missing); run mvn package or set -Djmeter.home");
        }
        try {
            // the distribution ships lib/junit (its sample test.jar is not on Maven Central);
            // without it JMeter prints a stack trace to stderr on every start
            Files.createDirectories(libDir().resolve("junit"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The home from {@code jmeter.home}, runs under target/jmeter-runs. */
    public static JMeter fromSystemProperties() {
        return new JMeter(Harness.jmeterHome(), Harness.targetDir().resolve("jmeter-runs"));
    }

    public Path home() {
        return home;
    }

    public Path libDir() {
        return home.resolve("lib");
    }

    public Path libExtDir() {
        return home.resolve("lib").resolve("ext");
    }

    /** Installs the jar from the {@code plugin.jar} system property. */
    public JMeter installPlugin() {
        return installPlugin(Harness.pluginJar());
    }

    /** Copies the plugin jar into lib/ext, removing any other jmeter-kafka jar there or in lib/. */
    public synchronized JMeter installPlugin(Path pluginJar) {
        if (!Files.isRegularFile(pluginJar)) {
            throw new IllegalStateException("No plugin jar at " + pluginJar + "; run mvn package");
        }
        String name = pluginJar.getFileName().toString();
        try {
            for (Path dir : List.of(libDir(), libExtDir())) {
                for (Path old : jars(dir, PLUGIN_PREFIX)) {
                    if (!(dir.equals(libExtDir())
                            && old.getFileName().toString().equals(name))) {
                        Files.delete(old);
                    }
                }
            }
            Files.copy(pluginJar, libExtDir().resolve(name), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot install " + pluginJar + " into " + libExtDir(), e);
        }
        return this;
    }

    /** Copies a jar into lib/, as users install other plugins' dependencies. */
    public Path addLib(Path jar) {
        return add(jar, libDir());
    }

    /** Removes lib/{@code fileName} if present. */
    public boolean removeLib(String fileName) {
        return remove(libDir().resolve(fileName));
    }

    /** Copies a jar into lib/ext/, as users install other plugins. */
    public Path addLibExt(Path jar) {
        return add(jar, libExtDir());
    }

    /** Removes lib/ext/{@code fileName} if present. */
    public boolean removeLibExt(String fileName) {
        return remove(libExtDir().resolve(fileName));
    }

    private synchronized Path add(Path jar, Path dir) {
        try {
            return Files.copy(jar, dir.resolve(jar.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot copy " + jar + " into " + dir, e);
        }
    }

    private synchronized boolean remove(Path file) {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Jar files directly in {@code dir} whose names start with {@code prefix}. */
    public static List<Path> jars(Path dir, String prefix) {
        List<Path> result = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return result;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, prefix + "*.jar")) {
            files.forEach(result::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return result;
    }

    /** Starts describing a headless run of {@code plan}. */
    public RunBuilder plan(Path plan) {
        return new RunBuilder(plan);
    }

    /** Runs {@code plan} with these JMeter properties (-J) and the default timeout. */
    public Result run(Path plan, Map<String, String> properties) {
        return plan(plan).properties(properties).run();
    }

    private Path launcher() {
        return home.resolve("bin").resolve("ApacheJMeter.jar");
    }

    private static Map<String, String> resultFormat() {
        Map<String, String> m = new LinkedHashMap<>();
        String p = "jmeter.save.saveservice.";
        m.put(p + "output_format", "csv");
        m.put(p + "print_field_names", "true");
        m.put(p + "default_delimiter", ",");
        // timestamp_format is left unset (epoch ms): the dashboard formats its start and end times with
        // it as a date pattern, and "ms" showed minutes and seconds as the test's start
        for (String on : List.of(
                "time",
                "label",
                "response_code",
                "response_message",
                "thread_name",
                "successful",
                "assertion_results_failure_message",
                "bytes",
                "sent_bytes",
                "thread_counts",
                "latency",
                "connect_time",
                "sample_count")) {
            m.put(p + on, "true");
        }
        for (String off : List.of(
                "data_type",
                "url",
                "encoding",
                "hostname",
                "idle_time",
                "subresults",
                "assertions",
                "response_data",
                "samplerData",
                "requestHeaders",
                "responseHeaders",
                "filename")) {
            m.put(p + off, "false");
        }
        return Map.copyOf(m);
    }

    /** What to run and how; {@link #run()} starts JMeter and waits for it. */
    public final class RunBuilder {
        private final Path plan;
        private String name;
        private Path runDir;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private final Map<String, String> logLevels = new LinkedHashMap<>();
        private final Properties secretProperties = new Properties();
        private final List<String> sampleVariables = new ArrayList<>();
        private final List<String> jvmArgs = new ArrayList<>(List.of(
                // the heap and GC of the official bin/jmeter script
                "-Xms1g",
                "-Xmx1g",
                "-XX:MaxMetaspaceSize=256m",
                "-XX:+UseG1GC",
                "-XX:MaxGCPauseMillis=100",
                "-XX:G1ReservePercent=20",
                "-Djava.security.egd=file:/dev/urandom",
                "-Duser.language=en",
                "-Duser.region=EN",
                "-Djava.awt.headless=true"));
        private String remoteServers;
        private List<String> remoteProperties = List.of();
        private List<String> on = List.of();
        private List<String> pinned = List.of();
        private boolean report;
        private boolean harnessSettings = true;
        private Duration timeout = Duration.ofMinutes(5);
        private Path java = Harness.javaExecutable();

        private RunBuilder(Path plan) {
            this.plan = plan.toAbsolutePath().normalize();
            // Kafka clients log their whole config at INFO, once per client
            logLevels.put("org.apache.kafka", "WARN");
        }

        /** The java executable JMeter runs on; default the tests' own. */
        public RunBuilder java(Path executable) {
            this.java = executable;
            return this;
        }

        /** Name of the run directory (a counter is appended); default the plan's file name. */
        public RunBuilder name(String name) {
            this.name = name;
            return this;
        }

        /** Runs in this directory, emptied first, instead of a new one under target/jmeter-runs. */
        public RunBuilder runDir(Path dir) {
            this.runDir = dir.toAbsolutePath().normalize();
            return this;
        }

        /**
         * A JMeter property given in a properties file ({@code -q}), as users pass secrets: JMeter logs
         * every {@code -J} property with its value, but not what it loads from such a file.
         */
        public RunBuilder secretProperty(String key, String value) {
            secretProperties.put(key, value);
            return this;
        }

        /** A JMeter property ({@code -Jkey=value}), read in plans with {@code ${__P(key)}}. */
        public RunBuilder property(String key, String value) {
            properties.put(key, value);
            return this;
        }

        public RunBuilder properties(Map<String, String> values) {
            properties.putAll(values);
            return this;
        }

        /**
         * Runs the plan on these jmeter-servers ({@code -R host:port,...}, with the RMI settings they were started
         * with): every property goes to them as {@code -G} too, as a controller's user passes them.
         */
        public RunBuilder remote(List<JMeterServer> servers) {
            this.remoteServers = servers.stream().map(JMeterServer::hostAndPort).collect(Collectors.joining(","));
            this.remoteProperties = servers.get(0).controllerProperties();
            return this;
        }

        /** Runs JMeter on a test host: {@code on} is what runs the command there ({@link NetworkHosts#on}). */
        public RunBuilder on(List<String> on) {
            this.on = List.copyOf(on);
            return this;
        }

        /** Runs JMeter on these cores only ("1", "1-3"), as {@code taskset -c cores jmeter ...} would. */
        public RunBuilder pinnedTo(String cores) {
            this.pinned = CorePins.prefix(cores);
            return this;
        }

        /** Variables saved as extra JTL columns ({@code sample_variables}). */
        public RunBuilder sampleVariables(String... names) {
            sampleVariables.addAll(List.of(names));
            return this;
        }

        /** Log level for a category ({@code -Lcategory=LEVEL}). */
        public RunBuilder logLevel(String category, String level) {
            logLevels.put(category, level);
            return this;
        }

        /**
         * Runs as a user's plain {@code jmeter -n}: JMeter's own result save settings and log levels,
         * without the CSV columns and the {@code org.apache.kafka} WARN level the tests set.
         */
        public RunBuilder jmeterDefaults() {
            this.harnessSettings = false;
            logLevels.remove("org.apache.kafka");
            return this;
        }

        /** Generates the HTML dashboard into {@code report/} of the run directory. */
        public RunBuilder htmlReport() {
            this.report = true;
            return this;
        }

        public RunBuilder jvmArg(String arg) {
            jvmArgs.add(arg);
            return this;
        }

        /** Replaces the default 1 GB heap. */
        public RunBuilder heap(String size) {
            jvmArgs.removeIf(a -> a.startsWith("-Xmx") || a.startsWith("-Xms"));
            jvmArgs.add(0, "-Xmx" + size);
            jvmArgs.add(0, "-Xms" + size);
            return this;
        }

        /** Replaces bin/jmeter's heap and GC options (what its HEAP and GC_ALGO variables set). */
        public RunBuilder heapAndGc(List<String> options) {
            jvmArgs.removeIf(a -> a.startsWith("-Xmx")
                    || a.startsWith("-Xms")
                    || a.startsWith("-XX:MaxMetaspaceSize=")
                    || a.equals("-XX:+UseG1GC")
                    || a.startsWith("-XX:MaxGCPauseMillis=")
                    || a.startsWith("-XX:G1ReservePercent="));
            jvmArgs.addAll(0, options);
            return this;
        }

        /** Hard limit for the whole run; default 5 minutes. */
        public RunBuilder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        /**
         * Runs JMeter and waits for it to exit.
         *
         * @throws IllegalStateException if it runs past the timeout (the process tree is killed first)
         */
        public Result run() {
            if (!Files.isRegularFile(plan)) {
                throw new IllegalArgumentException("No test plan at " + plan);
            }
            String base = name != null ? name : plan.getFileName().toString().replaceFirst("\\.jmx$", "");
            Path dir = runDir != null
                    ? runDir
                    : runsDir.resolve(base + "-" + RUNS.incrementAndGet() + "-"
                            + ProcessHandle.current().pid());
            Path jtl = dir.resolve("results.jtl");
            Path log = dir.resolve("jmeter.log");
            Path reportDir = dir.resolve("report");
            Path stdout = dir.resolve("stdout.txt");
            Path stderr = dir.resolve("stderr.txt");
            Loopback.deleteRecursively(dir);

            List<String> cmd = new ArrayList<>(on);
            cmd.addAll(pinned);
            cmd.add(java.toString());
            cmd.addAll(jvmArgs);
            cmd.addAll(List.of(
                    "-jar",
                    launcher().toString(),
                    "-n",
                    "-t",
                    plan.toString(),
                    "-l",
                    jtl.toString(),
                    "-j",
                    log.toString()));
            if (report) {
                cmd.addAll(List.of("-e", "-o", reportDir.toString()));
            }
            Map<String, String> props = new LinkedHashMap<>(harnessSettings ? RESULT_FORMAT : Map.of());
            if (!sampleVariables.isEmpty()) {
                props.put("sample_variables", String.join(",", sampleVariables));
            }
            props.putAll(properties);
            props.forEach((k, v) -> cmd.add("-J" + k + "=" + v));
            if (remoteServers != null) {
                cmd.addAll(List.of("-R", remoteServers));
                cmd.addAll(remoteProperties);
                properties.forEach((k, v) -> cmd.add("-G" + k + "=" + v));
            }
            logLevels.forEach((k, v) -> cmd.add("-L" + k + "=" + v));
            Path secrets = dir.resolve("secrets.properties");
            if (!secretProperties.isEmpty()) {
                cmd.addAll(List.of("-q", secrets.toString()));
            }

            long t0 = System.nanoTime();
            Process process;
            try {
                Files.createDirectories(dir);
                Files.write(dir.resolve("command.txt"), cmd, StandardCharsets.UTF_8);
                if (!secretProperties.isEmpty()) {
                    try (Writer w = Files.newBufferedWriter(secrets, StandardCharsets.ISO_8859_1)) {
                        secretProperties.store(w, null);
                    }
                }
                process = Processes.track(new ProcessBuilder(cmd)
                        .directory(dir.toFile())
                        .redirectInput(ProcessBuilder.Redirect.PIPE)
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile())
                        .start());
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot start JMeter for " + plan, e);
            }
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    Processes.kill(process);
                    throw new IllegalStateException("JMeter run of " + plan.getFileName() + " killed after "
                            + timeout.toSeconds() + " s; see " + dir + "\n--- jmeter.log tail:\n"
                            + Processes.tail(log, 30) + "\n--- stdout tail:\n" + Processes.tail(stdout, 15));
                }
            } catch (InterruptedException e) {
                Processes.kill(process);
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while JMeter ran " + plan, e);
            } finally {
                Processes.stop(process, Duration.ZERO);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
            return new Result(
                    process.exitValue(), read(stdout), read(stderr), dir, jtl, log, report ? reportDir : null, elapsed);
        }

        private String read(Path file) {
            try {
                return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            } catch (IOException e) {
                return "(cannot read " + file + ": " + e + ")";
            }
        }
    }

    /** The outcome of one headless run. */
    /**
     * One run's outcome.
     *
     * @param report the HTML dashboard directory, or null: read it through {@link #reportDir()}
     */
    public record Result(
            int exitCode,
            String stdout,
            String stderr,
            Path runDir,
            Path jtl,
            Path log,
            Path report,
            Duration elapsed) {

        /** The end-of-test summary on stdout under {@code title}, e.g. "Kafka Await summary for 'x':". */
        public SummaryText summary(String title) {
            return SummaryText.under(stdout(), title);
        }

        /** The HTML dashboard directory, if {@link RunBuilder#htmlReport()} was asked for. */
        public Optional<Path> reportDir() {
            return Optional.ofNullable(report);
        }

        /** The parsed results; fails if JMeter wrote none. */
        public Jtl samples() {
            return Jtl.read(jtl);
        }

        /** jmeter.log entries at ERROR or FATAL, with their stack traces. */
        public List<String> logErrors() {
            return JMeterLog.read(log).errors();
        }

        /** jmeter.log entries at WARN, ERROR or FATAL. */
        public List<String> logWarningsAndErrors() {
            return JMeterLog.read(log).warningsAndErrors();
        }

        /** Exit code, directories and output tails: the message to attach to a failed assertion. */
        public String describe() {
            return "JMeter exit code " + exitCode + " after " + elapsed.toMillis() + " ms, run dir " + runDir
                    + "\n--- stdout:\n" + tail(stdout, 2000)
                    + "\n--- stderr:\n" + tail(stderr, 2000)
                    + "\n--- jmeter.log tail:\n" + Processes.tail(log, 30);
        }

        private static String tail(String s, int max) {
            return s.length() <= max ? s : "..." + s.substring(s.length() - max);
        }

        @Override
        public String toString() {
            return "JMeter.Result[exit=" + exitCode + ", " + runDir + "]";
        }
    }
}
