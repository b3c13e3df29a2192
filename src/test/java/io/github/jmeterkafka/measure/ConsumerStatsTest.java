package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConsumerStatsTest {

    @Test
    void aRunThatReadNothingSpansNoTime_fromItsFirstAttempt() {
        ConsumerStats stats = new ConsumerStats();
        stats.reading(1_700_000_000_000L);

        ConsumerStats.Summary s = stats.summary();

        assertThat(s.elapsedMs()).isZero();
        assertThat(s.perfTestLine())
                .doesNotContain("1970")
                .matches("(\\S+ \\S+), \\1, 0\\.0000, 0\\.0000, 0, 0\\.0000, 0, 0, .*");
    }

    @Test
    void aRunThatNeverReadShowsNoTimes() {
        assertThat(new ConsumerStats().summary().perfTestLine()).startsWith("-, -, 0.0000, 0.0000, 0, ");
    }

    @Test
    void ratesCountFromTheFirstReadAttempt_andFetchTimeLeavesTheRebalanceOut() {
        ConsumerStats stats = new ConsumerStats();
        stats.reading(10_000);
        stats.rebalanced(500);
        stats.read(1000, 1024 * 1024, 10_000, 12_000);

        ConsumerStats.Summary s = stats.summary();

        assertThat(s.perfTestLine()).endsWith(", 1.0000, 0.5000, 1000, 500.0000, 500, 1500, 0.6667, 666.6667");
    }
}
