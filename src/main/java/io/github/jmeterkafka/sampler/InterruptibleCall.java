package io.github.jmeterkafka.sampler;

import java.util.function.Supplier;

/**
 * Runs a producer call that may block on metadata (up to max.block.ms) so that Stop can interrupt
 * it: Kafka turns the interrupt into an InterruptException.
 *
 * <p>Threads: {@link #run} on the sampler's thread; {@link #interrupt} from any thread.
 */
final class InterruptibleCall {
    private volatile Thread blocked;

    <T> T run(Supplier<T> call) {
        blocked = Thread.currentThread();
        try {
            return call.get();
        } finally {
            blocked = null;
        }
    }

    /** Interrupts the thread in a call, if one is. */
    void interrupt() {
        Thread t = blocked;
        if (t != null) {
            t.interrupt();
        }
    }
}
