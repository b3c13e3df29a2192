package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ReportTest {

    @Test
    void theTargetRowShowsHowFarSinglePairsSwingBesideTheRatioOfMedians() {
        // pairs: 0.50, 1.00, 0.80; medians: 200 over 300
        List<Report.Run> perf = List.of(run("perf-test", 0, 400), run("perf-test", 1, 300), run("perf-test", 2, 250));
        List<Report.Run> plugin = List.of(run("plugin", 0, 200), run("plugin", 1, 300), run("plugin", 2, 200));
        Report report = new Report();
        report.consumer("consume1", "1M", 1, 500, perf, plugin);

        assertThat(report.markdown(List.of()))
                .contains(
                        "| (consume1) nMsg/s >= 0.95 x consumer-perf-test | 0.67 (pair by pair: median 0.80, 0.50 to 1.00) | **MISSED** |");
    }

    @Test
    void eachRunLineSaysHowMuchCpuTheHypervisorTook() {
        assertThat(Report.format(run("plugin", 0, 1000))).endsWith(", steal 12 %");
        assertThat(new Report().csv()).startsWith("case,").contains(",steal_pct,stored_bytes\n");
    }

    @Test
    void aCodecCaseComparesRatesAndTheBytesTheBrokerStoresPerRecord() {
        ProducerCase lz4 = CodecCase.of("lz4", 1_000_000, 10_000);
        Report report = new Report();
        report.payloads()
                .codec(
                        lz4,
                        List.of(
                                producer("perf-test", 0, 50_000, 1_084_000_000L),
                                producer("perf-test", 1, 40_000, 1_084_100_000L)),
                        List.of(
                                producer("plugin", 0, 55_000, 1_083_000_000L),
                                producer("plugin", 1, 36_000, 1_083_200_000L)));

        String md = report.markdown(List.of());
        // medians: 45,500 over 45,000; pairs 1.10 and 0.90; stored 1083.1 over 1084.05 B/record
        assertThat(md)
                .contains(
                        "| (lz4) records/s 0.9 to 1.25 x perf-test | 1.01 (pair by pair: median 1.00, 0.90 to 1.10) | met |")
                .contains("| (lz4) stored B/record within 3 % of perf-test | 1083.1 vs 1084.1 B (-0.09 %) | met |")
                .contains("| (lz4) 1M x 1000 B, 1 partition, compression.type=lz4 | perf-test | 2 | 45,000 |");
        assertThat(report.csv())
                .contains("\nlz4,plugin,1,1000000,1000000,55000.0,")
                .contains(",1083000000\n");
    }

    @Test
    void aTemplateCaseIsMeasuredAgainstThePluginsOwnRandomLetters() {
        Payload random = Payload.random();
        ProducerCase reference = random.producerCase("template-random", 1_000_000, 10_000);
        ProducerCase template = ProducerCase.unthrottled("template", "1M records", 1_000_000, 0, 1, 10_000);
        Report report = new Report();
        report.payloads()
                .payload(
                        reference,
                        random.title,
                        List.of(producer("plugin", 0, 100_000, 1_013_000_000L)),
                        template,
                        "JSON template",
                        List.of(producer("plugin", 0, 75_000, 1_020_000_000L)));

        assertThat(report.markdown(List.of()))
                .contains("| (template) records/s >= 0.8 x the plugin's with random letters | 0.75 | **MISSED** |")
                .contains("| | **template / random** | | **0.75** |");
        assertThat(report.csv()).contains("\ntemplate-random,plugin,1,").contains("\ntemplate,plugin,1,");
    }

    private static Report.Run producer(String side, int repeat, double recordsPerSec, long storedBytes) {
        String line = String.format(
                Locale.ROOT,
                "1000000 records sent, %.1f records/sec (50.00 MB/sec), 5.00 ms avg "
                        + "latency, 90.00 ms max latency, 4 ms 50th, 9 ms 95th, 20 ms 99th, 60 ms 99.9th.",
                recordsPerSec);
        return Report.Run.producer(
                side, repeat, Figures.Producer.parseLast(line), 10, 8, 20, 0, 1_000_000, storedBytes);
    }

    private static Report.Run run(String side, int repeat, double recordsPerSec) {
        String out = "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, "
                + "rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec\n"
                + String.format(
                        Locale.ROOT,
                        "2026-11-30 01:27:45:699, 2026-11-30 01:27:50:944, 953.6743, 1.0, 1000000, "
                                + "%.1f, 891, 4354, 1.0, 1.0%n",
                        recordsPerSec);
        return Report.Run.consumer(side, repeat, Figures.Consumer.parse(out, null), 5, Double.NaN, 6, 0.12);
    }
}
