package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.CorePins;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.ProduceQuota;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.sweep.files.CsvTable;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * producer-fixed-rate.jmx's summary names what limited it, on a real broker: the load generator when JMeter runs on
 * one core that another process keeps busy, nothing when JMeter has both cores at a low rate, a quota when the broker
 * throttles the producers. Stdout, the summary CSV and jmeter.log must say the same.
 */
class LimitsPlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx");
    private static final String PRODUCER = "Produce at a fixed rate";
    private static final String TITLE = "Kafka Producer summary for '" + PRODUCER + "':";
    private static final String CORE = "1";

    private static final Pattern GENERATOR_CELL =
            Pattern.compile("generator: its core was (\\d+) % busy \\(this JVM (\\d+) %[^)]*\\), (\\d+) s in");
    private static final Pattern QUOTA_CELL =
            Pattern.compile("quota: throttled (\\d+) ms by a broker's quota, (\\d+) s in");
    private static final Pattern THROTTLE_WARN = Pattern.compile(" WARN o\\.a\\.k\\.c\\.NetworkClient: \\[Producer"
            + " clientId=producer-fixed-rate-[^\\]]+\\] Connection to node \\d+ is throttled for \\d+ ms until"
            + " timestamp \\d+$");
    private static final Pattern THROTTLED = Pattern.compile("throttled ([\\d.]+) ms,");

    private JMeter.RunBuilder run(String topic, Path csv) {
        return jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("partitions", "1")
                .property("acks", "1")
                .property("kafka.summary.file", csv.toString());
    }

    @Test
    void jmeterOnOneCoreThatAnotherProcessKeepsBusyNamesTheLoadGeneratorFirst(@TempDir Path dir) throws Exception {
        String topic = "limits-pinned-" + System.nanoTime();
        Path csv = dir.resolve("summary.csv");
        JMeter.Result result;
        try (CorePins.Busy busy = CorePins.busy(CORE)) {
            result = run(topic, csv)
                    .pinnedTo(CORE)
                    .property("rate", "2000")
                    .property("records", "24000")
                    .property("kafka.warmup.s", "4")
                    .run();
            assertThat(busy.isAlive()).as("the busy loop ran to the end").isTrue();
        }

        assertClean(result, topic, 24_000);
        // half a core may hold 2000 records/s or fall a little short: then its one WARN names the generator
        assertThat(result.logWarningsAndErrors())
                .as(result.describe())
                .allSatisfy(w -> assertThat(w)
                        .contains("Kafka Producer '" + PRODUCER + "': achieved ")
                        .contains(" of the expected 2000.0. ")
                        .containsPattern("First limit hit \\(steady state\\): the load generator, \\d+ s in: its core"
                                + " was \\d+ % busy \\(this JVM \\d+ %[^)]*\\)\\.$"));
        List<String> summary = result.summary(TITLE).lines();
        assertThat(summary)
                .as("%s", summary)
                .anySatisfy(line -> assertThat(line)
                        .startsWith("first limit hit (steady state): the load generator, ")
                        .containsPattern(" s in: its core was \\d+ % busy \\(this JVM \\d+ %[^)]*\\)$"))
                .anySatisfy(line -> assertThat(line)
                        .startsWith("limits (steady state): generator cores ")
                        .contains(" of 1, its threads waited "));

        CsvTable rows = CsvTable.read(csv);
        for (String part : List.of(SummaryRow.STEADY, SummaryRow.ALL)) {
            int row = producerRow(rows, part);
            String cell = rows.get(row, "first_limit");
            Matcher m = GENERATOR_CELL.matcher(cell);
            assertThat(m.matches()).as("%s first_limit: %s", part, cell).isTrue();
            assertThat(Integer.parseInt(m.group(1)))
                    .as("%s: the second that hit the limit", part)
                    .isGreaterThanOrEqualTo(90);
            double busyPercent = Double.parseDouble(rows.get(row, "cores_busy_percent"));
            double jvmPercent = Double.parseDouble(rows.get(row, "jvm_cpu_percent"));
            assertThat(busyPercent)
                    .as("%s: core %s busy on average", part, CORE)
                    .isGreaterThanOrEqualTo(90);
            assertThat(jvmPercent)
                    .as("%s: JMeter's share of the core, the busy loop took the rest (%s %% busy)", part, busyPercent)
                    .isLessThanOrEqualTo(busyPercent - 10);
        }
    }

    @Test
    void jmeterOnBothCoresAtALowRateHitsNoLimit(@TempDir Path dir) throws Exception {
        String topic = "limits-unpinned-" + System.nanoTime();
        Path csv = dir.resolve("summary.csv");
        JMeter.Result result = run(topic, csv)
                .property("rate", "1000")
                .property("records", "10000")
                .property("kafka.warmup.s", "3")
                .run();

        assertClean(result, topic, 10_000);
        assertThat(result.logWarningsAndErrors()).as(result.describe()).isEmpty();
        CsvTable rows = CsvTable.read(csv);
        for (String part : List.of(SummaryRow.STEADY, SummaryRow.ALL)) {
            int row = producerRow(rows, part);
            assertThat(rows.get(row, "first_limit"))
                    .as(othersLoad(rows, row, part))
                    .isEqualTo("none seen");
            assertThat(Double.parseDouble(rows.get(row, "cores_busy_percent")))
                    .as(othersLoad(rows, row, part))
                    .isLessThan(90);
        }
        List<String> summary = result.summary(TITLE).lines();
        assertThat(summary)
                .as("%s", summary)
                .contains("first limit hit (steady state): none seen")
                .anySatisfy(line -> assertThat(line)
                        .startsWith("limits (steady state): generator cores ")
                        .contains(" of 2, its threads waited "));
    }

    @Test
    void aProduceQuotaBelowTheRateIsTheFirstLimitWithItsThrottleTime(@TempDir Path dir) throws Exception {
        String topic = "limits-quota-" + System.nanoTime();
        Path csv = dir.resolve("summary.csv");
        JMeter.Result result;
        // 1 MB/s asked, 100 KB/s allowed: the broker's 11 s quota window lets the first MB through at once
        try (ProduceQuota quota = ProduceQuota.set(admin, 100_000)) {
            result = run(topic, csv)
                    .property("rate", "1000")
                    .property("records", "1500")
                    .run();
        }

        assertClean(result, topic, 1500);
        CsvTable rows = CsvTable.read(csv);
        int row = producerRow(rows, SummaryRow.ALL);
        String cell = rows.get(row, "first_limit");
        Matcher m = QUOTA_CELL.matcher(cell);
        assertThat(m.matches())
                .as("first_limit: %s; %s", cell, othersLoad(rows, row, SummaryRow.ALL))
                .isTrue();
        assertThat(Long.parseLong(m.group(1))).as(cell).isPositive();
        assertThat(Double.parseDouble(rows.get(row, "throttle_ms"))).isPositive();
        assertThat(Double.parseDouble(rows.get(row, "records_per_sec")))
                .as("held well below the 1000 records/s asked")
                .isLessThan(700);
        List<String> warnings = result.logWarningsAndErrors();
        // Kafka's client says each throttled response at WARN; the plan says once that the rate fell short, and why
        assertThat(warnings)
                .as(result.describe())
                .anyMatch(w -> THROTTLE_WARN.matcher(w).find());
        assertThat(warnings.stream().filter(w -> !THROTTLE_WARN.matcher(w).find()))
                .as(result.describe())
                .singleElement()
                .satisfies(w -> assertThat(w)
                        .contains("Kafka Producer '" + PRODUCER + "': achieved ")
                        .contains(" of the expected 1000.0. The sampler kept its schedule: the records left on time"
                                + " and their acks came late, so the cluster held them back")
                        .containsPattern(" First limit hit: a quota, \\d+ s in: throttled \\d+ ms by a broker's"
                                + " quota\\.$"));
        List<String> summary = result.summary(TITLE).lines();
        assertThat(summary)
                .as("%s", summary)
                .anySatisfy(line -> assertThat(line)
                        .matches("first limit hit: a quota, \\d+ s in: throttled \\d+ ms by a broker's quota"));
        String limits = summary.stream()
                .filter(l -> l.startsWith("limits: "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no limits line in " + summary));
        Matcher throttled = THROTTLED.matcher(limits);
        assertThat(throttled.find()).as(limits).isTrue();
        assertThat(Double.parseDouble(throttled.group(1))).as(limits).isPositive();
    }

    /** Exit code 0, every sample successful, every record stored. */
    private static void assertClean(JMeter.Result result, String topic, long records) {
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(records);
    }

    /**
     * What a failure of a "not the generator" check means when the cores were full and JMeter's share small: other
     * programs on this machine filled the cores, the generator's verdict was then right, and the check needs a machine
     * without them.
     */
    private static String othersLoad(CsvTable rows, int row, String part) {
        return part + ": the generator's cores were " + rows.get(row, "cores_busy_percent") + " % busy, this JVM "
                + rows.get(row, "jvm_cpu_percent") + " % of them (at 90 % for 3 s the load generator is the limit,"
                + " whoever filled them)";
    }

    private static int producerRow(CsvTable rows, String part) {
        List<Integer> found = IntStream.range(0, rows.size())
                .filter(i -> rows.get(i, "kind").equals("producer")
                        && rows.get(i, "part").equals(part))
                .boxed()
                .toList();
        assertThat(found).as("producer rows of part %s", part).hasSize(1);
        return found.get(0);
    }
}
