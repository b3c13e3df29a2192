package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StallCaseTest {
    private static final String PERF_TEST = "30000 records sent, 1999.8 records/sec (1.91 MB/sec), 4.0 ms avg latency,"
            + " 900.0 ms max latency, 3 ms 50th, 5 ms 95th, 9 ms 99th, 40 ms 99.9th.\n"
            + "60000 records sent, 1999.600080 records/sec (1.91 MB/sec), 120.46 ms avg latency, 3081.00 ms max"
            + " latency, 3 ms 50th, 1480 ms 95th, 2750 ms 99th, 3010 ms 99.9th.\n";
    private static final String PLUGIN = "Kafka Producer summary for 'other':\n"
            + "5 records sent, 1.0 records/sec (0.00 MB/sec), 1.00 ms avg latency, 1.00 ms max latency, 1 ms 50th,"
            + " 1 ms 95th, 1 ms 99th, 1 ms 99.9th.\n"
            + StallCase.TITLE + "\n"
            + "60000 records sent, 1999.512345 records/sec (1.91 MB/sec), 9.12 ms avg latency, 3050.12 ms max latency,"
            + " 3 ms 50th, 6 ms 95th, 120 ms 99th, 2900 ms 99.9th.\n"
            + "corrected for the schedule (from the intended send): 160.30 ms avg latency, 3120.50 ms max latency,"
            + " 4 ms 50th, 1520 ms 95th, 2810 ms 99th, 3070 ms 99.9th.\n"
            + "send delay (intended to actual send): 151.20 ms avg, 0 ms 50th, 1500 ms 95th, 2790 ms 99th,"
            + " 3050 ms 99.9th, 3101.00 ms max; behind schedule 3.2 s in 1 stretch (longest 3.2 s), 0 records"
            + " skipped.\n"
            + "0 records failed.\n";
    private static final String TIMER = StallCase.PACED_TITLE + "\n"
            + "60000 records sent, 1998.1 records/sec (1.91 MB/sec), 4.10 ms avg latency, 60.00 ms max latency,"
            + " 3 ms 50th, 6 ms 95th, 12 ms 99th, 40 ms 99.9th.\n0 records failed.\n";
    private static final BrokerStall.Result STALLED = new BrokerStall.Result(12.01, 3000.4, 'T');

    @Test
    void readsPerfTestsFinalLine() {
        StallCase.Run r = StallCase.Run.perfTest(StallCase.STALL_VARIANT, 0, PERF_TEST, 5.1, 31.2, 0, 60000, STALLED);
        assertThat(r.sendToAck().records()).isEqualTo(60000);
        assertThat(r.sendToAck().p95Ms()).isEqualTo(1480);
        assertThat(r.sendToAck().p99Ms()).isEqualTo(2750);
        assertThat(r.sendToAck().maxMs()).isEqualTo(3081.0);
        assertThat(r.paced()).isFalse();
        assertThat(r.rows()).hasSize(1);
    }

    @Test
    void readsThePluginsCorrectedLatencySendDelayAndTimeBehindUnderItsTitle() {
        StallCase.Run r = plugin(StallCase.STALL_VARIANT, StallCase.FIELD, PLUGIN, StallCase.TITLE);
        assertThat(r.sendToAck().records()).isEqualTo(60000);
        assertThat(r.sendToAck().p99Ms()).isEqualTo(120);
        assertThat(r.paced()).isTrue();
        assertThat(r.corrected().avgMs()).isEqualTo(160.3);
        assertThat(r.corrected().maxMs()).isEqualTo(3120.5);
        assertThat(r.corrected().p50Ms()).isEqualTo(4);
        assertThat(r.corrected().p95Ms()).isEqualTo(1520);
        assertThat(r.corrected().p99Ms()).isEqualTo(2810);
        assertThat(r.corrected().recordsPerSec()).isEqualTo(1999.512345);
        assertThat(r.sendDelay().avgMs()).isEqualTo(151.2);
        assertThat(r.sendDelay().p99Ms()).isEqualTo(2790);
        assertThat(r.sendDelay().maxMs()).isEqualTo(3101.0);
        assertThat(r.behind()).isEqualTo(new StallCase.Behind(3.2, 1, 3.2, 0));
        assertThat(r.rows()).hasSize(3);
        // CPU is counted once, on the send-to-ack row
        assertThat(r.corrected().cpu()).isNaN();
    }

    @Test
    void aRunPacedByTheTimerHasNoCorrectedLatency() {
        StallCase.Run r = plugin(StallCase.PACED_VARIANT, StallCase.TIMER, TIMER, StallCase.PACED_TITLE);
        assertThat(r.paced()).isFalse();
        assertThat(r.sendToAck().p99Ms()).isEqualTo(12);
    }

    @Test
    void withinIsAShareOrAFloorWhicheverIsWider() {
        assertThat(StallCase.within(3, 4, 0.1, 1)).isTrue();
        assertThat(StallCase.within(3, 5, 0.1, 1)).isFalse();
        assertThat(StallCase.within(1500, 1870, 0.25, 0)).isTrue();
        assertThat(StallCase.within(1500, 1880, 0.25, 0)).isFalse();
    }

    @Test
    void theTargetsCompareTheCorrectedTailWithPerfTestsAndTheCostWithTheTimers() {
        StallCase c = new StallCase(60_000, 2000);
        List<StallCase.Run> runs = new ArrayList<>();
        runs.add(StallCase.Run.perfTest(StallCase.STALL_VARIANT, 0, PERF_TEST, 5, 31, 0, 60000, STALLED));
        runs.add(plugin(StallCase.STALL_VARIANT, StallCase.FIELD, PLUGIN, StallCase.TITLE));
        List<String[]> rows = new ArrayList<>();
        c.targets(rows, runs);
        assertThat(rows)
                .anySatisfy(r -> assertThat(r)
                        .containsExactly(
                                "(stall) plugin corrected max >= 3000 ms",
                                "3,121 ms (from the actual send: 3,050 ms)",
                                "met"))
                .anySatisfy(r -> assertThat(r[0]).isEqualTo("(stall) plugin corrected p95 within 25 % of perf-test's"))
                .anySatisfy(r -> assertThat(r[1]).startsWith("1,520 vs 1,480 ms (+3 %"))
                .anySatisfy(r -> assertThat(r[0]).isEqualTo("(stall) plugin rate within 1 % of 2000/s"));
        StringBuilder s = new StringBuilder();
        c.table(s, runs);
        assertThat(s.toString())
                .contains("| (stall) broker stopped 3 s at 12 s | perf-test | send to ack | 1 | 1999.6 |")
                .contains(
                        "|  |  | **corrected**: intended send to ack | 1 | 1999.5 | 160.30 | 4 | 1,520 | 2,810 | 3,121 |")
                .contains("broker stopped 12.01 s after the first record was stored, for 3000 ms (state T)");
        StringBuilder csv = new StringBuilder();
        StallCase.csv(csv, runs);
        assertThat(csv.toString())
                .contains("stall,perf-test,1,60000,60000,")
                .contains("stall,plugin target rate corrected,1,");
        // every row has the header's columns: no comma in a side's name
        int columns = new Report().csv().lines().findFirst().orElseThrow().split(",", -1).length;
        assertThat(csv.toString().lines())
                .allSatisfy(l -> assertThat(l.split(",", -1)).hasSize(columns));
    }

    @Test
    void theCpuTargetIsThePerRecordRatioToTheTimer() {
        StallCase c = new StallCase(60_000, 2000);
        List<StallCase.Run> runs = List.of(
                StallCase.Run.plugin(
                        StallCase.PACED_VARIANT,
                        StallCase.FIELD,
                        0,
                        PLUGIN,
                        StallCase.TITLE,
                        6.2,
                        4.4,
                        33,
                        0,
                        60000,
                        60000,
                        500,
                        null),
                StallCase.Run.plugin(
                        StallCase.PACED_VARIANT,
                        StallCase.TIMER,
                        0,
                        TIMER,
                        StallCase.PACED_TITLE,
                        6.0,
                        4.0,
                        33,
                        0,
                        60000,
                        6000,
                        500,
                        null));
        List<String[]> rows = new ArrayList<>();
        c.targets(rows, runs);
        assertThat(rows)
                .anySatisfy(r -> assertThat(r)
                        .containsExactly(
                                "(paced) CPU/record, target rate <= 1.05 x the Constant Throughput Timer's, whole"
                                        + " process",
                                "1.03 (103.3 vs 100.0 µs/record)",
                                "met"))
                .anySatisfy(r -> assertThat(r)
                        .containsExactly(
                                "(paced) CPU/record, target rate <= 1.05 x the Constant Throughput Timer's, after"
                                        + " test start",
                                "1.10 (73.3 vs 66.7 µs/record)",
                                "**MISSED**"));
    }

    @Test
    void theRunMustOutlastTheStall() {
        assertThat(new StallCase(60_000, 2000).outlastsTheStall()).isTrue();
        assertThat(new StallCase(20_000, 2000).outlastsTheStall()).isFalse();
        assertThat(new StallCase(60_000, 2000).threads()).isEqualTo(40);
        assertThat(new StallCase(60_000, 2000).samplesPerMinute()).isEqualTo(12_000);
    }

    @Test
    void theProcessStateIsTheFieldAfterTheCommandName() {
        assertThat(BrokerStall.stateOf("4242 (java) T 1 4242 ...")).isEqualTo('T');
        assertThat(BrokerStall.stateOf("4242 (a (b) c) S 1")).isEqualTo('S');
        assertThat(BrokerStall.stateOf("garbage")).isEqualTo('?');
    }

    private static StallCase.Run plugin(String variant, String side, String stdout, String title) {
        return StallCase.Run.plugin(variant, side, 0, stdout, title, 6, 4, 33, 0, 60000, 60000, 530, STALLED);
    }
}
