package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
        assertThat(SummaryLines.requestReply(stats.summary(0), null, Warmup.NONE, 7, 4, List.of(), List.of()))
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

    @Test
    void aPacedRequestReplyRunHasEveryWindowAProducerHas_steadyStateStepsAndEvents() {
        AtomicLong now = new AtomicLong(0);
        SendSchedule schedule = new SendSchedule(
                RateProfile.parse("target rate", "10 for 1s, 20 for 1s"), 0, false, 10 * MS, 10 * MS, now::get);
        MatchStats stats = new MatchStats(MatchStats.Kind.REQUEST_REPLY, new Warmup(10, 0));
        stats.pacedBy(schedule);
        long t0 = 1_800_000_000_000L;
        List<EventMarks.Mark> marks = List.of(new EventMarks.Mark(1, "kill", t0 + 1500, 1500 * MS, Map.of()));
        stats.watchEvents(() -> marks);
        schedule.claim(1).intendedNanos(0);
        // 10 requests due in the first second, 20 in the next; each answered 5 ms after it was sent on time
        for (int i = 0; i < 30; i++) {
            long intended = i < 10 ? i * 100L * MS : (1000 + (i - 10) * 50L) * MS;
            stats.sending(intended, 1);
            stats.replied(intended, intended, intended + 5 * MS, 100);
        }
        MatchStats.Summary all = stats.summary(0);
        MatchStats.Summary steady = stats.steadySummary();

        List<String> lines =
                SummaryLines.requestReply(all, steady, new Warmup(10, 0), 0, 0, stats.steps(), stats.events(List.of()));

        assertThat(lines)
                .anySatisfy(l -> assertThat(l)
                        .startsWith("step 1 of 2, ")
                        .contains(": 10 requests sent in it, 10.0 requests/sec (100.0 %); round trip 5 ms 50th,"))
                .anySatisfy(l -> assertThat(l).startsWith("step 2 of 2, ").contains(": 20 requests sent in it,"))
                .anySatisfy(l -> assertThat(l)
                        .startsWith("event 1 of 1, 'kill' at ")
                        .contains(": 0 requests in flight at the mark; longest stall 5.00 ms (corrected max of the"
                                + " requests due after the mark)")
                        .contains("; 10 requests due: corrected 5 ms 50th,")
                        .endsWith("; 0 failed."))
                .anySatisfy(l -> assertThat(l)
                        .startsWith("20 steady state replies, ")
                        .endsWith(" (the first 10 records left out)"));
        assertThat(lines.get(4)).as("the windows come after the tail line").startsWith("tail: ");
        assertThat(SummaryLines.requestReplyRows("rr", all, steady, stats.steps(), stats.events(List.of())))
                .allSatisfy(r -> assertThat(r.get(SummaryRow.Column.KIND)).isEqualTo("request-reply"))
                .extracting(r -> r.get(SummaryRow.Column.PART) + " " + r.get(SummaryRow.Column.RECORDS))
                .containsExactly("all 30", "steady 20", "step 1 10", "step 2 20", "event 1: kill 10");
    }
}
