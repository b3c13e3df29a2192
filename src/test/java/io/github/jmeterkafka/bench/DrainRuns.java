package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs the drain case: per repeat, the plan builds and drains a backlog, then consumer-perf-test reads that backlog. */
final class DrainRuns {
    private static final Pattern STEP = Pattern.compile("step (\\d) of 3, .*; corrected \\d+ ms 50th, (\\d+) ms 99th");

    private final BenchRun bench;

    DrainRuns(BenchRun bench) {
        this.bench = bench;
    }

    void run() {
        System.out.println("Case drain: " + DrainCase.title());
        List<DrainCase.Run> runs = new ArrayList<>();
        for (int i = 0; i < bench.repeats; i++) {
            String topic = bench.topic(DrainCase.CASE, i, "plan");
            DrainCase.Run plugin = plugin(topic, i);
            if (plugin != null) {
                runs.add(plugin);
                System.out.println("  " + plugin.format());
                DrainCase.Run perf = perfTest(topic, i);
                if (perf != null) {
                    runs.add(perf);
                    System.out.println("  " + perf.format());
                }
            }
            Topics.delete(bench.admin(), topic);
        }
        bench.report.drain(runs);
    }

    private DrainCase.Run plugin(String topic, int repeat) {
        Path dir = bench.runDir(DrainCase.CASE + "-plugin");
        var p = PluginRun.of(
                bench.testPlan(DrainCase.PLAN, dir)
                        .property("kafka.bootstrap", bench.bootstrap())
                        .property("topic", topic)
                        .property("partitions", Integer.toString(DrainCase.PARTITIONS))
                        .property("rate", Integer.toString(DrainCase.RATE))
                        .property("backlog", Integer.toString(DrainCase.BACKLOG))
                        .property("consumers", "1"),
                dir);
        String what = DrainCase.CASE + " plugin";
        if (!bench.check(
                p.result.exitCode() == 0, what + ": JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            return null;
        }
        List<Jtl.Row> drained = p.result.samples().rows(DrainCase.DRAINED);
        if (!bench.check(
                drained.size() == 1 && drained.get(0).success(), what + ": no successful drain sample, see " + dir)) {
            return null;
        }
        Figures.Consumer f = Figures.Consumer.parse(p.result.stdout(), DrainCase.TITLE);
        // perf-test's clock starts once its consumer is made and stops at its last record: the plan's span alike is
        // from its consumer's first read (made before it) to the lag seen drained, over the records read by then
        Jtl.Row d = drained.get(0);
        long end = d.timeStamp() + d.elapsed();
        List<Jtl.Row> reads = p.result.samples().rows(DrainCase.READ);
        long start = reads.get(0).timeStamp();
        long bytes = reads.stream()
                .filter(r -> r.timeStamp() + r.elapsed() <= end)
                .mapToLong(Jtl.Row::bytes)
                .sum();
        double seconds = (end - start) / 1000.0;
        StringBuilder steps = new StringBuilder(String.format(
                Locale.ROOT,
                ", the plan's own drain time %.2f s (its consumer's making included) and its consumer's summary %.2f"
                        + " MB/s (its reads after the drain included)",
                d.elapsed() / 1000.0,
                f.mbPerSec));
        steps.append(", producer corrected p99 by step (build, drain, rest):");
        Matcher m = STEP.matcher(p.result.stdout());
        while (m.find()) {
            steps.append(' ').append(m.group(2)).append(" ms");
        }
        return new DrainCase.Run(
                "plugin",
                repeat,
                seconds,
                bytes / (1024.0 * 1024.0) / seconds,
                f.records,
                f.rebalanceMs,
                steps.toString());
    }

    private DrainCase.Run perfTest(String topic, int repeat) {
        List<String> args =
                bench.toolArgs(topic, DrainCase.BACKLOG, "--timeout", "60000", "--group", "perf-drain-" + repeat);
        KafkaTool.Result r = bench.tool(KafkaTool.CONSUMER_PERFORMANCE, args, bench.runDir(DrainCase.CASE + "-perf"));
        if (!bench.check(r.exitCode == 0, DrainCase.CASE + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            return null;
        }
        Figures.Consumer f = Figures.Consumer.parse(r.stdout, null);
        // its whole time, the join included, as the plan's drain time
        return new DrainCase.Run(
                "perf-test", repeat, f.megabytes / f.mbPerSec, f.mbPerSec, f.records, f.rebalanceMs, "");
    }
}
