package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.RoundTripStats;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Which request each reply on one reply topic answers. Requests get correlation ids here
 * ({@link CorrelationIds}), in blocks of one sample each; a reply goes to the waiting sample that sent its
 * request, or is counted: late (its request already timed out), duplicate (its request already had a reply),
 * foreign (an id no request of this reader had), or another reader's (an id the plugin made in another
 * JMeter process or connection reading the same topic). A reply is never taken for another request's.
 *
 * <p>Threads: every method holds this object's lock: sampler threads open, expire and abandon their waits,
 * the producer's I/O thread fails sends, the reply reader's thread dispatches replies.
 */
public final class ReplyRegistry {
    private final int reader = ThreadLocalRandom.current().nextInt();
    private final List<Run> runs = new ArrayList<>();
    private long foreign;
    private long others;

    /** One sampler's requests through this reader: its sequence, what became of each id, its waits. */
    private static final class Run {
        final RoundTripStats stats;
        long next;
        // by sequence number: a reply arrived; the request was abandoned (Stop) or its send failed
        final BitSet replied = new BitSet();
        final BitSet abandoned = new BitSet();
        final TreeMap<Long, ReplyWait> waits = new TreeMap<>();

        Run(RoundTripStats stats) {
            this.stats = stats;
        }
    }

    /** A sampler starts sending through this reader: its run number, for {@link #open}. */
    public synchronized int join(RoundTripStats stats) {
        if (runs.size() > 0xffff) {
            throw new IllegalStateException("more than 65536 Kafka Request-Reply samplers read one reply topic");
        }
        runs.add(new Run(stats));
        return runs.size() - 1;
    }

    /** Ids for {@code n} requests of one sample, each pending until its reply, timeout or failure. */
    public synchronized ReplyWait open(int run, int n, long timeoutNanos) {
        Run r = runs.get(run);
        if (r.next + n > Integer.MAX_VALUE) {
            throw new IllegalStateException("more than " + Integer.MAX_VALUE + " requests from one sampler");
        }
        ReplyWait wait = new ReplyWait(this, reader, run, r.next, n, timeoutNanos, r.stats);
        r.waits.put(r.next, wait);
        r.next += n;
        return wait;
    }

    /** A reply with correlation id {@code id} (null: none) was read at {@code nanos}. */
    synchronized void dispatch(byte[] id, long nanos, ConsumerRecord<Object, Object> reply) {
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
        Map.Entry<Long, ReplyWait> e = run.waits.floorEntry(s);
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
    synchronized void sendFailed(ReplyWait wait, int index, Exception cause) {
        if (wait.failed(index, cause)) {
            runs.get(wait.run).abandoned.set((int) (wait.base + index));
        }
    }

    /**
     * The wait's requests still pending time out, or with {@code abandon} (Stop) are given up without a
     * verdict; the wait leaves the registry.
     */
    synchronized void close(ReplyWait wait, boolean abandon) {
        Run run = runs.get(wait.run);
        run.waits.remove(wait.base);
        for (int i = 0; i < wait.size(); i++) {
            if (wait.settle(i, abandon) && abandon) {
                run.abandoned.set((int) (wait.base + i));
            }
        }
    }

    /** Replies whose ids no request of this reader had. */
    public synchronized long foreign() {
        return foreign;
    }

    /** Replies to other readers' requests (other JMeter processes or connections on this reply topic). */
    public synchronized long others() {
        return others;
    }
}
