package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Correlation;
import io.github.jmeterkafka.client.MatchWait;
import io.github.jmeterkafka.client.ReplyReader;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.MatchStats;
import io.github.jmeterkafka.measure.SampleFigures;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import io.github.jmeterkafka.sampler.reply.AwaitFields;
import io.github.jmeterkafka.sampler.reply.CorrelateBy;
import io.github.jmeterkafka.sampler.reply.CorrelatedWait;
import io.github.jmeterkafka.sampler.reply.MatchRun;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * Kafka Await: waits for the records that something else caused (an HTTP call, a CSV row, a previous Kafka
 * sample) to appear on a topic, found by a value from a JMeter variable in their key, a header or a JSON field,
 * and times each from a start the plan gives (the trigger's start) or this sample's start.
 *
 * <p>Threads: the records are read by the connection's one {@link ReplyReader} of the topic, shared with any Kafka
 * Request-Reply reading it; {@link #wake} only releases the wait of the sample in flight.
 */
public class KafkaAwaitSampler extends AwaitFields {
    private static final long serialVersionUID = 1L;
    private static final SamplerRuns<MatchRun> RUNS = new SamplerRuns<>("Kafka Await");
    // what JMeter leaves of a reference to a variable that is not set
    private static final Pattern UNSET = Pattern.compile(".*\\$\\{[^}]+}.*");
    private static final long CLOCK_RESOLUTION_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private transient ValueText valueText;
    private final transient CorrelatedWait waiting = new CorrelatedWait(this::stopped);

    private MatchRun run() {
        return RUNS.get(getName(), () -> new MatchRun(0, null, getName(), MatchStats.Kind.AWAIT));
    }

    @Override
    protected Sample<MatchWait> prepare(SampleResult result) {
        String t = Fields.required("topic", topic).trim();
        Correlation by = correlation();
        String value = awaitValue.trim();
        if (value.isEmpty() || UNSET.matcher(value).matches()) {
            throw new InvalidInputException("the value to await is '" + value + "': is its variable set (e.g. by an"
                    + " extractor of the sample that caused the record)?");
        }
        int n = Fields.positiveInt("records to await", recordCount, 1);
        long timeoutMs = Fields.nonNegativeLong("timeout", timeout, 10_000);
        if (timeoutMs == 0) {
            throw new InvalidInputException("Timeout must be more than 0 ms");
        }
        long startMs = startTime.isBlank() ? 0 : Fields.nonNegativeLong("start time", startTime, 0);
        result.setSampleCount(n);
        Connection connection = connection();
        if (valueText == null || !valueText.schemaText.equals(valueSchema.trim())) {
            valueText = ValueText.of(valueSchema.trim(), connection.schemaRegistry());
        }
        result.setSamplerData("connection: " + connection.name() + "\ntopic: " + t + "\nawait: " + n + " record(s)"
                + " with " + by + " = " + value + "\ntimeout: " + timeoutMs + " ms"
                + (startMs > 0 ? "\nfrom: " + startMs + " (ms since the epoch)" : ""));
        return new Await(
                connection,
                t,
                new CorrelatedWait.Expected(run(), by, n, timeoutMs, valueText, variablePrefix),
                value,
                startMs);
    }

    /** One sample's wait for its records, each carrying {@code value} where the correlation reads it. */
    private final class Await implements Sample<MatchWait> {
        private final Connection connection;
        private final String topicName;
        private final CorrelatedWait.Expected expected;
        private final String value;
        private final long startMs;
        private long fromNanos;

        Await(Connection connection, String topicName, CorrelatedWait.Expected expected, String value, long startMs) {
            this.connection = connection;
            this.topicName = topicName;
            this.expected = expected;
            this.value = value;
            this.startMs = startMs;
        }

        @Override
        public MatchWait call(SampleResult result) {
            long nowNanos = System.nanoTime();
            // the plan's start, as this process's clock (both clocks read now): records read since then count
            fromNanos = startMs > 0
                    ? nowNanos - TimeUnit.MILLISECONDS.toNanos(Math.max(0, System.currentTimeMillis() - startMs))
                    : nowNanos;
            // the start and a caught-up record's time are whole milliseconds: one written in the start's
            // millisecond may map to just before it
            long sinceNanos = startMs > 0 ? fromNanos - CLOCK_RESOLUTION_NANOS : fromNanos;
            long from = readFrom();
            MatchRun run = expected.run();
            ReplyReader reader = waiting.readyReader(
                    result,
                    () -> run.reader(
                            connection,
                            Map.of(topicName, "awaited"),
                            topicName,
                            from,
                            expected.by(),
                            valueSchema.trim()));
            long readyNanos = System.nanoTime();
            int n = expected.count();
            return waiting.await(reader, expected, wait -> {
                run.stats.sending(fromNanos, n);
                for (int i = 0; i < n; i++) {
                    wait.sending(i, fromNanos);
                    wait.expect(i, value, sinceNanos);
                }
                // the reader's cold start (a thread's first sample) is no part of the records' time to come
                wait.timeoutFrom(readyNanos);
            });
        }

        @Override
        public boolean fill(SampleResult result, MatchWait wait) {
            CorrelatedWait.fill(result, getName(), wait, expected, fromNanos, SampleFigures::awaited);
            return true;
        }
    }

    /**
     * The time the plan gives ({@code kafka.await.from}); else the test's start, less a second of clock skew, or the
     * hold window if that is shorter: an event caused before the first await started (each thread's first) is read
     * too, older ones are not.
     */
    private static long readFrom() {
        long given = PluginProperties.awaitFrom();
        if (given > 0) {
            return given;
        }
        long now = System.currentTimeMillis();
        long testStart = JMeterContextService.getTestStartTime();
        long from = testStart > 0 ? testStart - 1000 : now;
        return Math.max(from, now - PluginProperties.awaitHold().toMillis());
    }

    /** What a record must carry to be awaited: its key, a header's text, or a field of its value. */
    private Correlation correlation() {
        return switch (Tagged.parse(CorrelateBy.class, "await by", correlateBy)) {
            case HEADER -> Correlation.headerValue(Fields.required("header", correlationHeader));
            case KEY -> Correlation.key();
            case JSON_PATH -> Correlation.jsonPath(Fields.required("JSON path", correlationPath));
        };
    }

    @Override
    protected void wake() {
        waiting.wake();
    }

    @Override
    public void threadFinished() {
        // the reader belongs to the connection, which closes it at test end
    }

    @Override
    protected SamplerRuns<MatchRun> runs() {
        return RUNS;
    }
}
