package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.SummaryText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.stream.Collectors;

/**
 * Pacing at rate: kafka-producer-perf-test at {@code --throughput R} and the ready plan
 * {@code test-plans/producer-fixed-rate.jmx -Jrate=R} with its defaults (threads, records per sample), one after the
 * other on the same broker, {@link #seconds} of records each, 1000 B, 6 partitions, {@code acks=1}. Where perf-test
 * holds its rate the plan must hold it within {@link #RATE_SHARE}, with a corrected p99 (latency from the intended
 * send) within {@link #P99_SHARE} or {@link #P99_FLOOR_MS} of perf-test's p99: the load generator is then not what
 * sets the latency.
 */
final class PacingCase {
    static final String CASE = "pacing";
    static final String PLAN = "producer-fixed-rate.jmx";
    static final String TITLE = "Kafka Producer summary for 'Produce at a fixed rate':";
    static final String PERF_TEST = "perf-test";
    static final String PLUGIN = "plugin";
    static final int RECORD_SIZE = 1000;
    static final int PARTITIONS = 6;
    static final String ACKS = "1";
    static final double RATE_SHARE = 0.005;
    static final double P99_SHARE = 0.25;
    static final double P99_FLOOR_MS = 5;

    final List<Integer> rates;
    final int seconds;
    /** Both sides leave out their first seconds, perf-test by {@code --warmup-records}, the plan by kafka.warmup.s. */
    final int warmupSeconds;
    /**
     * 0, or a second length every pair also runs: the CPU of its extra records, the start and the JIT of both sides
     * left out, is each side's CPU per record.
     */
    final int longSeconds;

    PacingCase(List<Integer> rates, int seconds, int warmupSeconds, int longSeconds) {
        this.rates = List.copyOf(rates);
        this.seconds = seconds;
        this.warmupSeconds = warmupSeconds;
        this.longSeconds = longSeconds;
    }

    /**
     * {@code bench.pacing.rates} (10000,20000,40000,60000,80000), {@code bench.pacing.seconds} (25),
     * {@code bench.pacing.warmup.s} (0: whole runs compared) and {@code bench.pacing.long.s} (0: none).
     */
    static PacingCase fromSystemProperties() {
        return new PacingCase(
                Arrays.stream(System.getProperty("bench.pacing.rates", "10000,20000,40000,60000,80000")
                                .split(",", 0))
                        .map(r -> Integer.parseInt(r.trim()))
                        .collect(Collectors.toList()),
                Integer.getInteger("bench.pacing.seconds", 25),
                Integer.getInteger("bench.pacing.warmup.s", 0),
                Integer.getInteger("bench.pacing.long.s", 0));
    }

    /** The run lengths of each pair: {@link #seconds}, then {@link #longSeconds} if set. */
    List<Integer> lengths() {
        return longSeconds > 0 ? List.of(seconds, longSeconds) : List.of(seconds);
    }

    String title() {
        return seconds + " s of " + RECORD_SIZE + " B records at each of " + rates + " records/s, " + PARTITIONS
                + " partitions, acks=" + ACKS + "; perf-test --throughput R beside " + PLAN + " -Jrate=R with its"
                + " default threads and records per sample"
                + (warmupSeconds > 0 ? "; both leave out their first " + warmupSeconds + " s of records" : "")
                + (longSeconds > 0 ? "; each pair also runs " + longSeconds + " s of records, for the CPU" : "");
    }

    static Map<String, String> producerProperties() {
        return Map.of("acks", ACKS);
    }

