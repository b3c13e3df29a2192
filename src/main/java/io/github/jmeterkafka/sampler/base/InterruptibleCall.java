package io.github.jmeterkafka.sampler.base;

import java.util.function.Supplier;

/**
 * Runs a Kafka call that may block (a producer's on metadata, up to max.block.ms; a reader's first positioning) so
 * that Stop can interrupt it: Kafka turns the interrupt into an InterruptException.
 *
 * <p>Threads: {@link #run} on the sampler's thread; {@link #interrupt} from any thread.
 */
public final class InterruptibleCall {
    private volatile Thread blocked;

    public <T> T run(Supplier<T> call) {
        blocked = Thread.currentThread();
        try {
            return call.get();
        } finally {
            blocked = null;
        }
    }

    /** Interrupts the thread in a call, if one is. */
    public void interrupt() {
        Thread t = blocked;
        if (t != null) {
            t.interrupt();
        }
    }
}
