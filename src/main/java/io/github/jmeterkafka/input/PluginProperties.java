package io.github.jmeterkafka.input;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Properties;
import org.apache.jmeter.util.JMeterUtils;

/** The JMeter properties the plugin reads; every name starts with {@code kafka.}. */
public final class PluginProperties {
    /** Response and sampler data are cut to this many characters. */
    public static final String RESPONSE_MAX_BYTES = "kafka.response.max.bytes";
    /** How long closing a client may take at thread or test end, in ms. */
    public static final String CLOSE_TIMEOUT_MS = "kafka.close.timeout.ms";
    /** A CSV file the end-of-test summaries are appended to. */
    public static final String SUMMARY_FILE = "kafka.summary.file";
    /** Criteria judged at test end on each sampler's summary figures, e.g. "corrected p99 <= 50 ms; failed = 0". */
    public static final String OBJECTIVES = "kafka.objectives";
    /** Level of the org.apache.kafka logger when the user has not configured it. */
    public static final String CLIENT_LOG_LEVEL = "kafka.client.log.level";
    /** Seconds between producer progress lines like perf-test's; 0 (default) prints none. */
    public static final String PROGRESS_INTERVAL_S = "kafka.progress.interval.s";
    /** A CSV file this process's client metrics go to, as the Kafka Metrics listener writes them (jmeter-servers). */
    public static final String METRICS_FILE = "kafka.metrics.file";
    /** "false" stops the limits probe: the summaries then have no limits lines. */
    public static final String LIMITS = "kafka.limits";
    /** Seconds between those metrics rows. */
    public static final String METRICS_INTERVAL_S = "kafka.metrics.interval.s";
    /** The metric names, comma-separated, as the listener's field. */
    public static final String METRICS_NAMES = "kafka.metrics.names";
    /** Seconds from a sampler's first record whose records the summary's second line leaves out. */
    public static final String WARMUP_S = "kafka.warmup.s";
    /** A sampler's first records that the summary's second line leaves out, as perf-test's --warmup-records. */
    public static final String WARMUP_RECORDS = "kafka.warmup.records";
    /** Directory of the per-sampler HdrHistogram interval logs; "none" writes none. */
    public static final String HLOG_DIR = "kafka.hlog.dir";
    /** Seconds per interval of those logs. */
    public static final String HLOG_INTERVAL_S = "kafka.hlog.interval.s";
    /** How late (ms) a paced sampler's record may be sent before its schedule counts as behind (or skips it). */
    public static final String SCHEDULE_GRACE_MS = "kafka.schedule.grace.ms";
    /**
     * How far ahead (ms) a paced sample takes records, each sent at its own time: fewer, larger samples than one
     * per record.
     */
    public static final String SCHEDULE_WINDOW_MS = "kafka.schedule.window.ms";
    /**
     * How long (ms) a record correlated by key or JSON path is held for an await that has not started yet before it
     * counts as unmatched.
     */
    public static final String AWAIT_HOLD_MS = "kafka.await.hold.ms";
    /** At most this many such records held per topic and correlation, the oldest dropped (as unmatched) first. */
    public static final String AWAIT_HOLD_RECORDS = "kafka.await.hold.records";
    /**
     * When a Kafka Await's reader starts reading: ms since the epoch or an ISO-8601 instant; unset, the test's start.
     */
    public static final String AWAIT_FROM = "kafka.await.from";
    /** JMeter's own: how long it waits for a stopped thread to end before it exits with an error. */
    private static final String THREAD_STOP_WAIT_MS = "jmeterengine.threadstop.wait";

    private PluginProperties() {}

    public static Duration closeTimeout() {
        return Duration.ofMillis(get(CLOSE_TIMEOUT_MS, 5000));
    }

    /**
     * The close timeout once Stop has interrupted a thread: at most half of JMeter's
     * jmeterengine.threadstop.wait, since JMeter exits with an error when a stopped thread outlives it.
     */
    public static Duration stopCloseTimeout() {
        Duration half = Duration.ofMillis(get(THREAD_STOP_WAIT_MS, 5000) / 2);
        Duration close = closeTimeout();
        return close.compareTo(half) < 0 ? close : half;
    }

    /** How long a record correlated by value waits for its await: {@link #AWAIT_HOLD_MS}, 60 s by default. */
    public static Duration awaitHold() {
        return Duration.ofMillis(Math.max(0, get(AWAIT_HOLD_MS, 60_000)));
    }

    /**
     * {@link #AWAIT_FROM} in ms since the epoch, or 0 when it is not set.
     *
     * @throws InvalidInputException neither a number nor an ISO-8601 instant
     */
    public static long awaitFrom() {
        String from = get(AWAIT_FROM, "");
        if (from.isEmpty()) {
            return 0;
        }
        try {
            return from.chars().allMatch(Character::isDigit)
                    ? Long.parseLong(from)
                    : Instant.parse(from).toEpochMilli();
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new InvalidInputException(AWAIT_FROM + " '" + from
                    + "' is neither ms since the epoch nor an ISO-8601 instant such as 2026-12-04T10:00:00Z");
        }
    }

    /** {@link #AWAIT_HOLD_RECORDS}, 100,000 by default. */
    public static int awaitHoldRecords() {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, get(AWAIT_HOLD_RECORDS, 100_000)));
    }

    /** The interval logs' directory as given (relative or absolute); null for "none". */
    public static String hlogDir() {
        String dir = get(HLOG_DIR, "kafka-hlog");
        return "none".equalsIgnoreCase(dir) ? null : dir;
    }

    /** Whether JMeter's properties are loaded: false outside a JMeter run (unit tests). */
    public static boolean loaded() {
        return JMeterUtils.getJMeterProperties() != null;
    }

    /** This jmeter-server as the controller named it (host:port); empty when not running as one. */
    public static String distributedServer() {
        String id = raw(JMeterUtils.THREAD_GROUP_DISTRIBUTED_PREFIX_PROPERTY_NAME);
        return id == null ? "" : id;
    }

    public static long get(String name, long defaultValue) {
        String value = raw(name);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return defaultValue;
        }
    }

    public static String get(String name, String defaultValue) {
        String value = raw(name);
        return value == null || value.isBlank() ? defaultValue : value.trim();
    }

    private static String raw(String name) {
        Properties props = JMeterUtils.getJMeterProperties();
        return props == null ? null : props.getProperty(name);
    }
}
