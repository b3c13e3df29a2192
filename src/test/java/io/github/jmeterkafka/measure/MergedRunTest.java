package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class MergedRunTest {

    private static SampleFigures producer(String server, int[] micros, long start, long end) {
        return SampleFigures.produced(micros, micros.length, 0, micros.length * 100L, 500)
                .from(server, start, end);
    }

    @Test
    void percentilesComeFromEveryRecordOfEveryServer_neverFromAveragedPercentiles() {
        MergedRun run = new MergedRun(ProducerStats.Summary.KIND, Warmup.NONE, null);
        // a fast server and a slow one: averaging their p99s would say 50 ms
        int[] fast = IntStream.rangeClosed(1, 900).map(i -> 1000).toArray();
        int[] slow = IntStream.rangeClosed(1, 100).map(i -> 100_000).toArray();
        run.add(producer("h1:1099", fast, 1000, 2000));
        run.add(producer("h2:1099", slow, 1500, 3000));

        Histogram both = new Histogram(3);
        IntStream.of(fast).forEach(both::recordValue);
        IntStream.of(slow).forEach(both::recordValue);
        assertThat(run.lines().get(0))
                // the servers' rates added up: 900 + 66.7
                .startsWith("1000 records sent, 966.666667 records/sec")
                .endsWith(both.getValueAtPercentile(50) / 1000 + " ms 50th, " + both.getValueAtPercentile(95) / 1000
                        + " ms 95th, " + both.getValueAtPercentile(99) / 1000 + " ms 99th, "
                        + both.getValueAtPercentile(99.9) / 1000 + " ms 99.9th.");
        assertThat(run.lines())
                .contains("expected 1000.0 records/sec, achieved 966.7 records/sec (96.7 %)")
                .anyMatch(l -> l.startsWith("server h1:1099: 900 records sent, 900.000000 records/sec"))
                .anyMatch(l -> l.startsWith("server h2:1099: 100 records sent, 66.666667 records/sec"));
        assertThat(run.rows("p"))
                .extracting(r -> r.get(SummaryRow.Column.PART))
                .containsExactly("all", "server h1:1099", "server h2:1099");
        assertThat(run.rows("p").get(0).get(SummaryRow.Column.EXPECTED_RECORDS_PER_SEC))
                .isEqualTo("1000.0");
    }

    private static LimitSample second(int s, double coresBusy) {
        return new LimitSample(
                s * 1_000_000_000L,
                new LimitSample.Generator(coresBusy, 0.5, 2, 0, 0),
                new LimitSample.Client(1, 0, 0.5, 0, 0, 0, Double.NaN),
                java.util.Map.of(1, 2.0),
                new LimitSample.Replication(0, 0, 0, 0));
    }

    @Test
    void eachServersLimitsComeWithItsSamples_andTheEarliestFirstLimitOfAnyIsTheRunsFirst() {
        MergedRun run = new MergedRun(ProducerStats.Summary.KIND, Warmup.NONE, null);
        // h1 calm; h2's cores full from its second 3; several samples bring the same second once
        for (int s = 1; s <= 6; s++) {
            for (int sample = 0; sample < 3; sample++) {
                run.add(producer("h1:1099", new int[] {1000}, s * 1000L, s * 1000L + 10)
                        .limited(second(s, 0.3)));
                run.add(producer("h2:1099", new int[] {1000}, s * 1000L, s * 1000L + 10)
                        .limited(second(s, s >= 3 ? 0.97 : 0.3)));
            }
        }
        // a server whose probe is off brings none
        run.add(producer("h3:1099", new int[] {1000}, 1000, 1010));

        List<String> lines = run.lines();
        assertThat(lines)
                .contains(
                        "first limit hit: the load generator, seen by server h2:1099, 2 s in: its 2 cores were 97 % busy"
                                + " (this JVM 50 %)",
                        "server h1:1099: first limit hit: none seen")
                .anySatisfy(
                        l -> assertThat(l).startsWith("server h2:1099: limits: generator cores 75 % busy (max 97 %)"))
                .noneSatisfy(l -> assertThat(l).startsWith("server h3:1099: first limit"));
        List<SummaryRow> rows = run.rows("p");
        assertThat(rows.get(0).get(SummaryRow.Column.FIRST_LIMIT))
                .isEqualTo("generator: its 2 cores were 97 % busy (this JVM 50 %), 2 s in (server h2:1099)");
        assertThat(rows)
                .filteredOn(r -> r.get(SummaryRow.Column.PART).equals("server h2:1099"))
                .singleElement()
                .satisfies(r ->
                        assertThat(r.get(SummaryRow.Column.CORES_BUSY_PERCENT)).isEqualTo("74.67"));
    }

    @Test
    void theRateIsTheSumOfTheServersOwnRates_soServersStartingApartDoNotDiluteIt() {
        MergedRun run = new MergedRun(ProducerStats.Summary.KIND, Warmup.NONE, null);
        // each server 1,000 records/s for 2 s, h2 starting half a second after h1
        for (int i = 0; i < 20; i++) {
            run.add(producer("h1:1099", new int[100], 10_000 + i * 100L, 10_100 + i * 100L));
            run.add(producer("h2:1099", new int[100], 10_500 + i * 100L, 10_600 + i * 100L));
        }

        assertThat(run.lines().get(0)).startsWith("4000 records sent, 2000.000000 records/sec");
        assertThat(run.lines())
                .anySatisfy(
                        l -> assertThat(l).startsWith("server h2:1099: 2000 records sent, 1000.000000 records/sec"));
    }

    @Test
    void theTailOfTheMergeIsThe9999thOfEveryRecordOfBothServers() {
        MergedRun run = new MergedRun(ProducerStats.Summary.KIND, Warmup.NONE, null);
        // each server's 99.99th alone is far from the one over both
        int[] one = IntStream.rangeClosed(1, 20_000).map(i -> i * 10).toArray();
        int[] two = IntStream.rangeClosed(1, 30_000).map(i -> 500_000 + i * 7).toArray();
        run.add(producer("h1:1099", one, 1000, 2000));
        run.add(producer("h2:1099", two, 1000, 2000));

        Histogram both = new Histogram(3);
        IntStream.of(one).forEach(both::recordValue);
        IntStream.of(two).forEach(both::recordValue);
        long p9999 = both.getValueAtPercentile(99.99) / 1000;
        assertThat(run.lines())
                .contains(String.format(
                        java.util.Locale.ROOT,
                        "tail: %d ms 99.99th, %.2f ms max latency.",
                        p9999,
                        both.getMaxValue() / 1000.0));
        assertThat(run.rows("p").get(0).get(SummaryRow.Column.P9999_MS)).isEqualTo(Long.toString(p9999));
    }

    @Test
    void theWarmUpLeavesOutWholeSamplesInTheOrderTheyCame() {
        MergedRun run = new MergedRun(ProducerStats.Summary.KIND, new Warmup(10, 0), null);
        run.add(producer(
                "h1:1099",
                new int[] {50_000, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000, 50_000},
                0,
                100));
        run.add(producer("h1:1099", new int[] {2000, 2000}, 100, 200));

        assertThat(run.lines().get(2))
                .startsWith("2 steady state records sent, 20.000000 records/sec")
                .contains("2.00 ms avg latency")
                .endsWith("(the first 10 records left out)");
        assertThat(run.rows("p"))
                .extracting(r -> r.get(SummaryRow.Column.PART))
                .containsExactly("all", "steady", "server h1:1099");
    }

    @Test
    void consumersMergeTheirRebalanceAsTheLongestJoin() {
        MergedRun run = new MergedRun(ConsumerStats.Summary.KIND, Warmup.NONE, null);
        run.add(SampleFigures.read(new int[] {3000}, 1, 1024 * 1024, 400).from("h1:1099", 10_000, 11_000));
        run.add(SampleFigures.read(new int[] {5000}, 1, 1024 * 1024, 700).from("h2:1099", 10_500, 12_000));

        assertThat(run.lines().get(1)).endsWith(", 2.0000, 1.0000, 2, 1.0000, 700, 1300, 1.5385, 1.5385");
        SummaryRow all = run.rows("c").get(0);
        assertThat(all.get(SummaryRow.Column.REBALANCE_MS)).isEqualTo("700");
        assertThat(all.get(SummaryRow.Column.P99_MS)).isEqualTo("5");
    }

    @Test
    void requestReplyMergesRoundTripsAndCountsEachServersTimeouts() {
        MergedRun run = new MergedRun(MatchStats.KIND, Warmup.NONE, null);
        // 10 requests each: h1 all answered, h2 8 answered, 1 timed out, 1 given up
        run.add(SampleFigures.answered(IntStream.range(0, 10).map(i -> 2000).toArray(), 10, 0, 1000, 0, 0)
                .from("h1:1099", 1000, 2000));
        run.add(SampleFigures.answered(IntStream.range(0, 8).map(i -> 40_000).toArray(), 8, 2, 800, 0, 1)
                .from("h2:1099", 1000, 3000));

        List<String> lines = run.lines();
        assertThat(lines.get(0))
                // h1's 10 replies/s and h2's 4
                .startsWith("20 requests, 18 replies, 14.000000 replies/sec ")
                .endsWith("ms max round trip, 2 ms 50th, 40 ms 95th, 40 ms 99th, 40 ms 99.9th.");
        assertThat(lines.get(1))
                .isEqualTo("1 timeouts, 1 failed or given up requests (late, foreign and duplicate replies: in each"
                        + " server's own summary).");
        assertThat(lines).anyMatch(l -> l.startsWith("server h1:1099: 10 requests, 10 replies, "));
        assertThat(lines).anyMatch(l -> l.startsWith("server h2:1099: 10 requests, 8 replies, "));
        List<SummaryRow> rows = run.rows("rr");
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0).get(SummaryRow.Column.RECORDS)).isEqualTo("18");
        assertThat(rows.get(0).get(SummaryRow.Column.FAILED)).isEqualTo("2");
    }

    private static SampleFigures shareSample(String server, ShareTally tally, long start) {
        return SampleFigures.read(new int[] {2000}, 1, 1024, 0)
                .from(server, start, start + 100)
                .shared(tally.handOver());
    }

    @Test
    void shareConsumersMergeTheirServersOutcomesDeliveriesAndAnswers() {
        MergedRun run = new MergedRun(ConsumerStats.Summary.KIND, Warmup.NONE, null);
        ShareTally h1 = new ShareTally(new ShareStats(null));
        ShareTally h2 = new ShareTally(new ShareStats(null));
        h1.delivered(1);
        h1.decided("accept", false);
        run.add(shareSample("h1:1099", h1, 1000));
        h2.delivered(2);
        h2.decided("release", false);
        h2.answered(4000);
        run.add(shareSample("h2:1099", h2, 1100));
        h1.delivered(1);
        h1.decided("reject", false);
        h1.answered(3000);
        run.add(shareSample("h1:1099", h1, 1200));

        assertThat(run.isShare()).isTrue();
        assertThat(run.lines())
                .contains(
                        ConsumerStats.Summary.SHARE_HEADER,
                        "acknowledged: 1 accepted, 1 released, 1 rejected; 0 lock renewals; 0 acknowledgements refused"
                                + " by the broker; 0 released unread at the end of the record budget.",
                        "delivery counts (records handed out, by delivery): 1: 2, 2: 1.",
                        "server h1:1099: acknowledged: 1 accepted, 0 released, 1 rejected; 0 lock renewals; 0"
                                + " acknowledgements refused by the broker; 0 released unread at the end of the record"
                                + " budget.")
                .anyMatch(l -> l.startsWith("acknowledgement latency (delivery to the broker's answer): 3.50 ms avg"))
                .anyMatch(l -> l.startsWith("server h2:1099: ") && l.contains(", 1, "))
                .anyMatch(l -> l.contains("they are in each server's own summary"));
        assertThat(new MergedRun(ConsumerStats.Summary.KIND, Warmup.NONE, null).isShare())
                .isFalse();
    }
}
