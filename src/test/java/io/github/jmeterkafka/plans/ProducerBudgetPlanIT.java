package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.sweep.files.CsvTable;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * plans/producer-budget.jmx headless in a real JMeter: two threads share a record budget, and the
 * end-of-test summary, in kafka-producer-perf-test's format on stdout and as CSV, counts exactly
 * what the broker holds.
 */
class ProducerBudgetPlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/producer-budget.jmx");
    private static final String LABEL = "Produce with a budget";
    private static final int RECORDS = 5000;
    private static final int RECORD_SIZE = 100;

    @Test
    void theSummaryCountsWhatTheBrokerHolds(@TempDir Path dir) throws Exception {
        String topic = "producer-budget-" + System.nanoTime();
        Topics.create(admin, 3, topic);
        Path csv = dir.resolve("summary.csv");

        JMeter.Result result = jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("records", Integer.toString(RECORDS))
                .property("records.per.sample", "30")
                .property("record.size", Integer.toString(RECORD_SIZE))
                .property("kafka.summary.file", csv.toString())
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        long stored = Topics.endOffsets(admin, topic);
        assertThat(stored).isEqualTo(RECORDS);

        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        List<Jtl.Row> rows = jtl.rows(LABEL);
        assertThat(rows.stream().mapToLong(Jtl.Row::sampleCount).sum()).isEqualTo(stored);
        assertThat(rows.stream().map(Jtl.Row::threadName).distinct()).hasSize(2);
        // 5000 = 166 x 30 + 20: one short sample at the end of the budget
        assertThat(rows.stream().filter(r -> r.sampleCount() == 20)).hasSize(1);
        assertThat(rows.stream().mapToLong(Jtl.Row::sentBytes).sum()).isEqualTo((long) RECORDS * RECORD_SIZE);

        SummaryText summary = result.summary("Kafka Producer summary for '" + LABEL + "':");
        SummaryText.Producer sent = summary.producer();
        SummaryText.Latencies latency = sent.latency();
        assertThat(sent.records()).isEqualTo(stored);
        assertThat(sent.recordsPerSec()).isPositive();
        // the rate in MB follows from the rate in records and the record size
        assertThat(sent.mbPerSec()).isCloseTo(sent.recordsPerSec() * RECORD_SIZE / (1024.0 * 1024.0), offset(0.006));
        assertThat(latency.avgMs()).isPositive().isLessThanOrEqualTo(latency.maxMs());
        assertThat(latency.p50Ms()).isLessThanOrEqualTo(latency.p95Ms());
        assertThat(latency.p95Ms()).isLessThanOrEqualTo(latency.p99Ms());
        assertThat(latency.p99Ms()).isLessThanOrEqualTo(latency.p999Ms());
        assertThat((double) latency.p999Ms()).isLessThanOrEqualTo(latency.maxMs() + 1);
        assertThat(summary.lines()).contains("0 records failed.");

        CsvTable row = CsvTable.read(csv);
        assertThat(String.join(",", row.header())).isEqualTo(SummaryRow.header());
        assertThat(row.size()).isEqualTo(1);
        assertThat(row.get(0, "kind")).isEqualTo("producer");
        assertThat(row.get(0, "label")).isEqualTo(LABEL);
        assertThat(row.get(0, "part")).isEqualTo("all");
        assertThat(Long.parseLong(row.get(0, "records"))).isEqualTo(stored);
        assertThat(row.get(0, "failed")).isEqualTo("0");
        // the same figures as the stdout line, to the CSV's precision
        assertThat(Double.parseDouble(row.get(0, "records_per_sec"))).isCloseTo(sent.recordsPerSec(), offset(0.051));
        assertThat(Double.parseDouble(row.get(0, "mb_per_sec"))).isEqualTo(sent.mbPerSec());
        assertThat(Double.parseDouble(row.get(0, "avg_ms"))).isEqualTo(latency.avgMs());
        assertThat(Double.parseDouble(row.get(0, "max_ms"))).isEqualTo(latency.maxMs());
        assertThat(Long.parseLong(row.get(0, "p50_ms"))).isEqualTo(latency.p50Ms());
        assertThat(Long.parseLong(row.get(0, "p95_ms"))).isEqualTo(latency.p95Ms());
        assertThat(Long.parseLong(row.get(0, "p99_ms"))).isEqualTo(latency.p99Ms());
        assertThat(Long.parseLong(row.get(0, "p999_ms"))).isEqualTo(latency.p999Ms());
        assertThat(row.get(0, "jmeter_version")).startsWith("5.6.3");

        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
    }
}
