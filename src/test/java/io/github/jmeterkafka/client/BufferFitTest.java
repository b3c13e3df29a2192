package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BufferFitTest {
    private final BufferFit fit = new BufferFit("kafka", 32L << 20);

    @Test
    void samplesOfAllSharingThreadsCountAgainstTheBuffer() {
        fit.join();
        // one thread of 10,000 x 1 KB: 10 MB of 32
        assertThat(fit.sampled(10_000, 10_240_000)).isFalse();
        for (int i = 1; i < 8; i++) {
            fit.join();
        }
        // eight of them: 80 MB
        assertThat(fit.sampled(10_000, 10_240_000)).isTrue();
        assertThat(fit.sampled(1_250, 1_280_000)).isFalse();
    }

    @Test
    void threadsThatLeftNoLongerCount() {
        for (int i = 0; i < 4; i++) {
            fit.join();
        }
        assertThat(fit.sampled(10_000, 10_240_000)).isTrue();
        fit.leave();
        fit.leave();
        fit.leave();
        assertThat(fit.sampled(10_000, 10_240_000)).isFalse();
    }
}
