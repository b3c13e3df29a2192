package io.github.jmeterkafka.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterLog;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * OAUTHBEARER with a real token endpoint: a token server issues short-lived signed JWTs for the
 * client-credentials grant, a broker verifies them with the server's JWKS and makes its clients
 * re-authenticate every few seconds, and the ready end-to-end plan, its Kafka Connection set up as
 * docs/security.md says, runs in a real JMeter for about three token lifetimes.
 */
class OAuthTokenEndpointIT {
    private static final String LISTENER = "SASL_PLAINTEXT";
    private static final String ALLOWED_URLS = "org.apache.kafka.sasl.oauthbearer.allowed.urls";
    private static final String CLIENT_ID = "jmeter-load-test";
    // unique per run, so finding one in an output file can only mean it leaked
    private static final String SECRET = "client-secret-" + UUID.randomUUID();
    private static final String WRONG_SECRET = "wrong-secret-" + UUID.randomUUID();
    private static final String AUDIENCE = "kafka-broker";
    // short, so that a run of three lifetimes fits a build; a real identity provider's last minutes or hours
    private static final Duration TOKEN_LIFETIME = Duration.ofSeconds(10);
    private static final Duration RUN = TOKEN_LIFETIME.multipliedBy(3);

    private static Path work;
    private static OAuthTokenServer tokens;
    private static KafkaBroker broker;
    private static JMeter jmeter;