    /**
     * One run: its achieved rate, its latency (perf-test: from the send; the plugin: corrected, from the intended
     * send) and the plugin's send-to-ack p99 and send delay p99 (-1 for perf-test).
     */
    record Run(
            String side,
            int rate,
            int seconds,
            int repeat,
            long records,
            double recordsPerSec,
            long p99Ms,
            long p999Ms,
            double maxMs,
            long sendToAckP99Ms,
            long sendDelayP99Ms,
            long stored,
            double cpu,
            double load) {

        static Run perfTest(int rate, int seconds, int repeat, String stdout, long stored, double cpu, boolean steady) {
            Figures.Producer f = steady ? Figures.Producer.parseSteady(stdout) : Figures.Producer.parseLast(stdout);
            return new Run(
                    PERF_TEST,
                    rate,
                    seconds,
                    repeat,
                    // every record sent, to check against the broker; the figures are the steady part's
                    steady ? Figures.Producer.parseWhole(stdout).records : f.records,
                    f.recordsPerSec,
                    f.p99Ms,
                    f.p999Ms,
                    f.maxMs,
                    -1,
                    -1,
                    stored,
                    cpu,
                    Cpu.loadAverage());
        }

        static Run plugin(int rate, int seconds, int repeat, String stdout, long stored, double cpu, boolean steady) {
            String summary = stdout.substring(stdout.indexOf(TITLE));
            Figures.Producer f =
                    steady ? Figures.Producer.parseSteady(summary) : Figures.Producer.parseAfter(stdout, TITLE);
            // the steady part's corrected line comes after the whole run's
            Matcher c = SummaryText.CORRECTED.matcher(
                    steady ? summary.substring(summary.indexOf("steady state corrected")) : summary);
            Matcher d = SummaryText.SEND_DELAY.matcher(summary);
            if (!c.find() || !d.find()) {
                throw new IllegalStateException("No corrected latency or send delay under " + TITLE);
            }
            return new Run(
                    PLUGIN,
                    rate,
                    seconds,
                    repeat,
                    Figures.Producer.parseAfter(stdout, TITLE).records,
                    f.recordsPerSec,
                    Long.parseLong(c.group(5)),
                    Long.parseLong(c.group(6)),
                    Double.parseDouble(c.group(2)),
                    f.p99Ms,
                    Long.parseLong(d.group(4)),
                    stored,
                    cpu,
                    Cpu.loadAverage());
        }

        String format() {
            return String.format(
                    Locale.ROOT,
                    "%s at %d/s for %d s #%d: %d records, %.1f records/s, %s p99 %d p99.9 %d max %.0f ms%s, broker holds %d,"
                            + " CPU %.1f s, load %.1f",
                    side,
                    rate,
                    seconds,
                    repeat + 1,
                    records,
                    recordsPerSec,
                    side.equals(PLUGIN) ? "corrected" : "latency",
                    p99Ms,
                    p999Ms,
                    maxMs,
                    side.equals(PLUGIN)
                            ? " (send-to-ack p99 " + sendToAckP99Ms + ", send delay p99 " + sendDelayP99Ms + ")"
                            : "",
                    stored,
                    cpu,
                    load);
        }
    }

    /** Medians per rate and side, and whether the plan held the rate and the latency where perf-test held its rate. */
    void table(StringBuilder s, List<Run> runs, double jmeterStartCpu) {
        s.append("\n### Pacing at rate: ").append(title()).append("\n\n");
        s.append("| rate/s | perf-test rate | perf-test p99 / p99.9 / max ms | plugin rate | plugin corrected p99 /"
                + " p99.9 / max ms | plugin send-to-ack p99, send delay p99 ms | target |\n");
        s.append("|---|---|---|---|---|---|---|\n");
        for (int rate : rates) {
            List<Run> perf = side(runs, PERF_TEST, rate, seconds);
            List<Run> plugin = side(runs, PLUGIN, rate, seconds);
            if (perf.isEmpty() || plugin.isEmpty()) {
                continue;
            }
            s.append(String.format(
                    Locale.ROOT,
                    "| %,d | %s | %s / %s / %s | %s | %s / %s / %s | %s, %s | %s |%n",
                    rate,
                    Report.f1(Report.median(perf, Run::recordsPerSec)),
                    Report.f0(Report.median(perf, Run::p99Ms)),
                    Report.f0(Report.median(perf, Run::p999Ms)),
                    Report.f0(Report.median(perf, Run::maxMs)),
                    Report.f1(Report.median(plugin, Run::recordsPerSec)),
                    Report.f0(Report.median(plugin, Run::p99Ms)),
                    Report.f0(Report.median(plugin, Run::p999Ms)),
                    Report.f0(Report.median(plugin, Run::maxMs)),
                    Report.f0(Report.median(plugin, Run::sendToAckP99Ms)),
                    Report.f0(Report.median(plugin, Run::sendDelayP99Ms)),
                    verdict(rate, perf, plugin)));
        }
        s.append("\nMedians of ")
                .append(runs.stream().mapToInt(Run::repeat).max().orElse(0) + 1)
                .append(" runs a side; the order of the two sides alternates between repeats.\n");
        cpuTable(s, runs, jmeterStartCpu);
    }

