package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * examples/jmeter-java-dsl as a user runs it (its JUnit test builds the plan in Java and runs it in process), also as
 * a Kafka application's tests would: with a kafka-clients 3.9 of their own declared after jmeter-kafka (it works)
 * and before it (every Kafka sample fails with the message that says what to do).
 */
class JavaDslExampleIT {
    private static final String OTHER_CLIENTS = """
                <dependency>
                  <groupId>org.apache.kafka</groupId>
                  <artifactId>kafka-clients</artifactId>
                  <version>3.9.1</version>
                  <scope>test</scope>
                </dependency>
            """;

    @Test
    void theExamplesTestProducesAndReadsBackEveryRecordAndFailsOnAnObjectiveMissed() throws Exception {
        ExampleProject example = ExampleProject.copy("jmeter-java-dsl");
        KafkaBroker broker = SharedBroker.get();
        String topic = "java-dsl-example-" + System.nanoTime();
        ExampleProject.Result run = test(example, broker, topic, 10_000);

        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(run.output()).as(run.describe()).contains("Tests run: 1, Failures: 0, Errors: 0");
        assertThat(run.output()).contains("10000 records sent, ");
        try (Admin admin = broker.admin()) {
            assertThat(Topics.endOffsets(admin, topic)).isEqualTo(10_000);
        }
        anObjectiveMissedIsAFailedSampleTheTestCounts(example, broker);
    }

    @Test
    void anApplicationsOwnKafkaClientsAfterThePluginWorksBeforeItGetsOneMessageSayingWhatToDo() throws Exception {
        ExampleProject example = ExampleProject.copy("jmeter-java-dsl");
        KafkaBroker broker = SharedBroker.get();
        Path pom = example.dir().resolve("pom.xml");
        String original = Files.readString(pom, StandardCharsets.UTF_8);
        String pluginDependency = "    <dependency>\n      <groupId>io.github.jmeterkafka</groupId>";
        assertThat(original).contains(pluginDependency);

        String afterPlugin = original.replaceFirst(
                "(?s)(    <dependency>\n      <groupId>io.github.jmeterkafka</groupId>.*?</dependency>\n)",
                "$1" + OTHER_CLIENTS.replace("$", "\\$"));
        Files.writeString(pom, afterPlugin, StandardCharsets.UTF_8);
        String topic = "java-dsl-after-" + System.nanoTime();
        ExampleProject.Result works = test(example, broker, topic, 1_000);
        assertThat(works.exitCode()).as(works.describe()).isZero();
        try (Admin admin = broker.admin()) {
            assertThat(Topics.endOffsets(admin, topic)).isEqualTo(1_000);
        }

        Files.writeString(pom, original.replace(pluginDependency, OTHER_CLIENTS + pluginDependency));
        ExampleProject.Result refused = test(example, broker, "java-dsl-before-" + System.nanoTime(), 1_000);
        assertThat(refused.exitCode()).as(refused.describe()).isNotZero();
        assertThat(refused.output())
                .as(refused.describe())
                .contains("Another kafka-clients is on the class path before the plugin's jar and was loaded instead"
                        + " of the plugin's own: ")
                .contains("kafka-clients-3.9.1.jar (Kafka 3.9.1; the plugin's is ")
                .contains("declare jmeter-kafka before kafka-clients");
    }

    /** The same project, its objective missed on purpose: the failed sample fails its test. */
    private static void anObjectiveMissedIsAFailedSampleTheTestCounts(ExampleProject example, KafkaBroker broker)
            throws Exception {
        ExampleProject.Result missed = test(
                example,
                broker,
                "java-dsl-objective-" + System.nanoTime(),
                1_000,
                "-Dobjectives=Produce 1 KB records: send-to-ack p99 <= 0.001 ms");

        assertThat(missed.exitCode()).as(missed.describe()).isNotZero();
        assertThat(missed.output())
                .as(missed.describe())
                .containsPattern(
                        "Kafka objective missed: send-to-ack p99 \\d+ ms > 0.001 ms for 'Produce 1 KB records'")
                .contains("failed samples ==> expected: <0> but was: <1>");
    }

    private static ExampleProject.Result test(
            ExampleProject example, KafkaBroker broker, String topic, long records, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "test",
                "-Djmeter-kafka.version=" + ExampleProject.pluginVersion(),
                "-Dkafka.bootstrap=" + broker.bootstrapServers(),
                "-Dtopic=" + topic,
                "-Drecords=" + records));
        args.addAll(List.of(more));
        return example.maven(args.toArray(new String[0]));
    }
}
