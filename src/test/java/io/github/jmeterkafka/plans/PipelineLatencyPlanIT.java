package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.echo.EchoCounts;
import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.Echoes;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.StreamsEcho;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.SummaryText.RoundTrips;
import io.github.jmeterkafka.harness.Topics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * test-plans/pipeline-latency.jmx in a real JMeter against services that keep the event's key or order id and copy
 * no header: the echo's transform and a Kafka Streams application, on a real broker. Every event matched by what
 * the service keeps, drops counted exactly as timeouts, and a service's delay in every round trip.
 */
class PipelineLatencyPlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/pipeline-latency.jmx");
    private static final String SAMPLER = "Order through the service";
    private static final String TITLE = "Kafka Request-Reply summary for '" + SAMPLER + "':";

    @Test
    void everyEventIsMatchedByItsKeyThroughAServiceThatCopiesNoHeader() {
        String name = "pl-key-" + System.nanoTime();
        JMeter.Result result;
        EchoCounts echoed;
        try (EchoService echo = transform(name)) {
            result = run(name, "events", "2000");
            echoed = echo.counts();
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        assertThat(jtl.rows(SAMPLER)).hasSize(200);
        assertThat(echoed.replied()).isEqualTo(2000);
        result.summary(TITLE).assertAllAnswered(2000);
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
    }

    @Test
    void byAJsonPathTheTimeoutsAreExactlyTheEventsTheServiceDropped() {
        String name = "pl-path-" + System.nanoTime();
        JMeter.Result result;
        EchoCounts echoed;
        try (EchoService echo = transform(name, "--drop", "0.02", "--seed", "7")) {
            result = run(
                    name,
                    // each dropped event holds its thread for the 1 s timeout: 1,000 (some 20 dropped) keep it short
                    "events",
                    "1000",
                    "correlate.by",
                    "correlateBy.jsonPath",
                    "correlation.path",
                    "$.orderId",
                    "reply.timeout",
                    "1000");
            echoed = echo.counts();
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(echoed.unanswered().dropped()).isPositive();
        SummaryText summary = result.summary(TITLE);
        SummaryText.Unanswered unanswered = summary.unanswered();
        assertThat(unanswered.timeouts())
                .as("timeouts")
                .isEqualTo(echoed.unanswered().dropped());
        assertThat(unanswered.late() + unanswered.others() + unanswered.duplicates() + unanswered.failed())
                .isZero();
        assertThat(summary.roundTrips().received())
                .as("matched + timeouts = sent")
                .isEqualTo(1000 - echoed.unanswered().dropped());
        assertThat(result.samples().failures())
                .isNotEmpty()
                .allSatisfy(r ->
                        assertThat(r.responseMessage()).containsPattern("first: \\$\\.orderId order-[0-9a-f-]{36}"));
    }

    @Test
    void theServicesDelayIsInEveryRoundTripAndNothingMore() {
        String name = "pl-delay-" + System.nanoTime();
        JMeter.Result result;
        try (EchoService echo = transform(name, "--delay-ms", "100")) {
            result = run(name, "events", "500", "threads", "2");
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        RoundTrips roundTrips = result.summary(TITLE).roundTrips();
        assertThat(roundTrips.received()).isEqualTo(500);
        // each event's own span: from its send (its record's time) to the echo's write of its reply, by its key
        Map<String, Long> sent = Topics.read(broker.bootstrapServers(), name + "-requests").stream()
                .collect(Collectors.toMap(r -> utf8(r.key()), ConsumerRecord::timestamp));
        List<ConsumerRecord<byte[], byte[]>> replies = Topics.read(broker.bootstrapServers(), name + "-replies");
        assertThat(replies).hasSize(500);
        ServiceSpans.assertDelayCountedOnce(
                roundTrips.latency().p50Ms(),
                replies.stream().mapToLong(r -> r.timestamp() - sent.get(utf8(r.key()))),
                100);
    }

    @Test
    void aKafkaStreamsStageIsMatchedByKeyWithNoChange() {
        String name = "pl-streams-" + System.nanoTime();
        Topics.create(admin, 6, name + "-requests", name + "-replies");
        JMeter.Result result;
        try (StreamsEcho streams = StreamsEcho.transform(
                broker.bootstrapServers(),
                name + "-requests",
                name + "-replies",
                Harness.targetDir().resolve("streams-state").resolve(name))) {
            result = run(name, "events", "1000");
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        result.summary(TITLE).assertAllAnswered(1000);
        assertThat(result.samples().failures())
                .as("the plan asserts the stage's field")
                .isEmpty();
    }

    private static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static EchoService transform(String name, String... more) {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        String[] args = new String[more.length + 1];
        args[0] = "--transform";
        System.arraycopy(more, 0, args, 1, more.length);
        return Echoes.start(broker.bootstrapServers(), name, 6, out, args);
    }

    private static JMeter.Result run(String name, String... properties) {
        JMeter.RunBuilder run = jmeter.plan(PLAN)
                .name(name)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("request.topic", name + "-requests")
                .property("reply.topic", name + "-replies")
                .timeout(Duration.ofMinutes(2));
        for (int i = 0; i < properties.length; i += 2) {
            run.property(properties[i], properties[i + 1]);
        }
        return run.run();
    }
}
