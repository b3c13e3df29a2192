package io.github.jmeterkafka.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.config.KafkaConnection;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.sampler.KafkaConsumerSampler;
import io.github.jmeterkafka.sampler.KafkaProducerSampler;
import io.github.jmeterkafka.sampler.base.AbstractKafkaSampler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.admin.Admin;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input, each case run as JMeter runs an element: the connection's testStarted, a sample, a
 * second sample, testEnded. Each must fail with a clear code and message, within a bounded time,
 * with one log line and no stack trace, and the test goes on: a good sampler still succeeds.
 *
 * <p>Client timeouts are small (max.block.ms and request.timeout.ms 2 s, default.api.timeout.ms
 * 2 s) so that cases that wait for a broker that is not there fail in seconds, not Kafka's 60 s.
 */
class BadInputIT {
    private static final String TOPIC = "bad-input";
    private static final String MISSING_TOPIC = "bad-input-no-such-topic";
    private static final long CLIENT_TIMEOUT_MS = 2000;
    /** Fails before any network call: validation only (a loaded machine needs the slack). */
    private static final long QUICK_MS = 3000;
    /** Waits for the client timeout once per sample (not once per record), then fails. */
    private static final long NETWORK_MS = CLIENT_TIMEOUT_MS + 3000;

    private static String bootstrap;
    private static LogCapture log;
    private static KafkaConnection good;

    @BeforeAll
    static void start() throws Exception {
        bootstrap = ReliabilityBroker.get().bootstrapServers();
        try (Admin admin = ReliabilityBroker.get().admin()) {
            if (!admin.listTopics().names().get(30, TimeUnit.SECONDS).contains(TOPIC)) {
                Topics.create(admin, 2, TOPIC);
            }
        }
        log = LogCapture.install();
        good = connection("good", c -> {});
        good.testStarted();
    }

    @AfterAll
    static void stop() {
        if (good != null) {
            good.testEnded();
        }
        if (log != null) {
            log.uninstall();
        }
    }

