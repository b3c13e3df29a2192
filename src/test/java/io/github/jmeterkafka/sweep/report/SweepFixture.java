package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.measure.SummaryRow.Column;
import io.github.jmeterkafka.text.CsvField;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * rows.csv as the sweep runner writes it, figures made to be checked by hand. {@link #AFTER}: partitions
 * {1, 6} x acks {1, all} x 2 repeats of a plan with a producer (rows for all, steady and one server) and
 * a consumer (all only), plus a ninth run that failed with absurd figures. {@link #BEFORE}: the same plan
 * a broker change earlier, slower and with half the p99, over (1, 1), (1, all), (6, 1) and (12, 1).
 *
 * <p>Configuration k (0-based in (1,1), (1,all), (6,1), (6,all), (12,1)), repeat r: producer steady
 * records/s = 10,000 (k+1) + 1,000 (r-1), p99 = 5 (k+1) + 2 (r-1); consumer records/s = 9,000 (k+1) +
 * 200 (r-1), p99 = 50 (k+1) + 10 (r-1); rebalance 3,000 + 100 (r-1). BEFORE scales records/s by 0.8 and p99 by 0.5.
 */
final class SweepFixture {
    static final String PRODUCER = "Produce 1 KB";
    static final String CONSUMER = "Consume all";
    static final String FAILURE = "JMeter exited with 1, see \"run-9/jmeter.log\"";
    private static final List<List<String>> CONFIGURATIONS =
            List.of(List.of("1", "1"), List.of("1", "all"), List.of("6", "1"), List.of("6", "all"), List.of("12", "1"));

    static final String AFTER = rows("broker-tuning", List.of(0, 1, 2, 3), 1, 1, true);
    static final String BEFORE = rows("broker-tuning", List.of(0, 1, 2, 4), 0.8, 0.5, false);

    private SweepFixture() {}

    static String header() {
        // an unknown column between known ones: the report reads by name and ignores it
        return "sweep,run,repeat,status,vary.partitions,vary.acks,runner_note," + SummaryRow.header();
    }

    private static String rows(String sweep, List<Integer> configurations, double rate, double p99, boolean failed) {
        StringBuilder b = new StringBuilder(header()).append('\n');
        int run = 0;
        for (int k : configurations) {
            for (int r = 1; r <= 2; r++) {
                run++;
                String start = "ok," + vary(k) + ",note " + run + ",";
                double producer = (10_000 * (k + 1) + 1_000 * (r - 1)) * rate;
                double producerP99 = (5 * (k + 1) + 2 * (r - 1)) * p99;
                double consumer = (9_000 * (k + 1) + 200 * (r - 1)) * rate;
                double consumerP99 = (50 * (k + 1) + 10 * (r - 1)) * p99;
                String prefix = sweep + "," + run + "," + r + ",";
                b.append(prefix)
                        .append(start)
                        .append(producer(run, k, "all", producer * 0.9, producerP99 * 3))
                        .append('\n');
                b.append(prefix)
                        .append(start)
                        .append(producer(run, k, "steady", producer, producerP99))
                        .append('\n');
                b.append(prefix)
                        .append(start)
                        .append(producer(run, k, "server localhost:9092", 1, 1))
                        .append('\n');
                b.append(prefix)
                        .append(start)
                        .append(consumer(run, k, consumer, consumerP99, 3_000 + 100 * (r - 1)))
                        .append('\n');
            }
        }
        if (failed) {
            String prefix = sweep + ",9,3," + CsvField.of("failed: " + FAILURE) + "," + vary(3) + ",,";
            b.append(prefix).append(producer(9, 3, "steady", 999_999, 9_999)).append('\n');
        }
        return b.toString();
    }

    private static String vary(int k) {
        return String.join(",", CONFIGURATIONS.get(k));
    }

    private static String producer(int run, int k, String part, double rate, double p99) {
        Map<Column, Object> v = latencies(run, k, rate, p99);
        v.put(Column.KIND, "producer");
        v.put(Column.LABEL, PRODUCER);
        v.put(Column.PART, part);
        return csv(v);
    }

    private static String consumer(int run, int k, double rate, double p99, double rebalanceMs) {
        Map<Column, Object> v = latencies(run, k, rate, p99);
        v.put(Column.KIND, "consumer");
        v.put(Column.LABEL, CONSUMER);
        v.put(Column.PART, "all");
        v.put(Column.START_TIME, "2025-06-01 10:00:00:000");
        v.put(Column.END_TIME, "2025-06-01 10:00:30:000");
        v.put(Column.REBALANCE_MS, rebalanceMs);
        v.put(Column.FETCH_MS, 27_000);
        v.put(Column.FETCH_MB_PER_SEC, rate / 1000);
        v.put(Column.FETCH_RECORDS_PER_SEC, rate * 1.1);
        return csv(v);
    }

    /** The figures every row has, and what the run was. */
    private static Map<Column, Object> latencies(int run, int k, double rate, double p99) {
        Map<Column, Object> v = new EnumMap<>(Column.class);
        v.put(Column.TIMESTAMP, String.format(Locale.ROOT, "2025-06-01T10:%02d:00.%03dZ", run, run * 7));
        v.put(Column.PLAN, "producer-matrix.jmx");
        v.put(Column.HOST, "perf-host-1");
        v.put(Column.JMETER_VERSION, "5.6.3");
        v.put(Column.KAFKA_VERSION, "4.4.0");
        v.put(Column.TOPIC, "sweep-" + run);
        v.put(Column.PARTITIONS, CONFIGURATIONS.get(k).get(0));
        v.put(Column.ACKS, CONFIGURATIONS.get(k).get(1));
        v.put(Column.RECORD_SIZE, 1024);
        v.put(Column.RECORDS, (long) (rate * 30));
        v.put(Column.FAILED, 0);
        v.put(Column.MB, rate * 30 / 1000);
        v.put(Column.SECONDS, 30);
        v.put(Column.RECORDS_PER_SEC, rate);
        v.put(Column.MB_PER_SEC, rate / 1000);
        v.put(Column.AVG_MS, p99 / 4);
        v.put(Column.MAX_MS, p99 * 2);
        v.put(Column.P50_MS, p99 / 5);
        v.put(Column.P95_MS, p99 / 2);
        v.put(Column.P99_MS, p99);
        v.put(Column.P999_MS, p99 * 1.5);
        return v;
    }

    private static String csv(Map<Column, Object> values) {
        StringJoiner j = new StringJoiner(",");
        for (Column c : Column.values()) {
            Object v = values.get(c);
            j.add(
                    v == null
                            ? ""
                            : CsvField.of(
                                    v instanceof Double d ? String.format(Locale.ROOT, "%.2f", d) : v.toString()));
        }
        return j.toString();
    }
}
