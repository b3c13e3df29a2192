package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.Echoes;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.harness.Topics;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntConsumer;
import org.apache.kafka.clients.admin.Admin;

/**
 * What every case of one bench run shares: the broker and its admin client, JMeter, the report and the problems
 * found, the numbered run directories, and how each side's load generator is started.
 */
final class BenchRun implements AutoCloseable {
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(10);

    final int repeats = Integer.getInteger("bench.repeats", 3);
    final Path plans = Harness.projectDir().resolve("bench").resolve("plans");
    final Report report = new Report();
    /** "same": JMeter gets the perf tools' heap and GC options; "launchers": each side its launcher's own. */
    private final String jvm = System.getProperty("bench.jvm", "same");
    /** Records a JFR profile of every load generator into its run directory (costs a few % of CPU). */
    private final boolean jfr = Boolean.getBoolean("bench.jfr");

    private final String jvmArgs = System.getProperty("bench.jvm.args", "").trim();
    private final Path out = Harness.targetDir().resolve("bench");
    private final List<String> problems = new ArrayList<>();
    private KafkaBroker broker;
    private JMeter jmeter;
    private Admin admin;
    private int runNumber;

    /** An empty output directory, the machine's facts, one broker and the JMeter home with the plugin. */
    void start() throws IOException {
        Loopback.deleteRecursively(out);
        Files.createDirectories(out);
        report.machine(Machine.facts(jvm));
        System.out.println(report.machineLine());
        System.out.println("Starting one Kafka broker (-Xmx1g)...");
        // a busy machine can take well over the harness's default minute to format and start a broker
        broker = KafkaBroker.builder()
                .heap("1g")
                .autoCreateTopics(false)
                .workDir(out.resolve("broker"))
                .startTimeout(Duration.ofMinutes(3))
                .build()
                .start();
        System.out.println("Broker at " + broker.bootstrapServers() + " in "
                + broker.lastStartTime().toMillis() + " ms");
        String pinned = CorePinning.pin(broker.pid());
        if (!pinned.isEmpty()) {
            report.machine(Map.of("cores", pinned));
            System.out.println(pinned);
        }
        admin = broker.admin();
        jmeter = JMeter.fromSystemProperties().installPlugin();
    }

