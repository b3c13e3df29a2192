package io.github.jmeterkafka.measure;

import io.github.jmeterkafka.measure.DeliveryVerifier.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * What one consumer thread's current sample was handed: bytes, sequence gaps and the largest
 * end-to-end latency; and every record's end-to-end latency, until the thread {@link #finish}es.
 * Each record goes into the sampler's shared delivery verifier the moment it is handed out, before
 * its offset can be committed: a partition's next owner then always starts after what this thread
 * already verified, so a rebalance never looks like a gap. Used by its owning thread only.
 */
public final class ReadTally {
    private final ConsumerStats stats;
    private final DeliveryVerifier verifier;
    // this thread's alone until finish(): a shared histogram costs atomic updates per record
    private final Histogram e2eMicros = new Histogram(3);
    private final Histogram steadyMicros = new Histogram(3);
    // the current sample's latencies: into the steady histogram once the sample says it is after the warm-up
    private int[] sampleMicros = new int[16];
    private int sampleCount;
    private long bytes;
    private long keyValueBytes;
    private long gaps;
    private long maxE2eMicros;
    private long lastReceivedMicros;

    /** @param verifier null when delivery is not verified */
    public ReadTally(ConsumerStats stats, DeliveryVerifier verifier) {
        this.stats = stats;
        this.verifier = verifier;
    }

    /** Starts a new sample. */
    public void reset() {
        bytes = 0;
        keyValueBytes = 0;
        gaps = 0;
        maxE2eMicros = 0;
        lastReceivedMicros = 0;
        sampleCount = 0;
    }

    /**
     * Counts one received record.
     *
     * @param receivedMicros when the poll that brought the record returned, as {@link SequenceHeader#nowMicros()}
     */
    public void record(ConsumerRecord<?, ?> rec, long receivedMicros) {
        // key, value and headers, as the broker stores them; the last sequence header counts, as lastHeader() would
        long keyValue = (long) Math.max(0, rec.serializedKeySize()) + Math.max(0, rec.serializedValueSize());
        long size = keyValue;
        Header sequenceHeader = null;
        for (Header h : rec.headers()) {
            size += h.key().getBytes(StandardCharsets.UTF_8).length + (h.value() == null ? 0 : h.value().length);
            if (SequenceHeader.NAME.equals(h.key())) {
                sequenceHeader = h;
            }
        }
        bytes += size;
        keyValueBytes += keyValue;
        SequenceHeader seq = sequenceHeader == null ? null : SequenceHeader.decode(sequenceHeader.value());
        if (seq != null
                && verifier != null
                && verifier.observe(seq.producer, rec.topic(), rec.partition(), seq.sequence, seq.sendMicros / 1000)
                        == Outcome.GAP) {
            gaps++;
        }
        long e2e = Math.max(0, receivedMicros - (seq != null ? seq.sendMicros : rec.timestamp() * 1000));
        e2eMicros.recordValue(e2e);
        stats.interval(e2e, keyValue);
        if (sampleCount == sampleMicros.length) {
            sampleMicros = Arrays.copyOf(sampleMicros, sampleCount * 2);
        }
        sampleMicros[sampleCount++] = (int) Math.min(Integer.MAX_VALUE, e2e);
        maxE2eMicros = Math.max(maxE2eMicros, e2e);
        lastReceivedMicros = Math.max(lastReceivedMicros, receivedMicros);
    }

    /** The current sample is over: its latencies count after the warm-up too when {@code steady}. */
    public void sampled(boolean steady) {
        if (steady) {
            for (int i = 0; i < sampleCount; i++) {
                steadyMicros.recordValue(sampleMicros[i]);
            }
        }
    }

    /** The current sample's end-to-end latencies in µs. */
    public int[] sampleMicros() {
        return Arrays.copyOf(sampleMicros, sampleCount);
    }

    /**
     * What the current sample adds to a distributed test's merged summary.
     *
     * @param server      this jmeter-server, as host:port
     * @param rebalanceMs the thread's time in rebalances so far
     */
    public SampleFigures figures(String server, long startMs, long rebalanceMs) {
        return SampleFigures.read(sampleMicros(), sampleCount, keyValueBytes, rebalanceMs)
                .from(server, startMs, lastReceivedMillis());
    }

    /** Hands this thread's end-to-end latencies to the sampler's figures; the thread reads no more. */
    public void finish() {
        stats.endToEnd(e2eMicros, steadyMicros);
        e2eMicros.reset();
        steadyMicros.reset();
    }

    /** Key, value and headers, as the broker stores them (JMeter's received bytes). */
    public long bytes() {
        return bytes;
    }

    /** Keys and values only, as consumer-perf-test counts its MB. */
    public long keyValueBytes() {
        return keyValueBytes;
    }

    /** Records that came after a hole in their producer's sequence. */
    public long gaps() {
        return gaps;
    }

    public long maxEndToEndMillis() {
        return maxE2eMicros / 1000;
    }

    /** When the poll that brought the sample's latest record returned (epoch ms; 0: no record). */
    public long lastReceivedMillis() {
        return lastReceivedMicros / 1000;
    }
}
