package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.client.ShareGroups;
import io.github.jmeterkafka.client.ShareReader;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.ReadTally;
import io.github.jmeterkafka.measure.ShareFigures;
import io.github.jmeterkafka.measure.ShareTally;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.run.KafkaSampleResult;
import io.github.jmeterkafka.run.RunOutput;
import io.github.jmeterkafka.sampler.base.FailureLog;
import io.github.jmeterkafka.sampler.base.RecordListing;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import io.github.jmeterkafka.sampler.base.Responses;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
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
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.UnsupportedVersionException;

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

    private transient volatile ShareReader reader;
    private transient ReadTally tally;
    private transient ShareTally shareTally;
    private transient String samplerData;
    private transient ValueText valueText;

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
    protected Sample<ShareReader.Delivery> prepare(SampleResult result) throws Exception {
        Connection connection = connection();
        int max = Fields.positiveInt("records per sample", recordsPerSample, 500);
        long timeoutMs = Fields.nonNegativeLong("poll timeout", pollTimeout, 5000);
        long processingMs = Fields.nonNegativeLong("processing time per record", processingTime, 0);
        ShareRun run = run();
        ShareReader r = reader(connection, max);
        tally.reset();
        if (run.budget.spent()) {
            return null;
        }
        if (samplerData == null) {
            // the fields are read once per thread, as the reader is made
            samplerData = "connection: " + connection.name() + "\nshare group: " + groupId.trim() + "\ntopics: "
                    + topics.trim() + "\nacknowledgement: " + acknowledgement + "\nup to " + max
                    + " records within " + timeoutMs + " ms";
        }
        result.setSamplerData(samplerData);
        run.stats.reading(System.currentTimeMillis());
        String prefix = variablePrefix.trim();
        return new Sample<>() {
            @Override
            public ShareReader.Delivery call(SampleResult res) throws InterruptedException {
                return r.read(
                        timeoutMs,
                        run.budget,
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

    private boolean filled(
            SampleResult result, ShareReader.Delivery read, ShareRun run, String prefix, long timeoutMs) {
        shareTally.renewed(read.renewals());
        int count = read.count();
        if (count == 0) {
            if (run.budget.spent()) {
                return false;
            }
            Responses.fail(
                    result,
                    ResponseCodes.NO_RECORDS,
                    stopped()
                            ? "no record before the sample was interrupted"
                            : "no record within " + timeoutMs + " ms");
            return true;
        }
        tally.sampled(run.stats.read(count, tally.keyValueBytes(), result.getStartTime(), tally.lastReceivedMillis()));
        // what the thread did since its last figures: the broker's answers to earlier samples' acknowledgements too
        ShareFigures share = shareTally.handOver();
        if (result instanceof KafkaSampleResult kafkaResult) {
            kafkaResult.figures(
                    tally.figures(RunOutput.server(), result.getStartTime(), 0).shared(share));
        }
        result.setSampleCount(count);
        result.setBodySize(tally.bytes());
        result.setLatency(tally.maxEndToEndMillis());
        result.setSuccessful(true);
        result.setResponseMessage(count + (count == 1 ? " record" : " records") + " read");
        Responses.utf8(result, RecordListing.of(read.kept, count, valueText));
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (!prefix.isEmpty() && vars != null) {
            vars.put(prefix + "_e2e_max", Long.toString(tally.maxEndToEndMillis()));
            RecordListing.variables(vars, prefix, read.kept, valueText);
        }
        return true;
    }

    private ShareReader reader(Connection connection, int max) throws InterruptedException {
        ShareReader r = reader;
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
            ReadTally t = new ReadTally(run.stats, null);
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
            tally = t;
            shareTally = st;
            reader = r;
        }
        return r;
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

    /** A broker without share groups: the next sample makes a new consumer and fails as clearly. */
    @Override
    protected void failed(SampleResult result, Throwable e) {
        if (e instanceof UnsupportedVersionException) {
            closeReader();
        }
    }

    @Override
    protected void wake() {
        ShareReader r = reader;
        if (r != null) {
            r.wakeup();
        }
    }

    @Override
    public void threadFinished() {
        closeReader();
    }

    private void closeReader() {
        ShareReader r = reader;
        reader = null;
        if (r != null) {
            // sends the last acknowledgements and waits for their answers, which the listener counts
            closeThreadClient("share consumer", r::close);
            tally.finish();
            // the broker's answers to the last acknowledgements: only this server's own summary has them
            shareTally.handOver();
        }
    }

    @Override
    protected SamplerRuns<ShareRun> runs() {
        return RUNS;
    }

    @Override
    public void testStarted() {
        super.testStarted();
        HeapCheck.warnOnceIfHeapCanShrink();
        try {
            run();
        } catch (InvalidInputException e) {
            // reported by every sample
        }
    }
}
