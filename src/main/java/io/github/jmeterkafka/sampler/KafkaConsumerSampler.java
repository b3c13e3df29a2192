package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.CommitMode;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ReadSpec;
import io.github.jmeterkafka.client.ReaderSetup;
import io.github.jmeterkafka.client.RecordReader;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.ReadTally;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import io.github.jmeterkafka.sampler.base.Responses;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import io.github.jmeterkafka.sampler.base.ThreadReader;
import io.github.jmeterkafka.sampler.consumer.ConsumerFields;
import io.github.jmeterkafka.sampler.consumer.ConsumerRun;
import io.github.jmeterkafka.sampler.consumer.HeapCheck;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Kafka Consumer: each sample reads up to N records within a timeout and never blocks past it.
 * One sample stands for the records it read ({@code SampleCount}); its Latency field holds the
 * largest end-to-end latency among them (receive time minus the producer's send time, from the
 * sequence header, else the record timestamp).
 *
 * <p>Threads: each JMeter thread has its own KafkaConsumer, created lazily by that thread in
 * {@link #sample}, used only by it and closed by it in {@link #threadFinished}; {@link #interrupt}
 * only calls the consumer's {@code wakeup()}, which Kafka allows from any thread.
 */
public class KafkaConsumerSampler extends ConsumerFields {
    private static final long serialVersionUID = 1L;
    private static final SamplerRuns<ConsumerRun> RUNS = new SamplerRuns<>("Kafka Consumer");

    // this clone's thread only (interrupt() may wake the reader)
    private transient ValueText valueText;
    private transient long rebalanceMsTotal;
    private transient String samplerData;
    private transient int samplerDataMax;
    private transient long samplerDataTimeoutMs;
    private final transient ThreadReader<RecordReader> reading =
            new ThreadReader<>(this, "consumer", () -> samplerData = null);

    @Override
    protected Sample<RecordReader.Handout> prepare(SampleResult result) throws Exception {
        Connection connection = connection();
        int max = Fields.positiveInt("records per sample", recordsPerSample, 1);
        long timeoutMs = Fields.nonNegativeLong("poll timeout", pollTimeout, 5000);
        ConsumerRun run = run();
        RecordReader r = reader(connection);
        if (!reading.start(result, run.reads, samplerData(connection, r, max, timeoutMs))) {
            return null;
        }
        return new Read(r, run, max, timeoutMs, variablePrefix.trim(), valueText(connection));
    }

    @Override
    protected void wake() {
        reading.wake();
    }

    /** One read: up to {@code max} records within the poll timeout, then their offsets committed as the mode says. */
    private final class Read implements Sample<RecordReader.Handout> {
        private final RecordReader reader;
        private final ConsumerRun run;
        private final int max;
        private final long timeoutMs;
        private final String prefix;
        private final ValueText values;
        // the records were read and their offsets stay to be committed: report them, then fail
        private RuntimeException commitFailure;

        Read(RecordReader reader, ConsumerRun run, int max, long timeoutMs, String prefix, ValueText values) {
            this.reader = reader;
            this.run = run;
            this.max = max;
            this.timeoutMs = timeoutMs;
            this.prefix = prefix;
            this.values = values;
        }

        @Override
        public RecordReader.Handout call(SampleResult result) {
            // the variables need every record; the response lists only the first
            RecordReader.Handout read =
                    reader.read(max, timeoutMs, run.reads.budget, prefix.isEmpty() ? Responses.LISTED_RECORDS : max);
            try {
                reader.commitReported();
            } catch (RuntimeException e) {
                commitFailure = e;
            }
            return read;
        }

        @Override
        public void ended(SampleResult result) {
            long rebalanceMs = reader.takeRebalanceMillis();
            result.setConnectTime(rebalanceMs);
            rebalanceMsTotal += rebalanceMs;
        }

        @Override
        public boolean fill(SampleResult result, RecordReader.Handout read) {
            int count = read.count();
            if (count == 0) {
                if (commitFailure != null) {
                    throw commitFailure;
                }
                boolean sampled = reading.none(result, run.reads, timeoutMs);
                if (sampled) {
                    ThreadReader.variables(prefix, List.of(), 0, ValueText.UTF8);
                }
                return sampled;
            }
            long gaps = reading.tally().gaps();
            // the run ends with its last record, as perf-test's does: not with a sample's wait for more, nor
            // with rebalances after it (threads leaving at the end of a timed test)
            run.reads.stats.rebalanced(rebalanceMsTotal);
            reading.read(result, run.reads, count, rebalanceMsTotal, null);
            reading.list(result, read.kept, count, values, prefix);
            if (commitFailure != null) {
                fail(result, commitFailure);
            } else if (gaps > 0 && failOnGap) {
                Responses.fail(
                        result,
                        ResponseCodes.RECORD_GAP,
                        "sequence gap before " + gaps + " of " + count
                                + " records: earlier records of their producer and partition are missing");
            }
            return true;
        }
    }

    /**
     * The broker lacks an API the consumer needs (the CONSUMER group protocol before Kafka 4.0): the
     * consumer says so once, then polls empty; the next sample's new consumer fails as clearly.
     */
    @Override
    protected void failed(SampleResult result, Throwable e) {
        reading.failed(e);
    }

    /** The same text for every sample of a thread while its limits stay: built once, not per sample. */
    private String samplerData(Connection connection, RecordReader r, int max, long timeoutMs) {
        if (samplerData == null || max != samplerDataMax || timeoutMs != samplerDataTimeoutMs) {
            samplerData = "connection: " + connection.name() + "\nread: " + r.spec() + "\ngroup: "
                    + (r.spec().usesGroup() ? groupId : "(none: assign mode)") + "\nup to " + max + " records within "
                    + timeoutMs + " ms";
            samplerDataMax = max;
            samplerDataTimeoutMs = timeoutMs;
        }
        return samplerData;
    }

    private RecordReader reader(Connection connection) {
        RecordReader r = reading.reader();
        if (r == null) {
            ReadSpec spec = readSpec();
            CommitMode mode = Tagged.parse(CommitMode.class, "commit mode", commitMode);
            String group = spec.usesGroup() ? Fields.required("group id", groupId) : null;
            ReaderSetup setup = new ReaderSetup(connection, spec, group);
            ConsumerRun run = run();
            ReadTally t = new ReadTally(run.reads.stats, verifyDelivery ? run.verifier(group) : null);
            r = setup.open(mode, run.started(group), t::record, PluginProperties.closeTimeout());
            reading.opened(r, t);
        }
        return r;
    }

    private ReadSpec readSpec() {
        ReadSpec.Start start = Tagged.parse(ReadSpec.Start.class, "start at", startAt);
        long value = start.takesValue() ? Fields.nonNegativeLong("start offset or timestamp", startValue) : 0;
        return Tagged.parse(ReadSpec.Subscription.class, "subscription", subscription)
                .spec(topics, partitions, start, value);
    }

    @Override
    public void threadFinished() {
        reading.close();
    }

    /** This thread's view of values, made again when the schema field changed; the connection's registry reads framed values. */
    private ValueText valueText(Connection connection) {
        if (valueText == null || !valueText.schemaText.equals(valueSchema.trim())) {
            valueText = ValueText.of(valueSchema.trim(), connection.schemaRegistry());
        }
        return valueText;
    }

    @Override
    public void testStarted() {
        super.testStarted();
        HeapCheck.warnOnceIfHeapCanShrink();
        startRun(this::run);
    }

    private ConsumerRun run() {
        return RUNS.get(
                getName(),
                () -> new ConsumerRun(
                        Fields.nonNegativeLong("records to read in total", recordBudget, 0),
                        Tagged.parse(ReadSpec.Start.class, "start at", startAt) == ReadSpec.Start.EARLIEST,
                        getName()));
    }

    @Override
    protected SamplerRuns<ConsumerRun> runs() {
        return RUNS;
    }
}
