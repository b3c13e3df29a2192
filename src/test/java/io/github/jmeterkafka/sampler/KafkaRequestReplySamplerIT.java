package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.LiveKafka.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.Echoes;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.Test;

/**
 * The Kafka Request-Reply against a real broker: what it makes of the replies of the echo service (in the
 * plugin's jar), and where nothing replies, its failures, bounds and clean-up.
 */
class KafkaRequestReplySamplerIT {
    /** JMeter's sample clock (nanoTime from an offset taken at start) against the echo's record timestamps. */
    private static final long CLOCK_SLACK_MS = 10;

    static KafkaRequestReplySampler sampler(String connection, String requestTopic, String replyTopic) {
        KafkaRequestReplySampler s = new KafkaRequestReplySampler();
        s.setName(unique("request-reply"));
        s.setConnectionName(connection);
        s.setTopic(requestTopic);
        s.setReplyTopic(replyTopic);
        s.setValue("ping");
        return s;
    }

    @Test
    void aMissingRequestOrReplyTopicIsAClearErrorAndIsNotCreated() {
        try (LiveKafka kafka = new LiveKafka(SharedBroker.get())) {
            String connection = kafka.connect(Map.of());
            String existing = kafka.topic("existing", 1);
            String missing = unique("missing");

            SampleResult noRequestTopic = sampler(connection, missing, existing).sample(null);
            SampleResult noReplyTopic = sampler(connection, existing, missing).sample(null);

            assertThat(noRequestTopic.isSuccessful()).isFalse();
            assertThat(noRequestTopic.getResponseCode()).isEqualTo("UnknownTopicOrPartitionException");
            assertThat(noRequestTopic.getResponseMessage())
                    .contains("request topic '" + missing + "' does not exist: create it first");
            assertThat(noReplyTopic.getResponseCode()).isEqualTo("UnknownTopicOrPartitionException");
            assertThat(noReplyTopic.getResponseMessage()).contains("reply topic '" + missing + "' does not exist");
            assertThat(noReplyTopic.getSampleCount()).isEqualTo(1);
            assertThat(kafka.endOffsets(existing)).as("no request sent").isZero();
            assertThat(kafka.admin.listTopics().names())
                    .succeedsWithin(Duration.ofSeconds(10))
                    .satisfies(names -> assertThat(names).doesNotContain(missing));
        }
    }

    @Test
    void avroRequestsAreMatchedByAFieldTheServiceKeepsThroughTheirSchema() {
        String schema =
                Harness.projectDir().resolve("test-plans/order-event.avsc").toString();
        SampleResult r = matchedThroughTheirSchema("avro-path", "valueMode.avro", schema, "$.orderId");
        assertThat(r.getResponseDataAsString()).contains("\"orderId\":");
    }

    @Test
    void protobufRequestsAreMatchedByASchemaFieldTheServiceKeeps() {
        String schema = """
                syntax = "proto3";
                package shop.v1;
                message OrderEvent { Order order = 1; string source = 2; }
                message Order { string id = 1; double amount = 2; repeated string skus = 3; }
                """;
        // the schema field's dotted name, as the .proto names it
        SampleResult r = matchedThroughTheirSchema("proto-path", "valueMode.protobuf", schema, "order.id");
        assertThat(r.getResponseDataAsString()).contains("{\"order\":{\"id\":\"");
    }

    /**
     * Five requests made from {@code schema} in {@code valueMode}, correlated by {@code path} through the schema,
     * against the echo's transform (it keeps the value); the sample, after checking every reply came.
     */
    private static SampleResult matchedThroughTheirSchema(String id, String valueMode, String schema, String path) {
        KafkaBroker broker = SharedBroker.get();
        String name = unique(id);
        try (LiveKafka kafka = new LiveKafka(broker);
                EchoService service = Echoes.start(broker.bootstrapServers(), name, 2, quiet(), "--transform")) {
            KafkaRequestReplySampler s = sampler(kafka.connect(Map.of()), name + "-requests", name + "-replies");
            s.setValueMode(valueMode);
            s.setValueSchema(schema);
            s.setReplySchema(schema);
            s.setCorrelateBy("correlateBy.jsonPath");
            s.setCorrelationPath(path);
            s.setRecordsPerSample("5");
            JMeterVariables vars = new JMeterVariables();

            SampleResult r = fiveReplies(s, vars);

            assertThat(service.counts().replied()).isEqualTo(5);
            // the reply schema decodes the values into the variables too, not only into the listing
            for (int i = 1; i <= 5; i++) {
                assertThat(vars.get("kafka_value_" + i)).as("kafka_value_%d", i).startsWith("{\"");
            }
            return r;
        }
    }

