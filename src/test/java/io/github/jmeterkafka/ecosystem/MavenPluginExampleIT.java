package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * examples/jmeter-maven-plugin as a user runs it, jmeter-maven-plugin with its default settings (an extension's
 * dependencies downloaded into JMeter's lib/), against the test broker.
 */
class MavenPluginExampleIT {
    private static final long RECORDS = 10_000;

    @Test
    void theExampleRunsTheQuickStartWithThePluginFromThisBuildAndNoSecondKafkaClients() throws Exception {
        ExampleProject example = ExampleProject.copy("jmeter-maven-plugin");
        KafkaBroker broker = SharedBroker.get();
        String topic = "maven-plugin-example-" + System.nanoTime();
        ExampleProject.Result run = example.maven(
                "verify",
                "-Djmeter-kafka.version=" + ExampleProject.pluginVersion(),
                "-Dkafka.bootstrap=" + broker.bootstrapServers(),
                "-Dtopic=" + topic,
                "-Drecords=" + RECORDS);

        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(run.output()).as(run.describe()).contains(RECORDS + " records sent, ");
        assertThat(run.output())
                .as(run.describe())
                .containsPattern(
                        "delivery: " + RECORDS + " records verified from [1-4] producers, 0 missing, 0 duplicated");
        try (Admin admin = broker.admin()) {
            assertThat(Topics.endOffsets(admin, topic)).isEqualTo(RECORDS);
        }
        List<Path> jars = jars(example.dir().resolve("target"));
        assertThat(jars)
                .as("jmeter-kafka in the JMeter home jmeter-maven-plugin made")
                .anyMatch(j ->
                        j.endsWith(Path.of("lib", "ext", "jmeter-kafka-" + ExampleProject.pluginVersion() + ".jar")));
        assertThat(jars)
                .as("a second kafka-clients (or another library jmeter-kafka carries) downloaded beside it")
                .noneMatch(j -> j.getFileName()
                        .toString()
                        .matches("(kafka-clients|avro|datafaker|protobuf-java|jmeter-plugins-cmn-jmeter|HdrHistogram|"
                                + "lz4-java|snappy-java|zstd-jni)-[0-9].*"));
        System.out.printf(
                "maven-plugin example: %d records produced and verified, %d jars in its JMeter home%n",
                RECORDS, jars.size());
    }

    @Test
    void anObjectiveMissedFailsTheBuildWithTheFigureAgainstItsLimit() throws Exception {
        ExampleProject example = ExampleProject.copy("jmeter-maven-plugin");
        ExampleProject.Result run = example.maven(
                "verify",
                "-Djmeter-kafka.version=" + ExampleProject.pluginVersion(),
                "-Dkafka.bootstrap=" + SharedBroker.get().bootstrapServers(),
                "-Dtopic=maven-plugin-objective-" + System.nanoTime(),
                "-Drecords=1000",
                "-Dobjectives=Produce 1 KB records: send-to-ack p99 <= 0.001 ms");

        assertThat(run.exitCode()).as(run.describe()).isNotZero();
        assertThat(run.output())
                .as(run.describe())
                .containsPattern(
                        "Kafka objective missed: send-to-ack p99 \\d+ ms > 0.001 ms for 'Produce 1 KB records'")
                .contains("BUILD FAILURE");
    }

    private static List<Path> jars(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.filter(p -> p.toString().endsWith(".jar")).toList();
        }
    }
}
