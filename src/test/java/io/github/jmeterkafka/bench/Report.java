package io.github.jmeterkafka.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/** Every run's figures, and the medians side by side as a Markdown table. */
final class Report {

    /**
     * One run of one side. Producer and consumer runs fill different fields; the rest are NaN.
     *
     * @param storedBytes the bytes the broker stores for the run's topic; -1 if not measured
     * @param steal share of the machine's CPU the hypervisor gave to other guests during the run
     * @param load the 1-minute load average when the run ended: other work on the machine skews every figure
     */
    record Run(
            String side,
            int repeat,
            boolean consumer,
            long records,
            double recordsPerSec,
            double mbPerSec,
            double avgMs,
            double p50Ms,
            double p95Ms,
            double p99Ms,
            double maxMs,
            double rebalanceMs,
            double fetchRecordsPerSec,
            double cpu,
            double cpuAfterStart,
            double wall,
            double steal,
            long brokerRecords,
            long storedBytes,
            double load) {

        static Run producer(
                String side,
                int repeat,
                Figures.Producer f,
                double cpu,
                double cpuAfterStart,
                double wall,
                double steal,
                long brokerRecords,
                long storedBytes) {
            return new Run(
                    side,
                    repeat,
                    false,
                    f.records,
                    f.recordsPerSec,
                    f.mbPerSec,
                    f.avgMs,
                    f.p50Ms,
                    f.p95Ms,
                    f.p99Ms,
                    f.maxMs,
                    Double.NaN,
                    Double.NaN,
                    cpu,
                    cpuAfterStart,
                    wall,
                    steal,
                    brokerRecords,
                    storedBytes,
                    Cpu.loadAverage());
        }

        static Run consumer(
                String side,
                int repeat,
                Figures.Consumer f,
                double cpu,
                double cpuAfterStart,
                double wall,
                double steal) {
            return new Run(
                    side,
                    repeat,
                    true,
                    f.records,
                    f.recordsPerSec,
                    f.mbPerSec,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    f.rebalanceMs,
                    f.fetchRecordsPerSec,
                    cpu,
                    cpuAfterStart,
                    wall,
                    steal,
                    f.records,
                    -1,
                    Cpu.loadAverage());
        }

        static Run baseline(int repeat, double cpu, double cpuAfterStart, double wall, double steal) {
            return new Run(
                    "jmeter-empty-plan",
                    repeat,
                    false,
                    0,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    cpu,
                    cpuAfterStart,
                    wall,
                    steal,
                    0,
                    -1,
                    Cpu.loadAverage());
        }

        /** Bytes the broker stores per record (its log over its end offsets); NaN if not measured. */
        double storedPerRecord() {
            return storedBytes < 0 || brokerRecords <= 0 ? Double.NaN : (double) storedBytes / brokerRecords;
        }

        double cpuMicrosPerRecord() {
            return records == 0 ? Double.NaN : cpu * 1e6 / records;
        }

        /** CPU less what an empty JMeter run costs; perf-test's own JVM start-up stays in its figure. */
        double netCpu(double jmeterBaseline) {
            return side.equals("plugin") ? cpu - jmeterBaseline : cpu;
        }
    }

    /** The runs of one case, both sides. */
    private static final class CaseRuns {
        final String id;
        final String title;
        final String setup;
        final boolean consumer;
        final List<Run> perf;
        final List<Run> plugin;
        final int throughput;
        // the consumer cases' reference tool and its setup
        String tool = "consumer-perf-test";
        String toolSetup = "1 consumer";

        CaseRuns(
                String id,
                String title,
                String setup,
                boolean consumer,
                List<Run> perf,
                List<Run> plugin,
                int throughput) {
            this.id = id;
            this.title = title;
            this.setup = setup;
            this.consumer = consumer;
            this.perf = perf.stream().filter(Objects::nonNull).collect(Collectors.toList());
            this.plugin = plugin.stream().filter(Objects::nonNull).collect(Collectors.toList());
            this.throughput = throughput;
        }
    }

