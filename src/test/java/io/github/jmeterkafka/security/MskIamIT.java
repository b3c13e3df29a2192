package io.github.jmeterkafka.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.KafkaBroker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * AWS MSK IAM authentication in a real JMeter, installed and set up as docs/security.md says: the
 * aws-msk-iam-auth jars in lib/, a Kafka Connection with the mechanism AWS_MSK_IAM, the IAMLoginModule
 * in its JAAS config (assuming a role, the path that builds an AWS STS client) and the
 * IAMClientCallbackHandler in its client properties, static credentials as system properties.
 *
 * <p>No AWS is reachable here, so the broker is a local one whose SASL listener offers PLAIN only.
 * The clients get as far as the SASL handshake, with the IAM login module, callback handler and SASL
 * client made in JMeter, and the broker refuses the mechanism: every sample fails at once, saying so.
 * What MSK would answer to the signed request is not tested (MskIamSettingsTest signs one in process).
 *
 * <p>Two installs: aws-msk-iam-auth with the AWS SDK jars JMeter lacks ({@code target/jmeter-extra-iam}),
 * and its one-jar build ({@code target/jmeter-extra-iam-all}); both filled by src/test/homes/jmeter. The
 * one-jar build carries httpclient5 5.6 unrelocated: it works from lib/, where it sorts before JMeter's
 * httpclient5-5.3.jar, not from lib/ext/ (the STS client then fails with NoSuchMethodError).
 */
class MskIamIT {
    private static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/msk-iam.jmx");
    private static final String LISTENER = "SASL_PLAINTEXT";
    private static final String JAAS = "software.amazon.msk.auth.iam.IAMLoginModule required"
            + " awsRoleArn=\"arn:aws:iam::123456789012:role/msk-load-test\" awsStsRegion=\"eu-west-1\";";
    private static final int LOOPS = 3;
    private static final List<String> CLASS_LOADING_ERRORS = List.of(
            "ClassNotFoundException",
            "NoClassDefFoundError",
            "NoSuchMethodError",
            "LinkageError",
            "UnsupportedCallbackException",
            "could not be found");

    private static KafkaBroker broker;

    @BeforeAll
    static void startBrokerWithPlainOnly() throws IOException {
        Path work = Files.createTempDirectory(
                Files.createDirectories(Harness.targetDir().resolve("msk-iam-broker")), "run-");
        broker = KafkaBroker.builder()
                .workDir(work)
                .listener(LISTENER, LISTENER)
                .serverProperty("sasl.enabled.mechanisms", "PLAIN")
                .serverProperty(
                        "listener.name.sasl_plaintext.plain.sasl.jaas.config",
                        "org.apache.kafka.common.security.plain.PlainLoginModule required user_alice=\"alice-pw\";")
                .start();
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"jmeter-extra-iam", "jmeter-extra-iam-all"})
    void theIamClassesLoadInJMeterAndTheBrokerRefusesTheirMechanism(String install) throws IOException {
        List<Path> jars = JMeter.jars(Harness.jmeterHome().getParent().resolve(install), "");
        assertThat(jars).as("jars in %s", install).isNotEmpty();
        for (Path jar : jars) {
            // nothing JMeter or the plugin already has: no second kafka-clients (the plugin would refuse
            // to start) and none of the libraries JMeter ships in lib/
            assertThat(jar.getFileName().toString())
                    .doesNotStartWith("kafka-clients")
                    .doesNotStartWith("slf4j")
                    .doesNotStartWith("jackson")
                    .doesNotStartWith("httpclient5")
                    .doesNotStartWith("httpcore5");
            assertThat(kafkaEntries(jar))
                    .as("Kafka classes in %s", jar.getFileName())
                    .isEmpty();
        }

        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        List<String> added = new ArrayList<>();
        JMeter.Result run;
        try {
            for (Path jar : jars) {
                String name = jar.getFileName().toString();
                assertThat(jmeter.libDir().resolve(name))
                        .as("a JMeter jar of that name")
                        .doesNotExist();
                jmeter.addLib(jar);
                added.add(name);
            }
            run = jmeter.plan(PLAN)
                    .name("msk-iam-" + install)
                    .property("kafka.bootstrap", broker.bootstrapServers(LISTENER))
                    .property("kafka.protocol", LISTENER)
                    .property("kafka.sasl.jaas.config", JAAS)
                    .property("loops", Integer.toString(LOOPS))
                    // the AWS default credentials chain reads these; fake, and never sent anywhere here
                    .jvmArg("-Daws.accessKeyId=AKIAIOSFODNN7EXAMPLE")
                    .jvmArg("-Daws.secretAccessKey=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
                    .jvmArg("-Daws.region=eu-west-1")
                    .logLevel("software.amazon.msk", "DEBUG")
                    .timeout(Duration.ofMinutes(2))
                    .run();
        } finally {
            added.forEach(jmeter::removeLib);
        }

        assertThat(run.exitCode()).as(run.describe()).isZero();
        String log = Files.readString(run.log(), StandardCharsets.UTF_8);
        // made in JMeter: the login module (JAAS), the callback handler with the role from the JAAS
        // options (an STS client for it), a SASL client for the mechanism
        assertThat(log)
                .as(run.describe())
                .contains("IAMLoginModule initialized")
                .contains("Number of options to configure credential provider 2")
                .contains("Role ARN arn:aws:iam::123456789012:role/msk-load-test")
                .contains("Setting SASL/AWS_MSK_IAM")
                .doesNotContain("Another kafka-clients");

        Jtl jtl = run.samples();
        assertThat(jtl.rows("Produce")).hasSize(LOOPS);
        assertThat(jtl.rows("List topics")).hasSize(LOOPS);
        assertThat(jtl.rows()).as(run.describe()).allSatisfy(r -> {
            assertThat(r.success()).isFalse();
            assertThat(r.responseCode()).isEqualTo("UnsupportedSaslMechanismException");
            assertThat(r.responseMessage()).contains("AWS_MSK_IAM");
            // refused at the handshake, not after waiting out the plan's 30 s max.block.ms or admin timeout
            assertThat(r.elapsed()).isLessThan(15_000);
        });
        for (String output :
                List.of(log, run.stdout(), run.stderr(), Files.readString(run.jtl(), StandardCharsets.UTF_8))) {
            for (String error : CLASS_LOADING_ERRORS) {
                assertThat(output).as(run.describe()).doesNotContain(error);
            }
        }
    }

    private static List<String> kafkaEntries(Path jar) throws IOException {
        try (JarFile f = new JarFile(jar.toFile())) {
            return f.stream()
                    .map(ZipEntry::getName)
                    .filter(n -> n.startsWith("org/apache/kafka/"))
                    .toList();
        }
    }
}
