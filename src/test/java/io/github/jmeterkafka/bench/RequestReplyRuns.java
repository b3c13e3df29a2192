package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.echo.EchoCounts;
import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.RequestSender;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs the request-reply case: the plugin's Kafka Request-Reply against the echo service beside a reference client
 * on kafka-clients ({@link RoundTripClient}), for round trips, throughput and drops.
 */
final class RequestReplyRuns {
    private final BenchRun bench;

    RequestReplyRuns(BenchRun bench) {
        this.bench = bench;
    }

    /** The plugin's Kafka Request-Reply against the echo service: round trips, throughput and drops. */
    void run() {
        System.out.println("Case reqreply: " + RequestReplyCase.title());
        List<RequestReplyCase.Latency> client = new ArrayList<>();
        List<RequestReplyCase.Latency> plugin = new ArrayList<>();
        List<RequestReplyCase.Throughput> throughput = new ArrayList<>();
        List<RequestReplyCase.Drop> drops = new ArrayList<>();
        bench.alternate(i -> clientRoundTrips(i, client), i -> pluginRoundTrips(i, plugin));
        for (int i = 0; i < bench.repeats; i++) {
            throughput(i).ifPresent(throughput::add);
            drops(i).ifPresent(drops::add);
        }
        bench.report.requestReply(client, plugin, throughput, drops);
    }

    private void clientRoundTrips(int repeat, List<RequestReplyCase.Latency> runs) {
        String topic = bench.topic("reqreply", repeat, "client");
        Path dir = bench.runDir("reqreply-latency-client");
        KafkaTool.Result r;
        try (EchoService echo = bench.echo(dir, topic, 1)) {
            r = roundTripClient(
                    dir,
                    "latency",
                    topic,
                    RequestReplyCase.LATENCY_REQUESTS,
                    Integer.toString(RequestReplyCase.LATENCY_RATE));
        }
        bench.deleteEchoTopics(topic);
        if (bench.check(r.exitCode == 0, "reqreply client exit code " + r.exitCode + ", see " + r.dir)) {
            RequestReplyCase.Latency run = RequestReplyCase.Latency.client(repeat, r.stdout);
            System.out.println("  kafka-clients closed loop #" + (repeat + 1) + ": " + run.format());
            runs.add(run);
        }
    }

    /** RoundTripClient in its own JVM, with the perf tools' options, against {@code <topic>-requests}. */
    private KafkaTool.Result roundTripClient(Path dir, String mode, String topic, int requests, String... more) {
        List<String> args = new ArrayList<>(List.of(
                mode,
                bench.bootstrap(),
                topic + "-requests",
                topic + "-replies",
                Integer.toString(requests),
                Integer.toString(RequestReplyCase.RECORD_SIZE)));
        args.addAll(List.of(more));
        return bench.java(RoundTripClient.class, args, dir);
    }

    private void pluginRoundTrips(int repeat, List<RequestReplyCase.Latency> runs) {
        String topic = bench.topic("reqreply", repeat, "plugin");
        Path dir = bench.runDir("reqreply-latency-plugin");
        try (EchoService echo = bench.echo(dir, topic, 1)) {
            JMeter.Result result =
                    plan(dir, topic, 1, 1, RequestReplyCase.LATENCY_REQUESTS, RequestReplyCase.LATENCY_RATE, 1);
            if (bench.check(
                    result.exitCode() == 0,
                    "reqreply latency plugin: JMeter exit code " + result.exitCode() + ", see " + dir)) {
                RequestReplyCase.Latency run = RequestReplyCase.Latency.plugin(repeat, result.stdout());
                bench.check(
                        run.replies() == RequestReplyCase.LATENCY_REQUESTS,
                        "reqreply latency plugin: " + run.replies() + " replies of "
                                + RequestReplyCase.LATENCY_REQUESTS);
                System.out.println("  plugin #" + (repeat + 1) + ": " + run.format());
                runs.add(run);
            }
        }
        bench.deleteEchoTopics(topic);
    }

