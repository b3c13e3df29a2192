package io.github.jmeterkafka.sampler;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.header.Header;

import io.github.jmeterkafka.client.CommitMode;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Failures;
import io.github.jmeterkafka.client.InvalidInputException;
import io.github.jmeterkafka.client.Numbers;
import io.github.jmeterkafka.client.ReadSpec;
import io.github.jmeterkafka.client.RecordReader;
import io.github.jmeterkafka.measure.ConsumerStats;
import io.github.jmeterkafka.measure.DeliveryVerifier;
import io.github.jmeterkafka.measure.IntervalLog;
import io.github.jmeterkafka.measure.ReadTally;
import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SampleFigures;
import io.github.jmeterkafka.measure.SummaryLines;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.measure.Warmup;

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
public class KafkaConsumerSampler extends AbstractKafkaSampler {
    private static final long serialVersionUID = 1L;
    private static final SamplerRuns<Run> RUNS = new SamplerRuns<>("Kafka Consumer");

    static final String SUBSCRIBE_TOPICS = "subscription.topics";
    static final String SUBSCRIBE_PATTERN = "subscription.pattern";
    static final String ASSIGN = "subscription.assign";
    static final String START_COMMITTED_OR_EARLIEST = "startAt.committedOrEarliest";
    static final String START_COMMITTED_OR_LATEST = "startAt.committedOrLatest";
    static final String START_EARLIEST = "startAt.earliest";
    static final String START_LATEST = "startAt.latest";
    static final String START_OFFSET = "startAt.offset";
    static final String START_TIMESTAMP = "startAt.timestamp";
    static final String COMMIT_AUTO = "commitMode.auto";
    static final String COMMIT_SYNC = "commitMode.sync";
    static final String COMMIT_ASYNC = "commitMode.async";
    static final String COMMIT_NONE = "commitMode.none";

    private String subscription = SUBSCRIBE_TOPICS;
    private String topics = "";
    private String partitions = "";
    private String groupId = "jmeter-kafka";
    private String startAt = START_COMMITTED_OR_EARLIEST;
    private String startValue = "";
    private String valueSchema = "";
    private String recordsPerSample = "1";
    private String pollTimeout = "5000";
    private String commitMode = COMMIT_AUTO;
    private String recordBudget = "";
    private String variablePrefix = "kafka";
    private boolean verifyDelivery = true;
    private boolean failOnGap;

    // this clone's thread only (interrupt() may read reader)
    private transient volatile RecordReader reader;
    private transient ReadTally tally;
    private transient ValueText valueText;
    private transient long rebalanceMsTotal;
    private transient String samplerData;
    private transient int samplerDataMax;
    private transient long samplerDataTimeoutMs;

    static final class Run {
        final Warmup warmup = RunOutput.warmup();
        final ConsumerStats stats = new ConsumerStats(warmup);
        IntervalLog intervals;
        final RecordBudget budget;
        private final boolean fromStart;
        // per group, or "" for assign mode: groups that each read every record are each verified apart
        private final Map<String, DeliveryVerifier> verifiers = new ConcurrentSkipListMap<>();
        // per group (the group id may differ per thread): its threads position each partition once
        // ("earliest" must not restart on rebalance), and hand revoked partitions on
        private final Map<String, Map<TopicPartition, Long>> startedByGroup = new ConcurrentHashMap<>();
        // a thread of this sampler feeds the verifier: else its summary line would report 0 verified
        volatile boolean verifying;

        Run(long budget, boolean fromStart, String label) {
            this.budget = new RecordBudget(budget);
            this.fromStart = fromStart;
            this.intervals = RunOutput.intervalLog(ConsumerStats.Summary.KIND, label, "end-to-end");
            stats.logIntervals(intervals);
        }

        DeliveryVerifier verifier(String group) {
            return verifiers.computeIfAbsent(group == null ? "" : group, g -> new DeliveryVerifier(fromStart));
        }

