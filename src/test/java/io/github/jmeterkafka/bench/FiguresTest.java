package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The bench reads both tools' figures from their output; a format change must fail here, not in a table. */
class FiguresTest {

    @Test
    void readsPerfTestsLastLineNotItsProgressLines() {
        String out =
                "249617 records sent, 49903.4 records/sec (47.59 MB/sec), 587.4 ms avg latency, 1037.0 ms max latency.\n"
                        + "1000000 records sent, 53051.620245 records/sec (50.59 MB/sec), 575.63 ms avg latency, 1108.00 ms max "
                        + "latency, 560 ms 50th, 967 ms 95th, 1046 ms 99th, 1097 ms 99.9th.\n";
        Figures.Producer f = Figures.Producer.parseLast(out);
        assertThat(f.records).isEqualTo(1_000_000);
        assertThat(f.recordsPerSec).isEqualTo(53051.620245);
        assertThat(f.mbPerSec).isEqualTo(50.59);
        assertThat(f.avgMs).isEqualTo(575.63);
        assertThat(f.maxMs).isEqualTo(1108.0);
        assertThat(new long[] {f.p50Ms, f.p95Ms, f.p99Ms, f.p999Ms}).containsExactly(560, 967, 1046, 1097);
    }

    @Test
    void producersThatRanAtOnceAddTheirRatesAndKeepTheHighestLatencies() {
        Figures.Producer a = Figures.Producer.parseLast("300000 records sent, 30000.0 records/sec (2.86 MB/sec), 10.00"
                + " ms avg latency, 90.00 ms max latency, 8 ms 50th, 20 ms 95th, 40 ms 99th, 80 ms 99.9th.");
        Figures.Producer b = Figures.Producer.parseLast("100000 records sent, 20000.0 records/sec (1.91 MB/sec), 30.00"
                + " ms avg latency, 70.00 ms max latency, 9 ms 50th, 15 ms 95th, 50 ms 99th, 60 ms 99.9th.");
        Figures.Producer f = Figures.Producer.concurrent(List.of(a, b));
        assertThat(f.records).isEqualTo(400_000);
        assertThat(f.recordsPerSec).isEqualTo(50_000.0);
        assertThat(f.mbPerSec).isCloseTo(4.77, within(1e-9));
        assertThat(f.avgMs).isEqualTo(15.0);
        assertThat(f.maxMs).isEqualTo(90.0);
        assertThat(new long[] {f.p50Ms, f.p95Ms, f.p99Ms, f.p999Ms}).containsExactly(9, 20, 50, 80);
    }

    @Test
    void readsPerfTestsWholeRunAndItsSteadyStateLinePrintedAfterIt() {
        String out = "In steady state.\n"
                + "2000000 records sent, 101234.567890 records/sec (96.55 MB/sec), 250.10 ms avg latency, 900.00 ms max"
                + " latency, 240 ms 50th, 500 ms 95th, 700 ms 99th, 850 ms 99.9th.\n"
                + "1500000 steady state records sent, 123456.789012 records/sec (117.74 MB/sec), 200.00 ms avg latency,"
                + " 600.00 ms max latency, 190 ms 50th, 400 ms 95th, 500 ms 99th, 580 ms 99.9th.\n";
        assertThat(Figures.Producer.parseWhole(out).records).isEqualTo(2_000_000);
        assertThat(Figures.Producer.parseWhole(out).recordsPerSec).isEqualTo(101234.56789);
        assertThat(Figures.Producer.parseSteady(out).records).isEqualTo(1_500_000);
        assertThat(Figures.Producer.parseSteady(out).recordsPerSec).isEqualTo(123456.789012);
        assertThatThrownBy(() -> Figures.Producer.parseSteady(out.substring(0, out.indexOf("1500000"))))
                .hasMessageContaining("No steady-state producer line");
        // the plugin's own steady line says what it left out
        String plugin = "200007 steady state records sent, 9997.785564 records/sec (9.53 MB/sec), 1.34 ms avg latency,"
                + " 18.32 ms max latency, 1 ms 50th, 2 ms 95th, 6 ms 99th, 13 ms 99.9th. (the first 5 s left out)\n";
        assertThat(Figures.Producer.parseSteady(plugin).p99Ms).isEqualTo(6);
    }

    @Test
    void readsThePluginsSummaryUnderItsTitle() {
        String out = "Starting standalone test @ ...\n"
                + "Kafka Producer summary for 'other':\n"
                + "5 records sent, 1.000000 records/sec (0.00 MB/sec), 1.00 ms avg latency, 1.00 ms max latency, "
                + "1 ms 50th, 1 ms 95th, 1 ms 99th, 1 ms 99.9th.\n0 records failed.\n"
                + "Kafka Producer summary for 'produce':\n"
                + "100000 records sent, 4999.300000 records/sec (4.77 MB/sec), 3.10 ms avg latency, 40.00 ms max latency, "
                + "3 ms 50th, 7 ms 95th, 12 ms 99th, 30 ms 99.9th.\n0 records failed.\n";
        Figures.Producer f = Figures.Producer.parseAfter(out, "Kafka Producer summary for 'produce':");
        assertThat(f.records).isEqualTo(100_000);
        assertThat(f.p95Ms).isEqualTo(7);
    }

    @Test
    void readsConsumerPerfTestsColumns() {
        String out = "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, "
                + "rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec\n"
                + "2026-11-30 01:27:45:699, 2026-11-30 01:27:50:944, 953.6743, 181.8255, 1000000, 190657.7693, 891, "
                + "4354, 219.0341, 229673.8631\n";
        Figures.Consumer f = Figures.Consumer.parse(out, null);
        assertThat(f.records).isEqualTo(1_000_000);
        assertThat(f.recordsPerSec).isEqualTo(190657.7693);
        assertThat(f.mbPerSec).isEqualTo(181.8255);
        assertThat(f.rebalanceMs).isEqualTo(891);
        assertThat(f.fetchMs).isEqualTo(4354);
        assertThat(f.fetchRecordsPerSec).isEqualTo(229673.8631);

        String warned = out.replace(
                "\n2026",
                "\nWARNING: Exiting before consuming the expected number of records: "
                        + "timeout (10000 ms) exceeded. You can use the --timeout option to increase the timeout.\n2026");
        assertThat(Figures.Consumer.parse(warned, null).records).isEqualTo(1_000_000);

        String plugin = "Kafka Consumer summary for 'consume':\n" + out + "end-to-end latency: ...\n";
        assertThat(Figures.Consumer.parse(plugin, "Kafka Consumer summary for 'consume':").records)
                .isEqualTo(1_000_000);
    }

    @Test
    void saysWhatItGotWhenTheLineIsMissing() {
        assertThatThrownBy(() -> Figures.Producer.parseLast("Exception in thread main\n"))
                .hasMessageContaining("No final producer line")
                .hasMessageContaining("Exception in thread main");
    }
}