    /**
     * CPU per record: of the whole run (the plugin's net of JMeter's start, an empty plan's CPU), and with a second
     * length, of the long runs' extra records (the start and the JIT of both sides left out).
     */
    private void cpuTable(StringBuilder s, List<Run> runs, double jmeterStartCpu) {
        s.append("\n| rate/s | perf-test CPU s | plugin CPU s (net of JMeter's start) | CPU per record, net of start:"
                + " perf-test / plugin us (plugin/perf-test) |");
        s.append(
                longSeconds > 0
                        ? " CPU per record of the " + (longSeconds - seconds) + " s more: perf-test / plugin us"
                                + " (plugin/perf-test) |\n|---|---|---|---|---|\n"
                        : "\n|---|---|---|---|\n");
        for (int rate : rates) {
            List<Run> perf = side(runs, PERF_TEST, rate, seconds);
            List<Run> plugin = side(runs, PLUGIN, rate, seconds);
            if (perf.isEmpty() || plugin.isEmpty()) {
                continue;
            }
            double perfCpu = Report.median(perf, Run::cpu);
            double pluginCpu = Report.median(plugin, Run::cpu);
            double perfUs = perfCpu * 1e6 / records(rate, seconds);
            double pluginUs = (pluginCpu - jmeterStartCpu) * 1e6 / records(rate, seconds);
            s.append(String.format(
                    Locale.ROOT,
                    "| %,d | %.2f | %.2f (%.2f) | %.2f / %.2f (%.2f) |",
                    rate,
                    perfCpu,
                    pluginCpu,
                    pluginCpu - jmeterStartCpu,
                    perfUs,
                    pluginUs,
                    pluginUs / perfUs));
            List<Run> perfLong = side(runs, PERF_TEST, rate, longSeconds);
            List<Run> pluginLong = side(runs, PLUGIN, rate, longSeconds);
            if (longSeconds > 0 && !perfLong.isEmpty() && !pluginLong.isEmpty()) {
                long more = records(rate, longSeconds) - records(rate, seconds);
                double perfMore = (Report.median(perfLong, Run::cpu) - perfCpu) * 1e6 / more;
                double pluginMore = (Report.median(pluginLong, Run::cpu) - pluginCpu) * 1e6 / more;
                s.append(String.format(
                        Locale.ROOT, " %.2f / %.2f (%.2f) |", perfMore, pluginMore, pluginMore / perfMore));
            }
            s.append('\n');
        }
    }

    static long records(int rate, int seconds) {
        return (long) rate * seconds;
    }

    /** "met", "MISSED: why", or why the rate says nothing (perf-test did not hold it). */
    static String verdict(int rate, List<Run> perf, List<Run> plugin) {
        double perfRate = Report.median(perf, Run::recordsPerSec);
        if (perfRate < rate * (1 - RATE_SHARE)) {
            return "perf-test did not hold the rate: no target";
        }
        List<String> missed = new ArrayList<>();
        double pluginRate = Report.median(plugin, Run::recordsPerSec);
        if (Math.abs(pluginRate - rate) > rate * RATE_SHARE) {
            missed.add(String.format(Locale.ROOT, "rate %.1f, not within 0.5 %%", pluginRate));
        }
        double perfP99 = Report.median(perf, Run::p99Ms);
        double pluginP99 = Report.median(plugin, Run::p99Ms);
        double allowed = Math.max(perfP99 * P99_SHARE, P99_FLOOR_MS);
        if (pluginP99 > perfP99 + allowed) {
            missed.add(String.format(
                    Locale.ROOT,
                    "corrected p99 %.0f ms, over perf-test's %.0f + %.0f ms",
                    pluginP99,
                    perfP99,
                    allowed));
        }
        return missed.isEmpty() ? "met" : "**MISSED**: " + String.join("; ", missed);
    }

    private static List<Run> side(List<Run> runs, String side, int rate, int seconds) {
        return runs.stream()
                .filter(r -> r.side().equals(side) && r.rate() == rate && r.seconds() == seconds)
                .collect(Collectors.toList());
    }
}
