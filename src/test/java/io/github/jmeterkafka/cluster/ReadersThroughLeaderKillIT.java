package io.github.jmeterkafka.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.Echoes;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaCluster;
import io.github.jmeterkafka.harness.KillOnProgress;
import io.github.jmeterkafka.harness.SharedCluster;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The readers on a real 3-node cluster (replication 3, min.insync.replicas 2) while the node leading most of the
 * topic read is killed mid-run (once the topic holds a share of the run's records, so the fault falls inside it): Request-Reply's reply reader against the echo, the Kafka Await behind the echo's HTTP
 * front, and a share group's workers. Every request is answered or counted as a timeout, never matched twice; every
 * job accepted exactly once. Each run ends with the node back and in sync.
 */
class ReadersThroughLeaderKillIT {
    private static final Map<String, String> DURABLE = Map.of("min.insync.replicas", "2");

    private static KafkaCluster cluster;
    private static Admin admin;
    private static JMeter jmeter;

    @BeforeAll
    static void start() {
        cluster = SharedCluster.get();
        admin = cluster.admin();
        jmeter = JMeter.fromSystemProperties().installPlugin();
    }

    @AfterEach
    void heal() {
        cluster.startAll();
    }

    @AfterAll
    static void close() {
        admin.close();
    }

    private static EchoService echo(String name, String... more) {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return Echoes.start(cluster.bootstrapServers(), name, 0, out, more);
    }

    @Test
    void everyRequestIsAnsweredOrTimedOutOnceThroughItsLeadersLoss() throws Exception {
        String name = "rr-kill-" + System.nanoTime();
        Topics.create(admin, 6, (short) 3, DURABLE, name + "-requests", name + "-replies");
        JMeter.Result result;
        try (EchoService echo = echo(name)) {
            try (KillOnProgress kill = KillOnProgress.start(
                    cluster, cluster.leaderOfMost(name + "-requests"), admin, name + "-requests", 800)) {
                result = jmeter.plan(Harness.projectDir().resolve("test-plans/request-reply.jmx"))
                        .name(name)
                        .property("kafka.bootstrap", cluster.bootstrapServers())
                        .property("request.topic", name + "-requests")
                        .property("reply.topic", name + "-replies")
                        .property("requests", "2000")
                        .property("rate", "250")
                        .property("reply.timeout", "30000")
                        .timeout(Duration.ofMinutes(3))
                        .run();
                assertKilledInside(kill, 2000);
            }
        }

        assertThat(result.exitCode()).as(result.describe()).isZero();
        // a reply the echo sent twice (it read a request again after the kill) is counted, never matched again
        assertAnsweredOrTimedOut(result.summary("Kafka Request-Reply summary for 'Request and reply':"), 2000);
    }

    @Test
    void everyOrderPostedIsFoundOrTimedOutThroughTheEventTopicsLeaderLoss() throws Exception {
        String name = "await-kill-" + System.nanoTime();
        Topics.create(admin, 6, (short) 3, DURABLE, name + "-requests", name + "-replies", name + "-events");
        JMeter.Result result;
        try (EchoService echo = echo(name, "--http", "0", "--events-topic", name + "-events")) {
            try (KillOnProgress kill = KillOnProgress.start(
                    cluster, cluster.leaderOfMost(name + "-events"), admin, name + "-events", 500)) {
                result = jmeter.plan(Harness.projectDir().resolve("test-plans/async-api.jmx"))
                        .name(name)
                        .property("kafka.bootstrap", cluster.bootstrapServers())
                        .property("http.url", echo.httpUrl())
                        .property("events.topic", name + "-events")
                        .property("threads", "2")
                        .property("requests", "1500")
                        .property("timeout", "30000")
                        .timeout(Duration.ofMinutes(3))
                        .run();
                assertKilledInside(kill, 1500);
            }
        }

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertAnsweredOrTimedOut(result.summary("Kafka Await summary for 'Order event':"), 1500);
    }

    /**
     * The node died during the run: with records stored before it and at least a quarter of the {@code total} still to
     * come, so the readers meet the loss with work left and go on after it.
     */
    private static void assertKilledInside(KillOnProgress kill, long total) {
        assertThat(kill.storedAtKill())
                .as("records stored when the leader was killed (-1: never)")
                .isPositive()
                .isLessThanOrEqualTo(total - total / 4);
    }

    /** All {@code sent} requests (or awaits) went out, each answered once or timed out, none failed. */
    private static void assertAnsweredOrTimedOut(SummaryText summary, long sent) {
        SummaryText.RoundTrips trips = summary.roundTrips();
        SummaryText.Unanswered unanswered = summary.unanswered();
        assertThat(trips.sent()).as("%s", summary).isEqualTo(sent);
        assertThat(trips.received() + unanswered.timeouts())
                .as("answered + timeouts = sent: %s", summary)
                .isEqualTo(sent);
        assertThat(unanswered.failed()).as("failed: %s", summary).isZero();
    }

    @Test
    void everyJobIsAcceptedExactlyOnceThroughItsPartitionsLeaderLoss() throws Exception {
        String topic = "share-kill-" + System.nanoTime();
        Topics.create(admin, 1, (short) 3, DURABLE, topic);
        JMeter.Result result;
        try (KillOnProgress kill = KillOnProgress.start(cluster, cluster.leaderOfMost(topic), admin, topic, 1500)) {
            result = jmeter.plan(Harness.projectDir().resolve("test-plans/share-group-queue.jmx"))
                    .property("kafka.bootstrap", cluster.bootstrapServers())
                    .property("topic", topic)
                    .property("records", "6000")
                    .property("rate", "500")
                    // a worker's empty poll ends it once the producers are done: it waits out the lock of records
                    // whose acknowledgement the kill refused, so they are taken again
                    .property("timeout", Long.toString(KafkaCluster.SHARE_RECORD_LOCK.toMillis() + 2000))
                    .run();
            assertKilledInside(kill, 6000);
        }

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(6000);
        assertThat(result.stdout())
                .as(result.describe())
                .contains("acknowledged: 6000 accepted, ")
                .contains("delivery: 6000 records accepted from ")
                .containsPattern("6000 records accepted from \\d+ producers, 0 missing, 0 duplicated,");
    }
}
