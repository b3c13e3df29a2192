package io.github.jmeterkafka.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.config.KafkaConnection;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.sampler.KafkaAdminSampler;
import io.github.jmeterkafka.sampler.KafkaConsumerSampler;
import io.github.jmeterkafka.sampler.KafkaProducerSampler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The Kafka Connection's Security fields against one real broker with SASL and TLS listeners, an
 * authorizer and ACLs; the samplers are called as JMeter's threads call them, and a small plan runs
 * in a real JMeter with its secrets given as properties.
 *
 * <p>Listeners: SASL_SSL (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, OAUTHBEARER with Kafka's unsecured
 * tokens), SASL_PLAINTEXT (SCRAM-SHA-512), SSL with client certificates required, NOHOST (SSL, a
 * certificate naming no host). The harness's PLAINTEXT listener carries the broker's own traffic
 * and this test's setup as the super user ANONYMOUS. GSSAPI needs a KDC and is not tested here.
 */
class SecuredBrokerIT {
    private static final String USER = "alice";
    // unique per run, so finding one in an output file can only mean it leaked
    private static final String PASSWORD = "alice-pw-" + UUID.randomUUID();
    private static final String WRONG_PASSWORD = "wrong-pw-" + UUID.randomUUID();
    private static final String STORE_PASSWORD = "store-pw-" + UUID.randomUUID();
    private static final String DENIED_TOPIC = "secured-denied";
    private static final String SCRAM = "org.apache.kafka.common.security.scram.ScramLoginModule required;";
    // with max.block.ms 5 s: a failure that waits for a timeout instead of being reported would take longer
    private static final Duration FAIL_FAST = Duration.ofSeconds(15);

    private static Path work;
    private static TlsFiles tls;
    private static KafkaBroker broker;
    private final List<KafkaConnection> connections = new ArrayList<>();
    private final List<Runnable> cleanups = new ArrayList<>();