    @Override
    public void close() {
        if (admin != null) {
            admin.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    String bootstrap() {
        return broker.bootstrapServers();
    }

    long brokerPid() {
        return broker.pid();
    }

    Admin admin() {
        return admin;
    }

    /** The JMeter home with the plugin, for a case that runs JMeter as the plugin's own tools do. */
    Path jmeterHome() {
        return jmeter.home();
    }

    /** The results so far into results.md: an interrupted bench still leaves the cases it finished. */
    void writeResults() {
        write("results.md", report.markdown(problems));
    }

    /** Prints and writes the results and every run's figures; true if no problem was found. */
    boolean end(Duration elapsed) {
        report.elapsed(elapsed);
        String table = report.markdown(problems);
        System.out.println();
        System.out.println(table);
        write("results.md", table);
        write("runs.csv", report.csv());
        System.out.println("Per-run figures: " + out.resolve("runs.csv") + "; run directories under " + out);
        return problems.isEmpty();
    }

    private void write(String file, String text) {
        try {
            Files.writeString(out.resolve(file), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A problem whose stack trace was printed already. */
    void problem(String problem) {
        problems.add(problem);
    }

    boolean check(boolean ok, String problem) {
        if (!ok) {
            problems.add(problem);
            System.out.println("  PROBLEM: " + problem);
        }
        return ok;
    }

    void checkCount(String what, long expected, long reported, long stored) {
        check(
                reported == expected && stored == expected,
                what + ": expected " + expected + " records, the run reported " + reported + ", the broker holds "
                        + stored);
    }

    /** Runs both sides {@code repeats} times; who goes first alternates, so drift in the broker's speed favours neither. */
    void alternate(IntConsumer first, IntConsumer second) {
        for (int i = 0; i < repeats; i++) {
            if (i % 2 == 0) {
                first.accept(i);
                second.accept(i);
            } else {
                second.accept(i);
                first.accept(i);
            }
        }
    }

    String topic(String id, int repeat, String side) {
        return "bench-" + id + "-" + (repeat + 1) + "-" + side;
    }

    Path runDir(String name) {
        return out.resolve("runs").resolve(String.format(Locale.ROOT, "%02d-%s", ++runNumber, name));
    }

    /** What Kafka's perf tools are all told: the broker, the topic and how many records; then {@code more}. */
    List<String> toolArgs(String topic, long records, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap-server",
                broker.bootstrapServers(),
                "--topic",
                topic,
                "--num-records",
                Long.toString(records)));
        args.addAll(List.of(more));
        return args;
    }

    /** ProducerPerformance's arguments: {@code throughput} records/s, -1 for unthrottled. */
    List<String> producerPerformanceArgs(
            String topic, long records, int recordSize, int throughput, Map<String, String> producerProperties) {
        List<String> args = toolArgs(
                topic,
                records,
                "--record-size",
                Integer.toString(recordSize),
                "--throughput",
                Integer.toString(throughput),
                "--command-property");
        producerProperties.forEach((k, v) -> args.add(k + "=" + v));
        return args;
    }

    /** One of Kafka's tools from kafka.home, with the extra JVM options of a measured run. */
    KafkaTool.Result tool(String mainClass, List<String> args, Path dir) {
        return KafkaTool.run(mainClass, extraJvmArgs(dir), args, dir, RUN_TIMEOUT);
    }

    /** A class of the bench in its own JVM with the perf tools' options, as a Kafka tool runs. */
    KafkaTool.Result java(Class<?> main, List<String> args, Path dir) {
        return KafkaTool.run(
                main.getName(), System.getProperty("java.class.path"), extraJvmArgs(dir), args, dir, RUN_TIMEOUT);
    }

    /** The same for both sides: a JFR recording, GC or JIT logs into the run's directory. */
    private List<String> extraJvmArgs(Path dir) {
        List<String> args = new ArrayList<>();
        if (jfr) {
            args.add("-XX:StartFlightRecording=settings=profile,filename=" + dir.resolve("profile.jfr"));
        }
        if (!jvmArgs.isEmpty()) {
            // limit 0: trailing blanks add no argument
            for (String a : jvmArgs.split("\\s+", 0)) {
                args.add(a.replace("{dir}", dir.toString()));
            }
        }
        return args;
    }

    /** A JMeter run of one of bench/plans in {@code dir}, with the heap and GC options both sides share. */
    JMeter.RunBuilder jmeter(String plan, Path dir) {
        JMeter.RunBuilder b = jmeter.plan(plans.resolve(plan)).runDir(dir).timeout(RUN_TIMEOUT);
        return switch (jvm) {
            case "same" -> b.heapAndGc(KafkaTool.HEAP_AND_GC);
            case "launchers" -> b;
            default -> throw new IllegalArgumentException("bench.jvm is 'same' or 'launchers', not '" + jvm + "'");
        };
    }

    /**
     * A measured JMeter run: {@link #jmeter} with the extra JVM options the other side gets too. {@code plan} is
     * one of bench/plans or a path of its own.
     */
    JMeter.RunBuilder plugin(String plan, Path dir) {
        JMeter.RunBuilder b = jmeter(plan, dir);
        extraJvmArgs(dir).forEach(b::jvmArg);
        return b;
    }

    /** A measured JMeter run of one of test-plans/, the ready plans users start from. */
    JMeter.RunBuilder testPlan(String plan, Path dir) {
        return plugin(Harness.projectDir().resolve("test-plans").resolve(plan).toString(), dir);
    }

    /** An echo on {@code <topic>-requests}, its topics made with {@code partitions} (0: they exist), output in dir. */
    EchoService echo(Path dir, String topic, int partitions, String... more) {
        try {
            Files.createDirectories(dir);
            PrintStream out =
                    new PrintStream(Files.newOutputStream(dir.resolve("echo.txt")), true, StandardCharsets.UTF_8);
            return Echoes.start(broker.bootstrapServers(), topic, partitions, out, more);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void deleteEchoTopics(String topic) {
        Topics.delete(admin, topic + "-requests");
        Topics.delete(admin, topic + "-replies");
    }
}
