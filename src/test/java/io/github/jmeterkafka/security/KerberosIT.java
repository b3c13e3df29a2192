package io.github.jmeterkafka.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SASL_PLAINTEXT with GSSAPI against a real KDC ({@link TestKdc}) and a real broker, from a plan run
 * in a real JMeter as users set it up: a Kafka Connection with mechanism GSSAPI, a Krb5LoginModule
 * JAAS config with a keytab, {@code sasl.kerberos.service.name} in its client properties, and the
 * krb5.conf given to JMeter's JVM. One run: records go through with none lost; then connections whose
 * keytab cannot log in fail every sample with a clear message, and the test goes on to its end.
 */
class KerberosIT {
    private static final String OTHER = "other@" + TestKdc.REALM;
    private static final String REKEYED = "rekeyed@" + TestKdc.REALM;
    private static final String TOPIC = "kerberos";
    private static final String WRONG_KEYTAB_PRODUCE = "Produce with a keytab of another principal";
    private static final String WRONG_KEYTAB_CONSUME = "Consume with a keytab of another principal";
    private static final String STALE_KEYTAB = "Produce with a stale keytab";
    private static final String MISSING_KEYTAB = "Produce with a missing keytab";
    private static final List<String> FAILING =
            List.of(WRONG_KEYTAB_PRODUCE, WRONG_KEYTAB_CONSUME, STALE_KEYTAB, MISSING_KEYTAB);

    private static TestKdc kdc;
    private static KafkaBroker broker;
    private static Path missingKeytab;
    private static JMeter.Result run;

    @BeforeAll
    static void startKdcBrokerAndRunThePlan() throws Exception {
        Path work = Files.createTempDirectory(
                Files.createDirectories(Harness.targetDir().resolve("kerberos")), "run-");
        kdc = TestKdc.start(work.resolve("kerberos"));
        for (String p : List.of(TestKdc.BROKER, TestKdc.CLIENT, OTHER, REKEYED)) {
            kdc.createPrincipal(p);
        }
        Path brokerKeytab = kdc.exportKeytab(TestKdc.BROKER, "broker.keytab");
        Path clientKeytab = kdc.exportKeytab(TestKdc.CLIENT, "client.keytab");
        Path otherKeytab = kdc.exportKeytab(OTHER, "other.keytab");
        Path staleKeytab = kdc.exportKeytab(REKEYED, "stale.keytab");
        kdc.rekey(REKEYED);
        missingKeytab = work.resolve("no-such.keytab");

        broker = KafkaBroker.builder()
                .workDir(work.resolve("broker"))
                .listener("SASL_PLAINTEXT", "SASL_PLAINTEXT")
                .serverProperties(Map.of(
                        "listener.name.sasl_plaintext.sasl.enabled.mechanisms",
                        "GSSAPI",
                        "listener.name.sasl_plaintext.gssapi.sasl.jaas.config",
                        "com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true storeKey=true keyTab=\""
                                + brokerKeytab + "\" principal=\"" + TestKdc.BROKER + "\";",
                        "sasl.kerberos.service.name",
                        "kafka"))
                .jvmArg("-Djava.security.krb5.conf=" + kdc.krb5Conf())
                .start();

        run = JMeter.fromSystemProperties()
                .installPlugin()
                .plan(Harness.projectDir().resolve("src/test/resources/plans/kerberos.jmx"))
                // what users put in bin/system.properties
                .jvmArg("-Djava.security.krb5.conf=" + kdc.krb5Conf())
                .property("kafka.bootstrap", broker.bootstrapServers("SASL_PLAINTEXT"))
                .property("topic", TOPIC)
                .property("kafka.principal", TestKdc.CLIENT)
                .property("kafka.keytab", clientKeytab.toString())
                .property("kafka.wrong.keytab", otherKeytab.toString())
                .property("kafka.stale.principal", REKEYED)
                .property("kafka.stale.keytab", staleKeytab.toString())
                .property("kafka.missing.keytab", missingKeytab.toString())
                .timeout(Duration.ofMinutes(3))
                .run();
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
        if (kdc != null) {
            kdc.close();
        }
    }