    @BeforeAll
    static void startTokenServerAndBroker() throws Exception {
        work = Files.createTempDirectory(
                Files.createDirectories(Harness.targetDir().resolve("oauth")), "run-");
        tokens = OAuthTokenServer.start(CLIENT_ID, SECRET, AUDIENCE, TOKEN_LIFETIME);
        String prefix = "listener.name." + LISTENER.toLowerCase(Locale.ROOT) + ".oauthbearer.";
        Map<String, String> p = new LinkedHashMap<>();
        p.put("listener.name." + LISTENER.toLowerCase(Locale.ROOT) + ".sasl.enabled.mechanisms", "OAUTHBEARER");
        p.put(
                prefix + "sasl.jaas.config",
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;");
        p.put(
                prefix + "sasl.server.callback.handler.class",
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler");
        p.put(prefix + "sasl.oauthbearer.jwks.endpoint.url", tokens.jwksEndpoint());
        p.put(prefix + "sasl.oauthbearer.expected.audience", AUDIENCE);
        p.put(prefix + "sasl.oauthbearer.expected.issuer", tokens.issuer());
        // no grace after a token's exp (Kafka allows 30 s): a stale token fails the next re-authentication
        p.put(prefix + "sasl.oauthbearer.clock.skew.seconds", "0");
        // sessions end after 10 s, so every connection re-authenticates with a token of the moment
        p.put("connections.max.reauth.ms", "10000");
        broker = KafkaBroker.builder()
                .workDir(work.resolve("broker"))
                .listener(LISTENER, LISTENER)
                .jvmArg("-D" + ALLOWED_URLS + "=" + tokens.jwksEndpoint())
                .serverProperties(p)
                .start();
        jmeter = JMeter.fromSystemProperties().installPlugin();
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
        if (tokens != null) {
            tokens.close();
        }
    }

    @Test
    void aRunOfThreeTokenLifetimesRefreshesTheTokenInTimeAndLosesNothing() throws Exception {
        String topic = "oauth-e2e";
        Instant start = Instant.now();
        JMeter.Result run = run("e2e", tokens.tokenEndpoint(), SECRET, topic)
                .property("duration", Long.toString(RUN.toSeconds()))
                .property("rate", "40")
                .property("threads", "2")
                .property("consumers", "1")
                .property("partitions", "1")
                .property("record.size", "100")
                .property("linger.ms", "0")
                // the consumer's idle wait that ends the run once the producers are done (40 records/s it reads)
                .property("timeout", "2000")
                .run();
        Instant end = Instant.now();

        assertThat(run.exitCode()).as(run.describe()).isZero();
        Jtl jtl = run.samples();
        assertThat(jtl.failures()).as(run.describe()).isEmpty();
        assertThat(run.logWarningsAndErrors())
                .as("WARN or ERROR in %s", run.log())
                .isEmpty();
        List<Jtl.Row> produced = jtl.rows("Produce with sequence numbers");
        long records = produced.stream().mapToLong(Jtl.Row::sampleCount).sum();
        long first = produced.stream().mapToLong(Jtl.Row::timeStamp).min().orElseThrow();
        long last = produced.stream().mapToLong(Jtl.Row::timeStamp).max().orElseThrow();
        assertThat(Duration.ofMillis(last - first))
                .as("producing spans more than two token lifetimes")
                .isGreaterThan(TOKEN_LIFETIME.multipliedBy(2));
        assertThat(jtl.rows("Consume and verify").stream()
                        .mapToLong(Jtl.Row::sampleCount)
                        .sum())
                .isEqualTo(records);
        try (Admin admin = broker.admin()) {
            assertThat(Topics.endOffsets(admin, topic)).isEqualTo(records);
        }
        assertThat(run.stdout())
                .contains("delivery: " + records + " records verified from 2 producers, 0 missing, "
                        + "0 duplicated, 0 out of order.");

        // a new token before the last one expired, all through the run: the broker, which takes no
        // expired token, re-authenticated every connection at least every 10 s
        List<Instant> issued =
                tokens.issueTimes().stream().filter(t -> t.isAfter(start)).collect(Collectors.toList());
        assertThat(issued.size())
                .as("tokens issued during the run")
                .isGreaterThanOrEqualTo((int) (RUN.toSeconds() / TOKEN_LIFETIME.toSeconds()) + 1);
        List<Instant> edges = new ArrayList<>(issued);
        edges.add(end);
        for (int i = 1; i < edges.size(); i++) {
            assertThat(Duration.between(edges.get(i - 1), edges.get(i)))
                    .as("time without a new token, tokens at %s", issued)
                    .isLessThan(TOKEN_LIFETIME);
        }
        assertNoSecretIn(run);
    }

    @Test
    void aWrongClientSecretFailsTheFirstSampleWithTheTokenEndpointsAnswerAndEndsTheTest() throws Exception {
        int refusedBefore = tokens.refusedRequests();
        JMeter.Result run = run("wrong-secret", tokens.tokenEndpoint(), WRONG_SECRET, "oauth-never")
                .property("duration", "20")
                .run();

        assertThat(run.exitCode()).as(run.describe()).isZero();
        // the setUp group's first sample fails and the plan stops the test: no producer or consumer starts
        Jtl.Row failed = assertOnlyTheSetUpSampleFailed(run);
        assertThat(failed.responseCode()).isEqualTo("KafkaException");
        assertThat(failed.responseMessage())
                .contains(
                        "LoginException",
                        "response code 401",
                        "\"invalid_client\" - \"client authentication failed\"",
                        "token endpoint");
        int refused = tokens.refusedRequests() - refusedBefore;
        // the setUp's one request; more only if JMeter's stop raced with starting the producers
        if (run.samples().rows().size() == 1) {
            assertThat(refused).as("requests refused by the token server").isEqualTo(1);
        } else {
            assertThat(refused).as("requests refused by the token server").isPositive();
        }
        assertThat(failureLogLines(run))
                .singleElement()
                .asString()
                .startsWith("Create topic: KafkaException: javax.security.auth.login.LoginException: ")
                .endsWith("(code KafkaException); samples failing the same way are not logged again");
        assertNoSecretIn(run);
    }

    @Test
    void aTokenEndpointMissingFromTheAllowedUrlsIsNamedWithWhereJMeterTakesThem() throws Exception {
        String unlisted = tokens.otherTokenEndpoint();
        JMeter.Result run = run("unlisted-url", unlisted, SECRET, "oauth-never")
                .property("duration", "20")
                .run();

        assertThat(run.exitCode()).as(run.describe()).isZero();
        Jtl.Row failed = assertOnlyTheSetUpSampleFailed(run);
        assertThat(failed.responseCode()).isEqualTo("400");
        assertThat(failed.responseMessage())
                .startsWith("ConfigException: ")
                .contains(
                        "Invalid value " + unlisted
                                + " for configuration sasl.oauthbearer.token.endpoint.url: The URL cannot be accessed due to restrictions.")
                .endsWith("In JMeter: add it to " + ALLOWED_URLS + " in bin/system.properties (comma-separated, "
                        + "exactly as configured) or start JMeter with -D" + ALLOWED_URLS
                        + "=..., then restart JMeter.");
        assertThat(failureLogLines(run))
                .singleElement()
                .asString()
                .startsWith("Create topic: ConfigException: ")
                .contains(unlisted);
    }

    /**
     * The setUp group's sample failed and stopped the test. JMeter may already have started the
     * main thread groups when its stop request lands (a race in JMeter's engine, seen once in CI):
     * their samples then fail the same way and none sends a record.
     */
    private static Jtl.Row assertOnlyTheSetUpSampleFailed(JMeter.Result run) {
        Jtl jtl = run.samples();
        assertThat(jtl.rows()).as(run.describe()).isNotEmpty().noneMatch(Jtl.Row::success);
        assertThat(jtl.rows().get(0).label()).isEqualTo("Create topic");
        assertThat(run.stdout()).contains("0 records sent");
        return jtl.rows().get(0);
    }

    /** The plugin's own jmeter.log lines about failed samples (Kafka logs the HTTP error itself too). */
    private static List<String> failureLogLines(JMeter.Result run) {
        String logger = " i.g.j.s.b.FailureLog: ";
        return JMeterLog.read(run.log()).entries().stream()
                .map(JMeterLog.Entry::text)
                .filter(t -> t.contains(logger))
                .map(t -> t.substring(t.indexOf(logger) + logger.length()))
                .filter(t -> t.startsWith("Create topic: "))
                .collect(Collectors.toList());
    }

    /**
     * The end-to-end plan with its Kafka Connection set up for OAUTHBEARER, the client secret given
     * in a properties file; JMeter's JVM lists only the real token endpoint as allowed.
     */
    private static JMeter.RunBuilder run(String name, String tokenEndpoint, String secret, String topic) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("securityProtocol", "SASL_PLAINTEXT");
        fields.put("saslMechanism", "OAUTHBEARER");
        // the login module alone: since Kafka 4.1 the client credentials are client properties, and
        // clientId, clientSecret and scope in the JAAS config get a deprecation WARN each
        fields.put("saslJaasConfig", "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;");
        Map<String, String> props = new LinkedHashMap<>();
        props.put(
                "sasl.login.callback.handler.class",
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler");
        props.put("sasl.oauthbearer.token.endpoint.url", "${__P(kafka.oauth.token.url)}");
        props.put("sasl.oauthbearer.client.credentials.client.id", "${__P(kafka.oauth.client.id)}");
        props.put("sasl.oauthbearer.client.credentials.client.secret", "${__P(kafka.oauth.client.secret)}");
        props.put("sasl.oauthbearer.scope", "kafka");
        // Kafka's defaults (refresh at 80 % of the lifetime, but no sooner than 60 s after the last
        // refresh and no later than 300 s before expiry) suit tokens of an hour; for 10 s tokens
        // they cannot all hold, and Kafka says so with a WARN at every refresh. These refresh at
        // about half the lifetime, so every re-authentication finds a token with seconds to spare.
        props.put("sasl.login.refresh.window.factor", "0.5");
        props.put("sasl.login.refresh.min.period.seconds", "1");
        props.put("sasl.login.refresh.buffer.seconds", "4");
        Path plan = OAuthPlan.write(
                Harness.projectDir().resolve("test-plans/produce-consume-e2e.jmx"),
                work.resolve("plans").resolve(name + ".jmx"),
                fields,
                props);
        return jmeter.plan(plan)
                .name("oauth-" + name)
                .jvmArg("-D" + ALLOWED_URLS + "=" + tokens.tokenEndpoint())
                .property("kafka.bootstrap", broker.bootstrapServers(LISTENER))
                .property("topic", topic)
                .property("kafka.oauth.token.url", tokenEndpoint)
                .property("kafka.oauth.client.id", CLIENT_ID)
                .secretProperty("kafka.oauth.client.secret", secret)
                .timeout(Duration.ofMinutes(3));
    }

    private static void assertNoSecretIn(JMeter.Result run) throws Exception {
        String jtl = Files.readString(run.jtl(), StandardCharsets.UTF_8);
        String log = Files.readString(run.log(), StandardCharsets.UTF_8);
        for (String secret : List.of(SECRET, WRONG_SECRET)) {
            assertThat(jtl).as("JTL").doesNotContain(secret);
            assertThat(log).as("jmeter.log").doesNotContain(secret);
            assertThat(run.stdout()).as("stdout").doesNotContain(secret);
            assertThat(run.stderr()).as("stderr").doesNotContain(secret);
        }
    }
}