    @BeforeAll
    static void startSecuredBroker() throws Exception {
        work = Files.createTempDirectory(
                Files.createDirectories(Harness.targetDir().resolve("secured-broker")), "run-");
        tls = TlsFiles.create(work.resolve("tls"), STORE_PASSWORD);
        Map<String, String> p = new HashMap<>();
        p.put("ssl.keystore.type", "PKCS12");
        p.put("ssl.keystore.location", tls.brokerKeystore().toString());
        p.put("ssl.keystore.password", STORE_PASSWORD);
        p.put("ssl.key.password", STORE_PASSWORD);
        p.put("ssl.truststore.type", "PKCS12");
        p.put("ssl.truststore.location", tls.truststore().toString());
        p.put("ssl.truststore.password", STORE_PASSWORD);
        p.put("listener.name.ssl.ssl.client.auth", "required");
        p.put("listener.name.nohost.ssl.keystore.location", tls.noHostKeystore().toString());
        p.put("listener.name.nohost.ssl.keystore.password", STORE_PASSWORD);
        p.put("listener.name.nohost.ssl.key.password", STORE_PASSWORD);
        p.put("listener.name.nohost.ssl.keystore.type", "PKCS12");
        p.put("sasl.enabled.mechanisms", "SCRAM-SHA-512");
        p.put("listener.name.sasl_ssl.sasl.enabled.mechanisms", "PLAIN,SCRAM-SHA-256,SCRAM-SHA-512,OAUTHBEARER");
        p.put(
                "listener.name.sasl_ssl.plain.sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule required user_" + USER + "=\"" + PASSWORD
                        + "\";");
        p.put("listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config", SCRAM);
        p.put("listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config", SCRAM);
        p.put(
                "listener.name.sasl_ssl.oauthbearer.sasl.jaas.config",
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required unsecuredLoginStringClaim_sub=\"broker\";");
        p.put("listener.name.sasl_plaintext.sasl.enabled.mechanisms", "SCRAM-SHA-512");
        p.put("listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config", SCRAM);
        p.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
        // the broker's own traffic and this test's setup come in on PLAINTEXT as ANONYMOUS
        p.put("super.users", "User:ANONYMOUS");
        p.put("allow.everyone.if.no.acl.found", "true");
        broker = KafkaBroker.builder()
                .workDir(work.resolve("broker"))
                // four more listeners, TLS among them: slower to start than the plain broker, more so on a busy machine
                .startTimeout(Duration.ofMinutes(3))
                .listener("SASL_SSL", "SASL_SSL")
                .listener("SASL_PLAINTEXT", "SASL_PLAINTEXT")
                .listener("SSL", "SSL")
                .listener("NOHOST", "SSL")
                .serverProperties(p)
                .start();
        try (Admin admin = broker.admin()) {
            // one mechanism per request: Kafka refuses two changes to one user in one request
            for (ScramMechanism m : List.of(ScramMechanism.SCRAM_SHA_256, ScramMechanism.SCRAM_SHA_512)) {
                admin.alterUserScramCredentials(List.of(
                                new UserScramCredentialUpsertion(USER, new ScramCredentialInfo(m, 4096), PASSWORD)))
                        .all()
                        .get(30, TimeUnit.SECONDS);
            }
            // created here, not on first use: on a busy machine auto-creation can outlast a short max.block.ms
            Topics.create(
                    admin,
                    1,
                    DENIED_TOPIC,
                    "secured-plain",
                    "secured-scram-sha-256",
                    "secured-oauthbearer",
                    "secured-sasl-plaintext",
                    "secured-mtls-pkcs12",
                    "secured-mtls-jks",
                    "secured-nohost",
                    "secured-pem",
                    "secured-allowed",
                    "secured-never");
            admin.createAcls(List.of(new AclBinding(
                            new ResourcePattern(ResourceType.TOPIC, DENIED_TOPIC, PatternType.LITERAL),
                            new AccessControlEntry("User:" + USER, "*", AclOperation.ALL, AclPermissionType.DENY))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        awaitScramCredentials();
    }

    /** The broker learns new credentials from its metadata log a moment after the controller took them. */
    private static void awaitScramCredentials() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        Exception last = null;
        while (System.nanoTime() < deadline) {
            Map<String, Object> config = new HashMap<>();
            config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers("SASL_PLAINTEXT"));
            config.put("security.protocol", "SASL_PLAINTEXT");
            config.put("sasl.mechanism", "SCRAM-SHA-512");
            config.put(
                    "sasl.jaas.config",
                    "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + USER
                            + "\" password=\"" + PASSWORD + "\";");
            try (Admin admin = Admin.create(config)) {
                admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
                return;
            } catch (Exception e) {
                last = e;
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("SCRAM credentials of " + USER + " not usable after 30 s", last);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @BeforeEach
    void variables() {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
    }

    @AfterEach
    void closeClients() {
        cleanups.forEach(Runnable::run);
        connections.forEach(KafkaConnection::testEnded);
    }

    // ---- SASL ----

    @Test
    void produceConsumeAndAdminOverSaslSslWithScramSha512() {
        String name = connect("SASL_SSL", c -> {
            c.setSecurityProtocol("SASL_SSL");
            scram512(c, PASSWORD);
            truststore(c);
        });
        String topic = "secured-scram";
        ok(admin(name, "createTopic", topic));
        ok(admin(name, "describeTopic", topic));
        SampleResult produced = ok(produce(name, topic, 10));
        assertThat(produced.getSampleCount()).isEqualTo(10);
        SampleResult read = ok(consume(name, topic, 10));
        assertThat(read.getSampleCount()).isEqualTo(10);
    }

    @Test
    void adminSetUpOverSaslSslCreatesSixPartitionsWithConfigsReRunsCleanlyAndMeasuresLag() throws Exception {
        String name = connect("SASL_SSL", c -> {
            c.setSecurityProtocol("SASL_SSL");
            scram512(c, PASSWORD);
            truststore(c);
        });
        String topic = "secured-admin";
        KafkaAdminSampler create = adminSampler(name, "createTopic", topic);
        create.setPartitions("6");
        create.setTopicConfigs(rows("retention.ms", "3600000", "cleanup.policy", "delete"));
        assertThat(ok(create.sample(null)).getResponseMessage()).isEqualTo("created topic " + topic);
        ok(admin(name, "describeTopic", topic));
        assertThat(JMeterContextService.getContext().getVariables().get("kafka_partitions"))
                .isEqualTo("6");
        // a setUp group run a second time
        assertThat(ok(create.sample(null)).getResponseMessage()).isEqualTo(topic + " already existed");
        try (Admin admin = broker.admin()) {
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            Config config = admin.describeConfigs(List.of(resource))
                    .all()
                    .get(30, TimeUnit.SECONDS)
                    .get(resource);
            assertThat(config.get("retention.ms").value()).isEqualTo("3600000");
        }

        assertThat(ok(produce(name, topic, 30)).getSampleCount()).isEqualTo(30);
        String group = "secured-admin-group";
        KafkaConsumerSampler consumer = consumer(name, topic, 12);
        consumer.setGroupId(group);
        consumer.setCommitMode("sync");
        int read = 0;
        for (int i = 0; i < 10 && read < 12; i++) {
            consumer.setRecordsPerSample(Integer.toString(12 - read));
            read += ok(consumer.sample(null)).getSampleCount();
        }
        assertThat(read).isEqualTo(12);

        KafkaAdminSampler lag = adminSampler(name, "consumerGroupLag", "");
        lag.setGroupId(group);
        // "on N partitions": those the group has read from; the producer picked them
        assertThat(ok(lag.sample(null)).getResponseMessage()).startsWith("lag 18 for group " + group + " on ");
        assertThat(JMeterContextService.getContext().getVariables().get("kafka_lag"))
                .isEqualTo("18");

        KafkaAdminSampler delete = adminSampler(name, "deleteTopic", topic);
        ok(delete.sample(null));
        // a tearDown group run a second time
        ok(delete.sample(null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"PLAIN", "SCRAM-SHA-256", "OAUTHBEARER"})
    void otherMechanismsAuthenticate(String mechanism) {
        String name = connect("SASL_SSL", c -> {
            c.setSecurityProtocol("SASL_SSL");
            c.setSaslMechanism(mechanism);
            if ("OAUTHBEARER".equals(mechanism)) {
                // Kafka's unsecured tokens: the JAAS config field, as for any mechanism but PLAIN and SCRAM
                c.setSaslJaasConfig("org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required "
                        + "unsecuredLoginStringClaim_sub=\"" + USER + "\";");
            } else {
                c.setSaslUsername(USER);
                c.setSaslPassword(PASSWORD);
            }
            truststore(c);
        });
        ok(admin(name, "listTopics", ""));
        ok(produce(name, "secured-" + mechanism.toLowerCase(Locale.ROOT), 1));
        // the principal is alice for every mechanism: the ACL denies her the same topic
        assertThat(produce(name, DENIED_TOPIC, 1).getResponseCode()).isEqualTo("TopicAuthorizationException");
    }

    @Test
    void saslPlaintextAuthenticatesWithoutTls() {
        String name = connect("SASL_PLAINTEXT", c -> {
            c.setSecurityProtocol("SASL_PLAINTEXT");
            scram512(c, PASSWORD);
        });
        ok(produce(name, "secured-sasl-plaintext", 3));
        ok(consume(name, "secured-sasl-plaintext", 3));
    }

    @Test
    void aWrongPasswordFailsEachSampleSoonWithAnAuthenticationCode() {
        String name = connect("SASL_SSL", c -> {
            c.setSecurityProtocol("SASL_SSL");
            scram512(c, WRONG_PASSWORD);
            truststore(c);
            failFast(c);
        });
        KafkaProducerSampler producer = producer(name, "secured-never", 1);
        KafkaConsumerSampler consumer = consumer(name, "secured-never", 1);
        KafkaAdminSampler admin = adminSampler(name, "listTopics", "");
        for (int i = 0; i < 2; i++) {
            // the second sample runs on the same clients and fails the same way
            assertAuthenticationFailure(timed(() -> producer.sample(null)));
            assertAuthenticationFailure(timed(() -> consumer.sample(null)));
            assertAuthenticationFailure(timed(() -> admin.sample(null)));
        }
    }

    private static void assertAuthenticationFailure(Timed t) {
        SampleResult r = t.result;
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).as(r.getResponseMessage()).isEqualTo("SaslAuthenticationException");
        assertThat(r.getResponseMessage()).contains("Authentication failed", "SCRAM-SHA-512");
        assertThat(t.elapsed).as("%s took %s", r.getSampleLabel(), t.elapsed).isLessThan(FAIL_FAST);
        assertThat(r.getResponseMessage() + r.getResponseDataAsString() + r.getSamplerData())
                .doesNotContain(WRONG_PASSWORD, PASSWORD);
    }

    @Test
    void aDeniedTopicGivesTopicAuthorizationException() {
        String name = connect("SASL_SSL", c -> {
            c.setSecurityProtocol("SASL_SSL");
            scram512(c, PASSWORD);
            truststore(c);
        });
        SampleResult produced = produce(name, DENIED_TOPIC, 1);
        assertThat(produced.getResponseCode())
                .as(produced.getResponseMessage())
                .isEqualTo("TopicAuthorizationException");
        assertThat(produced.getResponseMessage()).contains(DENIED_TOPIC);
        assertThat(admin(name, "describeTopic", DENIED_TOPIC).getResponseCode())
                .isEqualTo("TopicAuthorizationException");
        ok(produce(name, "secured-allowed", 1));
    }

    // ---- TLS ----

    @Test
    void aTruststoreThatDoesNotKnowTheBrokersCaFailsTheHandshake() {
        String name = connect("SASL_SSL", c -> {
            c.setSecurityProtocol("SASL_SSL");
            scram512(c, PASSWORD);
            c.setSslTruststoreType("PKCS12");
            c.setSslTruststoreLocation(tls.otherTruststore().toString());
            c.setSslTruststorePassword(STORE_PASSWORD);
            failFast(c);
        });
        Timed t = timed(() -> produce(name, "secured-never", 1));
        assertThat(t.result.getResponseCode())
                .as(t.result.getResponseMessage())
                .isEqualTo("SslAuthenticationException");
        assertThat(t.result.getResponseMessage()).contains("SSL handshake failed");
        assertThat(t.elapsed).isLessThan(FAIL_FAST);
        assertThat(admin(name, "listTopics", "").getResponseCode()).isEqualTo("SslAuthenticationException");
    }

    @Test
    void hostnameVerificationIsOnUnlessDisabled() {
        String verifying = connect("NOHOST", c -> {
            c.setSecurityProtocol("SSL");
            truststore(c);
            failFast(c);
        });
        assertThat(produce(verifying, "secured-nohost", 1).getResponseCode()).isEqualTo("SslAuthenticationException");
        String trusting = connect("NOHOST", c -> {
            c.setSecurityProtocol("SSL");
            truststore(c);
            c.setSslDisableHostnameVerification(true);
        });
        ok(produce(trusting, "secured-nohost", 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"PKCS12", "JKS"})
    void mutualTlsWorksWithAKeystore(String storeType) {
        String name = connect("SSL", c -> {
            c.setSecurityProtocol("SSL");
            c.setSslTruststoreType(storeType);
            c.setSslTruststoreLocation(tls.truststore(storeType).toString());
            c.setSslTruststorePassword(STORE_PASSWORD);
            c.setSslKeystoreType(storeType);
            c.setSslKeystoreLocation(tls.clientKeystore(storeType).toString());
            c.setSslKeystorePassword(STORE_PASSWORD);
            c.setSslKeyPassword(STORE_PASSWORD);
        });
        String topic = "secured-mtls-" + storeType.toLowerCase(Locale.ROOT);
        ok(produce(name, topic, 2));
        ok(consume(name, topic, 2));
    }

    @Test
    void mutualTlsFailsWithoutAKeystore() {
        String withoutKey = connect("SSL", c -> {
            c.setSecurityProtocol("SSL");
            truststore(c);
            failFast(c);
        });
        Timed t = timed(() -> produce(withoutKey, "secured-mtls-pkcs12", 1));
        assertThat(t.result.getResponseCode())
                .as(t.result.getResponseMessage())
                .isEqualTo("SslAuthenticationException");
        assertThat(t.elapsed).isLessThan(FAIL_FAST);
    }

    @Test
    void pemTruststoreAndPemKeystore() {
        String name = connect("SSL", c -> {
            c.setSecurityProtocol("SSL");
            c.setSslTruststoreType("PEM");
            c.setSslTruststoreLocation(tls.caPem().toString());
            c.setSslKeystoreType("PEM");
            c.setSslKeystoreLocation(tls.clientPem().toString());
        });
        ok(produce(name, "secured-pem", 1));
    }

    // ---- a real JMeter run: secrets as properties stay out of every output ----

    @Test
    void aPlanWithSecretsFromPropertiesKeepsThemOutOfJtlLogAndStdout() throws Exception {
        String topic = "secured-plan";
        JMeter.Result run = JMeter.fromSystemProperties()
                .installPlugin()
                .plan(Harness.projectDir().resolve("src/test/resources/plans/secured.jmx"))
                .property("kafka.bootstrap", broker.bootstrapServers("SASL_SSL"))
                .property("topic", topic)
                .property("kafka.sasl.username", USER)
                .property("kafka.truststore", tls.truststore().toString())
                // as docs/security.md says: a -q file, which JMeter does not echo into jmeter.log as it does -J
                .secretProperty("kafka.sasl.password", PASSWORD)
                .secretProperty("kafka.sasl.wrong.password", WRONG_PASSWORD)
                .secretProperty("kafka.truststore.password", STORE_PASSWORD)
                // the most a user could save: XML with sampler data and response data (stack traces)
                .property("jmeter.save.saveservice.output_format", "xml")
                .property("jmeter.save.saveservice.samplerData", "true")
                .property("jmeter.save.saveservice.response_data", "true")
                .property("jmeter.save.saveservice.response_data.on_error", "true")
                .logLevel("io.github.jmeterkafka", "DEBUG")
                .timeout(Duration.ofMinutes(4))
                .run();

        assertThat(run.exitCode()).as(run.describe()).isZero();
        Map<String, List<String>> codes = responseCodes(run.jtl());
        assertThat(codes)
                .as(run.describe())
                .containsEntry("Create topic", List.of("200"))
                .containsEntry("Produce", List.of("200"))
                .containsEntry("Consume", List.of("200"))
                .containsEntry("Produce with a wrong password", List.of("SaslAuthenticationException"));
        String jtl = Files.readString(run.jtl(), StandardCharsets.UTF_8);
        assertThat(jtl).contains("<responseData").contains("SaslAuthenticationException");

        String log = Files.readString(run.log(), StandardCharsets.UTF_8);
        assertThat(log)
                .contains("Kafka Connection 'secured': ")
                .contains("sasl.jaas.config=********")
                .contains("ssl.truststore.password=********");
        for (String secret : List.of(PASSWORD, WRONG_PASSWORD, STORE_PASSWORD)) {
            assertThat(jtl).as("JTL").doesNotContain(secret);
            assertThat(run.stdout()).as("stdout").doesNotContain(secret);
            assertThat(run.stderr()).as("stderr").doesNotContain(secret);
            assertThat(log).as("jmeter.log").doesNotContain(secret);
        }
        assertThat(run.stdout()).contains("Kafka Producer summary for 'Produce':");
    }

    /** Response codes by sample label, from an XML JTL. */
    private static Map<String, List<String>> responseCodes(Path jtl) throws Exception {
        NodeList samples = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(jtl.toFile())
                .getDocumentElement()
                .getChildNodes();
        Map<String, List<String>> out = new HashMap<>();
        for (int i = 0; i < samples.getLength(); i++) {
            if (samples.item(i) instanceof Element) {
                Element e = (Element) samples.item(i);
                out.computeIfAbsent(e.getAttribute("lb"), k -> new ArrayList<>())
                        .add(e.getAttribute("rc"));
            }
        }
        return out;
    }

    // ---- helpers ----

    /** Short client timeouts, for connections that are meant to fail: a sample may not wait long. */
    private static void failFast(KafkaConnection c) {
        c.setProducerProperties(rows("linger.ms", "0", "max.block.ms", "5000"));
        c.setConsumerProperties(rows("default.api.timeout.ms", "5000"));
    }

    private static void scram512(KafkaConnection c, String password) {
        c.setSaslMechanism("SCRAM-SHA-512");
        c.setSaslUsername(USER);
        c.setSaslPassword(password);
    }

    private static void truststore(KafkaConnection c) {
        c.setSslTruststoreType("PKCS12");
        c.setSslTruststoreLocation(tls.truststore().toString());
        c.setSslTruststorePassword(STORE_PASSWORD);
    }

    /** Binds a Kafka Connection element on a listener, as at test start; returns its name. */
    private String connect(String listener, Consumer<KafkaConnection> security) {
        KafkaConnection c = new KafkaConnection();
        String name = "secured-" + connections.size() + "-" + listener;
        c.setConnectionName(name);
        c.setBootstrapServers(broker.bootstrapServers(listener));
        c.setClientIdPrefix("secured-it");
        c.setProducerProperties(rows("linger.ms", "0"));
        security.accept(c);
        c.testStarted();
        connections.add(c);
        return name;
    }

    private static List<KeyValue> rows(String... kv) {
        List<KeyValue> rows = new ArrayList<>();
        for (int i = 0; i < kv.length; i += 2) {
            rows.add(new KeyValue(kv[i], kv[i + 1]));
        }
        return rows;
    }

    private SampleResult produce(String connection, String topic, int records) {
        return producer(connection, topic, records).sample(null);
    }

    private static KafkaProducerSampler producer(String connection, String topic, int records) {
        KafkaProducerSampler s = new KafkaProducerSampler();
        s.setName("produce " + topic + " via " + connection);
        s.setConnectionName(connection);
        s.setTopic(topic);
        s.setValue("secured record");
        s.setRecordsPerSample(Integer.toString(records));
        s.setAckTimeout("10000");
        return s;
    }

    private SampleResult consume(String connection, String topic, int records) {
        return consumer(connection, topic, records).sample(null);
    }

    private KafkaConsumerSampler consumer(String connection, String topic, int records) {
        KafkaConsumerSampler s = new KafkaConsumerSampler();
        s.setName("consume " + topic + " via " + connection);
        s.setConnectionName(connection);
        s.setTopics(topic);
        s.setGroupId("secured-it-" + UUID.randomUUID());
        s.setStartAt("earliest");
        s.setRecordsPerSample(Integer.toString(records));
        s.setPollTimeout("15000");
        cleanups.add(s::threadFinished);
        return s;
    }

    private static SampleResult admin(String connection, String operation, String topics) {
        return adminSampler(connection, operation, topics).sample(null);
    }

    private static KafkaAdminSampler adminSampler(String connection, String operation, String topics) {
        KafkaAdminSampler s = new KafkaAdminSampler();
        s.setName(operation + " via " + connection);
        s.setConnectionName(connection);
        s.setOperation(operation);
        s.setTopics(topics);
        s.setPartitions("1");
        s.setTimeout("5000");
        return s;
    }

    private static SampleResult ok(SampleResult r) {
        assertThat(r.isSuccessful())
                .as(r.getSampleLabel() + ": " + r.getResponseCode() + " " + r.getResponseMessage() + "\n"
                        + r.getResponseDataAsString())
                .isTrue();
        return r;
    }

    private static final class Timed {
        final SampleResult result;
        final Duration elapsed;

        Timed(SampleResult result, Duration elapsed) {
            this.result = result;
            this.elapsed = elapsed;
        }
    }

    private static Timed timed(Supplier<SampleResult> sample) {
        long t0 = System.nanoTime();
        SampleResult r = sample.get();
        return new Timed(r, Duration.ofNanos(System.nanoTime() - t0));
    }
}
