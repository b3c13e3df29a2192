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
                .contains("| (consume1) nMsg/s >= 0.95 x consumer-perf-test | 0.67 (pair by pair: median 0.80, 0.50 to 1.00) | **MISSED** |");
    }

    @Test
    void eachRunLineSaysHowMuchCpuTheHypervisorTook() {
        assertThat(Report.format(run("plugin", 0, 1000))).endsWith(", steal 12 %");
        assertThat(new Report().csv()).startsWith("case,").contains(",steal_pct\n");
    }

    private static Report.Run run(String side, int repeat, double recordsPerSec) {
        String out = "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, "
                + "rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec\n"
                + String.format(Locale.ROOT, "2026-11-30 01:27:45:699, 2026-11-30 01:27:50:944, 953.6743, 1.0, 1000000, "
                        + "%.1f, 891, 4354, 1.0, 1.0%n", recordsPerSec);
        return Report.Run.consumer(side, repeat, Figures.Consumer.parse(out, null), 5, Double.NaN, 6, 0.12);
    }
}
