package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.measure.MatchStats;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The records of one topic matched by a value the service keeps ({@link Correlation}: key or JSON path) to the
 * requests or awaits expecting that value. A record nobody awaits yet is held for the hold window (it may come
 * before its await starts) and then counted as unmatched and dropped; at most {@code holdMax} records are held,
 * the oldest dropped first. A value matched or timed out is remembered as long, so a second record with it counts
 * as a duplicate or late, never as another request's answer.
 *
 * <p>Threads: every method runs under the {@link ReplyRegistry}'s lock.
 */
final class ValueMatches {
    private static final Logger log = LoggerFactory.getLogger(ValueMatches.class);

    private final Correlation correlation;
    private final Function<Object, String> asJson;
    private final long holdNanos;
    private final int holdMax;
    // by value: the requests or awaits expecting it, one wait's (an await may expect several records of one value)
    private final Map<String, ArrayDeque<Slot>> awaited = new HashMap<>();
    private final Map<String, ArrayDeque<Held>> held = new HashMap<>();
    private final ArrayDeque<Held> heldOrder = new ArrayDeque<>();
    // settled values, oldest first: a record with one of them is a duplicate or late
    private final LinkedHashMap<String, Settled> settled = new LinkedHashMap<>();
    private int heldCount;
    private long unmatched;
    private long noValue;

    /** {@code sinceNanos}: when the request was sent or the await began; a record from before is not its match. */
    private static final long STAMP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private record Slot(MatchWait replyWait, int index, long sinceNanos) {}

    /** Taken when an await finds it; still in {@code heldOrder} until its turn to expire. */
    private static final class Held {
        final String value;
        final long nanos;
        final ConsumerRecord<Object, Object> record;
        boolean taken;

        Held(String value, long nanos, ConsumerRecord<Object, Object> record) {
            this.value = value;
            this.nanos = nanos;
            this.record = record;
        }
    }

    private record Settled(MatchStats stats, boolean answered, long nanos) {}

    ValueMatches(Correlation correlation, Function<Object, String> asJson, long holdNanos, int holdMax) {
        this.correlation = correlation;
        this.asJson = asJson;
        this.holdNanos = holdNanos;
        this.holdMax = holdMax;
    }

    Correlation correlation() {
        return correlation;
    }

    /**
     * Request or await {@code index} of {@code wait} expects a record with {@code value}: a held one that arrived
     * at or after {@code sinceNanos} answers it at once.
     *
     * @throws InvalidInputException another request of this run expects the same value, or had it within the hold
     *                               window
     */
    void expect(MatchWait wait, int index, String value, long sinceNanos) {
        ArrayDeque<Slot> slots = awaited.get(value);
        if ((slots != null && slots.peekFirst().replyWait != wait) || settled.containsKey(value)) {
            throw new InvalidInputException("two requests of this run carry the same correlation value '" + value
                    + "' (" + correlation + "): each must be unique, e.g. made by {{uuid}} in the template");
        }
        ArrayDeque<Held> early = held.get(value);
        while (early != null && !early.isEmpty()) {
            Held h = early.pollFirst();
            h.taken = true;
            heldCount--;
            if (h.nanos >= sinceNanos) {
                if (early.isEmpty()) {
                    held.remove(value);
                }
                wait.replied(index, h.nanos, h.record);
                // an await expects its records of one value in index order: the last one found settles the value
                if (slots == null && index == wait.size() - 1) {
                    settled.put(value, new Settled(wait.stats(), true, h.nanos));
                }
                return;
            }
            unmatched++;
        }
        held.remove(value);
        awaited.computeIfAbsent(value, v -> new ArrayDeque<>()).addLast(new Slot(wait, index, sinceNanos));
    }

    void dispatch(ConsumerRecord<Object, Object> r, long nanos) {
        expire(nanos);
        String value;
        try {
            value = correlation.of(r.key(), r.value(), r.headers(), asJson);
        } catch (Correlation.NoValue e) {
            if (noValue++ == 0) {
                log.warn(
                        "Records on topic '{}' without the correlation value ({}): {}, e.g. at partition {} offset {};"
                                + " counted as unmatched, this warning is shown once",
                        r.topic(),
                        correlation,
                        e.getMessage(),
                        r.partition(),
                        r.offset());
            }
            return;
        }
        ArrayDeque<Slot> slots = awaited.get(value);
        if (slots != null) {
            // a record the reader caught up on, written before the await began, is not its match (as a held one
            // is not); its time comes from a timestamp in whole milliseconds
            if (nanos + STAMP_NANOS < slots.peekFirst().sinceNanos) {
                unmatched++;
                return;
            }
            Slot s = slots.pollFirst();
            boolean answered = s.replyWait.replied(s.index, nanos, r);
            if (slots.isEmpty()) {
                awaited.remove(value);
                settled.put(value, new Settled(s.replyWait.stats(), answered, nanos));
            }
            return;
        }
        Settled done = settled.get(value);
        if (done != null) {
            if (done.answered) {
                done.stats.duplicate();
            } else {
                done.stats.late();
            }
            return;
        }
        while (heldCount >= holdMax) {
            drop(heldOrder.pollFirst());
        }
        Held h = new Held(value, nanos, r);
        held.computeIfAbsent(value, v -> new ArrayDeque<>()).addLast(h);
        heldOrder.addLast(h);
        heldCount++;
    }

    /** Request {@code index} of {@code wait}, expecting {@code value}, ended without a match (timeout, Stop, failure). */
    void forget(MatchWait wait, int index, String value, long nanos, boolean timedOut) {
        ArrayDeque<Slot> slots = awaited.get(value);
        if (slots != null && slots.removeIf(s -> s.replyWait == wait && s.index == index) && slots.isEmpty()) {
            awaited.remove(value);
            if (timedOut) {
                settled.put(value, new Settled(wait.stats(), false, nanos));
            }
        }
    }

    private void expire(long now) {
        while (!heldOrder.isEmpty() && now - heldOrder.peekFirst().nanos > holdNanos) {
            drop(heldOrder.pollFirst());
        }
        Iterator<Settled> it = settled.values().iterator();
        while (it.hasNext() && now - it.next().nanos > holdNanos) {
            it.remove();
        }
    }

    private void drop(Held h) {
        if (h.taken) {
            return;
        }
        heldCount--;
        ArrayDeque<Held> same = held.get(h.value);
        if (same != null) {
            same.remove(h);
            if (same.isEmpty()) {
                held.remove(h.value);
            }
        }
        unmatched++;
    }

    /** Records nobody awaited within the hold window, and those held now. */
    long unmatched() {
        return unmatched + heldCount;
    }

    /** Records without the correlation value (no key, not JSON, no such field). */
    long noValue() {
        return noValue;
    }
}
