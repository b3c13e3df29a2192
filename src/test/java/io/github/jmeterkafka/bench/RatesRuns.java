package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Runs the rates case: the plugin's target rate held at each rate and thread count, beside the broker's ceiling. */
final class RatesRuns {
    private final BenchRun bench;

    RatesRuns(BenchRun bench) {
        this.bench = bench;
    }

    /**
     * producer-paced.jmx paced by the target rate at each rate and thread count, rates rising, each thread count in
     * turn; ProducerPerformance at --throughput -1 right before every run at the top rate gives the broker's ceiling.
     */
    void run() {
        RatesCase c = RatesCase.fromSystemProperties();
        System.out.println("Case rates: " + c.title());
        List<RatesCase.Run> runs = new ArrayList<>();
        List<Report.Run> ceilings = new ArrayList<>();
        for (int i = 0; i < bench.repeats; i++) {
            for (int rate : c.rates) {
                for (int threads : c.threads) {
                    if (rate == c.topRate()) {
                        ceilings.add(ceiling(c, threads, i));
                    }
                    runs.add(plugin(c, threads, rate, i));
                }
            }
        }
        runs.removeIf(Objects::isNull);
        bench.report.rates(c, runs, ceilings);
    }

    /** perf-test unthrottled with the rates case's records and properties: its steady state is the broker's ceiling. */
    private Report.Run ceiling(RatesCase c, int beforeThreads, int repeat) {
        String id = RatesCase.CASE + "-ceiling-" + beforeThreads;
        String topic = bench.topic(id, repeat, "perf");
        Topics.create(bench.admin(), c.partitions, topic);
        KafkaTool.Result r = bench.tool(
                KafkaTool.PRODUCER_PERFORMANCE, c.ceilingArgs(bench.bootstrap(), topic), bench.runDir(id + "-perf"));
        Report.Run run = null;
        if (bench.check(r.exitCode == 0, id + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            long stored = Topics.endOffsets(bench.admin(), topic);
            bench.checkCount(
                    id + " perf-test",
                    RatesCase.CEILING_RECORDS,
                    Figures.Producer.parseWhole(r.stdout).records,
                    stored);
            run = Report.Run.producer(
                    "perf-test steady state",
                    repeat,
                    Figures.Producer.parseSteady(r.stdout),
                    r.cpuSeconds,
                    Double.NaN,
                    r.wallSeconds,
                    r.steal,
                    stored,
                    -1);
            System.out.println("  perf-test ceiling #" + (repeat + 1) + ", steady state: " + Report.format(run));
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    private RatesCase.Run plugin(RatesCase c, int threads, int rate, int repeat) {
        String what = "rates " + RatesCase.side(threads, rate);
        String topic = bench.topic(RatesCase.CASE + "-" + threads + "x" + rate, repeat, "plugin");
        Topics.create(bench.admin(), c.partitions, topic);
        Path dir = bench.runDir(RatesCase.CASE + "-" + threads + "x" + rate);
        long records = c.records(rate);
        JMeter.RunBuilder b = bench.plugin(RatesCase.PLAN, dir)
                .property("kafka.bootstrap", bench.bootstrap())
                .property("topic", topic)
                .property("records", Long.toString(records))
                .property("record.size", Integer.toString(RatesCase.RECORD_SIZE))
                .property("records.per.sample", Integer.toString(c.recordsPerSample(threads)))
                .property("threads", Integer.toString(threads))
                .property("target.rate", Integer.toString(rate))
                .properties(RatesCase.producerProperties());
        PluginRun p = PluginRun.of(b, dir);
        RatesCase.Run run = null;
        if (bench.check(
                p.result.exitCode() == 0, what + ": JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            bench.check(p.result.stdout().contains("\n0 records failed."), what + ": records failed, see " + dir);
            long stored = Topics.endOffsets(bench.admin(), topic);
            RatesCase.Window w = RatesCase.window(p.result.samples().rows(RatesCase.LABEL), c.warmup, c.window);
            run = RatesCase.Run.of(
                    threads,
                    rate,
                    repeat,
                    w,
                    p.result.stdout(),
                    p.cpuSeconds,
                    p.cpuSecondsAfterStart,
                    p.result.elapsed().toMillis() / 1000.0,
                    p.steal,
                    stored,
                    records);
            bench.checkCount(what, records, run.whole().records(), stored);
            bench.check(run.summary().paced(), what + ": no schedule figures in the summary, see " + dir);
            bench.check(w.covered(), what + ": the run ended inside the window, see " + dir);
            System.out.println("  " + RatesCase.side(threads, rate) + " #" + (repeat + 1) + ": " + run.format());
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }
}
