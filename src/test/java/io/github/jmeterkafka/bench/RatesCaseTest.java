package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.github.jmeterkafka.harness.Jtl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class RatesCaseTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,Latency,SampleCount,ErrorCount,Connect\n";
    private static final Duration WARMUP = Duration.ofSeconds(5);
    private static final Duration WINDOW = Duration.ofSeconds(60);
    private static final long T0 = 1_700_000_000_000L;

    private static final String SUMMARY = RatesCase.TITLE + "\n"
            + "6700000 records sent, 99987.5 records/sec (95.36 MB/sec), 9.12 ms avg latency, 250.00 ms max latency,"
            + " 7 ms 50th, 20 ms 95th, 40 ms 99th, 120 ms 99.9th.\n"
            + "corrected for the schedule (from the intended send): 12.30 ms avg latency, 300.50 ms max latency,"
            + " 8 ms 50th, 25 ms 95th, 60 ms 99th, 150 ms 99.9th.\n"
            + "send delay (intended to actual send): 3.20 ms avg, 0 ms 50th, 10 ms 95th, 22 ms 99th,"
            + " 80 ms 99.9th, 210.00 ms max; behind schedule 1.5 s in 12 stretches (longest 0.2 s), 0 records"
            + " skipped.\n"
            + "0 records failed.\n";

    /** A sample of {@code n} records starting {@code startMs} after T0, taking {@code elapsed} ms. */
    private static String row(long startMs, long elapsed, int n, int errors, long connect) {
        return (T0 + startMs) + "," + elapsed + ",produce,OK,,Produce 1-1," + (errors == 0) + ",,0," + n * 1000
                + ",1,1," + elapsed + "," + n + "," + errors + "," + connect + "\n";
    }

    @Test
    void theWindowStartsAtTheFirstSendAndCountsEachSampleAtItsEnd() {
        String csv = HEADER
                // the first sample waits 700 ms for the topic's metadata: the schedule starts at its first send
                + row(0, 720, 5, 0, 700)
                // ends 4,999 ms after the first send: in the warm-up
                + row(5_690, 9, 100, 0, 0)
                // ends 5,000 ms after it: the window's first
                + row(5_690, 10, 200, 0, 0)
                // starts in the warm-up, ends in the window
                + row(5_600, 120, 300, 0, 0)
                // 2 of 400 failed
                + row(30_000, 20, 400, 2, 0)
                // ends 64,999 ms after it: the window's last
                + row(65_680, 19, 500, 0, 0)
                // ends 65,000 ms after it: after the window
                + row(65_680, 20, 600, 0, 0);
        // rows are not in time order in a JTL of many threads
        List<Jtl.Row> rows = new ArrayList<>(Jtl.parse(csv).rows());
        Collections.reverse(rows);
        RatesCase.Window w = RatesCase.window(rows, WARMUP, WINDOW);
        assertThat(w.startMs()).isEqualTo(T0 + 700);
        assertThat(w.records()).isEqualTo(200 + 300 + 398 + 500);
        assertThat(w.failed()).isEqualTo(2);
        assertThat(w.samples()).isEqualTo(4);
        assertThat(w.largestSample()).isEqualTo(500);
        assertThat(w.covered()).isTrue();
        assertThat(w.recordsPerSec()).isEqualTo(1398 / 60.0);
        assertThat(w.recordsPerSample()).isEqualTo(1398 / 4.0);
        // seconds 0 (200 + 300 records), 24 (398) and 59 (500) of the window; the others none
        assertThat(w.slowestSecond()).isZero();
        assertThat(w.fastestSecond()).isEqualTo(500);
    }

    @Test
    void aRunThatEndsInsideTheWindowIsNotCovered() {
        String csv = HEADER + row(0, 10, 1, 0, 5) + row(30_000, 10, 1, 0, 0);
        RatesCase.Window w = RatesCase.window(Jtl.parse(csv).rows(), WARMUP, WINDOW);
        assertThat(w.covered()).isFalse();
        RatesCase.Run r = RatesCase.Run.of(1, 100, 0, w, SUMMARY, 9, 5, 70, 0, 6_700_000, 6_700_000);
        assertThat(r.met()).isFalse();
    }

    @Test
    void aRunMeetsItsTargetWithinHalfAPercent() {
        assertThat(run(1, 100_000, 5_970_000).met()).isTrue(); // -0.5 %
        assertThat(run(1, 100_000, 5_969_999).met()).isFalse();
        assertThat(run(1, 100_000, 6_030_000).met()).isTrue();
        assertThat(run(1, 100_000, 6_030_001).met()).isFalse();
        assertThat(run(16, 100, 5_997).deviation()).isCloseTo(-0.0005, offset(1e-12));
    }

    @Test
    void readsThePluginsSummaryOfTheWholeRun() {
        RatesCase.Run r = run(16, 100_000, 5_998_800);
        assertThat(r.whole().records()).isEqualTo(6_700_000);
        assertThat(r.whole().recordsPerSec()).isEqualTo(99987.5);
        assertThat(r.summary().paced()).isTrue();
        assertThat(r.summary().behind()).isEqualTo(new StallCase.Behind(1.5, 12, 0.2, 0));
        assertThat(r.summary().sendDelay().p99Ms()).isEqualTo(22);
        assertThat(r.stored()).isEqualTo(6_700_000);
        assertThat(r.rows()).hasSize(2);
        assertThat(r.rows().get(1).recordsPerSec()).isEqualTo(99_980.0);
        assertThat(r.format())
                .startsWith(
                        "99,980.0 records/s in the 60 s window (-0.020 %, met; its seconds 99,930 to 100,030), 5,998,800"
                                + " records in 3,000 samples (largest 4,000); whole run 99,987.5 records/s, behind schedule 1.5 s");
    }

    @Test
    void aRunsRecordsCoverTheWarmUpTheWindowAndTheTail() {
        RatesCase c = new RatesCase(List.of(100, 100_000), List.of(1, 16), 6, WARMUP, WINDOW);
        assertThat(c.records(100)).isEqualTo(6_700);
        assertThat(c.records(100_000)).isEqualTo(6_700_000);
        assertThat(c.topRate()).isEqualTo(100_000);
        assertThat(String.join(" ", c.ceilingArgs("127.0.0.1:9092", "t")))
                .isEqualTo("--bootstrap-server 127.0.0.1:9092 --topic t --num-records 2000000 --warmup-records 500000"
                        + " --record-size 1000 --throughput -1 --command-property acks=1 linger.ms=5 batch.size=16384"
                        + " compression.type=none");
        assertThat(RatesCase.ints("100, 2000,20000,100000,")).containsExactly(100, 2000, 20_000, 100_000);
        assertThatThrownBy(() -> new RatesCase(List.of(), List.of(1), 6, WARMUP, WINDOW))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSamplesOfAllThreadsFitInTheProducersBuffer() {
        // 32 MB of 1000 B records: one thread is capped at 10,000
        assertThat(RatesCase.recordsPerSample(1, 0)).isEqualTo(10_000);
        assertThat(RatesCase.recordsPerSample(4, 0)).isEqualTo(8_300);
        assertThat(RatesCase.recordsPerSample(16, 0)).isEqualTo(2_000);
        assertThat(RatesCase.recordsPerSample(400, 0)).isEqualTo(83);
        assertThat(RatesCase.recordsPerSample(1_000_000, 0)).isEqualTo(1);
        assertThat(RatesCase.recordsPerSample(16, 1_000)).isEqualTo(1_000);
        assertThat(new RatesCase(List.of(100), List.of(1, 16), 6, WARMUP, WINDOW).title())
                .contains("1 thread (up to 10000 records/sample) and 16 threads (up to 2000 records/sample)");
        assertThat(new RatesCase(List.of(100), List.of(16), 6, WARMUP, WINDOW, 500).recordsPerSample(16))
                .isEqualTo(500);
    }

    @Test
    void theTableAndTargetsPutTheCeilingBesideTheTopRate() {
        RatesCase c = new RatesCase(List.of(100, 100_000), List.of(1, 16), 6, WARMUP, WINDOW);
        List<RatesCase.Run> runs = List.of(
                run(1, 100, 6_000), run(16, 100, 5_999), run(1, 100_000, 5_100_000), run(16, 100_000, 5_998_800));
        Figures.Producer f = Figures.Producer.parseSteady("1500000 steady state records sent, 123456.7 records/sec"
                + " (117.74 MB/sec), 200.00 ms avg latency, 400.00 ms max latency, 180 ms 50th, 350 ms 95th, 380 ms"
                + " 99th, 390 ms 99.9th.");
        List<Report.Run> ceilings =
                List.of(Report.Run.producer("perf-test steady state", 0, f, 10.2, Double.NaN, 22.0, 0, 2_000_000, -1));
        List<String[]> rows = new ArrayList<>();
        c.targets(rows, runs, ceilings);
        assertThat(rows)
                .hasSize(4)
                .anySatisfy(r -> assertThat(r)
                        .containsExactly(
                                "(rates) 1 thread at 100/s: within ±0.5 % over 60 s", "100.0/s (+0.000 %)", "met"))
                .anySatisfy(r -> assertThat(r)
                        .containsExactly(
                                "(rates) 1 thread at 100,000/s: within ±0.5 % over 60 s",
                                "85000.0/s (-15.000 %); the broker's ceiling (perf-test --throughput -1) 123,457/s",
                                "**MISSED**"))
                .anySatisfy(r -> assertThat(r[1])
                        .isEqualTo("99980.0/s (-0.020 %); the broker's ceiling (perf-test"
                                + " --throughput -1) 123,457/s"));
        StringBuilder s = new StringBuilder();
        c.table(s, runs, ceilings);
        assertThat(s.toString())
                .contains("| 100 | 16 | 1 | 100.0 | -0.017 % | met | 49 / 149 | 5,999 |")
                .contains(
                        "| 100,000 | 1 | 1 | 85000.0 | -15.000 % | **missed** | 84,950 / 85,050 | 5,100,000 | 3,000 (1700.0) |")
                .contains("| 99987.5 | 1.5 | 22 / 210 | 1.2 | all, in every run |")
                .contains("| (ceiling) | perf-test --throughput -1 | 1 | 123456.7 | | | | | | | | | | |")
                .contains("ProducerPerformance --throughput -1, 2M x 1000 B, 6 partitions, the same producer"
                        + " properties, 123,457 records/s in its steady state (the first 500k records left out; runs:"
                        + " 123,457)");
        StringBuilder csv = new StringBuilder();
        RatesCase.csv(csv, runs, ceilings);
        assertThat(csv.toString())
                .contains("rates,plugin 16 threads at 100000/s,1,6700000,6700000,99987.5,")
                .contains("rates,plugin 16 threads at 100000/s window,1,5998800,6700000,99980.0,")
                .contains("rates-ceiling,perf-test steady state,1,1500000,2000000,123456.7,");
        // every row has the header's columns: no comma in a side's name
        int columns = new Report().csv().lines().findFirst().orElseThrow().split(",", -1).length;
        assertThat(csv.toString().lines())
                .allSatisfy(l -> assertThat(l.split(",", -1)).hasSize(columns));
    }

    @Test
    void aTargetIsMetOnlyWhenEveryRunHeldTheRate() {
        RatesCase c = new RatesCase(List.of(2000), List.of(1), 6, WARMUP, WINDOW);
        List<RatesCase.Run> runs = List.of(run(1, 2000, 120_000), run(1, 2000, 120_100), run(1, 2000, 121_000));
        List<String[]> rows = new ArrayList<>();
        c.targets(rows, runs, List.of());
        assertThat(rows)
                .singleElement()
                .satisfies(r -> assertThat(r)
                        .containsExactly(
                                "(rates) 1 thread at 2,000/s: within ±0.5 % over 60 s",
                                "2001.7/s (+0.083 %); 1 of 3 runs missed", "**MISSED**"));
        StringBuilder s = new StringBuilder();
        c.table(s, runs, List.of());
        assertThat(s.toString()).contains("| 2,000 | 1 | 3 | 2001.7 | +0.083 % | **missed 1 of 3** |");
    }

    /** A run whose window held {@code records} in 3,000 samples; the summary's whole run is {@link #SUMMARY}'s. */
    private static RatesCase.Run run(int threads, int rate, long records) {
        RatesCase.Window w =
                new RatesCase.Window(T0, WINDOW, records, 3_000, 4_000, 0, true, records / 60 - 50, records / 60 + 50);
        return RatesCase.Run.of(threads, rate, 0, w, SUMMARY, 9.5, 8.0, 70, 0, 6_700_000, 6_700_000);
    }
}
