package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

/**
 * The README's first command, {@code mvn -Pquickstart verify}, runs {@link QuickStart}: with no
 * bootstrap given it starts its own broker, runs the quick-start plan and prints where the report is.
 */
class QuickStartIT {

    @Test
    void withoutABootstrapItStartsABrokerRunsThePlanAndPointsAtTheReport() {
        String bootstrap = System.clearProperty("kafka.bootstrap");
        PrintStream console = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int exit;
        try (PrintStream both = new PrintStream(new Tee(console, printed), true, StandardCharsets.UTF_8)) {
            System.setOut(both);
            exit = QuickStart.run();
        } finally {
            System.setOut(console);
            if (bootstrap != null) {
                System.setProperty("kafka.bootstrap", bootstrap);
            }
        }
        String out = printed.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(out).isZero();
        assertThat(out).contains("Starting a local Kafka broker...", "failed samples: 0, errors: 0")
                .doesNotContain("ERROR entries");
        String report = out.lines().filter(l -> l.startsWith("Report: ")).findFirst().orElseThrow()
                .substring("Report: ".length());
        Path index = Paths.get(report);
        assertThat(index).isRegularFile();
        assertThat(index.getParent().resolve("content")).isDirectory();
        assertThat(Files.exists(index.getParent().resolve("statistics.json"))).isTrue();
    }

    /** Prints to the console as usual and keeps a copy for the assertions. */
    private static final class Tee extends OutputStream {
        private final PrintStream console;
        private final ByteArrayOutputStream copy;

        Tee(PrintStream console, ByteArrayOutputStream copy) {
            this.console = console;
            this.copy = copy;
        }

        @Override
        public void write(int b) {
            console.write(b);
            copy.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            console.write(b, off, len);
            copy.write(b, off, len);
        }
    }
}
