package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Runs the await case: the plugin's Kafka Await behind JMeter's HTTP Request and a closed loop on kafka-clients
 * ({@link AwaitClient}), both against the echo's HTTP front.
 */
final class AwaitRuns {
    private final BenchRun bench;

    AwaitRuns(BenchRun bench) {
        this.bench = bench;
    }

    /** The plugin's Kafka Await behind JMeter's HTTP Request, and a closed loop on kafka-clients, alternately. */
    void run() {
        System.out.println("Case await: " + AwaitCase.title());
        List<AwaitCase.Run> client = new ArrayList<>();
        List<AwaitCase.Run> plugin = new ArrayList<>();
        List<RequestReplyCase.Latency> timed = new ArrayList<>();
        // the echo runs in this JVM: a first run would pay for compiling its HTTP and producer paths
        run(-1, false, AwaitCase.WARMUP_EVENTS, new ArrayList<>());
        bench.alternate(
                i -> run(i, false, AwaitCase.EVENTS, timed).ifPresent(client::add),
                i -> run(i, true, AwaitCase.EVENTS, timed).ifPresent(plugin::add));
        bench.report.await(client, plugin, timed);
    }

    /**
     * One side's run against a fresh echo's HTTP front, on a fresh events topic deleted after; repeat -1: warm-up.
     * The plugin's events are timed beside it by {@link EventTimer}, added to {@code timed}.
     */
    private Optional<AwaitCase.Run> run(
            int repeat, boolean byPlugin, int events, List<RequestReplyCase.Latency> timed) {
        String side = repeat < 0 ? "warmup" : byPlugin ? "plugin" : "client";
        String topic = bench.topic("await", Math.max(0, repeat), side);
        Path dir = bench.runDir("await-" + side);
        Topics.create(bench.admin(), AwaitCase.PARTITIONS, topic + "-events");
        String stdout;
        double cpu;
        boolean ended;
        try (EchoService echo = bench.echo(dir, topic, 1, "--http", "0", "--events-topic", topic + "-events")) {
            if (byPlugin) {
                JMeter.RunBuilder b = bench.plugin(AwaitCase.PLAN, dir)
                        .property("kafka.bootstrap", bench.bootstrap())
                        .property("http.url", echo.httpUrl())
                        .property("events.topic", topic + "-events")
                        .property("threads", Integer.toString(AwaitCase.THREADS))
                        .property("requests", Integer.toString(events))
                        .property("rate", Integer.toString(AwaitCase.RATE));
                // a directory of its own: the JMeter run empties its own when it starts
                Path timerDir = bench.runDir("await-event-timer");
                try {
                    Files.createDirectories(timerDir);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                CompletableFuture<KafkaTool.Result> timer = CompletableFuture.supplyAsync(() -> bench.java(
                        EventTimer.class,
                        List.of(bench.bootstrap(), topic + "-events", Integer.toString(events)),
                        timerDir));
                PluginRun p = PluginRun.of(b, dir);
                KafkaTool.Result t = timer.join();
                if (bench.check(t.exitCode == 0, "await event timer exit code " + t.exitCode + ", see " + timerDir)) {
                    RequestReplyCase.Latency l = AwaitCase.timed(repeat, t.stdout);
                    bench.check(l.replies() == events, "await event timer: " + l.replies() + " events of " + events);
                    System.out.println("  " + AwaitCase.TIMED + " #" + (repeat + 1) + ": " + l.format());
                    timed.add(l);
                }
                stdout = p.result.stdout();
                cpu = p.cpuSecondsAfterStart;
                ended = bench.check(
                        p.result.exitCode() == 0,
                        "await plugin: JMeter exit code " + p.result.exitCode() + ", see " + dir);
            } else {
                KafkaTool.Result r = bench.java(
                        AwaitClient.class,
                        List.of(
                                bench.bootstrap(),
                                topic + "-events",
                                echo.httpUrl(),
                                Integer.toString(events),
                                Integer.toString(AwaitCase.THREADS),
                                Integer.toString(AwaitCase.RATE)),
                        dir);
                stdout = r.stdout;
                cpu = r.cpuSeconds;
                ended = bench.check(r.exitCode == 0, "await client exit code " + r.exitCode + ", see " + dir);
            }
        }
        Topics.delete(bench.admin(), topic + "-events");
        bench.deleteEchoTopics(topic);
        if (!ended) {
            return Optional.empty();
        }
        AwaitCase.Run run =
                byPlugin ? AwaitCase.Run.plugin(repeat, stdout, cpu) : AwaitCase.Run.client(repeat, stdout, cpu);
        if (repeat < 0) {
            System.out.println("  warm-up (the reference, " + events + " orders): " + run.format());
            return Optional.empty();
        }
        bench.check(
                run.keptUp(),
                "await " + side + ": " + run.format() + ", not " + AwaitCase.RATE + "/s with no timeouts");
        System.out.println("  " + run.latency().side() + " #" + (repeat + 1) + ": " + run.format());
        return Optional.of(run);
    }
}
