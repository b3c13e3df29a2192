package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The request-reply summary: every request counted once, in perf-test's wording. */
class MatchStatsTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    // HdrHistogram keeps 3 significant digits: its mean and maximum are of its buckets
    @Test
    void theSummaryCountsEachRequestOnceAndTheRepliesWithoutOne() {
        MatchStats stats = new MatchStats();
        stats.sending(0, 6);
        stats.replied(0, 0, 2 * MS, 1024 * 1024);
        stats.replied(0, 0, 4 * MS, 1024 * 1024);
        stats.replied(MS, MS, 1000 * MS, 0);
        stats.timedOut(1);
        stats.late();
        stats.duplicate();
        stats.failed(1, () -> "RecordTooLargeException: too large");
        stats.abandoned(1);
        stats.notSent(2, () -> "ignored: not the first");

        MatchStats.Summary s = stats.summary(5);
        assertThat(s.line())
                .isEqualTo("8 requests, 3 replies, 3.000000 replies/sec (2.00 MB/sec), 335.06 ms avg round trip,"
                        + " 999.42 ms max round trip, 4 ms 50th, 999 ms 95th, 999 ms 99th, 999 ms 99.9th.");
        assertThat(s.unansweredLine())
                .isEqualTo("1 timeouts, 1 late, 5 foreign, 1 duplicate replies, 3 failed requests, 1 abandoned at stop,"
                        + " first failure: RecordTooLargeException: too large");
        assertThat(s.replies().count()
                        + s.unanswered().timedOut()
                        + s.unanswered().failed()
                        + s.unanswered().abandoned())
                .isEqualTo(s.requests());
        SummaryRow row = s.row("rr");
        assertThat(row.get(SummaryRow.Column.KIND)).isEqualTo("request-reply");
        assertThat(row.get(SummaryRow.Column.RECORDS)).isEqualTo("3");
        assertThat(row.get(SummaryRow.Column.FAILED)).isEqualTo("5");
        assertThat(row.get(SummaryRow.Column.P50_MS)).isEqualTo("4");
    }

    @Test
    void theLinesSayWhatOtherReadersRepliesAndTheExpectedRateWere() {
        MatchStats stats = new MatchStats();
        stats.sending(0, 1);
        stats.replied(0, 0, 500 * MS, 10);
        assertThat(SummaryLines.requestReply(stats.summary(0), 7, 4))
                .containsExactly(
                        "1 requests, 1 replies, 2.000000 replies/sec (0.00 MB/sec), 500.10 ms avg round trip,"
                                + " 500.22 ms max round trip, 500 ms 50th, 500 ms 95th, 500 ms 99th, 500 ms 99.9th.",
                        "0 timeouts, 0 late, 0 foreign, 0 duplicate replies, 0 failed requests.",
                        "7 replies to requests of other JMeter processes or connections on the reply topic (not counted"
                                + " as foreign)",
                        "expected 4.0 replies/sec, achieved 2.0 replies/sec (50.0 %)",
                        // last, so the lines above keep their places
                        "tail: 500 ms 99.99th, 500.22 ms max round trip.");
    }
}
