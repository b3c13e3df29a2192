package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** After Stop, JMeter's interrupt of the thread must not land in the middle of a client's close. */
class ClearInterruptBeforeCloseTest {

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void aStoppedSamplerTakesTheInterruptThatComesJustAfterTheWakeUp() {
        Thread me = Thread.currentThread();
        CompletableFuture.runAsync(me::interrupt, CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS));

        assertThat(AbstractKafkaSampler.clearInterruptBeforeClose(true)).isTrue();
        assertThat(Thread.currentThread().isInterrupted()).as("left for the close to see").isFalse();
    }

    @Test
    void anInterruptAlreadyThereIsTakenAtOnce() {
        Thread.currentThread().interrupt();
        long t0 = System.nanoTime();

        assertThat(AbstractKafkaSampler.clearInterruptBeforeClose(true)).isTrue();
        assertThat(System.nanoTime() - t0).isLessThan(TimeUnit.MILLISECONDS.toNanos(AbstractKafkaSampler.STOP_INTERRUPT_WAIT_MS));
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void withoutStopNothingIsWaitedFor() {
        assertThat(AbstractKafkaSampler.clearInterruptBeforeClose(false)).isFalse();
        Thread.currentThread().interrupt();
        assertThat(AbstractKafkaSampler.clearInterruptBeforeClose(false)).isTrue();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
