package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's first command, {@code mvn -Pquickstart verify}, runs {@link QuickStart}: with no
 * bootstrap given it starts its own broker, runs the quick-start plan, prints JMeter's console output
 * with the plugin's summaries and points at the report.
 */
class QuickStartIT {

    @Test
    void withoutABootstrapItStartsABrokerRunsThePlanAndPointsAtTheReport() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int exit;
        // not closed: that would close System.out
        PrintStream both = new PrintStream(new Tee(System.out, printed), true, StandardCharsets.UTF_8);
        exit = QuickStart.run(null, "quickstart", "quickstart-it-" + System.nanoTime(), both);
        both.flush();
        String out = printed.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(out).isZero();
        assertThat(out)
                .contains("Starting a local Kafka broker...", "failed samples: 0, errors: 0")
                .doesNotContain("ERROR entries", "StatusConsoleListener");
        // the README promises the perf-test style summaries on the console
        assertThat(out)
                .contains(
                        "Kafka Producer summary for 'Produce 1 KB records':",
                        "10000 records sent, ",
                        "Kafka Consumer summary for 'Consume all records':",
                        "delivery: 10000 records verified from 4 producers, 0 missing, 0 duplicated, 0 out of order.");
        String report = out.lines()
                .filter(l -> l.startsWith("Report: "))
                .findFirst()
                .orElseThrow()
                .substring("Report: ".length());
        Path index = Paths.get(report);
        assertThat(index).isRegularFile();
        assertThat(index.getParent().resolve("content")).isDirectory();
        assertThat(Files.exists(index.getParent().resolve("statistics.json"))).isTrue();
        // the Kafka page speaks records: the producer's and the consumer's 10,000
        assertThat(out).contains("Kafka page (records/s, latency percentiles over time): ");
        PageData.assertSamplers(
                index.resolveSibling("kafka.html"), 10000, "Produce 1 KB records", "Consume all records");
        // the first page a new user sees: start and end are dates, not "minutes seconds" of a pattern
        String html = Files.readString(index, StandardCharsets.UTF_8);
        assertThat(DASHBOARD_TIME.matcher(html).results().map(m -> m.group(2)))
                .hasSize(2)
                .allMatch(t -> !t.matches("\\d*")
                        && t.contains(
                                String.valueOf(LocalDate.now(ZoneOffset.UTC).getYear() % 100)));
    }

    private static final Pattern DASHBOARD_TIME = Pattern.compile("<td>(Start|End) Time</td>\\s*<td>\"([^\"]*)\"</td>");

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
