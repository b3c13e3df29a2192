package io.github.jmeterkafka.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Processes;
import io.github.jmeterkafka.harness.RequestSender;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.KafkaException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The echo service against a real broker: what it answers, drops and counts, how it starts and ends. */
class EchoServiceIT {
    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = SharedBroker.get();
    }

    @Test
    void repliesToEveryRequestWithItsIdOnTheTopicItNames() {
        String requests = topic("requests");
        String replies = topic("replies");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (EchoService echo =
                start(printed, "--request-topic", requests, "--reply-topic", topic("unused"), "--partitions", "3")) {
            List<String> sent = RequestSender.send(broker.bootstrapServers(), requests, replies, 200).stream()
                    .map(RequestSender::hex)
                    .toList();
            await().atMost(Duration.ofSeconds(30)).until(() -> echo.counts().replied() == 200);
            assertThat(RequestSender.replyIds(broker.bootstrapServers(), replies))
                    .containsExactlyInAnyOrderElementsOf(sent);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .startsWith(
                        "echo ready: reading '" + requests + "' at " + broker.bootstrapServers() + ", every partition")
                .containsPattern("echo: 200 requests read, 200 replied, 0 dropped, 0 failed, [0-9.]+ replies/sec");
    }

    @Test
    void dropsASeededShareAndCountsEveryDropThatNoReplyAnswers() {
        String requests = topic("requests");
        String replies = topic("replies");
        try (EchoService echo = start(
                new ByteArrayOutputStream(),
                "--request-topic",
                requests,
                "--reply-topic",
                replies,
                "--partitions",
                "2",
                "--drop",
                "0.05",
                "--seed",
                "11",
                "--delay-ms",
                "1-5")) {
            RequestSender.send(broker.bootstrapServers(), requests, replies, 1000);
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                EchoCounts c = echo.counts();
                return c.read() == 1000 && c.replied() + c.unanswered().dropped() == 1000;
            });
            EchoCounts c = echo.counts();
            assertThat(c.unanswered().dropped()).isBetween(20L, 90L);
            assertThat(Topics.endOffsets(broker.admin(), replies)).isEqualTo(c.replied());
        }
    }

    @Test
    void sharesTheRequestsWithTheOtherEchoesOfItsGroup() {
        String requests = topic("requests");
        String replies = topic("replies");
        String[] args = {
            "--request-topic", requests, "--reply-topic", replies, "--partitions", "4", "--group", "echoes-" + requests
        };
        try (EchoService one = start(new ByteArrayOutputStream(), args);
                EchoService two = start(new ByteArrayOutputStream(), args)) {
            List<String> sent = new CopyOnWriteArrayList<>();
            // both are members once the second has partitions and the first gave some up
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                RequestSender.send(broker.bootstrapServers(), requests, replies, 40)
                        .forEach(id -> sent.add(RequestSender.hex(id)));
                return one.counts().read() > 0 && two.counts().read() > 0;
            });
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> one.counts().replied() + two.counts().replied() >= sent.size());
            // one reply per request: a count alone would let a request answered twice hide one never answered
            assertThat(RequestSender.replyIds(broker.bootstrapServers(), replies))
                    .containsExactlyInAnyOrderElementsOf(sent);
        }
    }

    @Test
    void readsABacklogFromTheBeginningAndEndsWhenIdle() {
        String requests = topic("requests");
        String replies = topic("replies");
        Topics.create(broker.admin(), 2, requests, replies);
        RequestSender.send(broker.bootstrapServers(), requests, replies, 500);
        try (EchoService echo = start(
                new ByteArrayOutputStream(), "--request-topic", requests, "--from-beginning", "--idle-exit-s", "1")) {
            long started = System.nanoTime();
            echo.awaitEnd();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
            await().atMost(Duration.ofSeconds(10)).until(() -> echo.counts().replied() == 500);
            assertThat(echo.counts().repliesPerSec()).isPositive();
        }
    }

    @Test
    void aMissingRequestTopicIsAClearError() {
        String requests = topic("missing");
        assertThatThrownBy(() -> start(new ByteArrayOutputStream(), "--request-topic", requests))
                .isInstanceOf(KafkaException.class)
                .hasMessage("request topic '" + requests + "' does not exist: create it first or give --partitions N");
    }

    /**
     * As users start it: the jar's echo command from JMeter's lib/ext (it takes JMeter's lib/ for slf4j), in a JVM of
     * its own; stopped as Ctrl-C stops it (a signal), it still prints its counts.
     */
    @Test
    void runsAsTheJarsEchoCommandFromLibExtAndCountsWhenStopped() throws Exception {
        String requests = topic("requests");
        String replies = topic("replies");
        Path log = Harness.targetDir().resolve("echo-" + requests + ".log");
        List<String> command = new ArrayList<>(List.of(
                Harness.javaExecutable().toString(),
                "-jar",
                JMeter.fromSystemProperties()
                        .installPlugin()
                        .home()
                        .resolve("lib/ext")
                        .resolve(Harness.pluginJar().getFileName())
                        .toString(),
                "echo",
                "--bootstrap-server",
                broker.bootstrapServers(),
                "--request-topic",
                requests,
                "--reply-topic",
                replies,
                "--partitions",
                "1"));
        Process echo = Processes.start(
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()));
        try {
            await().atMost(Duration.ofSeconds(40))
                    .until(() -> Files.readString(log).contains("echo ready:"));
            RequestSender.send(broker.bootstrapServers(), requests, replies, 50);
            await().atMost(Duration.ofSeconds(30)).until(() -> Topics.endOffsets(broker.admin(), replies) == 50);
            // SIGTERM runs the shutdown hooks as Ctrl-C's SIGINT does
            echo.destroy();
            assertThat(echo.waitFor(30, TimeUnit.SECONDS))
                    .as(Files.readString(log))
                    .isTrue();
        } finally {
            Processes.kill(echo);
        }
        assertThat(Files.readString(log))
                .contains("echo: 50 requests read, 50 replied, 0 dropped, 0 failed,")
                .doesNotContain("SLF4J", "Exception");
    }

    private static EchoService start(ByteArrayOutputStream printed, String... args) {
        List<String> all = new ArrayList<>(List.of("--bootstrap-server", broker.bootstrapServers()));
        all.addAll(List.of(args));
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        return EchoService.start(EchoOptions.parse(all.toArray(String[]::new)), out, out);
    }

    private static String topic(String role) {
        return "echo-" + role + "-" + System.nanoTime();
    }
}
