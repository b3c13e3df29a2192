package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.sweep.files.CsvTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * plans/kafka-metrics.jmx headless in a real JMeter against a real broker: the Kafka Metrics
 * listener writes the producer's send rate, the consumer's figures and the group's lag to its CSV.
 */
class KafkaMetricsPlanIT extends BrokerAndJMeter {
    static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/kafka-metrics.jmx");
    static final int RECORDS = 1200;

    /** One row of the listener's CSV file. */
    static final class Row {
        final long timestamp;
        final String source;
        final String metric;
        final double value;

        Row(CsvTable csv, int row) {
            timestamp = Long.parseLong(csv.get(row, "timestamp"));
            source = csv.get(row, "source");
            metric = csv.get(row, "metric");
            value = Double.parseDouble(csv.get(row, "value"));
        }
    }

    static List<Row> rows(Path csv, String metric) throws IOException {
        CsvTable table = CsvTable.read(csv);
        return IntStream.range(0, table.size())
                .mapToObj(i -> new Row(table, i))
                .filter(r -> r.metric.equals(metric))
                .toList();
    }

    @Test
    void theCsvHoldsTheClientsMetricsAndTheGroupLag() throws IOException {
        String topic = "metrics-" + System.nanoTime();
        String group = "metrics-group-" + System.nanoTime();
        long start = System.currentTimeMillis();
        JMeter.Result result = jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("group", group)
                .property("records", Integer.toString(RECORDS))
                .run();
        long end = System.currentTimeMillis();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        assertThat(jtl.rows("Consume").stream().mapToLong(Jtl.Row::sampleCount).sum())
                .isEqualTo(RECORDS);

        Path csv = result.runDir().resolve("kafka-metrics.csv");
        assertThat(csv).as(result.describe()).exists();
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertThat(lines.get(0)).isEqualTo("timestamp,source,metric,value");
        assertThat(lines.subList(1, lines.size()))
                .isNotEmpty()
                .allSatisfy(l -> assertThat(l).matches("\\d{13},[^,]+,[a-z-]+,-?\\d+(\\.\\d{1,3})?"));

        List<Row> sendRate = rows(csv, "record-send-rate");
        assertThat(sendRate).as("record-send-rate rows in %s", csv).isNotEmpty().allSatisfy(r -> {
            assertThat(r.source).matches("metrics-.+-producer-\\d+");
            assertThat(r.timestamp).isBetween(start, end);
            assertThat(r.value).isBetween(0.0, 100_000.0);
        });
        // the producers send about 200 records/s; Kafka's rate spreads them over its 30 s window at first
        assertThat(sendRate.stream().mapToDouble(r -> r.value).max().orElse(0)).isGreaterThan(0);
        // a consumer's rate stays 0 while it joins its group, which a busy machine makes slow
        assertThat(rows(csv, "records-consumed-rate")).isNotEmpty().allSatisfy(r -> {
            assertThat(r.source).matches("metrics-.+-consumer-\\d+");
            assertThat(r.value).isBetween(0.0, 100_000.0);
        });

        List<Row> lag = rows(csv, "consumer-group-lag");
        assertThat(lag).as("consumer-group-lag rows in %s", csv).isNotEmpty().allSatisfy(r -> {
            assertThat(r.source).isEqualTo(group);
            assertThat(r.value).isBetween(0.0, (double) RECORDS);
        });
        // sampled during the tearDown pause: every record read and committed
        assertThat(lag.get(lag.size() - 1).value).isZero();

        assertThat(result.logErrors()).as("ERROR in %s", result.log()).isEmpty();
        assertThat(result.logWarningsAndErrors())
                .as("WARN in %s", result.log())
                .noneMatch(w -> w.contains("Kafka Metrics"));
        assertThat(Files.readString(result.log(), StandardCharsets.UTF_8))
                .contains("Kafka Metrics 'Kafka Metrics': writing to " + csv.toAbsolutePath());
    }
}