    private final Map<String, String> machine = new LinkedHashMap<>();
    private final List<CaseRuns> cases = new ArrayList<>();
    private final PayloadReport payloads = new PayloadReport();
    private List<SingleCase.Run> single = List.of();
    private List<LatencyCase.Run> latencyTool = List.of();
    private List<LatencyCase.Run> latencyPlugin = List.of();
    private List<Run> baseline = List.of();
    private List<RequestReplyCase.Latency> roundTripClient = List.of();
    private List<RequestReplyCase.Latency> roundTripPlugin = List.of();
    private List<RequestReplyCase.Throughput> requestReplyThroughput = List.of();
    private List<RequestReplyCase.Drop> requestReplyDrops = List.of();
    private List<AwaitCase.Run> awaitClient = List.of();
    private List<AwaitCase.Run> awaitPlugin = List.of();
    private List<RequestReplyCase.Latency> awaitTimed = List.of();
    private StallCase stallCase;
    private List<StallCase.Run> stallRuns = List.of();
    private RatesCase ratesCase;
    private List<RatesCase.Run> ratesRuns = List.of();
    private List<Run> ratesCeilings = List.of();
    private List<DrainCase.Run> drainRuns = List.of();
    private List<FaultCase.Run> faultRuns = List.of();
    private List<ReplicationRuns.Run> replicationRuns = List.of();
    private SearchCase searchCase;
    private List<SearchCase.Search> searches = List.of();
    private List<SearchCase.Check> searchChecks = List.of();
    private PacingCase pacingCase;
    private List<PacingCase.Run> pacingRuns = List.of();
    private Duration elapsed = Duration.ZERO;

    void machine(Map<String, String> values) {
        machine.putAll(values);
    }

