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

        assertThat(s.perfTestLine())
                .matches(
                        "100 records sent, 1000\\.0+ records/sec \\(0\\.95 MB/sec\\), "
                                + "50\\.5\\d ms avg latency, 100\\.\\d\\d ms max latency, 50 ms 50th, 95 ms 95th, 99 ms 99th, 100 ms 99.9th\\.");
        assertThat(s.failureLine()).isEqualTo("1 records failed, first: TimeoutException: expired");
    }

    @Test
    void theTailLineAndRowGiveHdrHistogramsOwn9999th_ofTheCorrectedLatencyToo() {
        SendSchedule schedule = new SendSchedule(RateProfile.of(1000, 0), 0, false, 10_000_000, 0, System::nanoTime);
        ProducerStats stats = new ProducerStats();
        stats.pacedBy(schedule);
        stats.sending(0);
        org.HdrHistogram.Histogram sendToAck = new org.HdrHistogram.Histogram(3);
        org.HdrHistogram.Histogram corrected = new org.HdrHistogram.Histogram(3);
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        for (int i = 0; i < 200_000; i++) {
            long latency = 500 + random.nextLong(2_000_000); // µs
            long wait = random.nextInt(100) == 0 ? random.nextLong(3_000_000) : 0;
            stats.acked(0, wait * 1000, (wait + latency) * 1000, 1000);
            sendToAck.recordValue(latency);
            corrected.recordValue(wait + latency);
        }

        ProducerStats.Summary s = stats.summary();
        long p9999 = sendToAck.getValueAtPercentile(99.99) / 1000;
        long correctedP9999 = corrected.getValueAtPercentile(99.99) / 1000;
        assertThat(s.tailLine())
                .isEqualTo(String.format(
                        java.util.Locale.ROOT,
                        "tail: %d ms 99.99th, %.2f ms max latency; corrected %d ms 99.99th, %.2f ms max.",
                        p9999,
                        sendToAck.getMaxValue() / 1000.0,
                        correctedP9999,
                        corrected.getMaxValue() / 1000.0));
        assertThat(p9999).as("a tail past the 99.9th").isGreaterThan(sendToAck.getValueAtPercentile(99.9) / 1000);
        SummaryRow row = s.row("p", SummaryRow.ALL, 0);
        assertThat(row.get(SummaryRow.Column.P9999_MS)).isEqualTo(Long.toString(p9999));
        assertThat(row.get(SummaryRow.Column.CORRECTED_P9999_MS)).isEqualTo(Long.toString(correctedP9999));
        assertThat(SummaryLines.producer(s, null, Warmup.NONE, 0)).contains(s.tailLine());
    }

    @Test
    void progressLinesCoverTheRecordsSinceThePreviousLine() {
        ProducerStats stats = new ProducerStats(true, Warmup.NONE);
        stats.acked(0, 2_000_000L, 100);
        stats.acked(0, 4_000_000L, 100);
        assertThat(stats.windowLine())
                .matches("2 records sent, [0-9.]+ records/sec \\([0-9.]+ MB/sec\\), "
                        + "3\\.0 ms avg latency, 4\\.0 ms max latency\\.");
        stats.acked(0, 1_000_000L, 100);
        assertThat(stats.windowLine())
                .startsWith("1 records sent,")
                .endsWith("1.0 ms avg latency, 1.0 ms max latency.");
        assertThat(stats.windowLine()).startsWith("0 records sent,");
    }

    @Test
    void aWarmUpAddsPerfTestsSteadyStateLine_theFirstLineKeepsEveryRecord() {
        ProducerStats stats = new ProducerStats(false, new Warmup(50, 0));
        stats.sending(0);
        for (int i = 1; i <= 100; i++) {
            // the first 50 records take 100 ms, the rest 1 ms
            stats.acked(i * 1_000_000L, i * 1_000_000L + (i <= 50 ? 100_000_000L : 1_000_000L), 1000);
        }

        ProducerStats.Summary steady = stats.steadySummary();

        assertThat(stats.summary().records).isEqualTo(100);
        assertThat(steady.records).isEqualTo(50);
        assertThat(steady.steadyLine())
                .startsWith("50 steady state records sent, ")
                .contains("1.00 ms avg latency")
                .endsWith("1 ms 50th, 1 ms 95th, 1 ms 99th, 1 ms 99.9th.");
        assertThat(new ProducerStats().steadySummary())
                .as("no warm-up, no second line")
                .isNull();
    }

    @Test
    void aRunShortOfItsExpectedRateByMoreThanOnePercentIsWarnedAbout() {
        assertThat(SummaryLines.shortOf(2000, 1799)).isTrue();
        assertThat(SummaryLines.shortOf(2000, 1985)).isFalse();
        assertThat(SummaryLines.shortOf(0, 10)).as("no expectation").isFalse();
        assertThat(SummaryLines.rateLine(2000, 1799))
                .isEqualTo("expected 2000.0 records/sec, achieved 1799.0 records/sec (90.0 %)");
    }
}