        /** One delivery line, or one per group when several groups read. */
        List<String> deliveryLines() {
            if (!verifying) {
                return List.of("delivery: not verified (Verify delivery is off)");
            }
            if (verifiers.size() <= 1) {
                DeliveryVerifier only = verifiers.isEmpty() ? new DeliveryVerifier(fromStart) : verifiers.values().iterator().next();
                return List.of(only.summaryLine());
            }
            List<String> lines = new ArrayList<>();
            verifiers.forEach((group, v) -> lines.add("group '" + group + "' " + v.summaryLine()));
            return lines;
        }

        Map<TopicPartition, Long> started(String group) {
            return startedByGroup.computeIfAbsent(group, g -> new ConcurrentHashMap<>());
        }
    }

    private Run run() {
        return RUNS.get(getName(), () -> new Run(Numbers.nonNegativeLong("records to read in total", recordBudget, 0),
                START_EARLIEST.equals(Fields.choice("start at", startAt, START_COMMITTED_OR_EARLIEST,
                        START_COMMITTED_OR_LATEST, START_EARLIEST, START_LATEST, START_OFFSET, START_TIMESTAMP)), getName()));
    }

    @Override
    protected boolean sampleInto(SampleResult result) throws Exception {
        Connection connection = connection();
        int max = Numbers.positiveInt("records per sample", recordsPerSample, 1);
        long timeoutMs = Numbers.nonNegativeLong("poll timeout", pollTimeout, 5000);
        Run run = run();
        RecordReader r = reader(connection);
        tally.reset();
        if (run.budget.spent()) {
            return false;
        }
        ValueText values = valueText();
        result.setSamplerData(samplerData(connection, r, max, timeoutMs));
        run.stats.reading(System.currentTimeMillis());
        RecordReader.Handout read = null;
        RuntimeException commitFailure = null;
        UnsupportedVersionException unsupported = null;
        String prefix = variablePrefix.trim();
        result.sampleStart();
        try {
            // the variables need every record; the response lists only the first
            read = r.read(max, timeoutMs, run.budget, prefix.isEmpty() ? LISTED_RECORDS : max);
            try {
                r.commitReported();
            } catch (RuntimeException e) {
                // the records were read and their offsets stay to be committed: report them, then fail
                commitFailure = e;
            }
        } catch (UnsupportedVersionException e) {
            unsupported = e;
        } finally {
            result.sampleEnd();
            long rebalanceMs = r.takeRebalanceMillis();
            result.setConnectTime(rebalanceMs);
            rebalanceMsTotal += rebalanceMs;
        }
        if (unsupported != null) {
            // the broker lacks an API the consumer needs (the CONSUMER group protocol before Kafka 4.0): the
            // consumer says so once, then polls empty; the next sample's new consumer fails as clearly
            closeReader();
            throw unsupported;
        }
        int count = read == null ? 0 : read.count();
        if (count == 0) {
            if (commitFailure != null) {
                throw commitFailure;
            }
            if (run.budget.spent()) {
                // other threads read the rest meanwhile: no sample, and this thread stops
                return false;
            }
            fail(result, ResponseCodes.NO_RECORDS, stopped ? "no record before the sample was interrupted"
                    : "no record within " + timeoutMs + " ms");
            setVariables(prefix, List.of(), 0, ValueText.UTF8);
            return true;
        }
        long gaps = tally.gaps();
        // the run ends with its last record, as perf-test's does: not with a sample's wait for more, nor
        // with rebalances after it (threads leaving at the end of a timed test)
        run.stats.rebalanced(rebalanceMsTotal);
        tally.sampled(run.stats.read(count, tally.keyValueBytes(), result.getStartTime(), tally.lastReceivedMillis()));
        if (result instanceof KafkaSampleResult) {
            ((KafkaSampleResult) result).figures(new SampleFigures(ConsumerStats.Summary.KIND, RunOutput.server(),
                    tally.sampleMicros(), count, 0, tally.keyValueBytes(), result.getStartTime(),
                    tally.lastReceivedMillis(), rebalanceMsTotal, 0));
        }
        result.setSampleCount(count);
        // JMeter's received bytes are headers + body size when set: the records' own bytes
        result.setBodySize(tally.bytes());
        result.setLatency(tally.maxEndToEndMillis());
        result.setSuccessful(true);
        result.setResponseCode(ResponseCodes.OK);
        result.setResponseMessage(count + (count == 1 ? " record" : " records") + " read");
        setResponseUtf8(result, listing(read.kept, count, values));
        setVariables(prefix, read.kept, tally.maxEndToEndMillis(), values);
        if (commitFailure != null) {
            fail(result, commitFailure);
        } else if (gaps > 0 && failOnGap) {
            fail(result, ResponseCodes.RECORD_GAP, "sequence gap before " + gaps + " of " + count
                    + " records: earlier records of their producer and partition are missing");
        }
        return true;
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
        RecordReader r = reader;
        if (r == null) {
            ReadSpec spec = readSpec();
            String commit = Fields.choice("commit mode", commitMode, COMMIT_AUTO, COMMIT_SYNC, COMMIT_ASYNC, COMMIT_NONE);
            Map<String, Object> overrides = new HashMap<>();
            overrides.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            overrides.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, spec.offsetReset());
            String group = spec.usesGroup() ? Fields.required("group id", groupId) : null;
            if (group != null) {
                overrides.put(ConsumerConfig.GROUP_ID_CONFIG, group);
            }
            Map<String, Object> config = connection.settings().consumerConfig("", overrides);
            long interval = Long.parseLong(String.valueOf(config.getOrDefault(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, 5000)));
            CommitMode mode = spec.usesGroup()
                    ? CommitMode.valueOf(commit.substring(commit.indexOf('.') + 1).toUpperCase(Locale.ROOT))
                    : CommitMode.NONE;
            Run run = run();
            if (verifyDelivery) {
                run.verifying = true;
            }
            ReadTally t = new ReadTally(run.stats, verifyDelivery ? run.verifier(group) : null);
            Consumer<Object, Object> consumer = connection.newConsumer(overrides);
            try {
                r = new RecordReader(consumer, spec, mode, interval, group != null ? run.started(group) : new HashMap<>(),
                        t::record);
            } catch (RuntimeException e) {
                // assign mode positions in the constructor (offsetsForTimes may fail): the next sample makes another
                consumer.close(closeTimeout());
                throw e;
            }
            tally = t;
            reader = r;
        }
        return r;
    }

    private ReadSpec readSpec() {
        String start = Fields.choice("start at", startAt, START_COMMITTED_OR_EARLIEST, START_COMMITTED_OR_LATEST,
                START_EARLIEST, START_LATEST, START_OFFSET, START_TIMESTAMP);
        ReadSpec.Start s;
        switch (start) {
            case START_COMMITTED_OR_LATEST: s = ReadSpec.Start.COMMITTED_OR_LATEST; break;
            case START_EARLIEST: s = ReadSpec.Start.EARLIEST; break;
            case START_LATEST: s = ReadSpec.Start.LATEST; break;
            case START_OFFSET: s = ReadSpec.Start.OFFSET; break;
            case START_TIMESTAMP: s = ReadSpec.Start.TIMESTAMP; break;
            default: s = ReadSpec.Start.COMMITTED_OR_EARLIEST;
        }
        long value = s == ReadSpec.Start.OFFSET || s == ReadSpec.Start.TIMESTAMP
                ? Numbers.nonNegativeLong("start offset or timestamp", startValue) : 0;
        String mode = Fields.choice("subscription", subscription, SUBSCRIBE_TOPICS, SUBSCRIBE_PATTERN, ASSIGN);
        if (SUBSCRIBE_PATTERN.equals(mode)) {
            return ReadSpec.pattern(topics, s, value);
        }
        if (ASSIGN.equals(mode)) {
            return ReadSpec.assign(topics, partitions, s, value);
        }
        return ReadSpec.topics(topics, s, value);
    }

    /**
     * The first records as UTF-8 text, up to the response data's cap; the rest as a count. Values go
     * in as the bytes they are: a sample lists up to 20 of them, and decoding them only to encode
     * them again made as much garbage per sample as the records themselves. The pieces are measured
     * first and copied once into an array of their size: at one record per sample the listing is
     * a good part of the sampler's own work.
     */
    private static byte[] listing(List<ConsumerRecord<Object, Object>> records, int count, ValueText view) {
        int maxData = responseMaxBytes();
        int n = Math.min(records.size(), LISTED_RECORDS);
        byte[][] heads = new byte[n][];
        ByteBuffer[] values = new ByteBuffer[n];
        int size = 0;
        int listed = 0;
        while (listed < n && size < maxData) {
            ConsumerRecord<Object, Object> rec = records.get(listed);
            // a value may be megabytes: cut to what is left of the cap
            ByteBuffer value = view.bytes(rec.value());
            value.limit(value.position() + Math.max(0, Math.min(value.remaining(), maxData - size)));
            heads[listed] = head(rec);
            values[listed] = value;
            size += heads[listed].length + value.remaining() + 1;
            listed++;
        }
        byte[] more = listed < count
                ? ("... " + (count - listed) + " more records\n").getBytes(StandardCharsets.UTF_8)
                : new byte[0];
        ByteBuffer out = ByteBuffer.allocate(size + more.length);
        for (int i = 0; i < listed; i++) {
            out.put(heads[i]).put(values[i]).put((byte) '\n');
        }
        return out.put(more).array();
    }

    /** A record's first line: where it is, its timestamp, key and headers. */
    private static byte[] head(ConsumerRecord<Object, Object> rec) {
        StringBuilder head = new StringBuilder(96).append(rec.topic()).append('-').append(rec.partition()).append('@')
                .append(rec.offset()).append(" timestamp=").append(rec.timestamp()).append(" key=").append(text(rec.key()));
        for (Header h : rec.headers()) {
            head.append(' ').append(h.key()).append('=').append(text(h.value()));
        }
        return head.append('\n').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** This thread's view of values, made again when the schema field changed. */
    private ValueText valueText() {
        if (valueText == null || !valueText.schemaText.equals(valueSchema.trim())) {
            valueText = ValueText.of(valueSchema.trim());
        }
        return valueText;
    }

    static String text(Object o) {
        if (o == null) {
            return "";
        }
        if (o instanceof ByteBuffer) {
            return StandardCharsets.UTF_8.decode(((ByteBuffer) o).duplicate()).toString();
        }
        return o instanceof byte[] ? new String((byte[]) o, StandardCharsets.UTF_8) : o.toString();
    }

    /** prefix_count, prefix_e2e_max, then per record i (from 1) prefix_key_i, prefix_value_i, ... */
    private static void setVariables(String p, List<ConsumerRecord<Object, Object>> records, long maxE2eMs,
            ValueText values) {
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (p.isEmpty() || vars == null) {
            return;
        }
        vars.put(p + "_count", Integer.toString(records.size()));
        vars.put(p + "_e2e_max", Long.toString(maxE2eMs));
        int i = 1;
        for (ConsumerRecord<Object, Object> rec : records) {
            vars.put(p + "_topic_" + i, rec.topic());
            vars.put(p + "_partition_" + i, Integer.toString(rec.partition()));
            vars.put(p + "_offset_" + i, Long.toString(rec.offset()));
            vars.put(p + "_timestamp_" + i, Long.toString(rec.timestamp()));
            vars.put(p + "_key_" + i, text(rec.key()));
            vars.put(p + "_value_" + i, values.text(rec.value()));
            StringBuilder hs = new StringBuilder();
            for (Header h : rec.headers()) {
                hs.append(hs.length() == 0 ? "" : ",").append(h.key()).append('=').append(text(h.value()));
            }
            vars.put(p + "_headers_" + i, hs.toString());
            i++;
        }
    }

    @Override
    public boolean interrupt() {
        stopped = true;
        RecordReader r = reader;
        if (r != null) {
            r.wakeup();
        }
        return true;
    }

    @Override
    public void threadFinished() {
        closeReader();
    }

    private void closeReader() {
        RecordReader r = reader;
        reader = null;
        samplerData = null;
        if (r != null) {
            tally.finish();
            // JMeter also exits with an error if the thread outlives jmeterengine.threadstop.wait: closes are bounded
            boolean interrupted = clearInterruptBeforeClose(stopped);
            try {
                r.close(stopped ? stopCloseTimeout() : closeTimeout());
            } catch (RuntimeException e) {
                FailureLog.once(getName(), ResponseCodes.of(e), "closing the consumer failed: " + Failures.describe(e), e);
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    @Override
    public void testStarted() {
        super.testStarted();
        HeapCheck.warnOnceIfHeapCanShrink();
        RUNS.start(getName());
        try {
            run();
        } catch (InvalidInputException e) {
            // reported by every sample
        }
    }

    @Override
    public void testEnded() {
        Run run = RUNS.remove(getName());
        if (run == null) {
            return;
        }
        ConsumerStats.Summary all = run.stats.summary();
        ConsumerStats.Summary steady = run.stats.steadySummary();
        List<String> lines = new ArrayList<>(SummaryLines.consumer(all, steady, run.warmup));
        lines.addAll(run.deliveryLines());
        SummaryPrinter.print("Kafka Consumer summary for '" + getName() + "':", lines.toArray(new String[0]));
        List<SummaryRow> rows = RunParameters.describe(SummaryLines.consumerRows(getName(), all, steady));
        SummaryPrinter.csv(rows);
        if (run.intervals != null) {
            run.intervals.close(rows);
        }
    }

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getSubscription() { return subscription; }
    public void setSubscription(String subscription) { this.subscription = Fields.nullToEmpty(subscription); }
    public String getTopics() { return topics; }
    public void setTopics(String topics) { this.topics = Fields.nullToEmpty(topics); }
    public String getPartitions() { return partitions; }
    public void setPartitions(String partitions) { this.partitions = Fields.nullToEmpty(partitions); }
    public String getGroupId() { return groupId; }
    public void setGroupId(String groupId) { this.groupId = Fields.nullToEmpty(groupId); }
    public String getStartAt() { return startAt; }
    public void setStartAt(String startAt) { this.startAt = Fields.nullToEmpty(startAt); }
    public String getValueSchema() { return valueSchema; }
    public void setValueSchema(String valueSchema) { this.valueSchema = Fields.nullToEmpty(valueSchema); }
    public String getStartValue() { return startValue; }
    public void setStartValue(String startValue) { this.startValue = Fields.nullToEmpty(startValue); }
    public String getRecordsPerSample() { return recordsPerSample; }
    public void setRecordsPerSample(String recordsPerSample) { this.recordsPerSample = Fields.nullToEmpty(recordsPerSample); }
    public String getPollTimeout() { return pollTimeout; }
    public void setPollTimeout(String pollTimeout) { this.pollTimeout = Fields.nullToEmpty(pollTimeout); }
    public String getCommitMode() { return commitMode; }
    public void setCommitMode(String commitMode) { this.commitMode = Fields.nullToEmpty(commitMode); }
    public String getRecordBudget() { return recordBudget; }
    public void setRecordBudget(String recordBudget) { this.recordBudget = Fields.nullToEmpty(recordBudget); }
    public boolean isVerifyDelivery() { return verifyDelivery; }
    public void setVerifyDelivery(boolean verifyDelivery) { this.verifyDelivery = verifyDelivery; }
    public boolean isFailOnGap() { return failOnGap; }
    public void setFailOnGap(boolean failOnGap) { this.failOnGap = failOnGap; }
    public String getVariablePrefix() { return variablePrefix; }
    public void setVariablePrefix(String variablePrefix) { this.variablePrefix = Fields.nullToEmpty(variablePrefix); }
}
