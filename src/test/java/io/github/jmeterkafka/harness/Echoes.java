package io.github.jmeterkafka.harness;

import io.github.jmeterkafka.echo.EchoOptions;
import io.github.jmeterkafka.echo.EchoService;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Echo services as the tests and the bench start them: on {@code <name>-requests}, replying to {@code <name>-replies}. */
public final class Echoes {
    private Echoes() {}

    /**
     * Starts an echo printing to {@code out}; returns once it reads.
     *
     * @param partitions the topics are made with this many partitions if missing; 0: they must exist
     * @param more       further echo options, e.g. {@code --drop 0.01}
     */
    public static EchoService start(
            String bootstrapServers, String name, int partitions, PrintStream out, String... more) {
        return EchoService.start(EchoOptions.parse(args(bootstrapServers, name, partitions, more)), out, out);
    }

    /**
     * As {@link #start}, in a JVM of its own from the plugin's jar (a process a test can pause with SIGSTOP),
     * printing to {@code log}; returns once it reads. The caller stops it ({@link Processes#kill}).
     */
    public static Process startProcess(String bootstrapServers, String name, int partitions, Path log, String... more)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Harness.javaExecutable().toString(),
                "-cp",
                Harness.pluginJar() + ":" + Harness.jmeterHome().resolve("lib") + "/*",
                "io.github.jmeterkafka.cli.Main",
                "echo"));
        command.addAll(List.of(args(bootstrapServers, name, partitions, more)));
        Process echo = Processes.start(
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(log).contains("echo ready:")) {
            if (!echo.isAlive() || System.nanoTime() > deadline) {
                Processes.kill(echo);
                throw new IllegalStateException("the echo did not start: " + Processes.tail(log, 20));
            }
            Thread.sleep(50);
        }
        return echo;
    }

    private static String[] args(String bootstrapServers, String name, int partitions, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap-server", bootstrapServers,
                "--request-topic", name + "-requests",
                "--reply-topic", name + "-replies"));
        if (partitions > 0) {
            args.addAll(List.of("--partitions", Integer.toString(partitions)));
        }
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }
}
