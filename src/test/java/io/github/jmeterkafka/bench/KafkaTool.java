package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.Harness;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One of Kafka's perf tools in its own JVM, started as kafka-run-class.sh starts it (256 MB heap, here fixed,
 * G1 tuned for short pauses), from the broker's class path in kafka.home/lib.
 */
public final class KafkaTool {
    public static final String PRODUCER_PERFORMANCE = "org.apache.kafka.tools.ProducerPerformance";
    static final String CONSUMER_PERFORMANCE = "org.apache.kafka.tools.ConsumerPerformance";
    static final String SHARE_CONSUMER_PERFORMANCE = "org.apache.kafka.tools.ShareConsumerPerformance";

    /**
     * kafka-run-class.sh's heap (KAFKA_HEAP_OPTS) and GC options (KAFKA_JVM_PERFORMANCE_OPTS), with the
     * heap fixed, as bin/jmeter fixes its own: JMeter calls System.gc() as a test starts, which
     * shrinks a heap that may shrink to about 70 MB, and G1 then starts a marking cycle at nearly
     * every 1 MB fetch response.
     */
    static final List<String> HEAP_AND_GC = List.of(
            "-Xms256M",
            "-Xmx256M",
            "-XX:+UseG1GC",
            "-XX:MaxGCPauseMillis=20",
            "-XX:InitiatingHeapOccupancyPercent=35",
            "-XX:+ExplicitGCInvokesConcurrent");

    private static final List<String> JVM_ARGS = Stream.concat(
                    Stream.of("-server"),
                    Stream.concat(HEAP_AND_GC.stream(), Stream.of("-XX:MaxInlineLevel=15", "-Djava.awt.headless=true")))
            .collect(Collectors.toUnmodifiableList());

    /** Runs in flight: a bench stopped by Ctrl-C or SIGTERM must not leave a tool running. */
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(() -> LIVE.forEach(Process::destroyForcibly), "kafka-tool-reaper"));
    }

    private KafkaTool() {}

    /** What one run printed and cost. */
    public static final class Result {
        public final int exitCode;
        public final String stdout;
        final double cpuSeconds;
        final double wallSeconds;
        /** Share of the machine's CPU stolen by the hypervisor during the run. */
        final double steal;

        final Path dir;

        Result(int exitCode, String stdout, double cpuSeconds, double wallSeconds, double steal, Path dir) {
            this.exitCode = exitCode;
            this.stdout = stdout;
            this.cpuSeconds = cpuSeconds;
            this.wallSeconds = wallSeconds;
            this.steal = steal;
            this.dir = dir;
        }
    }

    public static Result run(String mainClass, List<String> args, Path dir, Duration timeout) {
        return run(mainClass, List.of(), args, dir, timeout);
    }

    static Result run(String mainClass, List<String> extraJvmArgs, List<String> args, Path dir, Duration timeout) {
        return run(
                mainClass, Harness.kafkaHome().resolve("lib") + File.separator + "*", extraJvmArgs, args, dir, timeout);
    }

    /** The same for a load generator of the bench's own ({@code classpath}), with the perf tools' JVM options. */
    static Result run(
            String mainClass,
            String classpath,
            List<String> extraJvmArgs,
            List<String> args,
            Path dir,
            Duration timeout) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_ARGS);
        cmd.addAll(extraJvmArgs);
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(mainClass);
        cmd.addAll(args);
        Path out = dir.resolve("stdout.txt");
        Process p;
        double cpu0;
        long t0;
        long[] ticks0;
        try {
            Files.createDirectories(dir);
            Files.write(dir.resolve("command.txt"), cmd, StandardCharsets.UTF_8);
            cpu0 = Cpu.children();
            ticks0 = Cpu.machineTicks();
            t0 = System.nanoTime();
            p = new ProcessBuilder(cmd)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start();
            LIVE.add(p);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + mainClass, e);
        }
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException(mainClass + " killed after " + timeout.toSeconds() + " s; see " + out);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while " + mainClass + " ran", e);
        } finally {
            LIVE.remove(p);
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = Cpu.children() - cpu0;
        double steal = Cpu.stolenSince(ticks0);
        try {
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), cpu, wall, steal, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