    @Test
    void recordsGoThroughOverGssapiWithNoneLost() {
        assertThat(run.exitCode()).as(run.describe()).isZero();
        Jtl jtl = run.samples();
        assertThat(jtl.rows("Create topic"))
                .singleElement()
                .satisfies(r -> assertThat(r.success()).as(r.toString()).isTrue());
        assertThat(jtl.rows("Produce")).hasSize(10).allSatisfy(r -> {
            assertThat(r.success()).as(r.toString()).isTrue();
            assertThat(r.sampleCount()).isEqualTo(20);
        });
        List<Jtl.Row> consumed = jtl.rows("Consume");
        assertThat(consumed)
                .allSatisfy(r -> assertThat(r.success()).as(r.toString()).isTrue());
        assertThat(consumed.stream().mapToLong(Jtl.Row::sampleCount).sum()).isEqualTo(200);
        try (Admin admin = broker.admin()) {
            assertThat(Topics.endOffsets(admin, TOPIC)).isEqualTo(200);
        }
        assertThat(run.stdout())
                .contains("delivery: 200 records verified from ")
                .contains(" 0 missing, 0 duplicated, 0 out of order.");
        String log = read(run.log());
        assertThat(log)
                .contains("Kafka Connection 'kerberos': ")
                .contains("sasl.mechanism=GSSAPI")
                .contains("sasl.jaas.config=********")
                .contains("sasl.kerberos.service.name=kafka");
        // apart from the failing logins, only Kafka's own line when the connection closes its login at test end
        assertThat(run.logWarningsAndErrors())
                .as(run.describe())
                .filteredOn(e -> FAILING.stream().noneMatch(e::contains) && !e.contains("'missing-keytab' is invalid"))
                .allMatch(e -> e.contains("WARN o.a.k.c.s.k.KerberosLogin: [Principal=" + TestKdc.CLIENT
                        + "]: TGT renewal thread has been interrupted and will exit."));
    }

    @Test
    void aKeytabWithoutThePrincipalsKeyFailsEverySampleWithAHint() {
        for (String label : List.of(WRONG_KEYTAB_PRODUCE, WRONG_KEYTAB_CONSUME)) {
            assertEverySampleFails(
                    label,
                    "KafkaException",
                    "javax.security.auth.login.LoginException: Could not login: "
                            + "the client is being asked for a password",
                    "(Kerberos login: no key for the principal; the JAAS "
                            + "config's keyTab must hold a key of its principal, realm included: klist -kt <keytab> lists them)");
        }
    }

    @Test
    void aStaleKeytabFailsEverySampleWithAHint() {
        assertEverySampleFails(
                STALE_KEYTAB,
                "KafkaException",
                "PREAUTH_FAILED (Kerberos login: the KDC refused the "
                        + "keytab's key; the principal's key has changed since the keytab was exported: export it again)");
    }

    @Test
    void aMissingKeytabFailsEverySampleNamingTheFile() {
        assertEverySampleFails(
                MISSING_KEYTAB,
                "400",
                "Kafka Connection 'missing-keytab' is invalid: JAAS config keyTab " + missingKeytab
                        + " is not a readable file");
        assertThat(run.logErrors())
                .filteredOn(e -> e.contains("'missing-keytab' is invalid"))
                .hasSize(2);
    }

    /** Three samples, all failed alike and soon; one jmeter.log line for them. */
    private static void assertEverySampleFails(String label, String code, String... message) {
        List<Jtl.Row> rows = run.samples().rows(label);
        assertThat(rows).as(run.describe()).hasSize(3).allSatisfy(r -> {
            assertThat(r.success()).isFalse();
            assertThat(r.responseCode()).as(r.toString()).isEqualTo(code);
            assertThat(r.responseMessage()).contains(message);
            assertThat(r.elapsed()).as(r.toString()).isLessThan(5_000);
        });
        assertThat(run.logWarningsAndErrors())
                .filteredOn(e -> e.contains(label))
                .as(run.describe())
                .singleElement()
                .satisfies(e -> assertThat(e).contains(message));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
