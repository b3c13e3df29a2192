package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProducerStatsTest {

    @Test
    void summaryIsPerfTestsLastLineOverEveryRecord() {
        ProducerStats stats = new ProducerStats();
        stats.sending(0);
        for (int i = 1; i <= 100; i++) {
            stats.acked(0, i * 1_000_000L, 1000); // latencies 1..100 ms, last ack at 100 ms
        }
        stats.failed("TimeoutException: expired");

        ProducerStats.Summary s = stats.summary();

        assertThat(s.perfTestLine()).matches("100 records sent, 1000\\.0+ records/sec \\(0\\.95 MB/sec\\), "
                + "50\\.5\\d ms avg latency, 100\\.\\d\\d ms max latency, 50 ms 50th, 95 ms 95th, 99 ms 99th, 100 ms 99.9th\\.");
        assertThat(s.failureLine()).isEqualTo("1 records failed, first: TimeoutException: expired");
    }

    @Test
    void progressLinesCoverTheRecordsSinceThePreviousLine() {
        ProducerStats stats = new ProducerStats(true, Warmup.NONE);
        stats.acked(0, 2_000_000L, 100);
        stats.acked(0, 4_000_000L, 100);
        assertThat(stats.windowLine()).matches("2 records sent, [0-9.]+ records/sec \\([0-9.]+ MB/sec\\), "
                + "3\\.0 ms avg latency, 4\\.0 ms max latency\\.");
        stats.acked(0, 1_000_000L, 100);
        assertThat(stats.windowLine()).startsWith("1 records sent,").endsWith("1.0 ms avg latency, 1.0 ms max latency.");
        assertThat(stats.windowLine()).startsWith("0 records sent,");
    }
}