    static Stream<Arguments> cases() {
        String noBroker = "127.0.0.1:" + Loopback.freePort();
        return Stream.of(
                // the connection
                bad(
                        "empty bootstrap servers",
                        c -> c.setBootstrapServers(" "),
                        BadInputIT::producer,
                        "400",
                        "bootstrap servers are empty",
                        QUICK_MS),
                bad(
                        "bootstrap without a port",
                        c -> c.setBootstrapServers("localhost"),
                        BadInputIT::producer,
                        "400",
                        "ConfigException: Invalid url in bootstrap.servers: localhost",
                        QUICK_MS),
                bad(
                        "bootstrap with a port that is not a number",
                        c -> c.setBootstrapServers("127.0.0.1:ninety"),
                        BadInputIT::producer,
                        "400",
                        "ConfigException: Invalid url in bootstrap.servers: 127.0.0.1:ninety",
                        QUICK_MS),
                bad(
                        "unresolvable host",
                        c -> c.setBootstrapServers("no-such-host.invalid:9092"),
                        BadInputIT::producer,
                        "400",
                        "ConfigException: No resolvable bootstrap urls given in bootstrap.servers",
                        QUICK_MS),
                bad(
                        "unresolvable host (consumer)",
                        c -> c.setBootstrapServers("no-such-host.invalid:9092"),
                        BadInputIT::consumer,
                        "400",
                        "ConfigException: No resolvable bootstrap urls given in bootstrap.servers",
                        QUICK_MS),
                bad(
                        "a port with no broker",
                        c -> c.setBootstrapServers(noBroker),
                        BadInputIT::producer,
                        "TimeoutException",
                        "5 of 5 records failed: TimeoutException: Topic bad-input not present in metadata after 2000 ms",
                        NETWORK_MS),
                bad(
                        "a port with no broker (consumer)",
                        c -> c.setBootstrapServers(noBroker),
                        BadInputIT::consumer,
                        "404",
                        "no record within 2000 ms",
                        NETWORK_MS),
                bad(
                        "unknown client property",
                        c -> c.getClientProperties().add(new KeyValue("no.such.property", "1")),
                        BadInputIT::producer,
                        "400",
                        "'no.such.property' in client properties is not a Kafka client property",
                        QUICK_MS),
                bad(
                        "unknown producer property",
                        c -> c.getProducerProperties().add(new KeyValue("lingerms", "5")),
                        BadInputIT::producer,
                        "400",
                        "'lingerms' in producer properties is not a Kafka client property",
                        QUICK_MS),
                bad(
                        "serializer class that does not exist",
                        c -> c.getProducerProperties()
                                .add(new KeyValue("value.serializer", "com.example.NoSuchSerializer")),
                        BadInputIT::producer,
                        "400",
                        "com.example.NoSuchSerializer",
                        QUICK_MS),
                bad(
                        "producer property value Kafka rejects",
                        c -> c.getProducerProperties().add(new KeyValue("acks", "banana")),
                        BadInputIT::producer,
                        "400",
                        "banana",
                        QUICK_MS),
                bad(
                        "numeric client property that is not a number",
                        c -> c.getClientProperties()
                                .replaceAll(kv -> kv.getKey().equals("request.timeout.ms")
                                        ? new KeyValue("request.timeout.ms", "soon")
                                        : kv),
                        BadInputIT::consumer,
                        "400",
                        "soon",
                        QUICK_MS),
                // the sampler's references
                bad(
                        "no connection of that name",
                        null,
                        with(BadInputIT::producer, s -> s.setConnectionName("nowhere")),
                        "400",
                        "no Kafka Connection element is named 'nowhere'",
                        QUICK_MS),
                bad(
                        "two connections with the same name",
                        DUPLICATE,
                        BadInputIT::producer,
                        "400",
                        "more than one Kafka Connection element is named",
                        QUICK_MS),
                bad(
                        "topic that does not exist, auto-create off",
                        c -> {},
                        with(BadInputIT::producer, p -> p.setTopic(MISSING_TOPIC)),
                        "TimeoutException",
                        MISSING_TOPIC,
                        NETWORK_MS),
                bad(
                        "topic that does not exist, auto-create off (consumer)",
                        c -> {},
                        withConsumer(BadInputIT::consumer, s -> s.setTopics(MISSING_TOPIC)),
                        "404",
                        "no record within 2000 ms",
                        NETWORK_MS),
                bad(
                        "partition that does not exist",
                        c -> {},
                        with(BadInputIT::producer, p -> p.setPartition("7")),
                        "TimeoutException",
                        "Partition 7",
                        NETWORK_MS),
                bad(
                        "empty topic",
                        c -> {},
                        with(BadInputIT::producer, p -> p.setTopic("  ")),
                        "400",
                        "topic is empty",
                        QUICK_MS),
                bad(
                        "empty topic (consumer)",
                        c -> {},
                        withConsumer(BadInputIT::consumer, s -> s.setTopics("")),
                        "400",
                        "topic is empty",
                        QUICK_MS),
                // the sampler's fields
                bad(
                        "record over max.request.size",
                        c -> {},
                        with(BadInputIT::producer, p -> {
                            p.setValueMode("valueMode.random");
                            p.setRecordSize("2000000");
                        }),
                        "RecordTooLargeException",
                        "max.request.size",
                        QUICK_MS),
                bad(
                        "records per sample not a number",
                        c -> {},
                        with(BadInputIT::producer, p -> p.setRecordsPerSample("ten")),
                        "400",
                        "records per sample must be a whole number, not 'ten'",
                        QUICK_MS),
                bad(
                        "negative ack timeout",
                        c -> {},
                        with(BadInputIT::producer, p -> p.setAckTimeout("-1")),
                        "400",
                        "ack timeout must not be negative",
                        QUICK_MS),
                bad(
                        "partition not a number",
                        c -> {},
                        with(BadInputIT::producer, p -> p.setPartition("first")),
                        "400",
                        "partition must be a whole number, not 'first'",
                        QUICK_MS),
                bad(
                        "records per sample too large",
                        c -> {},
                        with(BadInputIT::producer, p -> p.setRecordsPerSample("99999999999")),
                        "400",
                        "records per sample is too large",
                        QUICK_MS),
                bad(
                        "negative record size",
                        c -> {},
                        with(BadInputIT::producer, p -> {
                            p.setValueMode("valueMode.random");
                            p.setRecordSize("-100");
                        }),
                        "400",
                        "record size '-100': -100 must not be negative",
                        QUICK_MS),
                bad(
                        "poll timeout not a number (consumer)",
                        c -> {},
                        withConsumer(BadInputIT::consumer, s -> s.setPollTimeout("soon")),
                        "400",
                        "poll timeout must be a whole number, not 'soon'",
                        QUICK_MS),
                bad(
                        "negative records per sample (consumer)",
                        c -> {},
                        withConsumer(BadInputIT::consumer, s -> s.setRecordsPerSample("-10")),
                        "400",
                        "records per sample must not be negative",
                        QUICK_MS),
                bad(
                        "header with an empty name",
                        c -> {},
                        with(BadInputIT::producer, p -> p.setHeaders(new ArrayList<>(List.of(new KeyValue("", "x"))))),
                        "400",
                        "a header has an empty name",
                        QUICK_MS),
                bad(
                        "payload file that does not exist",
                        c -> {},
                        with(BadInputIT::producer, p -> {
                            p.setValueMode("valueMode.file");
                            p.setPayloadFile("/nonexistent/payload.txt");
                        }),
                        "400",
                        "/nonexistent/payload.txt cannot be read",
                        QUICK_MS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void failsClearlyWithinBoundsAndTheTestGoesOn(String name, Case c) {
        log.clear();
        String connectionName = "bad-" + name.replaceAll("[^a-z]+", "-");
        List<KafkaConnection> elements = new ArrayList<>();
        if (c.connection() == DUPLICATE) {
            elements.add(connection(connectionName, x -> {}));
            elements.add(connection(connectionName, x -> {}));
        } else if (c.connection() != null) {
            elements.add(connection(connectionName, c.connection()));
        }
        AbstractKafkaSampler sampler = c.sampler().get();
        sampler.setName(name);
        if (!"nowhere".equals(sampler.getConnectionName())) {
            sampler.setConnectionName(connectionName);
        }
        elements.forEach(KafkaConnection::testStarted);
        sampler.testStarted();
        SampleResult first;
        SampleResult second;
        try {
            first = sampler.sample(null);
            second = sampler.sample(null);
        } finally {
            sampler.threadFinished();
            sampler.testEnded();
            elements.forEach(KafkaConnection::testEnded);
        }
        List<LogEvent> events = log.events();
        String seen = String.format(
                "%s: first %s '%s' in %d ms, second %s '%s' in %d ms%nlog:%n%s",
                name,
                first.getResponseCode(),
                first.getResponseMessage(),
                first.getTime(),
                second.getResponseCode(),
                second.getResponseMessage(),
                second.getTime(),
                LogCapture.describe(events));
        System.out.println(seen);

        for (SampleResult r : List.of(first, second)) {
            assertThat(r.isSuccessful()).as(seen).isFalse();
            assertThat(r.getResponseCode()).as(seen).isEqualTo(c.code());
            assertThat(r.getResponseMessage()).as(seen).contains(c.message());
            assertThat(r.getTime()).as(seen).isLessThanOrEqualTo(c.maxMillis());
            assertThat(r.getEndTime()).as(seen).isGreaterThanOrEqualTo(r.getStartTime());
        }
        // the log: no stack trace at all; the plugin says it once for both samples (an empty read
        // is no problem to log), plus the connection's own line when its settings are invalid
        assertThat(events).as(seen).allSatisfy(e -> assertThat(e.getThrown()).isNull());
        // (HeapCheck's one WARN per JVM is about the test JVM's heap, not about the input)
        List<LogEvent> plugin = events.stream()
                .filter(e -> e.getLoggerName().startsWith("io.github.jmeterkafka")
                        && !e.getLoggerName().endsWith(".HeapCheck"))
                .collect(Collectors.toList());
        List<LogEvent> perSampler = plugin.stream()
                .filter(e -> e.getLoggerName().endsWith(".FailureLog"))
                .collect(Collectors.toList());
        if ("404".equals(c.code())) {
            assertThat(plugin).as(seen).isEmpty();
        } else {
            assertThat(perSampler).as(seen).singleElement().satisfies(e -> {
                assertThat(e.getLevel()).isIn(Level.WARN, Level.ERROR);
                assertThat(e.getMessage().getFormattedMessage())
                        .startsWith(name + ": ")
                        .contains(c.message().replaceFirst("^\\d+ of \\d+ records failed: ", ""));
            });
            assertThat(plugin).as(seen).hasSizeLessThanOrEqualTo(2);
        }
        SampleResult ok = goodSample();
        assertThat(ok.isSuccessful())
                .as("a good sample after '%s': %s %s", name, ok.getResponseCode(), ok.getResponseMessage())
                .isTrue();
    }

    private static SampleResult goodSample() {
        KafkaProducerSampler p = (KafkaProducerSampler) producer();
        p.setName("good producer");
        p.setConnectionName("good");
        p.testStarted();
        try {
            return p.sample(null);
        } finally {
            p.testEnded();
        }
    }

    // ---- cases ----

    // a marker compared by identity, never called
    @SuppressWarnings("UnnecessaryLambda")
    private static final Consumer<KafkaConnection> DUPLICATE = c -> {};

    record Case(
            Consumer<KafkaConnection> connection,
            Supplier<AbstractKafkaSampler> sampler,
            String code,
            String message,
            long maxMillis) {
        @Override
        public String toString() {
            return code + " '" + message + "' within " + maxMillis + " ms";
        }
    }

    private static Arguments bad(
            String name,
            Consumer<KafkaConnection> connection,
            Supplier<AbstractKafkaSampler> sampler,
            String code,
            String message,
            long maxMillis) {
        return Arguments.of(name, new Case(connection, sampler, code, message, maxMillis));
    }

    private static KafkaConnection connection(String name, Consumer<KafkaConnection> tweak) {
        KafkaConnection c = new KafkaConnection();
        c.setConnectionName(name);
        c.setBootstrapServers(bootstrap);
        c.setClientIdPrefix("bad-input");
        c.getClientProperties().add(new KeyValue("request.timeout.ms", Long.toString(CLIENT_TIMEOUT_MS)));
        c.getProducerProperties().add(new KeyValue("max.block.ms", Long.toString(CLIENT_TIMEOUT_MS)));
        c.getProducerProperties().add(new KeyValue("delivery.timeout.ms", Long.toString(2 * CLIENT_TIMEOUT_MS)));
        c.getProducerProperties().add(new KeyValue("linger.ms", "0"));
        c.getConsumerProperties().add(new KeyValue("default.api.timeout.ms", Long.toString(CLIENT_TIMEOUT_MS)));
        tweak.accept(c);
        return c;
    }

    private static AbstractKafkaSampler producer() {
        KafkaProducerSampler p = new KafkaProducerSampler();
        p.setTopic(TOPIC);
        p.setValue("bad input");
        p.setRecordsPerSample("5");
        p.setAckTimeout("10000");
        return p;
    }

    private static AbstractKafkaSampler consumer() {
        KafkaConsumerSampler s = new KafkaConsumerSampler();
        s.setTopics(TOPIC);
        s.setGroupId("bad-input-" + System.nanoTime());
        s.setStartAt("startAt.latest");
        s.setRecordsPerSample("10");
        s.setPollTimeout(Long.toString(CLIENT_TIMEOUT_MS));
        s.setVariablePrefix("");
        return s;
    }

    private static Supplier<AbstractKafkaSampler> with(
            Supplier<AbstractKafkaSampler> base, Consumer<KafkaProducerSampler> tweak) {
        return () -> {
            AbstractKafkaSampler s = base.get();
            tweak.accept((KafkaProducerSampler) s);
            return s;
        };
    }

    private static Supplier<AbstractKafkaSampler> withConsumer(
            Supplier<AbstractKafkaSampler> base, Consumer<KafkaConsumerSampler> tweak) {
        return () -> {
            AbstractKafkaSampler s = base.get();
            tweak.accept((KafkaConsumerSampler) s);
            return s;
        };
    }
}
