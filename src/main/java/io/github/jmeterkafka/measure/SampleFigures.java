package io.github.jmeterkafka.measure;

import java.io.Serializable;

/**
 * What one sample of a jmeter-server adds to its sampler's summary, sent with the sample to the
 * controller, which merges the servers' summaries from them: every record's latency (not a
 * percentile, so the merged percentiles are exact), counts, bytes and times.
 */
public final class SampleFigures implements Serializable {
    private static final long serialVersionUID = 1L;

    /** {@link ProducerStats.Summary#KIND} or {@link ConsumerStats.Summary#KIND}. */
    public final String kind;
    /** The jmeter-server, as host:port. */
    public final String server;
    /** Acknowledged (producer) or read (consumer) records' latencies in µs: send-to-ack or end-to-end. */
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
            double expectedRate) {
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
    }
}