    @Test
    void repliesFillTheListingAndVariablesAndTheSampleRunsFromItsFirstReplyToItsLast() {
        KafkaBroker broker = SharedBroker.get();
        String name = unique("echo-spread");
        // seeded delays from 100 to 800 ms: the five replies come back spread out
        try (LiveKafka kafka = new LiveKafka(broker);
                EchoService echo = Echoes.start(
                        broker.bootstrapServers(), name, 1, quiet(), "--delay-ms", "100-800", "--seed", "7")) {
            KafkaRequestReplySampler s = sampler(kafka.connect(Map.of()), name + "-requests", name + "-replies");
            s.setRecordsPerSample("5");
            s.setVariablePrefix("rr");
            JMeterVariables vars = new JMeterVariables();

            SampleResult r = fiveReplies(s, vars);

            assertThat(r.getSampleCount()).isEqualTo(5);
            assertThat(vars.get("rr_count")).isEqualTo("5");
            String listing = r.getResponseDataAsString();
            List<Long> sentAt = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                assertThat(vars.get("rr_topic_" + i)).isEqualTo(name + "-replies");
                assertThat(vars.get("rr_value_" + i)).isEqualTo("ping");
                // the id is bytes (sequence, reader and sampler numbers): any of them may read as a line break
                assertThat(vars.get("rr_headers_" + i)).matches("(?s)kafka_correlationId=.+");
                assertThat(listing)
                        .contains(name + "-replies-" + vars.get("rr_partition_" + i) + "@" + vars.get("rr_offset_" + i)
                                + " timestamp=" + vars.get("rr_timestamp_" + i));
                sentAt.add(Long.parseLong(vars.get("rr_timestamp_" + i)));
            }
            // a reply's timestamp is when the echo sent it: latency runs to the first, elapsed to the last
            long first = Collections.min(sentAt) - r.getStartTime();
            long last = Collections.max(sentAt) - r.getStartTime();
            assertThat(last - first).as("spread of the seeded delays").isGreaterThan(100);
            assertThat(r.getLatency())
                    .as("latency vs the replies sent %d to %d ms into the sample", first, last)
                    .isGreaterThanOrEqualTo(first - CLOCK_SLACK_MS)
                    .isLessThan(last - CLOCK_SLACK_MS);
            assertThat(r.getTime())
                    .as("elapsed vs the replies sent %d to %d ms into the sample", first, last)
                    .isGreaterThanOrEqualTo(last - CLOCK_SLACK_MS)
                    .isLessThan(last + 1_000);
        }
    }

    @Test
    void roundTripsAgainstAnEchoWithAKnownDelayTakeAtLeastThatDelay() {
        KafkaBroker broker = SharedBroker.get();
        String name = unique("echo-delay");
        try (LiveKafka kafka = new LiveKafka(broker);
                EchoService echo = Echoes.start(broker.bootstrapServers(), name, 2, quiet(), "--delay-ms", "150")) {
            KafkaRequestReplySampler s = sampler(kafka.connect(Map.of()), name + "-requests", name + "-replies");
            s.setRecordsPerSample("4");
            for (int i = 0; i < 5; i++) {
                SampleResult r = s.sample(null);
                assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
                assertThat(r.getLatency()).isGreaterThanOrEqualTo(150);
            }
            s.threadFinished();

            String summary = Summaries.of(s);
            assertThat(summary).contains("\n20 requests, 20 replies, ");
            Matcher p50 = Pattern.compile("(\\d+) ms 50th").matcher(summary);
            assertThat(p50.find()).as(summary).isTrue();
            assertThat(Long.parseLong(p50.group(1))).as(summary).isGreaterThanOrEqualTo(150);
            assertThat(echo.counts().replied()).isEqualTo(20);
        }
    }

    /** One sample of five requests with {@code vars} as the thread's variables; all five must be answered. */
    private static SampleResult fiveReplies(KafkaRequestReplySampler s, JMeterVariables vars) {
        JMeterContextService.getContext().setVariables(vars);
        SampleResult r = s.sample(null);
        assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
        assertThat(r.getResponseMessage()).isEqualTo("5 replies within 5000 ms");
        return r;
    }

    private static PrintStream quiet() {
        return new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    }

    @Test
    void aRequestWithoutReplyFailsWithTimeoutExceptionNamingItsId() {
        try (LiveKafka kafka = new LiveKafka(SharedBroker.get())) {
            String connection = kafka.connect(Map.of());
            String requests = kafka.topic("requests", 2);
            String replies = kafka.topic("replies", 2);
            KafkaRequestReplySampler s = sampler(connection, requests, replies);
            s.setRecordsPerSample("3");
            s.setReplyTimeout("300");

            long start = System.nanoTime();
            SampleResult r = s.sample(null);

            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(10_000);
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("TimeoutException");
            assertThat(r.getResponseMessage())
                    .matches("3 of 3 requests got no reply within 300 ms, first: correlation id 6a6b[0-9a-f]{28}");
            assertThat(r.getTime()).isBetween(300L, 5_000L);
            assertThat(r.getSampleCount()).isEqualTo(3);
            var sent = kafka.read(requests);
            assertThat(sent).hasSize(3).allSatisfy(rec -> {
                assertThat(rec.headers().lastHeader("kafka_correlationId").value())
                        .hasSize(16);
                assertThat(new String(
                                rec.headers().lastHeader("kafka_replyTopic").value(), StandardCharsets.UTF_8))
                        .isEqualTo(replies);
            });
        }
    }

    @Test
    void interruptEndsAWaitingSampleAtOnceAndTheReaderClosesWithItsConnection() throws Exception {
        try (LiveKafka kafka = new LiveKafka(SharedBroker.get())) {
            String connection = kafka.connect(Map.of());
            String requests = kafka.topic("requests", 1);
            String replies = kafka.topic("replies", 1);
            KafkaRequestReplySampler s = sampler(connection, requests, replies);
            s.setRecordsPerSample("5");
            s.setReplyTimeout("60000");

            CompletableFuture<SampleResult> running = CompletableFuture.supplyAsync(() -> s.sample(null));
            // past the reader's start and the sends: the sample waits for replies
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (kafka.endOffsets(requests) < 5 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            long stop = System.nanoTime();
            s.interrupt();
            SampleResult r = running.get(10, TimeUnit.SECONDS);

            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stop)).isLessThan(2_000);
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseMessage())
                    .isEqualTo(
                            "5 of 5 requests given up: the sample was stopped (Stop, Shutdown or the thread group's end)");
            assertThat(readerThreads()).isPositive();
        }
        // LiveKafka.close unbinds the connection, which closes its reader
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (readerThreads() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(readerThreads()).isZero();
    }

    private static long readerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("kafka-reply-reader-"))
                .count();
    }
}
