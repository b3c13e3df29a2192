package io.github.jmeterkafka.sampler.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeapCheckTest {
    private static final long MB = 1024 * 1024;

    @Test
    void aHeapThatMayShrink_isNamedWithItsBoundsAndTheFix() {
        assertThat(HeapCheck.problem(8 * MB, 256 * MB))
                .contains("-Xms 8 MB, -Xmx 256 MB")
                .contains("Set -Xms equal to -Xmx");
    }

    @Test
    void aFixedHeap_isFine() {
        assertThat(HeapCheck.problem(1024 * MB, 1024 * MB)).isNull();
    }
}
