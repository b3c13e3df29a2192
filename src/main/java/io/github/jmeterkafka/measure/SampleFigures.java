package io.github.jmeterkafka.measure;

import java.io.Serializable;

/**
 * What one sample of a jmeter-server adds to its sampler's summary, sent with the sample to the
 * controller, which merges the servers' summaries from them: every record's latency (not a
 * percentile, so the merged percentiles are exact), counts, bytes and times.
 */
public final class SampleFigures implements Serializable {
    private static final long serialVersionUID = 1L;

    /** {@link ProducerStats.Summary#KIND}, {@link ConsumerStats.Summary#KIND} or {@link RoundTripStats#KIND}. */
    public final String kind;
    /** The jmeter-server, as host:port. */
    public final String server;
    /**
     * Acknowledged (producer), read (consumer) or answered (request-reply) records' latencies in µs: send-to-ack,
     * end-to-end or round trip.
     */
    public final int[] micros;

    public final long records;
    public final long failed;
    /** As the perf tools count MB: producer values, consumer keys and values. */
    public final long bytes;
    /** The sample's start; its end, or for a consumer when its last record arrived. */
    public final long startMs;

    public final long endMs;
    public final long rebalanceMs;
    /** Records/s this server's sampler is to reach; 0 when the plan does not say. */
    public final double expectedRate;
    /** Of the failed: requests that got no reply in time (request-reply; 0 for the others). */
    public final long timedOut;
    /** On a paced run, the latencies (µs) from each record's intended send time; else null. */
    public final int[] correctedMicros;
    /** On a paced run, each record's wait (µs) from its intended to its actual send; else null. */
    public final int[] sendDelayMicros;
    /** On a paced run, this server's time behind schedule so far and its skipped records; else null. */
    public final SendSchedule.Behind behind;
    /** A share consumer's share figures; else null. */
    public final ShareFigures share;

    @SuppressWarnings("java:S107") // one value per figure the summary has
    public SampleFigures(
            String kind,
            String server,
            int[] micros,
            long records,
            long failed,
            long bytes,
            long startMs,
            long endMs,
            long rebalanceMs,
            double expectedRate,
            long timedOut) {
        this.kind = kind;
        this.server = server;
        this.micros = micros;
        this.records = records;
        this.failed = failed;
        this.bytes = bytes;
        this.startMs = startMs;
        this.endMs = endMs;
        this.rebalanceMs = rebalanceMs;
        this.expectedRate = expectedRate;
        this.timedOut = timedOut;
        this.correctedMicros = null;
        this.sendDelayMicros = null;
        this.behind = null;
        this.share = null;
    }

    /** {@code base}'s figures with a paced run's and a share consumer's as given. */
    private SampleFigures(
            SampleFigures base,
            int[] correctedMicros,
            int[] sendDelayMicros,
            SendSchedule.Behind behind,
            ShareFigures share) {
        this.kind = base.kind;
        this.server = base.server;
        this.micros = base.micros;
        this.records = base.records;
        this.failed = base.failed;
        this.bytes = base.bytes;
        this.startMs = base.startMs;
        this.endMs = base.endMs;
        this.rebalanceMs = base.rebalanceMs;
        this.expectedRate = base.expectedRate;
        this.timedOut = base.timedOut;
        this.correctedMicros = correctedMicros;
        this.sendDelayMicros = sendDelayMicros;
        this.behind = behind;
        this.share = share;
    }

    /** These figures with a paced run's; themselves when {@code behind} is null (not paced). */
    public SampleFigures paced(int[] corrected, int[] sendDelay, SendSchedule.Behind behind) {
        if (behind == null) {
            return this;
        }
        return new SampleFigures(
                this,
                corrected == null ? new int[0] : corrected,
                sendDelay == null ? new int[0] : sendDelay,
                behind,
                share);
    }

    /** These figures with a share consumer's; themselves when {@code figures} is null (nothing to add). */
    public SampleFigures shared(ShareFigures figures) {
        if (figures == null) {
            return this;
        }
        return new SampleFigures(this, correctedMicros, sendDelayMicros, behind, figures);
    }
}
