package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.echo.EchoCounts;
import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.Echoes;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.SummaryText.RoundTrips;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.harness.spring.SpringService;
import io.github.jmeterkafka.harness.spring.orders.OrdersApplication;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * test-plans/async-api.jmx in a real JMeter: JMeter's HTTP Request posts orders to the echo's HTTP front, which
 * answers 202 and writes each order as an event keyed by its id to a real broker; the Kafka Await finds each event
 * by the id the plan extracted. Every event found, the echo's drops exactly the timeouts, its delay in the latency;
 * and every event found from a Spring Boot service that publishes with Spring Kafka's {@code KafkaTemplate}.
 */
class AsyncApiPlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/async-api.jmx");
    private static final String AWAIT = "Order event";
    private static final String POST = "POST order";
    private static final String TITLE = "Kafka Await summary for '" + AWAIT + "':";
    private static final Pattern CREATED_AT = Pattern.compile("\"createdAt\":(\\d+)");

    @Test
    void everyOrderPostedOverHttpIsFoundAsItsEvent() {
        String name = "async-" + System.nanoTime();
        JMeter.Result result;
        EchoCounts echoed;
        try (EchoService echo = http(name)) {
            result = run(name, echo.httpUrl(), "requests", "400");
            echoed = echo.counts();
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        assertThat(jtl.rows(POST)).hasSize(400);
        assertThat(jtl.rows(AWAIT))
                .hasSize(400)
                .allSatisfy(r -> assertThat(r.responseCode()).isEqualTo("200"));
        assertThat(echoed.replied()).isEqualTo(400);
        result.summary(TITLE).assertAllAnswered(400);
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
    }

    @Test
    void theTimeoutsAreExactlyTheEventsTheServiceDropped() {
        String name = "async-drop-" + System.nanoTime();
        JMeter.Result result;
        EchoCounts echoed;
        try (EchoService echo = http(name, "--drop", "0.02", "--seed", "11")) {
            result = run(name, echo.httpUrl(), "requests", "600", "timeout", "1000");
            echoed = echo.counts();
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(echoed.unanswered().dropped()).isPositive();
        SummaryText summary = result.summary(TITLE);
        RoundTrips matched = summary.roundTrips();
        SummaryText.Unanswered missing = summary.unanswered();
        assertThat(missing.timeouts())
                .as("timeouts")
                .isEqualTo(echoed.unanswered().dropped());
        assertThat(matched.received() + missing.timeouts())
                .as("matched + timeouts = awaited")
                .isEqualTo(matched.sent())
                .isEqualTo(600);
        assertThat(missing.others() + missing.duplicates() + missing.failed()).isZero();
        assertThat(result.samples().failures())
                .hasSize((int) echoed.unanswered().dropped())
                .allSatisfy(r -> {
                    assertThat(r.label()).isEqualTo(AWAIT);
                    assertThat(r.responseCode()).isEqualTo("TimeoutException");
                    assertThat(r.responseMessage())
                            .matches("1 of 1 awaited records did not arrive within 1000 ms, first: key order-.*");
                });
    }

    @Test
    void theServicesDelayIsInTheLatencyAndNothingMore() {
        String name = "async-delay-" + System.nanoTime();
        JMeter.Result result;
        try (EchoService echo = http(name, "--delay-ms", "100")) {
            result = run(name, echo.httpUrl(), "requests", "300", "threads", "6");
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        RoundTrips matched = result.summary(TITLE).roundTrips();
        assertThat(matched.received()).isEqualTo(300);
        // each event's own span: from its order's HTTP call (the createdAt it carries) to the echo's write
        List<ConsumerRecord<byte[], byte[]>> events = Topics.read(broker.bootstrapServers(), name + "-events");
        assertThat(events).hasSize(300);
        ServiceSpans.assertDelayCountedOnce(
                matched.latency().p50Ms(), events.stream().mapToLong(e -> e.timestamp() - createdAt(e.value())), 100);
    }

    /**
     * A REST controller and a {@code KafkaTemplate} as people write them with Spring Boot: the plan works with it
     * unchanged, each event found by the key the service gave it.
     */
    @Test
    void aSpringBootServiceIsTimedFromItsHttpCallToItsEvent() {
        String name = "async-spring-" + System.nanoTime();
        JMeter.Result result;
        try (SpringService orders = OrdersApplication.start(broker.bootstrapServers(), name + "-events")) {
            result = run(name, "http://127.0.0.1:" + orders.port() + "/orders", "requests", "400");
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        assertThat(jtl.rows(POST))
                .hasSize(400)
                .allSatisfy(r -> assertThat(r.responseCode()).isEqualTo("202"));
        assertThat(jtl.rows(AWAIT))
                .hasSize(400)
                .allSatisfy(r -> assertThat(r.responseCode()).isEqualTo("200"));
        result.summary(TITLE).assertAllAnswered(400);
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
    }

    private static long createdAt(byte[] order) {
        Matcher m = CREATED_AT.matcher(new String(order, StandardCharsets.UTF_8));
        assertThat(m.find()).as("createdAt in an event").isTrue();
        return Long.parseLong(m.group(1));
    }

    private static EchoService http(String name, String... more) {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        String[] args = new String[more.length + 4];
        args[0] = "--http";
        args[1] = "0";
        args[2] = "--events-topic";
        args[3] = name + "-events";
        System.arraycopy(more, 0, args, 4, more.length);
        return Echoes.start(broker.bootstrapServers(), name, 6, out, args);
    }

    private static JMeter.Result run(String name, String httpUrl, String... properties) {
        JMeter.RunBuilder run = jmeter.plan(PLAN)
                .name(name)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("http.url", httpUrl)
                .property("events.topic", name + "-events")
                .timeout(Duration.ofMinutes(2));
        for (int i = 0; i < properties.length; i += 2) {
            run.property(properties[i], properties[i + 1]);
        }
        return run.run();
    }
}
