package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
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
    // by the second they were sent in, for the event windows
    private final ConcurrentMap<Long, LongAdder> duplicatedBySecond = new ConcurrentHashMap<>();

    /**
     * @param fromStart the consumer reads its partitions from the beginning, so every stream must
     *                  start at 0; otherwise a stream starts wherever it is first seen
     */
    public DeliveryVerifier(boolean fromStart) {
        this.fromStart = fromStart;
    }

    /**
     * Checks one record against its stream.
     *
     * @param sentMs when the producer sent it (ms since the epoch), for the event windows; 0: not known
     */
    public Outcome observe(String producer, String topic, int partition, long sequence, long sentMs) {
        verified.increment();
        Stream s = streams.computeIfAbsent(
                producer + '\u0000' + topic + '\u0000' + partition, k -> new Stream(fromStart ? 0 : sequence));
        Outcome outcome = s.observe(sequence, sentMs);
        if (outcome == Outcome.DUPLICATE) {
            duplicated.increment();
            duplicatedBySecond
                    .computeIfAbsent(sentMs / 1000, k -> new LongAdder())
                    .increment();
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

    /**
     * Per event of {@code marks}: the records missing and duplicated of those sent in its window (from its mark to the
     * next). A missing record's send time is taken as the one of the first record read after it.
     */
    public List<String> eventLines(List<EventMarks.Mark> marks) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < marks.size(); i++) {
            EventMarks.Mark m = marks.get(i);
            long from = m.epochMs();
            long to = i + 1 < marks.size() ? marks.get(i + 1).epochMs() : Long.MAX_VALUE;
            long missing = 0;
            for (Stream s : streams.values()) {
                missing += s.missing(from, to);
            }
            long dup = 0;
            long fromSecond = from / 1000;
            long toSecond = to == Long.MAX_VALUE ? Long.MAX_VALUE : to / 1000;
            for (Map.Entry<Long, LongAdder> e : duplicatedBySecond.entrySet()) {
                // by the second they were sent in: a second belongs to the window it begins in
                if (e.getKey() >= fromSecond && e.getKey() < toSecond) {
                    dup += e.getValue().sum();
                }
            }
            lines.add(String.format(
                    "event %d of %d, '%s': of the records sent from its mark to the %s, %d missing, %d duplicated.",
                    m.number(), marks.size(), m.name(), i + 1 < marks.size() ? "next" : "end", missing, dup));
        }
        return lines;
    }

    /** One producer's records on one partition. */
    private static final class Stream {
        private long expected;
        // missing ranges: start -> {end (exclusive), send time (ms) of the record read after them}
        private final TreeMap<Long, long[]> gaps = new TreeMap<>();

        Stream(long first) {
            this.expected = first;
        }

        synchronized Outcome observe(long seq, long sentMs) {
            if (seq == expected) {
                expected++;
                return Outcome.IN_ORDER;
            }
            if (seq > expected) {
                gaps.put(expected, new long[] {seq, sentMs});
                expected = seq + 1;
                return Outcome.GAP;
            }
            Map.Entry<Long, long[]> gap = gaps.floorEntry(seq);
            if (gap == null || seq >= gap.getValue()[0]) {
                return Outcome.DUPLICATE;
            }
            long start = gap.getKey();
            long end = gap.getValue()[0];
            long at = gap.getValue()[1];
            gaps.remove(start);
            if (start < seq) {
                gaps.put(start, new long[] {seq, at});
            }
            if (seq + 1 < end) {
                gaps.put(seq + 1, new long[] {end, at});
            }
            return Outcome.OUT_OF_ORDER;
        }

        synchronized long missing() {
            return missing(Long.MIN_VALUE, Long.MAX_VALUE);
        }

        /** Those missing whose gap was found by a record sent in [fromMs, toMs). */
        synchronized long missing(long fromMs, long toMs) {
            long n = 0;
            for (Map.Entry<Long, long[]> e : gaps.entrySet()) {
                long at = e.getValue()[1];
                if (at >= fromMs && at < toMs) {
                    n += e.getValue()[0] - e.getKey();
                }
            }
            return n;
        }
    }
}
