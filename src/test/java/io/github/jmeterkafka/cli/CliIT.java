package io.github.jmeterkafka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Processes;
import io.github.jmeterkafka.harness.SharedBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The jar's commands as a user starts them: {@code java -jar lib/ext/jmeter-kafka-VERSION.jar ...} from a folder of
 * their own, with relative paths, against the test broker.
 */
class CliIT {
    private static Path jar;
    private static KafkaBroker broker;

    @BeforeAll
    static void install() {
        Path home = JMeter.fromSystemProperties().installPlugin().home();
        jar = home.resolve("lib/ext").resolve(Harness.pluginJar().getFileName());
        broker = SharedBroker.get();
    }

    /** What a command printed (stdout and stderr together) and returned. */
    private record Ran(int code, String out) {}

    private static Ran java(Path dir, Duration limit, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Harness.javaExecutable().toString(), "-jar", jar.toString()));
        command.addAll(List.of(args));
        Path out = dir.resolve("out-" + System.nanoTime() + ".txt");
        Process p = Processes.start(new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile()));
        try {
            assertThat(p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS))
                    .as(String.join(" ", args) + " ended")
                    .isTrue();
        } finally {
            Processes.stop(p, Duration.ZERO);
        }
        return new Ran(p.exitValue(), Files.readString(out));
    }

    @Test
    void versionAndHelpFromLibExt() throws Exception {
        Path dir = Files.createTempDirectory(Harness.targetDir(), "cli-it");
        Ran version = java(dir, Duration.ofSeconds(30), "--version");
        assertThat(version.code()).as(version.out()).isZero();
        assertThat(version.out()).startsWith("jmeter-kafka 0.1.0\nkafka-clients 4.");
        Ran typo = java(dir, Duration.ofSeconds(30), "sweep", "quick.properties", "--bootstrp", "x:1");
        assertThat(typo.code()).isEqualTo(2);
        assertThat(typo.out()).isEqualTo("""
                        jmeter-kafka sweep: Unknown option: '--bootstrp'; did you mean --bootstrap?
                        See 'java -jar jmeter-kafka.jar sweep --help'.
                        """);
    }

    /** The default --out and the sweep file are relative: every run's results land in the sweep's own folder. */
    @Test
    void aSweepStartedWithRelativePathsFindsEveryRunsResults() throws Exception {
        Path dir = Files.createTempDirectory(Harness.targetDir(), "cli-it");
        Files.writeString(
                dir.resolve("tiny.properties"),
                "name=tiny\nplan=" + Harness.projectDir().resolve("test-plans/producer-max-throughput.jmx")
                        + "\nrepeats=1\nfixed.records=2000\nfixed.record.size=100\nvary.partitions=1,2\n"
                        + "jvm.args=-Xms256m -Xmx256m\n");

        Ran sweep =
                java(dir, Duration.ofMinutes(3), "sweep", "tiny.properties", "--bootstrap", broker.bootstrapServers());

        assertThat(sweep.code()).as(sweep.out()).isZero();
        assertThat(sweep.out()).contains("2 runs ok, 0 failed");
        Path out = dir.resolve("sweeps/tiny");
        assertThat(out.resolve("rows.csv")).exists();
        assertThat(out.resolve("report.html")).exists();
        try (Stream<Path> jtls =
                Files.walk(dir).filter(p -> p.getFileName().toString().equals("results.jtl"))) {
            assertThat(jtls.map(p -> out.relativize(p).getName(0).toString()))
                    .as("each run's JTL in the sweep's runs/")
                    .containsExactly("runs", "runs");
        }
    }

    @Test
    void theEchoIsACommandOfTheJar() throws Exception {
        Path dir = Files.createTempDirectory(Harness.targetDir(), "cli-it");
        String topic = "cli-echo-" + System.nanoTime();
        Ran echo = java(
                dir,
                Duration.ofSeconds(60),
                "echo",
                "--bootstrap-server",
                broker.bootstrapServers(),
                "--request-topic",
                topic,
                "--reply-topic",
                topic + "-replies",
                "--partitions",
                "1",
                "--duration-s",
                "3");
        assertThat(echo.code()).as(echo.out()).isZero();
        assertThat(echo.out()).contains("echo ready", "echo: 0 requests read");
    }
}
