package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the pacing case: at each rate, perf-test and the ready fixed-rate plan, alternating who goes first. */
final class PacingRuns {
    private final BenchRun bench;

    PacingRuns(BenchRun bench) {
        this.bench = bench;
    }

    void run() {
        PacingCase c = PacingCase.fromSystemProperties();
        System.out.println("Case pacing: " + c.title());
        List<PacingCase.Run> runs = new ArrayList<>();
        for (int rate : c.rates) {
            for (int seconds : c.lengths()) {
                bench.alternate(
                        i -> add(runs, perfTest(c, rate, seconds, i)), i -> add(runs, plugin(c, rate, seconds, i)));
            }
        }
        bench.report.pacing(c, runs);
    }

    private static void add(List<PacingCase.Run> runs, PacingCase.Run run) {
        if (run != null) {
            runs.add(run);
            System.out.println("  " + run.format());
        }
    }

    private PacingCase.Run perfTest(PacingCase c, int rate, int seconds, int repeat) {
        String id = PacingCase.CASE + "-" + rate + "-" + seconds + "s";
        String topic = bench.topic(id, repeat, "perf");
        Topics.create(bench.admin(), PacingCase.PARTITIONS, topic);
        long records = PacingCase.records(rate, seconds);
        Path dir = bench.runDir(id + "-perf");
        List<String> args = bench.producerPerformanceArgs(
                topic, records, PacingCase.RECORD_SIZE, rate, PacingCase.producerProperties());
        if (c.warmupSeconds > 0) {
            args.addAll(List.of("--warmup-records", Long.toString((long) rate * c.warmupSeconds)));
        }
        KafkaTool.Result r = bench.tool(KafkaTool.PRODUCER_PERFORMANCE, args, dir);
        PacingCase.Run run = null;
        if (bench.check(r.exitCode == 0, id + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            long stored = Topics.endOffsets(bench.admin(), topic);
            run = PacingCase.Run.perfTest(rate, seconds, repeat, r.stdout, stored, r.cpuSeconds, c.warmupSeconds > 0);
            bench.checkCount(id + " perf-test", records, run.records(), stored);
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    private PacingCase.Run plugin(PacingCase c, int rate, int seconds, int repeat) {
        String id = PacingCase.CASE + "-" + rate + "-" + seconds + "s";
        String topic = bench.topic(id, repeat, "plugin");
        Topics.create(bench.admin(), PacingCase.PARTITIONS, topic);
        long records = PacingCase.records(rate, seconds);
        Path dir = bench.runDir(id + "-plugin");
        PluginRun p = PluginRun.of(
                bench.testPlan(PacingCase.PLAN, dir)
                        .property("kafka.bootstrap", bench.bootstrap())
                        .property("topic", topic)
                        .property("partitions", Integer.toString(PacingCase.PARTITIONS))
                        .property("records", Long.toString(records))
                        .property("record.size", Integer.toString(PacingCase.RECORD_SIZE))
                        .property("rate", Integer.toString(rate))
                        .property("kafka.warmup.s", Integer.toString(c.warmupSeconds))
                        .properties(PacingCase.producerProperties()),
                dir);
        PacingCase.Run run = null;
        String what = id + " plugin";
        if (bench.check(
                p.result.exitCode() == 0, what + ": JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            bench.check(p.result.stdout().contains("\n0 records failed."), what + ": records failed, see " + dir);
            long stored = Topics.endOffsets(bench.admin(), topic);
            run = PacingCase.Run.plugin(
                    rate, seconds, repeat, p.result.stdout(), stored, p.cpuSeconds, c.warmupSeconds > 0);
            bench.checkCount(what, records, run.records(), stored);
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }
}
