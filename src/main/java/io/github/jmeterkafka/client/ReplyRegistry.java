package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.MatchStats;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Which request each reply on one reply topic answers. Requests get correlation ids here
 * ({@link CorrelationIds}), in blocks of one sample each; a reply goes to the waiting sample that sent its
 * request, or is counted: late (its request already timed out), duplicate (its request already had a reply),
 * foreign (an id no request of this reader had), or another reader's (an id the plugin made in another
 * JMeter process or connection reading the same topic). A reply is never taken for another request's.
 * Requests correlated by a value the service keeps (key, JSON path) are matched by {@link ValueMatches}, one per
 * {@link Correlation}, from the same records.
 *
 * <p>Threads: every method holds this object's lock: sampler threads open, expire and abandon their waits,
 * the producer's I/O thread fails sends, the reply reader's thread dispatches replies.
 */
public final class ReplyRegistry {
    private final int reader = ThreadLocalRandom.current().nextInt();
    private final List<Run> runs = new ArrayList<>();
    private final Set<String> headers = new LinkedHashSet<>();
    private final Map<Correlation, ValueMatches> byValue = new LinkedHashMap<>();
    private final long holdNanos;
    private final int holdMax;
    private long foreign;
    private long others;

    /** One sampler's requests through this reader: its sequence, what became of each id, its waits. */
    private static final class Run {
        final MatchStats stats;
        long next;
        // by sequence number: a reply arrived; the request was abandoned (Stop) or its send failed
        final BitSet replied = new BitSet();
        final BitSet abandoned = new BitSet();
        final TreeMap<Long, MatchWait> waits = new TreeMap<>();

        Run(MatchStats stats) {
            this.stats = stats;
        }
    }

    /**
     * @param holdNanos how long a record correlated by value waits for its await before it counts as unmatched
     * @param holdMax   at most this many such records held
     */
    ReplyRegistry(long holdNanos, int holdMax) {
        this.holdNanos = holdNanos;
        this.holdMax = Math.max(1, holdMax);
    }

    /**
     * Records are to be read by {@code correlation} too; for a JSON path, {@code asJson} makes what gives the JSON text of a
     * value that is neither JSON bytes nor text (the first caller's rule is kept).
     */
    public synchronized void correlate(Correlation correlation, Supplier<Function<Object, String>> asJson) {
        if (correlation.by() == Correlation.By.HEADER) {
            headers.add(correlation.name());
        } else {
            byValue.computeIfAbsent(correlation, c -> new ValueMatches(c, asJson.get(), holdNanos, holdMax));
        }
    }

    /** A sampler starts sending through this reader: its run number, for {@link #open}. */
    public synchronized int join(MatchStats stats) {
        if (runs.size() > 0xffff) {
            throw new IllegalStateException("more than 65536 Kafka Request-Reply samplers read one reply topic");
        }
        runs.add(new Run(stats));
        return runs.size() - 1;
    }

    /** Ids for {@code n} requests of one sample, each pending until its reply, timeout or failure. */
    public synchronized MatchWait open(int run, int n, long timeoutNanos, Correlation by) {
        Run r = runs.get(run);
        if (r.next + n > Integer.MAX_VALUE) {
            throw new IllegalStateException("more than " + Integer.MAX_VALUE + " requests from one sampler");
        }
        ValueMatches matches = by.by() == Correlation.By.HEADER ? null : byValue.get(by);
        if (matches == null && by.by() != Correlation.By.HEADER) {
            throw new IllegalStateException("not correlated by " + by + ": call correlate first");
        }
        MatchWait wait =
                new MatchWait(this, new CorrelationIds.Block(reader, run, r.next), n, timeoutNanos, r.stats, matches);
        r.waits.put(r.next, wait);
        r.next += n;
        return wait;
    }

    /** A record of the topic was read at {@code nanos}: to the request or await it answers, or counted. */
    synchronized void dispatch(ConsumerRecord<Object, Object> r, long nanos) {
        if (!headers.isEmpty()) {
            byte[] id = null;
            for (String name : headers) {
                Header h = r.headers().lastHeader(name);
                if (h != null) {
                    id = h.value();
                    break;
                }
            }
            dispatchId(id, nanos, r);
        }
        for (ValueMatches m : byValue.values()) {
            m.dispatch(r, nanos);
        }
    }

    /** Request {@code index} of {@code wait} expects a record whose correlation value is {@code value}. */
    void expect(MatchWait wait, int index, String value, long sinceNanos) {
        wait.matches().expect(wait, index, value, sinceNanos);
    }

    private void dispatchId(byte[] id, long nanos, ConsumerRecord<Object, Object> reply) {
        if (!CorrelationIds.isPlugins(id)) {
            foreign++;
            return;
        }
        if (CorrelationIds.reader(id) != reader) {
            others++;
            return;
        }
        int runIndex = CorrelationIds.run(id);
        long s = CorrelationIds.sequence(id);
        Run run = runIndex < runs.size() ? runs.get(runIndex) : null;
        if (run == null || s < 0 || s >= run.next) {
            foreign++;
            return;
        }
        Map.Entry<Long, MatchWait> e = run.waits.floorEntry(s);
        if (e != null && e.getValue().replied((int) (s - e.getKey()), nanos, reply)) {
            run.replied.set((int) s);
            return;
        }
        if (run.replied.get((int) s)) {
            run.stats.duplicate();
            return;
        }
        run.replied.set((int) s);
        if (!run.abandoned.get((int) s)) {
            run.stats.late();
        }
    }

    /** Request {@code index} of the wait was not delivered: a reply to it anyway counts as nothing. */
    synchronized void sendFailed(MatchWait wait, int index, Exception cause) {
        if (wait.failed(index, cause)) {
            runs.get(wait.ids.run()).abandoned.set((int) (wait.ids.base() + index));
            forget(wait, index, false);
        }
    }

    /**
     * The wait's requests still pending time out, or with {@code abandon} (Stop) are given up without a
     * verdict; the wait leaves the registry.
     */
    synchronized void close(MatchWait wait, boolean abandon) {
        Run run = runs.get(wait.ids.run());
        run.waits.remove(wait.ids.base());
        for (int i = 0; i < wait.size(); i++) {
            if (wait.settle(i, abandon)) {
                if (abandon) {
                    run.abandoned.set((int) (wait.ids.base() + i));
                }
                forget(wait, i, !abandon);
            }
        }
    }

    private void forget(MatchWait wait, int index, boolean timedOut) {
        String value = wait.value(index);
        if (value != null) {
            wait.matches().forget(wait, index, value, System.nanoTime(), timedOut);
        }
    }

    /**
     * Replies whose ids no request of this reader had; correlated by value, the records nothing awaited within the
     * hold window and those without the value.
     */
    public synchronized long foreign() {
        return foreign + unmatched() + noValue();
    }

    /** Records correlated by value that nothing awaited within the hold window. */
    public synchronized long unmatched() {
        return byValue.values().stream().mapToLong(ValueMatches::unmatched).sum();
    }

    /** Records without the correlation value asked for (no key, not JSON, no such field). */
    public synchronized long noValue() {
        return byValue.values().stream().mapToLong(ValueMatches::noValue).sum();
    }

    /** Replies to other readers' requests (other JMeter processes or connections on this reply topic). */
    public synchronized long others() {
        return others;
    }
}
