package io.github.jmeterkafka.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.measure.Objective;
import io.github.jmeterkafka.measure.SummaryRow;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerdictTest {
    private static final Objective P99 = Objective.latency("corrected p99 <= 50 ms");
    private static final List<String> COLUMNS = List.of(SummaryRow.header().split(","));

    /** A summary row of {@code kind}/{@code part} with the given columns, the rest empty. */
    private static String row(String kind, String part, String... columnValues) {
        String[] cells = new String[COLUMNS.size()];
        java.util.Arrays.fill(cells, "");
        cells[0] = kind;
        cells[1] = "p";
        cells[2] = part;
        for (int i = 0; i < columnValues.length; i += 2) {
            cells[COLUMNS.indexOf(columnValues[i])] = columnValues[i + 1];
        }
        StringJoiner j = new StringJoiner(",");
        for (String c : cells) {
            j.add(io.github.jmeterkafka.text.CsvField.of(c));
        }
        return j.toString();
    }

    private static Outcome run(Path dir, boolean sampleFailed, String... rows) throws Exception {
        Files.writeString(
                dir.resolve("results.jtl"),
                "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n1,2,p,200,ok,t,true\n"
                        + (sampleFailed ? "1,2,p,500,bad,t,false\n" : ""));
        Files.writeString(dir.resolve("summary.csv"), SummaryRow.header() + "\n" + String.join("\n", rows) + "\n");
        return Outcome.of(dir, Duration.ofSeconds(30));
    }

    /** A producer's interval log: 30 one-second intervals, each record's send delay {@code delayMs.at(second)}. */
    private static void sendDelays(Path dir, LongUnaryOperator delayMs) throws Exception {
        Path logs = Files.createDirectories(dir.resolve(Runs.HLOG_DIR));
        try (PrintStream out = new PrintStream(logs.resolve("p.hlog").toFile(), StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputStartTime(1_000_000);
            w.setBaseTime(1_000_000);
            w.outputComment("kafka.kind=producer");
            w.outputComment("kafka.label=p");
            w.outputLegend();
            for (int s = 0; s < 30; s++) {
                Histogram h = new Histogram(3);
                h.recordValueWithCount(delayMs.applyAsLong(s) * 1000, 100);
                h.setTag("send-delay");
                w.outputIntervalHistogram(s, s + 1, h, 1000.0);
            }
        }
    }

    @Test
    void aRunHoldsWhenItsSteadyPartMeetsEveryCriterion(@TempDir Path dir) throws Exception {
        Outcome o = run(
                dir,
                false,
                row("producer", "all", "records_per_sec", "9000", "failed", "0", "corrected_p99_ms", "400"),
                row(
                        "producer",
                        "steady",
                        "records_per_sec",
                        "9950",
                        "corrected_p50_ms",
                        "3",
                        "corrected_p99_ms",
                        "41",
                        "corrected_p999_ms",
                        "60"));
        sendDelays(dir, s -> s < 5 ? 300 : 2);

        Verdict v = Verdict.of(o, P99, 10_000, 5);

        assertThat(v.holds()).as(v.why()).isTrue();
        assertThat(v.achievedPercent()).isEqualTo(99.5);
        assertThat(v.objectiveMs()).isEqualTo(41);
        assertThat(v.corrected().p999Ms()).isEqualTo(60);
        assertThat(v.describe(P99)).isEqualTo("10,000 records/s: holds (achieved 99.5 %, corrected p99 41 ms)");
    }

    @Test
    void aFailingRunSaysEveryCriterionItMissed(@TempDir Path dir) throws Exception {
        Outcome o = run(
                dir,
                true,
                row("producer", "all", "records_per_sec", "9000", "failed", "12", "corrected_p99_ms", "400"),
                row("consumer", "all", "records_per_sec", "9000", "p99_ms", "30"));
        sendDelays(dir, s -> 1 + s * 10);

        Verdict v = Verdict.of(o, P99, 10_000, 0);

        assertThat(v.holds()).isFalse();
        assertThat(v.why())
                .isEqualTo("1 of 2 samples failed; 12 records failed; achieved 9,000 records/s, 90.0 % of 10,000; "
                        + "corrected p99 400 ms > 50 ms; the send delay grew over the run (p99 46 ms in its first "
                        + "third, 246 ms in its last)");
        // an objective on what the plan does not measure is a failure that names it
        Verdict e2e = Verdict.of(o, Objective.latency("e2e p99.9 <= 100"), 10_000, 0);
        assertThat(e2e.why()).contains("the runs have no p999_ms of a consumer to meet 'e2e p99.9 <= 100 ms'");
        assertThat(Verdict.of(o, Objective.latency("e2e p99 <= 100"), 10_000, 0).why())
                .doesNotContain("e2e");
    }

    @Test
    void aFailingRunSaysItsFirstLimitAndWhetherItWasTheGenerators(@TempDir Path dir) throws Exception {
        String generator = "generator: its 2 cores were 97 % busy (this JVM 58 %), 4 s in";
        Outcome o = run(
                dir,
                false,
                row("producer", "all", "records_per_sec", "9000", "first_limit", "none seen"),
                row(
                        "producer",
                        "steady",
                        "records_per_sec",
                        "9000",
                        "corrected_p99_ms",
                        "80",
                        "first_limit",
                        "none seen"),
                row(
                        "producer",
                        "steady",
                        "records_per_sec",
                        "900",
                        "corrected_p99_ms",
                        "70",
                        "first_limit",
                        generator));

        Verdict v = Verdict.of(o, P99, 10_000, 0);

        assertThat(v.firstLimit()).isEqualTo(generator);
        assertThat(v.generatorBound()).isTrue();
        assertThat(v.describe(P99)).endsWith("| first limit hit: " + generator);
        Outcome broker = run(
                dir,
                false,
                row(
                        "producer",
                        "all",
                        "records_per_sec",
                        "9000",
                        "corrected_p99_ms",
                        "80",
                        "first_limit",
                        "broker: broker 3 answered in 180 ms, the others in 4 ms, 2 s in"));
        assertThat(Verdict.of(broker, P99, 10_000, 0).generatorBound()).isFalse();
    }

    @Test
    void aRunWithoutSummaryFailsWithItsReason(@TempDir Path dir) throws Exception {
        Verdict v = Verdict.of(Outcome.failed(dir, "timed out after 60 s (timeout.s)"), P99, 5000, 0);
        assertThat(v.holds()).isFalse();
        assertThat(v.why()).isEqualTo("timed out after 60 s (timeout.s)");
    }
}
