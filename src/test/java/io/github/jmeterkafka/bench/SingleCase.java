package io.github.jmeterkafka.bench;

import static io.github.jmeterkafka.bench.Report.f0;
import static io.github.jmeterkafka.bench.Report.f1;
import static io.github.jmeterkafka.bench.Report.f2;
import static io.github.jmeterkafka.bench.Report.median;

import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * One record per sample, the way most JMeter plans model traffic: the plugin beside a closed loop written on
 * kafka-clients ({@link ClosedLoopProducer}: the same threads sharing one producer, each waiting for its ack) and
 * beside JMeter's own floor (a Debug Sampler that does nothing, the same thread group and results file), per thread
 * count, runs rotating which side goes first.
 */
final class SingleCase {
    static final int[] THREADS = {1, 8, 64};
    /** The plugin's target: this share of the closed loop's records/s. */
    static final double MIN_RATIO = 0.9;

    static final String CLIENT = "kafka-clients";
    static final String PLUGIN = "plugin";
    static final String NOOP = "JMeter no-op";
    static final List<String> SIDES = List.of(CLIENT, PLUGIN, NOOP);

    /**
     * One run of one side.
     *
     * @param perSec  records (no-op: samples) per second
     * @param cpu     the process's CPU seconds, whole
     * @param records records (samples) of the run
     */
    record Run(
            String side, int threads, int repeat, double perSec, double p50Ms, double p99Ms, double cpu, long records) {
        double cpuMicros() {
            return cpu * 1e6 / records;
        }
    }

    private SingleCase() {}

    /** 1 thread manages about a thousand round trips a second: fewer records keep its runs short. */
    static long records(int threads) {
        return threads == 1 ? 20_000 : 100_000;
    }

    static void table(StringBuilder s, List<Run> runs) {
        if (runs.isEmpty()) {
            return;
        }
        s.append("| (single) 1 record/sample, 1000 B, linger.ms=0, acks=1 | side | runs | records/s (range) | p50 ms | "
                + "p99 ms | CPU µs/record: whole (net of the no-op) |\n|---|---|---|--:|--:|--:|--:|\n");
        StringBuilder targets = new StringBuilder();
        for (int threads : THREADS) {
            List<Run> client = side(runs, CLIENT, threads);
            List<Run> plugin = side(runs, PLUGIN, threads);
            // what JMeter itself spends per sample (its start and stop included, as in the plugin's runs)
            double jmeter = median(side(runs, NOOP, threads), Run::cpuMicros);
            for (String side : SIDES) {
                List<Run> r = side(runs, side, threads);
                if (r.isEmpty()) {
                    continue;
                }
                s.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %d | %s (%s) | %s | %s | %s%s |%n",
                        side.equals(CLIENT) ? threads + (threads == 1 ? " thread" : " threads") : "",
                        side,
                        r.size(),
                        f0(median(r, Run::perSec)),
                        range(r, Run::perSec),
                        side.equals(NOOP) ? "" : f0(median(r, Run::p50Ms)),
                        side.equals(NOOP) ? "" : f0(median(r, Run::p99Ms)),
                        f1(median(r, Run::cpuMicros)),
                        side.equals(PLUGIN) ? " (" + f1(median(r, Run::cpuMicros) - jmeter) + ")" : ""));
            }
            if (client.isEmpty() || plugin.isEmpty()) {
                continue;
            }
            double rate = median(plugin, Run::perSec) / median(client, Run::perSec);
            double whole = median(plugin, Run::cpuMicros) / median(client, Run::cpuMicros);
            double net = (median(plugin, Run::cpuMicros) - jmeter) / median(client, Run::cpuMicros);
            s.append(String.format(
                    Locale.ROOT,
                    "| | **plugin / kafka-clients** | | **%s** | | | %s (%s) |%n",
                    f2(rate),
                    f2(whole),
                    f2(net)));
            targets.append(String.format(
                    Locale.ROOT,
                    "| (single-%d) records/s >= %s x kafka-clients | %s | %s |%n",
                    threads,
                    MIN_RATIO,
                    f2(rate),
                    rate >= MIN_RATIO ? "met" : "**MISSED**"));
            targets.append(String.format(
                    Locale.ROOT,
                    "| (single-%d) CPU/record <= kafka-clients, whole (net of JMeter's no-op) | %s (%s) | %s |%n",
                    threads,
                    f2(whole),
                    f2(net),
                    whole <= 1 ? "met" : net <= 1 ? "met net only" : "**MISSED**"));
        }
        s.append("\nkafka-clients: bench/ClosedLoopProducer in its own JVM with the perf tools' heap and GC, the same "
                + "threads sharing one producer, each sending fresh random letters and waiting for the ack (send().get()). "
                + "JMeter no-op: bench/plans/noop.jmx, a Debug Sampler showing nothing per sample in the same thread group "
                + "and results file as the plugin's plan; its samples/s and CPU per sample are what JMeter itself costs. "
                + "Net: the plugin's CPU per record less the no-op's per sample (JMeter's own, start and stop included "
                + "in both).\n\n");
        if (!targets.isEmpty()) {
            s.append("| target | measured | |\n|---|---|---|\n").append(targets).append('\n');
        }
    }

    private static List<Run> side(List<Run> runs, String side, int threads) {
        return runs.stream()
                .filter(r -> r.side.equals(side) && r.threads == threads)
                .collect(Collectors.toList());
    }

    private static String range(List<Run> runs, ToDoubleFunction<Run> metric) {
        DoubleSummaryStatistics st = runs.stream().mapToDouble(metric).summaryStatistics();
        return f0(st.getMin()) + " to " + f0(st.getMax());
    }
}
