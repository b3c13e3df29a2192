package io.github.jmeterkafka.measure;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;

/**
 * Acknowledged records from the first send on: their latency, value bytes and, on a paced run, latency from the
 * intended send and send delay. A producer's whole run has one, its steady state another. Thread-safe.
 */
final class AckedRecords {
    private final ConcurrentHistogram latencyMicros = new ConcurrentHistogram(3);
    private final LongAdder bytes = new LongAdder();
    private final AtomicLong firstSendNanos = new AtomicLong(Long.MAX_VALUE);
    private final ScheduleFigures.Recorder scheduled = new ScheduleFigures.Recorder();

    void sending(long nanos) {
        firstSendNanos.accumulateAndGet(nanos, Math::min);
    }

    /** @param correctedMicros latency from the intended send; -1: not paced (then {@code delayMicros} is not either) */
    void acked(long micros, long valueBytes, long correctedMicros, long delayMicros) {
        latencyMicros.recordValue(micros);
        bytes.add(valueBytes);
        if (correctedMicros >= 0) {
            scheduled.record(correctedMicros, delayMicros);
        }
    }

    long firstSendNanos() {
        return firstSendNanos.get();
    }

    long bytes() {
        return bytes.sum();
    }

    /** From the first send to {@code lastAckNanos}; with {@code schedule}'s figures when paced (non-null). */
    ProducerStats.Summary summary(long failed, String firstFailure, long lastAckNanos, SendSchedule schedule) {
        long first = firstSendNanos.get();
        double seconds = first == Long.MAX_VALUE || lastAckNanos <= first ? 0 : (lastAckNanos - first) / 1e9;
        return new ProducerStats.Summary(latencyMicros.copy(), failed, bytes.sum(), seconds, firstFailure)
                .paced(schedule, scheduled);
    }
}
