package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.input.PluginProperties;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * A thread's client closed at its end, bounded: JMeter exits with an error when a thread outlives
 * {@code jmeterengine.threadstop.wait}, and Kafka's close gives up at an interrupt and logs an ERROR.
 */
final class ThreadClose {
    static final long STOP_INTERRUPT_WAIT_MS = 100;

    private ThreadClose() {}

    /**
     * Closes within the close timeout (after Stop, Stop's shorter one: records still unsent then fail, and are
     * counted), with the thread's interrupt held back meanwhile and restored after; a failure is logged once.
     *
     * @param client what is closed, for the log ("consumer")
     */
    static void close(String sampler, String client, boolean stopped, Consumer<Duration> close) {
        boolean interrupted = clearInterrupt(stopped);
        try {
            close.accept(stopped ? PluginProperties.stopCloseTimeout() : PluginProperties.closeTimeout());
        } catch (RuntimeException e) {
            FailureLog.once(
                    sampler, ResponseCodes.of(e), "closing the " + client + " failed: " + FailureText.describe(e), e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Clears this thread's interrupt and says whether there was one. After Stop, JMeter interrupts the thread just
     * after waking its sample, so a woken thread can reach its close first: a stopped sampler waits up to
     * {@value #STOP_INTERRUPT_WAIT_MS} ms for that interrupt.
     */
    static boolean clearInterrupt(boolean stopped) {
        if (stopped) {
            try {
                Thread.sleep(STOP_INTERRUPT_WAIT_MS);
            } catch (InterruptedException e) {
                return true;
            }
        }
        return Thread.interrupted();
    }
}
