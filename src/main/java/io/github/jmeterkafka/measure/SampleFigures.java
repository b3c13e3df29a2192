package io.github.jmeterkafka.measure;

import java.io.Serializable;

/**
 * What one sample of a jmeter-server adds to its sampler's summary, sent with the sample to the
 * controller, which merges the servers' summaries from them: every record's latency (not a
 * percentile, so the merged percentiles are exact), counts, bytes and times.
 */
public final class SampleFigures implements Serializable {
    private static final long serialVersionUID = 1L;

    /** {@link ProducerStats.Summary#KIND}, {@link ConsumerStats.Summary#KIND} or {@link MatchStats#KIND}. */
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
    /** The second of the server's limits probe read last before the sample ended; null when none. */
    public final LimitSample limits;

    /** Which sampler's records, their latencies, how many, how many failed, their bytes, and of the failed, timed out. */
    // these records only carry figures into the fields, never compared or hashed
    @SuppressWarnings("ArrayRecordComponent")
    private record Measured(String kind, int[] micros, long records, long failed, long bytes, long timedOut) {}

    /** Where and when: the jmeter-server and the sample's time ({@link #from}). */
    private record Place(String server, long startMs, long endMs) {}

    /** A paced run's figures ({@link #paced}); all null when not paced. */
    @SuppressWarnings("ArrayRecordComponent")
    private record Paced(int[] correctedMicros, int[] sendDelayMicros, SendSchedule.Behind behind) {}

    private static final Place NOWHERE = new Place("", 0, 0);
    private static final Paced NOT_PACED = new Paced(null, null, null);

    // the fields stay one per figure: they are the form a jmeter-server sends the controller
    private SampleFigures(
            Measured measured,
            long rebalanceMs,
            double expectedRate,
            Place place,
            Paced paced,
            ShareFigures share,
            LimitSample limits) {
        this.kind = measured.kind();
        this.server = place.server();
        this.micros = measured.micros();
        this.records = measured.records();
        this.failed = measured.failed();
        this.bytes = measured.bytes();
        this.startMs = place.startMs();
        this.endMs = place.endMs();
        this.rebalanceMs = rebalanceMs;
        this.expectedRate = expectedRate;
        this.timedOut = measured.timedOut();
        this.correctedMicros = paced.correctedMicros();
        this.sendDelayMicros = paced.sendDelayMicros();
        this.behind = paced.behind();
        this.share = share;
        this.limits = limits;
    }

    /**
     * A producer's sample: its acknowledged records' send-to-ack latencies; {@link #from} says where and when.
     *
     * @param expectedRate records/s this server's sampler is to reach; 0 when the plan does not say
     */
    public static SampleFigures produced(int[] micros, long acked, long failed, long bytes, double expectedRate) {
        return sample(new Measured(ProducerStats.Summary.KIND, micros, acked, failed, bytes, 0), 0, expectedRate);
    }

    /** A consumer's sample: its records' end-to-end latencies, and the thread's time in rebalances so far. */
    public static SampleFigures read(int[] micros, long records, long bytes, long rebalanceMs) {
        return sample(new Measured(ConsumerStats.Summary.KIND, micros, records, 0, bytes, 0), rebalanceMs, 0);
    }

    /** A Request-Reply sample: its answered requests' round trips; of the failed, those that timed out. */
    public static SampleFigures answered(
            int[] micros, long answered, long failed, long bytes, double expectedRate, long timedOut) {
        return sample(new Measured(MatchStats.KIND, micros, answered, failed, bytes, timedOut), 0, expectedRate);
    }

    /** A Kafka Await sample: its matched records' latencies from the sample's start; of the failed, those timed out. */
    public static SampleFigures awaited(int[] micros, long matched, long failed, long bytes, long timedOut) {
        return sample(new Measured(MatchStats.Kind.AWAIT.id, micros, matched, failed, bytes, timedOut), 0, 0);
    }

    private static SampleFigures sample(Measured measured, long rebalanceMs, double expectedRate) {
        return new SampleFigures(measured, rebalanceMs, expectedRate, NOWHERE, NOT_PACED, null, null);
    }

    /**
     * These figures as one jmeter-server's sample.
     *
     * @param server the jmeter-server, as host:port
     * @param endMs the sample's end; for a consumer, when its last record arrived
     */
    public SampleFigures from(String server, long startMs, long endMs) {
        return copy(new Place(server, startMs, endMs), pacing(), share, limits);
    }

    /** These figures with a paced run's; themselves when {@code behind} is null (not paced). */
    public SampleFigures paced(int[] corrected, int[] sendDelay, SendSchedule.Behind behind) {
        if (behind == null) {
            return this;
        }
        return copy(
                place(),
                new Paced(
                        corrected == null ? new int[0] : corrected, sendDelay == null ? new int[0] : sendDelay, behind),
                share,
                limits);
    }

    /** These figures with a share consumer's; themselves when {@code figures} is null (nothing to add). */
    public SampleFigures shared(ShareFigures figures) {
        if (figures == null) {
            return this;
        }
        return copy(place(), pacing(), figures, limits);
    }

    /** These figures with the server's last second of limits ({@code second} may be null: none read yet). */
    public SampleFigures limited(LimitSample second) {
        return copy(place(), pacing(), share, second);
    }

    private Place place() {
        return new Place(server, startMs, endMs);
    }

    private Paced pacing() {
        return new Paced(correctedMicros, sendDelayMicros, behind);
    }

    /** These figures with the sample's place and time, paced, share and limits figures as given. */
    private SampleFigures copy(Place place, Paced paced, ShareFigures share, LimitSample limits) {
        return new SampleFigures(
                new Measured(kind, micros, records, failed, bytes, timedOut),
                rebalanceMs,
                expectedRate,
                place,
                paced,
                share,
                limits);
    }
}
