package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.SharedBroker;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A Java older than the plugin's class files need (they are built for Java 17) refuses them when
 * JMeter loads the plan: one clear line on the console, one ERROR in jmeter.log, exit code 1, and
 * no sample runs. No JDK older than 17 is at hand, so the test makes the same refusal on this Java:
 * it runs a copy of the jar whose classes say they need the next Java.
 */
class UnsupportedJavaIT {
    private static final String PLUGIN_CLASSES = "io/github/jmeterkafka/";

    @Test
    void aJavaTooOldForThePluginFailsAtLoadWithOneClearLine() throws IOException {
        int running = Runtime.version().feature();
        Path jar = Harness.targetDir()
                .resolve("unsupported-java")
                .resolve(Harness.pluginJar().getFileName());
        needingJava(running + 1, Harness.pluginJar(), jar);
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin(jar);
        try {
            JMeter.Result result = jmeter.plan(Harness.projectDir().resolve("test-plans/quickstart.jmx"))
                    .name("unsupported-java")
                    .property("kafka.bootstrap", SharedBroker.get().bootstrapServers())
                    .property("topic", "unsupported-java-" + System.nanoTime())
                    .run();

            // class file version = Java feature + 44
            String refusal =
                    "An error occurred: io/github/jmeterkafka/config/KafkaConnection has been compiled by a more"
                            + " recent version of the Java Runtime (class file version " + (running + 1 + 44)
                            + ".0), this version of"
                            + " the Java Runtime only recognizes class file versions up to " + (running + 44) + ".0";
            assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
            assertThat(result.stdout().lines().filter(l -> l.startsWith("An error occurred")))
                    .containsExactly(refusal);
            assertThat(result.logErrors())
                    .as(result.describe())
                    .singleElement()
                    .satisfies(e ->
                            assertThat(e).contains("has been compiled by a more recent version of the Java Runtime"));
            assertThat(Files.exists(result.jtl())).as("no sample ran").isFalse();
        } finally {
            jmeter.installPlugin();
        }
    }

    /** A copy of {@code jar} whose own classes state the class file version of Java {@code feature}. */
    private static void needingJava(int feature, Path jar, Path copy) throws IOException {
        Files.createDirectories(copy.getParent());
        try (InputStream file = Files.newInputStream(jar);
                ZipInputStream in = new ZipInputStream(file);
                OutputStream target = Files.newOutputStream(copy);
                ZipOutputStream out = new ZipOutputStream(target)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                byte[] bytes = in.readAllBytes();
                if (entry.getName().startsWith(PLUGIN_CLASSES)
                        && entry.getName().endsWith(".class")) {
                    // bytes 6-7: the major version, big-endian
                    bytes[6] = (byte) ((feature + 44) >> 8);
                    bytes[7] = (byte) (feature + 44);
                }
                out.putNextEntry(new ZipEntry(entry.getName()));
                out.write(bytes);
                out.closeEntry();
            }
        }
    }
}