    /**
     * The echo's own rate from a backlog of requests (read from the start, ended when idle) and under a flood
     * from the reference client, the reference client with the plugin's threads and requests in flight, then the
     * plugin, each against a fresh echo.
     */
    private Optional<RequestReplyCase.Throughput> throughput(int repeat) {
        int n = RequestReplyCase.THROUGHPUT_REQUESTS;
        int partitions = RequestReplyCase.THROUGHPUT_PARTITIONS;
        String backlog = bench.topic("reqreply-backlog", repeat, "echo");
        Topics.create(bench.admin(), partitions, backlog + "-requests", backlog + "-replies");
        RequestSender.send(
                bench.bootstrap(), backlog + "-requests", backlog + "-replies", n, RequestReplyCase.RECORD_SIZE);
        Path backlogDir = bench.runDir("reqreply-echo-backlog");
        EchoService fromBacklog = bench.echo(backlogDir, backlog, 0, "--from-beginning", "--idle-exit-s", "2");
        fromBacklog.awaitEnd();
        fromBacklog.close();
        bench.deleteEchoTopics(backlog);

        ClientRun flood = clientAgainstEcho(repeat, "flood", n);
        ClientRun window = clientAgainstEcho(
                repeat,
                "window",
                n,
                Integer.toString(RequestReplyCase.THROUGHPUT_THREADS),
                Integer.toString(RequestReplyCase.THROUGHPUT_PER_SAMPLE));

        String topic = bench.topic("reqreply-throughput", repeat, "plugin");
        Path dir = bench.runDir("reqreply-throughput-plugin");
        JMeter.Result result;
        EchoCounts during;
        try (EchoService echo = bench.echo(dir, topic, partitions)) {
            result = plan(
                    dir,
                    topic,
                    RequestReplyCase.THROUGHPUT_THREADS,
                    RequestReplyCase.THROUGHPUT_PER_SAMPLE,
                    n,
                    0,
                    partitions);
            during = echo.counts();
        }
        bench.deleteEchoTopics(topic);
        // every check, so each problem is listed
        boolean backlogOk = bench.check(
                fromBacklog.counts().replied() == n,
                "reqreply echo from a backlog replied " + fromBacklog.counts().replied() + " of " + n + ", see "
                        + backlogDir);
        boolean floodOk = bench.check(
                flood.client.exitCode == 0 && RequestReplyCase.floodReplies(flood.client.stdout) == n,
                "reqreply client flood: exit code " + flood.client.exitCode + ", see " + flood.client.dir);
        boolean windowOk = bench.check(
                window.client.exitCode == 0 && RequestReplyCase.floodReplies(window.client.stdout) == n,
                "reqreply client window: exit code " + window.client.exitCode + ", see " + window.client.dir);
        boolean pluginOk = bench.check(
                result.exitCode() == 0,
                "reqreply throughput plugin: JMeter exit code " + result.exitCode() + ", see " + dir);
        boolean ok = backlogOk && floodOk && windowOk && pluginOk;
        if (!ok) {
            return Optional.empty();
        }
        long replies = RequestReplyCase.replies(result.stdout());
        bench.check(replies == n, "reqreply throughput plugin: " + replies + " replies of " + n);
        RequestReplyCase.Throughput run = new RequestReplyCase.Throughput(
                repeat,
                fromBacklog.counts().repliesPerSec(),
                flood.echo.repliesPerSec(),
                RequestReplyCase.floodRepliesPerSec(window.client.stdout),
                RequestReplyCase.repliesPerSec(result.stdout()),
                during.repliesPerSec(),
                replies);
        System.out.println("  throughput #" + (repeat + 1) + ": " + run.format());
        return Optional.of(run);
    }

    /** The reference client's run and the echo's counts meanwhile. */
    private record ClientRun(KafkaTool.Result client, EchoCounts echo) {}

    /** RoundTripClient in {@code mode} against a fresh echo on fresh topics, deleted after. */
    private ClientRun clientAgainstEcho(int repeat, String mode, int requests, String... more) {
        String topic = bench.topic("reqreply-" + mode, repeat, "client");
        Path dir = bench.runDir("reqreply-" + mode + "-client");
        ClientRun run;
        try (EchoService echo = bench.echo(dir, topic, RequestReplyCase.THROUGHPUT_PARTITIONS)) {
            KafkaTool.Result client = roundTripClient(dir, mode, topic, requests, more);
            run = new ClientRun(client, echo.counts());
        }
        bench.deleteEchoTopics(topic);
        return run;
    }

    /** The echo drops a share of the requests: the summary's timeouts must be exactly its dropped count. */
    private Optional<RequestReplyCase.Drop> drops(int repeat) {
        String topic = bench.topic("reqreply-drops", repeat, "plugin");
        Path dir = bench.runDir("reqreply-drops-plugin");
        JMeter.Result result;
        EchoCounts echoed;
        try (EchoService echo = bench.echo(
                dir,
                topic,
                RequestReplyCase.THROUGHPUT_PARTITIONS,
                "--drop",
                RequestReplyCase.DROP_SHARE,
                "--seed",
                Integer.toString(repeat + 1))) {
            result = plan(dir, topic, 4, 10, RequestReplyCase.DROP_REQUESTS, 0, RequestReplyCase.THROUGHPUT_PARTITIONS);
            echoed = echo.counts();
        }
        bench.deleteEchoTopics(topic);
        if (!bench.check(
                result.exitCode() == 0,
                "reqreply drops plugin: JMeter exit code " + result.exitCode() + ", see " + dir)) {
            return Optional.empty();
        }
        RequestReplyCase.Drop run =
                RequestReplyCase.Drop.of(repeat, echoed.unanswered().dropped(), result.stdout());
        bench.check(
                run.exact(),
                "reqreply drops: " + run.timeouts() + " timeouts and " + run.late() + " late replies, the echo dropped "
                        + run.dropped());
        System.out.println("  drops #" + (repeat + 1) + ": echo dropped " + run.dropped() + ", timeouts "
                + run.timeouts() + ", late " + run.late());
        return Optional.of(run);
    }

    /** One run of the request-reply plan against {@code <topic>-requests}, replies on {@code <topic>-replies}. */
    private JMeter.Result plan(
            Path dir, String topic, int threads, int perSample, int requests, int rate, int partitions) {
        return bench.plugin(RequestReplyCase.PLAN, dir)
                .property("kafka.bootstrap", bench.bootstrap())
                .property("request.topic", topic + "-requests")
                .property("reply.topic", topic + "-replies")
                .property("partitions", Integer.toString(partitions))
                .property("threads", Integer.toString(threads))
                .property("requests.per.sample", Integer.toString(perSample))
                .property("requests", Integer.toString(requests))
                .property("rate", Integer.toString(rate))
                .property("reply.timeout", "1000")
                .property("record.size", Integer.toString(RequestReplyCase.RECORD_SIZE))
                .run();
    }
}
