package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class StoredBytesTest {
    private final List<Duration> slept = new ArrayList<>();

    @Test
    void settlesWhenTwoReadingsInARowAgree() {
        Iterator<Long> sizes = List.of(100L, 900L, 1000L, 1000L, 5L).iterator();
        long size = StoredBytes.settle(sizes::next, Duration.ofMillis(300), Duration.ofSeconds(15), slept::add);
        assertThat(size).isEqualTo(1000);
        assertThat(slept).hasSize(3).containsOnly(Duration.ofMillis(300));
    }

    @Test
    void anEmptyLogHasNotSettled() {
        Iterator<Long> sizes = List.of(0L, 0L, 0L, 7L, 7L).iterator();
        assertThat(StoredBytes.settle(sizes::next, Duration.ofMillis(300), Duration.ofSeconds(15), slept::add))
                .isEqualTo(7);
    }

    @Test
    void givesUpAfterTheLongestWait() {
        long[] size = {0};
        long settled =
                StoredBytes.settle(() -> size[0] += 10, Duration.ofMillis(500), Duration.ofSeconds(2), slept::add);
        assertThat(settled).isEqualTo(-1);
        assertThat(slept).hasSize(4);
    }
}
