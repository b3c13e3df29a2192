package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.client.ShareGroups;
import io.github.jmeterkafka.client.ShareReader;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.ReadTally;
import io.github.jmeterkafka.measure.ShareTally;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.sampler.base.FailureLog;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import io.github.jmeterkafka.sampler.base.Responses;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import io.github.jmeterkafka.sampler.base.ThreadReader;
import io.github.jmeterkafka.sampler.consumer.HeapCheck;
import io.github.jmeterkafka.sampler.share.ShareAcknowledgement;
import io.github.jmeterkafka.sampler.share.ShareConsumerFields;
import io.github.jmeterkafka.sampler.share.ShareOutcomes;
import io.github.jmeterkafka.sampler.share.ShareRun;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Kafka Share Consumer: a member of a share group (KIP-932) per JMeter thread; each sample is one poll's records
 * within a timeout, each acknowledged as the plan says (accept, release, reject), after a simulated job per record.
 * Volume, rates and end-to-end latency are reported as the Kafka Consumer's (same summary rows, interval log and
 * Kafka page); the summary adds kafka-share-consumer-perf-test's line, acknowledgements, delivery counts and the
 * exactly-once check of accepted records.
 *
 * <p>Threads: each thread's share consumer is made by it in {@link #sample}, used only by it, and closed by it in
 * {@link #threadFinished}; {@link #interrupt} only wakes it.
 */
public class KafkaShareConsumerSampler extends ShareConsumerFields {
    private static final long serialVersionUID = 1L;
    private static final SamplerRuns<ShareRun> RUNS = new SamplerRuns<>("Kafka Share Consumer");

    private transient ShareTally shareTally;
    // the broker's answers to the last acknowledgements, counted as the reader closed: only this server's own summary
    // has them
    private final transient ThreadReader<ShareReader> reading =
            new ThreadReader<>(this, "share consumer", () -> shareTally.handOver());
    private transient String samplerData;
    private transient ValueText valueText;

    @Override
    protected Sample<ShareReader.Delivery> prepare(SampleResult result) throws Exception {
        Connection connection = connection();
        int max = Fields.positiveInt("records per sample", recordsPerSample, 500);
        long timeoutMs = Fields.nonNegativeLong("poll timeout", pollTimeout, 5000);
        long processingMs = Fields.nonNegativeLong("processing time per record", processingTime, 0);
        ShareRun run = run();
        ShareReader r = reader(connection, max);
        if (samplerData == null) {
            // the fields are read once per thread, as the reader is made
            samplerData = "connection: " + connection.name() + "\nshare group: " + groupId.trim() + "\ntopics: "
                    + topics.trim() + "\nacknowledgement: " + acknowledgement + "\nup to " + max
                    + " records within " + timeoutMs + " ms";
        }
        if (!reading.start(result, run.reads, samplerData)) {
            return null;
        }
        String prefix = variablePrefix.trim();
        return new Sample<>() {
            @Override
            public ShareReader.Delivery call(SampleResult res) throws InterruptedException {
                return r.read(
                        timeoutMs,
                        run.reads.budget,
                        prefix.isEmpty() ? Responses.LISTED_RECORDS : max,
                        processingMs,
                        renewLocks);
            }

            @Override
            public boolean fill(SampleResult res, ShareReader.Delivery read) {
                return filled(res, read, run, prefix, timeoutMs);
            }
        };
    }

    @Override
    protected void wake() {
        reading.wake();
    }

    private boolean filled(
            SampleResult result, ShareReader.Delivery read, ShareRun run, String prefix, long timeoutMs) {
        shareTally.renewed(read.renewals());
        int count = read.count();
        if (count == 0) {
            return reading.none(result, run.reads, timeoutMs);
        }
        // what the thread did since its last figures: the broker's answers to earlier samples' acknowledgements too
        reading.read(result, run.reads, count, 0, shareTally.handOver());
        reading.list(result, read.kept, count, valueText, prefix);
        return true;
    }

    /** A broker without share groups: the next sample makes a new consumer and fails as clearly. */
    @Override
    protected void failed(SampleResult result, Throwable e) {
        reading.failed(e);
    }

    private ShareReader reader(Connection connection, int max) throws InterruptedException {
        ShareReader r = reading.reader();
        if (r == null) {
            List<String> topicList = Arrays.stream(
                            Fields.required("topics", topics).split(","))
                    .map(String::trim)
                    .filter(t -> !t.isEmpty())
                    .toList();
            String group = Fields.required("share group", groupId);
            ShareGroups.requireSupport(connection.admin(), PluginProperties.closeTimeout());
            ShareAcknowledgement mode = Tagged.parse(ShareAcknowledgement.class, "acknowledgement", acknowledgement);
            valueText = ValueText.of(valueSchema.trim(), connection.schemaRegistry());
            ShareReader.Decider decider = mode == ShareAcknowledgement.EXPLICIT ? outcomes() : null;
            ShareRun run = run();
            ReadTally t = new ReadTally(run.reads.stats, null);
            ShareTally st = new ShareTally(run.share);
            ShareReader.Listener listener = new ShareReader.Listener() {
                @Override
                public void delivered(ConsumerRecord<Object, Object> rec, long polledMicros) {
                    t.record(rec, polledMicros);
                    st.delivered(rec.deliveryCount().orElse((short) 1));
                }

                @Override
                public void decided(ShareReader.Pending p) {
                    st.decided(ShareOutcomes.word(p.type), p.overBudget);
                }

                @Override
                public void acknowledged(ShareReader.Pending p, long ackedMicros, Exception failure) {
                    if (failure != null) {
                        st.refused(ShareOutcomes.word(p.type), p.overBudget);
                        if (p.type == AcknowledgeType.ACCEPT && !p.overBudget) {
                            run.share.acceptanceFailed(p.topic, p.partition, p.sequence);
                        }
                        FailureLog.once(
                                getName(),
                                ResponseCodes.of(failure),
                                "the broker refused an acknowledgement: " + FailureText.describe(failure),
                                failure);
                        return;
                    }
                    if (!p.overBudget) {
                        st.answered(ackedMicros - p.polledMicros);
                        if (p.type == AcknowledgeType.ACCEPT) {
                            run.share.acceptanceConfirmed(p.topic, p.partition, p.sequence);
                        }
                    }
                }
            };
            r = new ShareReader(
                    connection.newShareConsumer(Map.of(
                            ConsumerConfig.GROUP_ID_CONFIG,
                            group,
                            ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                            max,
                            ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG,
                            mode == ShareAcknowledgement.EXPLICIT ? "explicit" : "implicit")),
                    topicList,
                    decider,
                    listener);
            shareTally = st;
            reading.opened(r, t);
        }
        return r;
    }

    @Override
    public void threadFinished() {
        reading.close();
    }

    private ShareOutcomes outcomes() {
        double release = Fields.percent("released share", releasePercent);
        double reject = Fields.percent("rejected share", rejectPercent);
        CompoundVariable expression = null;
        JMeterProperty p = getProperty("outcomeExpression");
        if (p instanceof FunctionProperty fp && fp.getObjectValue() instanceof CompoundVariable cv) {
            expression = cv;
        } else if (!outcomeExpression.isBlank()) {
            expression = new CompoundVariable(outcomeExpression);
        }
        return new ShareOutcomes(release, reject, expression, variablePrefix.trim(), valueText, getName());
    }

    @Override
    public void testStarted() {
        super.testStarted();
        HeapCheck.warnOnceIfHeapCanShrink();
        startRun(this::run);
    }

    /** The run all threads of this sampler share (tests read its figures). */
    ShareRun run() {
        return RUNS.get(
                getName(),
                () -> new ShareRun(
                        Fields.nonNegativeLong("records to read in total", recordBudget, 0),
                        verifyDelivery,
                        getName()));
    }

    @Override
    protected SamplerRuns<ShareRun> runs() {
        return RUNS;
    }
}
