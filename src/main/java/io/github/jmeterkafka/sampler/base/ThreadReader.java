package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.client.OwnedReader;
import io.github.jmeterkafka.measure.ReadTally;
import io.github.jmeterkafka.measure.ShareFigures;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.run.KafkaSampleResult;
import io.github.jmeterkafka.run.RunOutput;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.UnsupportedVersionException;

/**
 * A sampler thread's own reader of records, as the Kafka Consumer and the Share Consumer keep one: made by the
 * thread's first sample with the tally its listener counts each record into, woken by Stop, closed at the thread's
 * end; and what each sample's read makes of the result.
 *
 * <p>Threads: the sampler's thread does all but {@link #wake}, which Stop calls from another.
 */
public final class ThreadReader<R extends OwnedReader> {
    private final AbstractKafkaSampler sampler;
    private final String client;
    private final Runnable closed;
    private volatile R reader;
    private ReadTally tally;

    /**
     * @param client what the reader reads with, for the log ("consumer")
     * @param closed what the sampler does after its reader was closed
     */
    public ThreadReader(AbstractKafkaSampler sampler, String client, Runnable closed) {
        this.sampler = sampler;
        this.client = client;
        this.closed = closed;
    }

    /** The reader this thread made, with the tally its listener counts records into. */
    public void opened(R r, ReadTally t) {
        tally = t;
        reader = r;
    }

    /** This thread's reader; null before {@link #opened} and after {@link #close}. */
    public R reader() {
        return reader;
    }

    /** What the current sample's records added up to so far. */
    public ReadTally tally() {
        return tally;
    }

    /**
     * Starts a sample's read: no sample (false) when the run's record budget is spent, and the thread stops.
     *
     * @param samplerData the read's settings, as the result shows them
     */
    public boolean start(SampleResult result, ReadRun run, String samplerData) {
        tally.reset();
        if (run.budget.spent()) {
            return false;
        }
        result.setSamplerData(samplerData);
        run.stats.reading(System.currentTimeMillis());
        return true;
    }

    /**
     * A read that brought no record: a failed sample, or none (false) when other threads read the rest of the budget
     * meanwhile, and this thread stops.
     */
    public boolean none(SampleResult result, ReadRun run, long timeoutMs) {
        if (run.budget.spent()) {
            return false;
        }
        Responses.fail(
                result,
                ResponseCodes.NO_RECORDS,
                sampler.stopped()
                        ? "no record before the sample was interrupted"
                        : "no record within " + timeoutMs + " ms");
        return true;
    }

    /**
     * A read's {@code count} records into the run's figures and the result: count, bytes, the largest end-to-end
     * latency, and on a jmeter-server the sample's figures.
     *
     * @param rebalanceMs the thread's time in rebalances so far
     * @param share       a share consumer's figures since its last sample; null for none
     */
    public void read(SampleResult result, ReadRun run, int count, long rebalanceMs, ShareFigures share) {
        tally.sampled(run.stats.read(count, tally.keyValueBytes(), result.getStartTime(), tally.lastReceivedMillis()));
        if (result instanceof KafkaSampleResult kafkaResult) {
            kafkaResult.figures(tally.figures(RunOutput.server(), result.getStartTime(), rebalanceMs)
                    .shared(share));
        }
        result.setSampleCount(count);
        // JMeter's received bytes are headers + body size when set: the records' own bytes
        result.setBodySize(tally.bytes());
        result.setLatency(tally.maxEndToEndMillis());
        result.setSuccessful(true);
        result.setResponseMessage(count + (count == 1 ? " record" : " records") + " read");
    }

    /** The records read: the first as the response, all as variables under a non-empty prefix. */
    public void list(
            SampleResult result,
            List<ConsumerRecord<Object, Object>> kept,
            int count,
            ValueText values,
            String prefix) {
        Responses.utf8(result, RecordListing.of(kept, count, values));
        variables(prefix, kept, tally.maxEndToEndMillis(), values);
    }

    /** prefix_e2e_max, then those of {@link RecordListing#variables}; none under an empty prefix. */
    public static void variables(
            String prefix, List<ConsumerRecord<Object, Object>> records, long maxE2eMs, ValueText values) {
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (prefix.isEmpty() || vars == null) {
            return;
        }
        vars.put(prefix + "_e2e_max", Long.toString(maxE2eMs));
        RecordListing.variables(vars, prefix, records, values);
    }

    /**
     * After a sample failed: a broker that lacks an API the reader needs says so once, then the reader polls empty;
     * closed, the next sample's new reader fails as clearly.
     */
    public void failed(Throwable e) {
        if (e instanceof UnsupportedVersionException) {
            close();
        }
    }

    /** Breaks the read in flight, if any; from any thread. */
    public void wake() {
        R r = reader;
        if (r != null) {
            r.wakeup();
        }
    }

    /** Closes this thread's reader, if it has one, as {@link ThreadClose} bounds it, once its latencies are the run's. */
    public void close() {
        R r = reader;
        reader = null;
        if (r != null) {
            tally.finish();
            sampler.closeThreadClient(client, r::close);
            closed.run();
        }
    }
}
