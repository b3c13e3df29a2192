package io.github.jmeterkafka.echo;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** The echo's counts, written by its loop, its scheduler and the producer's callbacks. */
final class EchoTally {
    private final LongAdder read = new LongAdder();
    private final LongAdder replied = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder uncorrelated = new LongAdder();
    private final LongAdder unsent = new LongAdder();
    private final AtomicLong firstReadNanos = new AtomicLong();
    private final AtomicLong lastReplyNanos = new AtomicLong();
    private volatile long lastReadNanos;

    void read(long nanos) {
        read.increment();
        firstReadNanos.compareAndSet(0, nanos);
        lastReadNanos = nanos;
    }

    void replied(long nanos) {
        replied.increment();
        lastReplyNanos.accumulateAndGet(nanos, Math::max);
    }

    void dropped() {
        dropped.increment();
    }

    void failed() {
        failed.increment();
    }

    void uncorrelated() {
        uncorrelated.increment();
    }

    void unsent(long n) {
        unsent.add(n);
    }

    /** When the last request was read, or 0 if none was. */
    long lastReadNanos() {
        return lastReadNanos;
    }

    EchoCounts counts() {
        long first = firstReadNanos.get();
        long last = lastReplyNanos.get();
        return new EchoCounts(
                read.sum(),
                replied.sum(),
                failed.sum(),
                new EchoCounts.Unanswered(dropped.sum(), uncorrelated.sum(), unsent.sum()),
                first == 0 || last < first ? 0 : (last - first) / 1e9);
    }
}
