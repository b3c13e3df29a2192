package io.github.jmeterkafka.sampler.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** After Stop, JMeter's interrupt of the thread must not land in the middle of a client's close. */
class ThreadCloseTest {

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    /** The interrupt comes 20 ms into the wait; a loaded machine may delay it past the wait, so up to 5 tries. */
    @Test
    void aStoppedSamplerTakesTheInterruptThatComesJustAfterTheWakeUp() {
        Thread me = Thread.currentThread();
        boolean taken = false;
        for (int i = 0; i < 5 && !taken; i++) {
            CompletableFuture<Void> interrupter = CompletableFuture.runAsync(
                    me::interrupt, CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS));
            taken = ThreadClose.clearInterrupt(true);
            interrupter.join();
            if (!taken) {
                // it came after the wait: not this try's to take
                Thread.interrupted();
            }
        }
        assertThat(taken).as("the interrupt taken within the wait").isTrue();
        assertThat(Thread.currentThread().isInterrupted())
                .as("left for the close to see")
                .isFalse();
    }

    /** Without a fixed wait it returns at once: at least one of 5 tries well within the wait, whatever pauses the machine. */
    @Test
    void anInterruptAlreadyThereIsTakenAtOnce() {
        long fastest = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            Thread.currentThread().interrupt();
            long t0 = System.nanoTime();
            assertThat(ThreadClose.clearInterrupt(true)).isTrue();
            fastest = Math.min(fastest, System.nanoTime() - t0);
            assertThat(Thread.currentThread().isInterrupted()).isFalse();
        }
        assertThat(fastest).isLessThan(TimeUnit.MILLISECONDS.toNanos(ThreadClose.STOP_INTERRUPT_WAIT_MS));
    }

    @Test
    void withoutStopNothingIsWaitedFor() {
        assertThat(ThreadClose.clearInterrupt(false)).isFalse();
        Thread.currentThread().interrupt();
        assertThat(ThreadClose.clearInterrupt(false)).isTrue();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
