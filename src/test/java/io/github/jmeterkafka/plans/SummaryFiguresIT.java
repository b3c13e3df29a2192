package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.sweep.files.CsvTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The figures a run hands on, each against what it must equal: the quick start with an 11-byte key
 * on every 1,000-byte value (and its sequence header), kafka.summary.file and
 * kafka.progress.interval.s set. MB counts values only for the producer and keys and values for the
 * consumer, headers left out, as the perf tools count; the consumer's summary row is written; its
 * rebalance time is the sum of its samples' connect times; progress lines come while it runs.
 */
class SummaryFiguresIT extends BrokerAndJMeter {
    private static final int RECORDS = 10_000;
    private static final int VALUE_BYTES = 1000;
    private static final String KEY = "key-0123456";
    private static final double MB = 1024.0 * 1024.0;

    @Test
    void theSummaryRowsCountWhatPerfToolsCountAndTheConnectTimesAddUp(@TempDir Path dir) throws Exception {
        String plan = Files.readString(
                        Harness.projectDir().resolve("test-plans/quickstart.jmx"), StandardCharsets.UTF_8)
                .replace(
                        "<stringProp name=\"keyMode\">keyMode.none</stringProp>",
                        "<stringProp name=\"keyMode\">keyMode.text</stringProp>")
                .replace("<stringProp name=\"key\"></stringProp>", "<stringProp name=\"key\">" + KEY + "</stringProp>");
        assertThat(plan).contains("keyMode.text", KEY, "<boolProp name=\"sequenceHeader\">true</boolProp>");
        Path keyed = Files.writeString(dir.resolve("quickstart-keyed.jmx"), plan, StandardCharsets.UTF_8);
        Path csv = dir.resolve("summary.csv");
        String topic = "summary-figures-" + System.nanoTime();

        JMeter.Result result = jmeter.plan(keyed)
                .name("summary-figures")
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("records", Integer.toString(RECORDS))
                .property("record.size", Integer.toString(VALUE_BYTES))
                .property("kafka.summary.file", csv.toString())
                .property("kafka.progress.interval.s", "1")
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(RECORDS);

        CsvTable rows = CsvTable.read(csv);
        int producer = row(rows, "producer");
        int consumer = row(rows, "consumer");
        assertThat(rows.get(producer, "records")).isEqualTo(Integer.toString(RECORDS));
        assertThat(rows.get(producer, "mb")).as("values only").isEqualTo(mb((long) RECORDS * VALUE_BYTES));
        assertThat(rows.get(consumer, "records")).isEqualTo(Integer.toString(RECORDS));
        assertThat(rows.get(consumer, "mb"))
                .as("keys and values, no headers")
                .isEqualTo(mb((long) RECORDS * (VALUE_BYTES + KEY.length())));

        List<Jtl.Row> consumed = result.samples().rows("Consume all records");
        assertThat(consumed.stream().mapToLong(Jtl.Row::connectTime).sum())
                .as("rebalance time = the samples' connect times")
                .isEqualTo(Long.parseLong(rows.get(consumer, "rebalance_ms")));
        assertThat(consumed.get(0).connectTime())
                .as("the first read joins the group")
                .isPositive();
        // a thread's first sample on the topic waits for its metadata, as its connect time
        assertThat(result.samples().rows("Produce 1 KB records"))
                .allSatisfy(r -> assertThat(r.connectTime()).isBetween(0L, r.elapsed()));

        assertThat(result.stdout()
                        .lines()
                        .filter(l -> l.startsWith("Produce 1 KB records: ") && l.contains(" records sent, ")))
                .as("progress lines while the test runs")
                .isNotEmpty();
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.4f", bytes / MB);
    }

    /** The index of the one row of {@code kind} for the whole run. */
    private static int row(CsvTable rows, String kind) {
        List<Integer> all = IntStream.range(0, rows.size())
                .filter(i ->
                        rows.get(i, "kind").equals(kind) && rows.get(i, "part").equals(SummaryRow.ALL))
                .boxed()
                .toList();
        assertThat(all).as("%s rows of part all", kind).hasSize(1);
        return all.get(0);
    }
}
