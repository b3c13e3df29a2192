package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.echo.EchoCounts;
import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.Echoes;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.Processes;
import io.github.jmeterkafka.harness.RequestSender;
import io.github.jmeterkafka.harness.StreamsEcho;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.harness.spring.SpringService;
import io.github.jmeterkafka.harness.spring.payments.PaymentsApplication;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * test-plans/request-reply.jmx in a real JMeter against the echo service, a Kafka Streams application and a Spring
 * Kafka {@code @KafkaListener} with {@code @SendTo} on a real broker: every request answered, the echo's drops
 * counted as the timeouts, late replies counted as late, and a plan with no service ends at the thread group's end.
 */
class RequestReplyPlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/request-reply.jmx");
    private static final String SAMPLER = "Request and reply";
    private static final Pattern TIMED_OUT = Pattern.compile("^(\\d+) of \\d+ requests got no reply within");
    private static final String TITLE = "Kafka Request-Reply summary for '" + SAMPLER + "':";
    private static final long STALL_MS = 2000;
    private static final Pattern RATE = Pattern.compile("expected 200.0 replies/sec, achieved ([\\d.]+) replies/sec");

    @Test
    void everyRequestGetsItsReplyFromTheEcho() {
        String name = "rr-echo-" + System.nanoTime();
        EchoCounts echoed;
        JMeter.Result result;
        try (EchoService echo = echo(name)) {
            // an event marked at the start with no fault after it: its window is the healthy run's
            result = run(name, "requests", "2000", "mark.at", "0", "mark.name", "nothing happens");
            echoed = echo.counts();
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        List<Jtl.Row> rows = jtl.rows(SAMPLER);
        assertThat(rows)
                .hasSize(200)
                .allSatisfy(r -> assertThat(r.sampleCount()).isEqualTo(10));
        assertThat(echoed.replied()).isEqualTo(2000);
        SummaryText summary = result.summary(TITLE);
        summary.assertAllAnswered(2000);
        // the window without a fault: the requests due in it, none failed, and no stall beyond the run's own latencies
        List<Matcher> events = summary.events();
        assertThat(events).as(summary.toString()).hasSize(1);
        Matcher event = events.get(0);
        assertThat(event.group(3)).isEqualTo("nothing happens");
        assertThat(Long.parseLong(event.group(7)))
                .as("requests due after the mark")
                .isBetween(1900L, 2000L);
        assertThat(Long.parseLong(event.group(9))).as("failed").isZero();
        assertThat(Double.parseDouble(event.group(5)))
                .as("the window's longest stall is the run's longest round trip at most: " + summary)
                .isLessThanOrEqualTo(summary.roundTrips().latency().maxMs());
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
    }

    @Test
    void theTimeoutsAreExactlyTheRequestsTheEchoDropped() {
        String name = "rr-drop-" + System.nanoTime();
        EchoCounts echoed;
        JMeter.Result result;
        try (EchoService echo = echo(name, "--drop", "0.05", "--seed", "5")) {
            // each dropped request holds its thread for the 1 s timeout: 1,000 requests (some 50 dropped) on 8
            // threads keep the run to seconds
            result = run(name, "requests", "1000", "reply.timeout", "1000", "threads", "8");
            echoed = echo.counts();
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        SummaryText.Unanswered unanswered = result.summary(TITLE).unanswered();
        assertThat(echoed.unanswered().dropped()).isPositive();
        assertThat(unanswered.timeouts())
                .as("timeouts")
                .isEqualTo(echoed.unanswered().dropped());
        assertThat(unanswered.late()).as("late").isZero();
        Jtl jtl = result.samples();
        assertThat(timedOutPerSample(jtl))
                .as("timed-out requests the failed samples name")
                .isEqualTo(echoed.unanswered().dropped());
        assertThat(jtl.failures()).isNotEmpty().allSatisfy(r -> {
            assertThat(r.responseCode()).isEqualTo("TimeoutException");
            assertThat(r.responseMessage())
                    .containsPattern("got no reply within 1000 ms, first: correlation id [0-9a-f]{32}");
        });
    }

    @Test
    void repliesAfterTheTimeoutAreLateNotAnswers() {
        String name = "rr-late-" + System.nanoTime();
        JMeter.Result result;
        EchoCounts echoed;
        try (EchoService echo = echo(name, "--delay-ms", "20-400", "--seed", "3")) {
            result = run(name, "requests", "600", "reply.timeout", "200");
            echoed = echo.counts();
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        SummaryText.Unanswered unanswered = result.summary(TITLE).unanswered();
        assertThat(unanswered.timeouts()).as("timeouts").isPositive();
        assertThat(unanswered.late()).as("late").isPositive().isLessThanOrEqualTo(unanswered.timeouts());
        assertThat(unanswered.others() + unanswered.duplicates())
                .as("foreign and duplicate")
                .isZero();
        assertThat(echoed.replied()).isEqualTo(600);
        assertThat(timedOutPerSample(result.samples())).isEqualTo(unanswered.timeouts());
    }

    @Test
    void aKafkaStreamsApplicationAnswersTooWithNoChange() {
        String name = "rr-streams-" + System.nanoTime();
        Topics.create(admin, 6, name + "-requests", name + "-replies");
        JMeter.Result result;
        try (StreamsEcho streams = StreamsEcho.start(
                broker.bootstrapServers(),
                name + "-requests",
                RequestSender.REPLY_TOPIC_HEADER,
                Harness.targetDir().resolve("streams-state").resolve(name))) {
            result = run(name, "requests", "1000");
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        result.summary(TITLE).assertAllAnswered(1000);
    }

    /**
     * A listener as people write it with Spring Kafka ({@code @KafkaListener} + {@code @SendTo}, JSON records in
     * and out): it reads the reply topic from the {@code kafka_replyTopic} header the sampler sends and copies the
     * {@code kafka_correlationId}, so the plan's defaults work with it unchanged.
     */
    @Test
    void aSpringKafkaListenerWithSendToAnswersWithNoChange() {
        String name = "rr-spring-" + System.nanoTime();
        Topics.create(admin, 6, name + "-requests", name + "-replies");
        JMeter.Result result;
        try (SpringService payments = PaymentsApplication.start(broker.bootstrapServers(), name + "-requests", 6, 3)) {
            result = run(name, "requests", "2000");
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        assertThat(jtl.rows(SAMPLER))
                .hasSize(200)
                .allSatisfy(r -> assertThat(r.sampleCount()).isEqualTo(10));
        result.summary(TITLE).assertAllAnswered(2000);
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
        List<ConsumerRecord<byte[], byte[]>> replies = Topics.read(broker.bootstrapServers(), name + "-replies");
        assertThat(replies)
                .as("the service's replies: its own JSON, each with a request's 16-byte correlation id")
                .hasSize(2000)
                .allSatisfy(r -> {
                    assertThat(new String(r.value(), StandardCharsets.UTF_8))
                            .containsPattern(
                                    "^\\{\"requestId\":\"[0-9a-f-]{36}\",.*\"status\":\"(approved|declined)\"}$");
                    assertThat(r.headers()
                                    .lastHeader(RequestSender.CORRELATION_HEADER)
                                    .value())
                            .hasSize(16);
                });
        assertThat(replies.stream()
                        .map(r -> ByteBuffer.wrap(r.headers()
                                .lastHeader(RequestSender.CORRELATION_HEADER)
                                .value()))
                        .distinct())
                .hasSize(2000);
    }

    /**
     * At a target rate through an echo paused (SIGSTOP) for {@link #STALL_MS}: the requests due meanwhile wait to be
     * sent, and that wait shows in their round trips from the intended send, not in the plain ones; the backlog is
     * sent, the rate held and every request answered.
     */
    @Test
    void atATargetRateAnEchoStallIsInTheCorrectedRoundTripsAndTheSendDelay() throws Exception {
        String name = "rr-stall-" + System.nanoTime();
        Path log = Harness.targetDir().resolve(name + "-echo.log");
        JMeter.Result result;
        Process echo = Echoes.startProcess(broker.bootstrapServers(), name, 6, log);
        try {
            Thread stall = new Thread(() -> stallAfter(echo, name + "-replies", 600), "echo-stall");
            stall.setDaemon(true);
            stall.start();
            // two steps of one rate: the stall, 3 s into the schedule, falls in the first; the event marked before it
            result = run(
                    name,
                    "requests",
                    "2000",
                    "rate",
                    "200",
                    "steps",
                    "200 for 5s, 200 for 5s",
                    "mark.at",
                    "2",
                    "mark.name",
                    "echo paused",
                    "reply.timeout",
                    "10000");
            stall.join(TimeUnit.SECONDS.toMillis(30));
        } finally {
            Processes.kill(echo);
        }
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        String out = result.stdout();
        SummaryText summary = result.summary(TITLE);
        summary.assertAllAnswered(2000);
        SummaryText.Latencies plain = summary.roundTrips().latency();
        SummaryText.Latencies corrected = summary.corrected();
        assertThat(Topics.endOffsets(admin, name + "-requests"))
                .as("requests sent")
                .isEqualTo(2000);
        // a fifth of the requests fell due in the stall: each waited for it from its intended time
        assertThat(corrected.p95Ms()).as("corrected p95: " + summary).isGreaterThan(plain.p95Ms() + STALL_MS / 4);
        assertThat(corrected.p99Ms()).as("corrected p99: " + summary).isGreaterThan(STALL_MS / 2);
        // only the few in flight when it began waited from their actual send
        assertThat(plain.p95Ms()).as("plain p95: " + summary).isLessThan(STALL_MS / 4);
        assertThat(summary.sendDelay().maxMs()).as("send delay max: " + summary).isGreaterThan(STALL_MS / 2);
        Matcher rate = RATE.matcher(out);
        assertThat(rate.find()).as(out).isTrue();
        assertThat(Double.parseDouble(rate.group(1))).as(out).isBetween(180.0, 210.0);
        // the producer's windows: per step and per event, by the same rule
        List<SummaryText.Step> steps = summary.steps();
        assertThat(steps).as(summary.toString()).hasSize(2);
        assertThat(steps.get(0).correctedMaxMs()).as("the stall's step").isGreaterThan(STALL_MS / 2.0);
        assertThat(steps.get(0).records() + steps.get(1).records()).isEqualTo(2000);
        List<Matcher> events = summary.events();
        assertThat(events).as(summary.toString()).hasSize(1);
        Matcher event = events.get(0);
        assertThat(event.group(3)).isEqualTo("echo paused");
        assertThat(Double.parseDouble(event.group(5)))
                .as("the longest stall after the mark: " + event.group())
                .isGreaterThan(STALL_MS / 2.0);
        assertThat(event.group()).contains(" requests in flight at the mark;", "(corrected max of the requests due");
        // marked before the stall, which began once 600 of the 2000 requests had their replies
        assertThat(Long.parseLong(event.group(7)))
                .as("requests due after the mark")
                .isBetween(1400L, 2000L);
        assertThat(Files.readString(result.log())).contains("Kafka event 1 marked: echo paused");
    }

    /** Pauses the echo for {@link #STALL_MS} once {@code after} replies are written. */
    private static void stallAfter(Process echo, String replies, long after) {
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline && replies(replies) < after) {
                Thread.sleep(20);
            }
            signal(echo, "STOP");
            try {
                Thread.sleep(STALL_MS);
            } finally {
                signal(echo, "CONT");
            }
        } catch (Exception e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long replies(String topic) {
        try {
            return Topics.endOffsets(admin, topic);
        } catch (RuntimeException e) {
            return 0; // not there yet
        }
    }

    private static void signal(Process p, String name) throws Exception {
        new ProcessBuilder("kill", "-" + name, Long.toString(p.pid()))
                .inheritIO()
                .start()
                .waitFor(10, TimeUnit.SECONDS);
    }

    /** No service at all and a long reply timeout: the scheduled end of the thread group ends the waits. */
    @Test
    void withNoServiceTheRunEndsAtTheThreadGroupsEnd() {
        String name = "rr-none-" + System.nanoTime();
        long started = System.nanoTime();
        JMeter.Result result = run(name, "requests", "1000", "reply.timeout", "600000", "duration", "4");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(60));
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.stdout())
                .containsPattern("\\n0 timeouts, 0 late, 0 foreign, 0 duplicate replies,"
                        + " 0 failed requests, [1-9]\\d* abandoned at stop.");
        assertThat(result.samples().rows(SAMPLER))
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.responseMessage()).contains("given up: the sample was stopped"));
    }

    private static EchoService echo(String name, String... more) {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return Echoes.start(broker.bootstrapServers(), name, 6, out, more);
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

    /** The sum of N over the failed samples' messages "N of M requests got no reply within ...". */
    private static long timedOutPerSample(Jtl jtl) {
        long n = 0;
        for (Jtl.Row r : jtl.failures()) {
            Matcher m = TIMED_OUT.matcher(r.responseMessage());
            assertThat(m.find()).as(r.responseMessage()).isTrue();
            n += Long.parseLong(m.group(1));
        }
        return n;
    }
}
