package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BenchTest {

    @Test
    void caseTitlesCountRecordsInMillionsOrThousands() {
        assertThat(Bench.count(1_000_000)).isEqualTo("1M");
        assertThat(Bench.count(5_000_000)).isEqualTo("5M");
        assertThat(Bench.count(100_000)).isEqualTo("100k");
        assertThat(Bench.count(1234)).isEqualTo("1234");
    }
}