    String machineLine() {
        return machine.entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining("; "));
    }

    void baseline(List<Run> runs) {
        baseline = runs;
    }

    void elapsed(Duration d) {
        elapsed = d;
    }

    /** The single case's runs: kafka-clients' closed loop, the plugin and JMeter's no-op, per thread count. */
    void single(List<SingleCase.Run> runs) {
        single = runs;
    }

    /** The codec, template and avro cases and the generators' rates. */
    PayloadReport payloads() {
        return payloads;
    }

    void producer(ProducerCase c, List<Run> perf, List<Run> plugin) {
        String setup = c.threads + (c.threads == 1 ? " thread" : " threads") + " x " + c.recordsPerSample
                + (c.recordsPerSample == 1 ? " record" : " records") + "/sample"
                + (c.throughput > 0 ? ", Constant Throughput Timer" : "");
        cases.add(new CaseRuns(c.id, c.title, setup, false, perf, plugin, c.throughput));
    }

    /** The closed-loop latency case: Kafka's EndToEndLatency tool and the plugin's plan. */
    void latency(List<LatencyCase.Run> tool, List<LatencyCase.Run> plugin) {
        latencyTool = tool;
        latencyPlugin = plugin;
    }

    /** The request-reply case: round trips beside a closed-loop client, throughput beside the echo, drops. */
    void requestReply(
            List<RequestReplyCase.Latency> client,
            List<RequestReplyCase.Latency> plugin,
            List<RequestReplyCase.Throughput> throughput,
            List<RequestReplyCase.Drop> drops) {
        roundTripClient = client;
        roundTripPlugin = plugin;
        requestReplyThroughput = throughput;
        requestReplyDrops = drops;
    }

    /** The await case: awaits beside a closed loop on kafka-clients and the same events timed beside them. */
    void await(List<AwaitCase.Run> client, List<AwaitCase.Run> plugin, List<RequestReplyCase.Latency> timed) {
        awaitClient = client;
        awaitPlugin = plugin;
        awaitTimed = timed;
    }

    /** The stall case: perf-test and the plugin's target rate through a stopped broker, and without a stall. */
    void stall(StallCase c, List<StallCase.Run> runs) {
        stallCase = c;
        stallRuns = runs;
    }

    /** The pacing case: perf-test and the ready fixed-rate plan at each rate. */
    void drain(List<DrainCase.Run> runs) {
        drainRuns = runs;
    }

    /** The faults case: a leader's loss, acks=1 against acks=all, leader moves, on 3 nodes. */
    void faults(List<FaultCase.Run> runs) {
        faultRuns = runs;
    }

    /** The replication scenarios on 3 nodes. */
    void replication(List<ReplicationRuns.Run> runs) {
        replicationRuns = runs;
    }

    void search(SearchCase c, List<SearchCase.Search> found, List<SearchCase.Check> checks) {
        searchCase = c;
        searches = found;
        searchChecks = checks;
    }

    void pacing(PacingCase c, List<PacingCase.Run> runs) {
        pacingCase = c;
        pacingRuns = runs;
    }

    /** The rates case: the target rate held at each rate and thread count, and the broker's ceiling beside. */
    void rates(RatesCase c, List<RatesCase.Run> runs, List<Run> ceilings) {
        ratesCase = c;
        ratesRuns = runs;
        ratesCeilings = ceilings.stream().filter(Objects::nonNull).collect(Collectors.toList());
    }

    void consumer(String id, String title, int threads, int recordsPerSample, List<Run> perf, List<Run> plugin) {
        String setup =
                threads + (threads == 1 ? " thread" : " threads") + " x up to " + recordsPerSample + " records/sample";
        cases.add(new CaseRuns(id, title, setup, true, perf, plugin, 0));
    }

    /** A share group's members against kafka-share-consumer-perf-test with as many. */
    void shareConsumer(String id, String title, int threads, int recordsPerSample, List<Run> perf, List<Run> plugin) {
        consumer(id, title, threads, recordsPerSample, perf, plugin);
        CaseRuns c = cases.get(cases.size() - 1);
        c.tool = "share-consumer-perf-test";
        c.toolSetup = "--threads " + threads;
    }

    /** One line per run, as it finishes. */
    static String format(Run r) {
        if (r.consumer()) {
            return String.format(
                    Locale.ROOT,
                    "%d records, %.0f records/s, %.1f MB/s, rebalance %.0f ms, "
                            + "CPU %.2f s%s, wall %.1f s, load %.1f, steal %.0f %%",
                    r.records(),
                    r.recordsPerSec(),
                    r.mbPerSec(),
                    r.rebalanceMs(),
                    r.cpu(),
                    afterStart(r),
                    r.wall(),
                    r.load(),
                    r.steal() * 100);
        }
        return String.format(
                Locale.ROOT,
                "%d records, %.0f records/s, %.2f MB/s, latency avg %.2f p50 %.0f p95 %.0f "
                        + "p99 %.0f max %.0f ms, CPU %.2f s%s, wall %.1f s, broker holds %d%s, load %.1f, steal %.0f %%",
                r.records(),
                r.recordsPerSec(),
                r.mbPerSec(),
                r.avgMs(),
                r.p50Ms(),
                r.p95Ms(),
                r.p99Ms(),
                r.maxMs(),
                r.cpu(),
                afterStart(r),
                r.wall(),
                r.brokerRecords(),
                stored(r),
                r.load(),
                r.steal() * 100);
    }

    private static String stored(Run r) {
        return r.storedBytes() < 0
                ? ""
                : String.format(Locale.ROOT, " in %d B (%.1f B/record)", r.storedBytes(), r.storedPerRecord());
    }

    private static String afterStart(Run r) {
        return Double.isNaN(r.cpuAfterStart())
                ? ""
                : String.format(Locale.ROOT, " (%.2f s after test start)", r.cpuAfterStart());
    }

    String markdown(List<String> problems) {
        StringBuilder s = new StringBuilder();
        s.append("Machine: ").append(machineLine()).append("  \n");
        List<Run> all = new ArrayList<>(baseline);
        cases.forEach(c -> {
            all.addAll(c.perf);
            all.addAll(c.plugin);
        });
        all.addAll(payloads.runs());
        stallRuns.forEach(r -> all.add(r.sendToAck()));
        ratesRuns.forEach(r -> all.add(r.whole()));
        all.addAll(ratesCeilings);
        DoubleSummaryStatistics load = all.stream().mapToDouble(Run::load).summaryStatistics();
        s.append(String.format(
                Locale.ROOT,
                "1-minute load average at the end of each run: median %.1f, %.1f to %.1f "
                        + "(the broker and the load generator alone make about 2).  %n",
                median(all, Run::load),
                load.getMin(),
                load.getMax()));
        DoubleSummaryStatistics steal = all.stream()
                .mapToDouble(r -> r.steal() * 100)
                .filter(d -> !Double.isNaN(d))
                .summaryStatistics();
        if (steal.getCount() > 0) {
            s.append(String.format(
                    Locale.ROOT,
                    "CPU time stolen by the hypervisor during each run: median %.0f %%, "
                            + "%.0f to %.0f %% (a virtual machine sharing its host: figures of runs with much stolen time are "
                            + "not comparable).  %n",
                    median(all, r -> r.steal() * 100),
                    steal.getMin(),
                    steal.getMax()));
        }
        s.append(String.format(
                Locale.ROOT,
                "Whole bench: %.1f min. Figures are medians of the runs listed in "
                        + "\"runs\"; ratios are plugin / perf-test of the medians.%n%n",
                elapsed.toSeconds() / 60.0));
        producerTable(s);
        SingleCase.table(s, single);
        consumerTable(s);
        payloads.tables(s, baselineCpu());
        LatencyCase.table(s, latencyTool, latencyPlugin);
        RequestReplyCase.table(s, roundTripClient, roundTripPlugin, requestReplyThroughput, requestReplyDrops);
        AwaitCase.table(s, awaitClient, awaitPlugin, awaitTimed);
        if (stallCase != null) {
            stallCase.table(s, stallRuns);
        }
        if (ratesCase != null) {
            ratesCase.table(s, ratesRuns, ratesCeilings);
        }
        if (searchCase != null) {
            searchCase.table(s, searches, searchChecks);
        }
        if (!replicationRuns.isEmpty()) {
            ReplicationRuns.table(s, replicationRuns);
        }
        if (!faultRuns.isEmpty()) {
            FaultCase.table(s, faultRuns);
        }
        if (!drainRuns.isEmpty()) {
            DrainCase.table(s, drainRuns);
        }
        if (pacingCase != null) {
            pacingCase.table(s, pacingRuns, baselineCpu());
        }
        baselineLine(s);
        targets(s);
        if (!problems.isEmpty()) {
            s.append("\nPROBLEMS (the bench exits 1):\n");
            problems.forEach(p -> s.append("- ").append(p).append('\n'));
        }
        return s.toString();
    }

    private void producerTable(StringBuilder s) {
        List<CaseRuns> producers = cases.stream().filter(c -> !c.consumer).collect(Collectors.toList());
        if (producers.isEmpty()) {
            return;
        }
        s.append("| case | side | setup | runs | records/s | MB/s | avg ms | p50 ms | p95 ms | p99 ms | max ms "
                + "| CPU s: whole (net) | CPU µs/record: whole (net) |\n");
        s.append("|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (CaseRuns c : producers) {
            String name = "(" + c.id + ") " + c.title;
            if (!c.perf.isEmpty()) {
                producerRow(s, name, "perf-test", "", c.perf);
                name = "";
            }
            if (!c.plugin.isEmpty()) {
                producerRow(s, name, "plugin", c.setup, c.plugin);
            }
            if (!c.perf.isEmpty() && !c.plugin.isEmpty()) {
                s.append("| | **plugin / perf-test** | | | **")
                        .append(ratio(c, Run::recordsPerSec))
                        .append("** | ")
                        .append(ratio(c, Run::mbPerSec))
                        .append(" | | | | | |")
                        .append(" | **")
                        .append(cpuRatios(c))
                        .append("** |\n");
            }
        }
        s.append(String.format(
                Locale.ROOT,
                "%nCPU \"whole\": the load generator's whole process (perf-test's JVM, "
                        + "JMeter's JVM), from the bench JVM's cutime+cstime. \"net\": the JMeter process less an empty JMeter "
                        + "run (%.2f s, below); perf-test keeps its own JVM start-up, so \"net\" ratios favour the "
                        + "plugin.%n%n",
                baselineCpu()));
    }

    private void producerRow(StringBuilder s, String name, String side, String setup, List<Run> runs) {
        s.append(String.format(
                Locale.ROOT,
                "| %s | %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                name,
                side,
                setup,
                runs.size(),
                f0(median(runs, Run::recordsPerSec)),
                f2(median(runs, Run::mbPerSec)),
                f2(median(runs, Run::avgMs)),
                f0(median(runs, Run::p50Ms)),
                f0(median(runs, Run::p95Ms)),
                f0(median(runs, Run::p99Ms)),
                f0(median(runs, Run::maxMs)),
                cpu(runs),
                cpuPerRecord(runs)));
    }

    private void consumerTable(StringBuilder s) {
        List<CaseRuns> consumers = cases.stream().filter(c -> c.consumer).collect(Collectors.toList());
        if (consumers.isEmpty()) {
            return;
        }
        s.append("| case | side | setup | runs | nMsg/s | MB/s | rebalance ms | fetch nMsg/s | CPU s: whole (net) "
                + "| CPU µs/record: whole (net) |\n");
        s.append("|---|---|---|---|--:|--:|--:|--:|--:|--:|\n");
        for (CaseRuns c : consumers) {
            consumerRow(s, "(" + c.id + ") " + c.title, c.tool, c.toolSetup, c.perf);
            consumerRow(s, "", "plugin", c.setup, c.plugin);
            if (!c.perf.isEmpty() && !c.plugin.isEmpty()) {
                s.append("| | **plugin / perf-test** | | | **")
                        .append(ratio(c, Run::recordsPerSec))
                        .append("** | ")
                        .append(ratio(c, Run::mbPerSec))
                        .append(" | | ")
                        .append(ratio(c, Run::fetchRecordsPerSec))
                        .append(" | | ")
                        .append(cpuRatios(c))
                        .append(" |\n");
            }
        }
        s.append("\nnMsg/s counts from the consumer's start, group join included, as consumer-perf-test does; "
                + "fetch nMsg/s leaves the join (rebalance) time out.\n\n");
    }

    private void consumerRow(StringBuilder s, String name, String side, String setup, List<Run> runs) {
        if (runs.isEmpty()) {
            return;
        }
        s.append(String.format(
                Locale.ROOT,
                "| %s | %s | %s | %d | %s | %s | %s | %s | %s | %s |%n",
                name,
                side,
                setup,
                runs.size(),
                f0(median(runs, Run::recordsPerSec)),
                f2(median(runs, Run::mbPerSec)),
                f0(median(runs, Run::rebalanceMs)),
                f0(median(runs, Run::fetchRecordsPerSec)),
                cpu(runs),
                cpuPerRecord(runs)));
    }

    private void baselineLine(StringBuilder s) {
        if (baseline.isEmpty()) {
            return;
        }
        s.append(String.format(
                Locale.ROOT,
                "JMeter start-up, measured apart: an empty plan (bench/plans/empty.jmx) "
                        + "costs %.2f s CPU in total, %.2f s of it after \"Starting standalone test\", %.1f s wall "
                        + "(median of %d). Every plugin run above pays this once.%n%n",
                median(baseline, Run::cpu),
                median(baseline, Run::cpuAfterStart),
                median(baseline, Run::wall),
                baseline.size()));
    }

    private void targets(StringBuilder s) {
        List<String[]> rows = new ArrayList<>();
        for (CaseRuns c : cases) {
            if (c.perf.isEmpty() || c.plugin.isEmpty()) {
                continue;
            }
            double rate = ratioValue(c, Run::recordsPerSec);
            if (c.consumer) {
                rows.add(target(
                        "(" + c.id + ") nMsg/s >= 0.95 x " + c.tool,
                        f2(rate) + pairs(c, Run::recordsPerSec),
                        rate >= 0.95));
            } else if (c.throughput > 0) {
                double achieved = median(c.plugin, Run::recordsPerSec);
                double off = (achieved - c.throughput) / c.throughput;
                rows.add(target(
                        "(" + c.id + ") rate within 1 % of " + c.throughput + "/s",
                        String.format(
                                Locale.ROOT,
                                "%.1f/s (%+.2f %%; perf-test %.1f/s)",
                                achieved,
                                off * 100,
                                median(c.perf, Run::recordsPerSec)),
                        Math.abs(off) <= 0.01));
                double p95 = median(c.plugin, Run::p95Ms);
                double ref = median(c.perf, Run::p95Ms);
                rows.add(target(
                        "(" + c.id + ") p95 within max(20 %, 2 ms) of perf-test",
                        f0(p95) + " ms vs " + f0(ref) + " ms",
                        Math.abs(p95 - ref) <= Math.max(0.2 * ref, 2)));
            } else if (c.id.length() == 1) {
                rows.add(target(
                        "(" + c.id + ") records/s >= 0.95 x perf-test",
                        f2(rate) + pairs(c, Run::recordsPerSec),
                        rate >= 0.95));
                double whole = ratioValue(c, Run::cpuMicrosPerRecord);
                double net = median(c.plugin, r -> r.netCpu(baselineCpu())) / median(c.perf, Run::cpu);
                rows.add(target(
                        "(" + c.id + ") CPU/record <= 1.2 x perf-test, whole JMeter process", f2(whole), whole <= 1.2));
                rows.add(target(
                        "(" + c.id + ") CPU/record <= 1.2 x perf-test, net of an empty JMeter run",
                        f2(net),
                        net <= 1.2));
            }
        }
        payloads.targets(rows);
        if (stallCase != null) {
            stallCase.targets(rows, stallRuns);
        }
        if (ratesCase != null) {
            ratesCase.targets(rows, ratesRuns, ratesCeilings);
        }
        if (rows.isEmpty()) {
            return;
        }
        s.append("| target | measured | |\n|---|---|---|\n");
        rows.forEach(r -> s.append("| ").append(String.join(" | ", r)).append(" |\n"));
    }

    static String[] target(String what, String measured, boolean met) {
        return new String[] {what, measured, met ? "met" : "**MISSED**"};
    }

    String csv() {
        StringBuilder s = new StringBuilder("case,side,repeat,records,broker_records,records_per_sec,mb_per_sec,avg_ms,"
                + "p50_ms,p95_ms,p99_ms,max_ms,rebalance_ms,fetch_records_per_sec,cpu_s,cpu_after_start_s,wall_s,load_1min,steal_pct,"
                + "stored_bytes\n");
        for (Run r : baseline) {
            row(s, "baseline", r);
        }
        for (CaseRuns c : cases) {
            for (Run r : c.perf) {
                row(s, c.id, r);
            }
            for (Run r : c.plugin) {
                row(s, c.id, r);
            }
        }
        payloads.csv(s);
        StallCase.csv(s, stallRuns);
        RatesCase.csv(s, ratesRuns, ratesCeilings);
        return s.toString();
    }

    static void row(StringBuilder s, String id, Run r) {
        s.append(String.join(
                        ",",
                        Arrays.asList(
                                id,
                                r.side(),
                                Integer.toString(r.repeat() + 1),
                                Long.toString(r.records()),
                                Long.toString(r.brokerRecords()),
                                f1(r.recordsPerSec()),
                                f2(r.mbPerSec()),
                                f2(r.avgMs()),
                                f1(r.p50Ms()),
                                f1(r.p95Ms()),
                                f1(r.p99Ms()),
                                f1(r.maxMs()),
                                f1(r.rebalanceMs()),
                                f1(r.fetchRecordsPerSec()),
                                f2(r.cpu()),
                                f2(r.cpuAfterStart()),
                                f1(r.wall()),
                                f1(r.load()),
                                f1(r.steal() * 100),
                                Long.toString(r.storedBytes()))))
                .append('\n');
    }

    /** CPU seconds of an empty JMeter run; NaN if none was measured. */
    private double baselineCpu() {
        return median(baseline, Run::cpu);
    }

    private String cpu(List<Run> runs) {
        double whole = median(runs, Run::cpu);
        return runs.get(0).side().equals("plugin")
                ? f1(whole) + " (" + f1(median(runs, r -> r.netCpu(baselineCpu()))) + ")"
                : f1(whole);
    }

    private String cpuPerRecord(List<Run> runs) {
        double whole = median(runs, Run::cpuMicrosPerRecord);
        if (!runs.get(0).side().equals("plugin")) {
            return f1(whole);
        }
        return f1(whole) + " (" + f1(median(runs, r -> r.netCpu(baselineCpu()) * 1e6 / r.records())) + ")";
    }

    /** Per record, plugin over perf-test: whole processes, then (plugin net of an empty JMeter run). */
    private String cpuRatios(CaseRuns c) {
        double ref = median(c.perf, Run::cpuMicrosPerRecord);
        return f2(median(c.plugin, Run::cpuMicrosPerRecord) / ref) + " ("
                + f2(median(c.plugin, r -> r.netCpu(baselineCpu()) * 1e6 / r.records()) / ref) + ")";
    }

    /**
     * Each plugin run over the perf-test run of the same repeat: how far single pairs swing, which a
     * ratio of medians hides.
     */
    private static String pairs(CaseRuns c, ToDoubleFunction<Run> metric) {
        return pairs(c.perf, c.plugin, metric);
    }

    /** Each run over the reference run of the same repeat; empty for fewer than two pairs. */
    static String pairs(List<Run> reference, List<Run> runs, ToDoubleFunction<Run> metric) {
        double[] ratios = runs.stream()
                .flatMapToDouble(p -> reference.stream()
                        .filter(q -> q.repeat() == p.repeat())
                        .mapToDouble(q -> metric.applyAsDouble(p) / metric.applyAsDouble(q)))
                .sorted()
                .toArray();
        if (ratios.length < 2) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                " (pair by pair: median %.2f, %.2f to %.2f)",
                median(ratios),
                ratios[0],
                ratios[ratios.length - 1]);
    }

    private static String ratio(CaseRuns c, ToDoubleFunction<Run> metric) {
        return f2(ratioValue(c, metric));
    }

    private static double ratioValue(CaseRuns c, ToDoubleFunction<Run> metric) {
        return median(c.plugin, metric) / median(c.perf, metric);
    }

    static <T> double median(List<T> runs, ToDoubleFunction<T> metric) {
        return median(runs.stream()
                .mapToDouble(metric)
                .filter(d -> !Double.isNaN(d))
                .sorted()
                .toArray());
    }

    /** @param v sorted */
    private static double median(double[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    static String f0(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%,.0f", d);
    }

    static String f1(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.1f", d);
    }

    static String f2(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.2f", d);
    }
}
