package io.github.jmeterkafka.measure;

import io.github.jmeterkafka.text.CsvField;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import org.HdrHistogram.Histogram;

/**
 * One summary as a row: the one definition of the columns that kafka.summary.file, the interval
 * logs and the merge of distributed runs write. Producer and consumer rows share the header, so one
 * file holds both; a column that does not apply to a kind stays empty.
 */
public final class SummaryRow {
    private static final DateTimeFormatter PERF_TEST_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS", Locale.ROOT);

    public enum Column {
        KIND,
        LABEL,
        PART,
        RECORDS,
        FAILED,
        MB,
        SECONDS,
        RECORDS_PER_SEC,
        MB_PER_SEC,
        AVG_MS,
        MAX_MS,
        P50_MS,
        P95_MS,
        P99_MS,
        P999_MS,
        P9999_MS,
        START_TIME,
        END_TIME,
        REBALANCE_MS,
        FETCH_MS,
        FETCH_MB_PER_SEC,
        FETCH_RECORDS_PER_SEC,
        EXPECTED_RECORDS_PER_SEC,
        // a paced run: latency from the intended send time, the wait to be sent, time behind schedule
        CORRECTED_AVG_MS,
        CORRECTED_MAX_MS,
        CORRECTED_P50_MS,
        CORRECTED_P95_MS,
        CORRECTED_P99_MS,
        CORRECTED_P999_MS,
        CORRECTED_P9999_MS,
        SEND_DELAY_P50_MS,
        SEND_DELAY_P99_MS,
        SEND_DELAY_MAX_MS,
        BEHIND_S,
        SKIPPED,
        // an event's window: records in flight at its mark, seconds until the p99 was back (-1: not in the window),
        // records its connection's producers sent again
        IN_FLIGHT,
        RECOVERY_S,
        RETRIED,
        // what limited the run (measure/LimitFigures): the first limit hit, then each candidate's figures
        FIRST_LIMIT,
        CORES_BUSY_PERCENT,
        JVM_CPU_PERCENT,
        GC_PAUSE_PERCENT,
        GC_LONGEST_MS,
        THREADS_WAITED_MS,
        QUEUE_MS,
        BUFFER_FULL_PERCENT,
        THROTTLE_MS,
        CONSUMER_LAG,
        SLOWEST_BROKER,
        SLOWEST_BROKER_MS,
        UNDER_REPLICATED,
        UNDER_MIN_ISR,
        OFFLINE_PARTITIONS,
        LEADER_CHANGES,
        LEAST_IDLE_BROKER,
        BROKER_HANDLERS_IDLE_PERCENT,
        BROKER_PRODUCE_MS,
        // what the run was: when, where, with what, and the ready plans' properties (empty: the plan's default)
        TIMESTAMP,
        PLAN,
        HOST,
        JMETER_VERSION,
        KAFKA_VERSION,
        TOPIC("topic"),
        PARTITIONS("partitions"),
        REPLICATION("replication"),
        RECORD_SIZE("record.size"),
        ACKS("acks"),
        COMPRESSION("compression"),
        LINGER_MS("linger.ms"),
        BATCH_SIZE("batch.size"),
        THREADS("threads"),
        RATE("rate"),
        RECORDS_PER_SAMPLE("records.per.sample"),
        CONSUMERS("consumers"),
        FETCH_SIZE("fetch.size");

        /** The JMeter property the ready plans read for this column; null for a figure. */
        public final String property;

        Column() {
            this(null);
        }

        Column(String property) {
            this.property = property;
        }

        public String header() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The part of a run a row covers: all of it, after the warm-up, or one server's share. */
    public static final String ALL = "all";

    public static final String STEADY = "steady";

    private final Map<Column, String> values = new EnumMap<>(Column.class);

    SummaryRow(String kind, String label, String part) {
        values.put(Column.KIND, kind);
        values.put(Column.LABEL, label);
        values.put(Column.PART, part);
    }

    public static String header() {
        StringJoiner j = new StringJoiner(",");
        for (Column c : Column.values()) {
            j.add(c.header());
        }
        return j.toString();
    }

    public String csv() {
        StringJoiner j = new StringJoiner(",");
        for (Column c : Column.values()) {
            j.add(CsvField.of(values.getOrDefault(c, "")));
        }
        return j.toString();
    }

    public String get(Column c) {
        return values.getOrDefault(c, "");
    }

    SummaryRow put(Column c, long v) {
        values.put(c, Long.toString(v));
        return this;
    }

    SummaryRow put(Column c, double v, int decimals) {
        values.put(c, String.format(Locale.ROOT, "%." + decimals + "f", v));
        return this;
    }

    /** Sets a column of what the run was (time, plan, versions, properties). */
    public SummaryRow describe(Column c, String v) {
        return put(c, v);
    }

    SummaryRow put(Column c, String v) {
        values.put(c, v);
        return this;
    }

    /** avg and max in ms with two decimals, percentiles in whole ms as perf-test prints them. */
    SummaryRow latency(Histogram micros) {
        boolean any = micros.getTotalCount() > 0;
        put(Column.AVG_MS, any ? micros.getMean() / 1000.0 : 0, 2);
        put(Column.MAX_MS, any ? micros.getMaxValue() / 1000.0 : 0, 2);
        put(Column.P50_MS, micros.getValueAtPercentile(50) / 1000);
        put(Column.P95_MS, micros.getValueAtPercentile(95) / 1000);
        put(Column.P99_MS, micros.getValueAtPercentile(99) / 1000);
        put(Column.P999_MS, micros.getValueAtPercentile(99.9) / 1000);
        return put(Column.P9999_MS, p9999Ms(micros));
    }

    /** The 99.99th percentile in whole ms, as perf-test prints its percentiles. */
    static long p9999Ms(Histogram micros) {
        return micros.getValueAtPercentile(99.99) / 1000;
    }

    /** The tail perf-test's line leaves out: "N ms 99.99th, M ms max" of {@code micros}. */
    static String tail(Histogram micros) {
        return String.format(
                Locale.ROOT,
                "%d ms 99.99th, %.2f ms max",
                p9999Ms(micros),
                micros.getTotalCount() > 0 ? micros.getMaxValue() / 1000.0 : 0);
    }

    /** {@link #time}'s text back in ms since the epoch (this machine's zone, as written); 0 when empty or not one. */
    public static long epochMs(String time) {
        try {
            return time == null || time.isBlank()
                    ? 0
                    : LocalDateTime.parse(time.trim(), PERF_TEST_TIME)
                            .atZone(ZoneId.systemDefault())
                            .toInstant()
                            .toEpochMilli();
        } catch (DateTimeParseException e) {
            return 0;
        }
    }

    /** consumer-perf-test's time format. */
    public static String time(long epochMs) {
        return epochMs == 0
                ? ""
                : PERF_TEST_TIME.format(Instant.ofEpochMilli(epochMs).atZone(ZoneId.systemDefault()));
    }
}
