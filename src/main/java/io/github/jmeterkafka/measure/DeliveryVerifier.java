package io.github.jmeterkafka.measure;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Checks delivery from the producers' sequence headers: per producer and partition, sequence
 * numbers are contiguous from 0, so a jump is a gap (records lost, or not yet arrived), a number
 * below the next expected one fills a gap (out of order) or was seen before (duplicate). Shared by
 * every thread of a consumer sampler: partitions move between threads on rebalance. Thread-safe.
 */
public final class DeliveryVerifier {

    /** What one record tells. */
    public enum Outcome {
        IN_ORDER,
        GAP,
        OUT_OF_ORDER,
        DUPLICATE
    }

    private final boolean fromStart;
    private final ConcurrentMap<String, Stream> streams = new ConcurrentHashMap<>();
    private final LongAdder verified = new LongAdder();
    private final LongAdder duplicated = new LongAdder();
    private final LongAdder outOfOrder = new LongAdder();

    /**
     * @param fromStart the consumer reads its partitions from the beginning, so every stream must
     *                  start at 0; otherwise a stream starts wherever it is first seen
     */
    public DeliveryVerifier(boolean fromStart) {
        this.fromStart = fromStart;
    }

    public Outcome observe(String producer, String topic, int partition, long sequence) {
        verified.increment();
        Stream s = streams.computeIfAbsent(
                producer + '\u0000' + topic + '\u0000' + partition, k -> new Stream(fromStart ? 0 : sequence));
        Outcome outcome = s.observe(sequence);
        if (outcome == Outcome.DUPLICATE) {
            duplicated.increment();
        } else if (outcome == Outcome.OUT_OF_ORDER) {
            outOfOrder.increment();
        }
        return outcome;
    }

    /** Sequence numbers skipped and not seen since: lost, unless they are still on their way. */
    public long missing() {
        long n = 0;
        for (Stream s : streams.values()) {
            n += s.missing();
        }
        return n;
    }

    public long verified() {
        return verified.sum();
    }

    public long duplicated() {
        return duplicated.sum();
    }

    public long outOfOrder() {
        return outOfOrder.sum();
    }

    public int producers() {
        return (int) streams.keySet().stream()
                .map(k -> k.substring(0, k.indexOf('\u0000')))
                .distinct()
                .count();
    }

    public String summaryLine() {
        return summaryLine("verified");
    }

    /**
     * The check in one line.
     *
     * @param seen what the checked records were: "verified" (read), "accepted" (a share group's)
     */
    public String summaryLine(String seen) {
        return String.format(
                "delivery: %d records %s from %d producers, %d missing, %d duplicated, %d out of order.",
                verified(), seen, producers(), missing(), duplicated(), outOfOrder());
    }

    /** One producer's records on one partition. */
    private static final class Stream {
        private long expected;
        // missing ranges: start -> end (exclusive)
        private final TreeMap<Long, Long> gaps = new TreeMap<>();

        Stream(long first) {
            this.expected = first;
        }

        synchronized Outcome observe(long seq) {
            if (seq == expected) {
                expected++;
                return Outcome.IN_ORDER;
            }
            if (seq > expected) {
                gaps.put(expected, seq);
                expected = seq + 1;
                return Outcome.GAP;
            }
            Map.Entry<Long, Long> gap = gaps.floorEntry(seq);
            if (gap == null || seq >= gap.getValue()) {
                return Outcome.DUPLICATE;
            }
            long start = gap.getKey();
            long end = gap.getValue();
            gaps.remove(start);
            if (start < seq) {
                gaps.put(start, seq);
            }
            if (seq + 1 < end) {
                gaps.put(seq + 1, end);
            }
            return Outcome.OUT_OF_ORDER;
        }

        synchronized long missing() {
            long n = 0;
            for (Map.Entry<Long, Long> e : gaps.entrySet()) {
                n += e.getValue() - e.getKey();
            }
            return n;
        }
    }
}
