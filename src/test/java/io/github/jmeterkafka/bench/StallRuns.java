package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs the stall case: perf-test and the plugin's target rate through a broker stopped mid-run ({@link BrokerStall}),
 * then, without a stall, the target rate beside the Constant Throughput Timer.
 */
final class StallRuns {
    private final BenchRun bench;

    StallRuns(BenchRun bench) {
        this.bench = bench;
    }

    /**
     * perf-test and producer-fixed-rate.jmx alternately through a broker stopped for a while mid-run, then without a
     * stall perf-test, and bench/plans/producer-paced.jmx paced by the target rate and by the Constant Throughput
     * Timer (who goes first alternates there too).
     */
    void run() {
        StallCase c = StallCase.fromSystemProperties();
        System.out.println("Case stall: " + c.title());
        bench.check(
                c.outlastsTheStall(),
                "stall: " + c.records + " records at " + c.rate + "/s end before the stall does; more records");
        bench.check(
                60_000 % c.samplesPerMinute() == 0,
                "stall: the timer's " + c.samplesPerMinute() + " samples/min are not a whole number of ms apart"
                        + " (it rounds); another bench.stall.rate");
        List<StallCase.Run> runs = new ArrayList<>();
        bench.alternate(
                i -> runs.add(perfTest(c, i, true)),
                i -> runs.add(plugin(c, i, StallCase.STALL_VARIANT, StallCase.FIELD)));
        bench.alternate(i -> runs.add(perfTest(c, i, false)), i -> {
            List<String> sides =
                    i % 2 == 0 ? List.of(StallCase.FIELD, StallCase.TIMER) : List.of(StallCase.TIMER, StallCase.FIELD);
            sides.forEach(side -> runs.add(plugin(c, i, StallCase.PACED_VARIANT, side)));
        });
        runs.removeIf(Objects::isNull);
        bench.report.stall(c, runs);
    }

    private StallCase.Run perfTest(StallCase c, int repeat, boolean stall) {
        String variant = stall ? StallCase.STALL_VARIANT : StallCase.PACED_VARIANT;
        String topic = bench.topic(variant, repeat, "perf");
        Topics.create(bench.admin(), StallCase.PARTITIONS, topic);
        List<String> args = bench.producerPerformanceArgs(
                topic, c.records, StallCase.RECORD_SIZE, c.rate, StallCase.producerProperties(false));
        Path dir = bench.runDir(variant + "-perf");
        BrokerStall s = stall(stall, topic);
        KafkaTool.Result r;
        try {
            r = bench.tool(KafkaTool.PRODUCER_PERFORMANCE, args, dir);
        } finally {
            closeStall(s);
        }
        BrokerStall.Result stalled = stallHappened(variant + " perf-test", s);
        StallCase.Run run = null;
        if (bench.check(r.exitCode == 0, variant + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            long stored = Topics.endOffsets(bench.admin(), topic);
            run = StallCase.Run.perfTest(
                    variant, repeat, r.stdout, r.cpuSeconds, r.wallSeconds, r.steal, stored, stalled);
            bench.checkCount(variant + " perf-test", c.records, run.sendToAck().records(), stored);
            System.out.println("  perf-test #" + (repeat + 1) + ": " + run.format());
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    /** The target rate (FIELD; under a stall through producer-fixed-rate.jmx) or the timer (TIMER). */
    private StallCase.Run plugin(StallCase c, int repeat, String variant, String side) {
        boolean stall = variant.equals(StallCase.STALL_VARIANT);
        boolean timer = side.equals(StallCase.TIMER);
        String topic = bench.topic(variant, repeat, timer ? "timer" : "plugin");
        Topics.create(bench.admin(), StallCase.PARTITIONS, topic);
        Path dir = bench.runDir(variant + "-" + (timer ? "timer" : "plugin"));
        JMeter.RunBuilder b = (stall ? bench.testPlan(StallCase.PLAN, dir) : bench.plugin(StallCase.PACED_PLAN, dir))
                .property("kafka.bootstrap", bench.bootstrap())
                .property("topic", topic)
                .property("partitions", Integer.toString(StallCase.PARTITIONS))
                .property("records", Long.toString(c.records))
                .property("record.size", Integer.toString(StallCase.RECORD_SIZE))
                .property("records.per.sample", Integer.toString(StallCase.RECORDS_PER_SAMPLE))
                .property("threads", Integer.toString(c.threads()))
                .properties(StallCase.producerProperties(stall));
        if (stall) {
            b.property("rate", Integer.toString(c.rate));
        } else if (timer) {
            b.property("samples.per.minute", Double.toString(c.samplesPerMinute()));
        } else {
            b.property("target.rate", Integer.toString(c.rate));
        }
        BrokerStall s = stall(stall, topic);
        PluginRun p;
        try {
            p = PluginRun.of(b, dir);
        } finally {
            closeStall(s);
        }
        BrokerStall.Result stalled = stallHappened(variant + " plugin", s);
        StallCase.Run run = null;
        String what = variant + " " + side;
        if (bench.check(
                p.result.exitCode() == 0, what + ": JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            bench.check(p.result.stdout().contains("\n0 records failed."), what + ": records failed, see " + dir);
            long stored = Topics.endOffsets(bench.admin(), topic);
            List<Jtl.Row> samples = p.result.samples().rows(stall ? StallCase.LABEL : StallCase.PACED_LABEL);
            run = StallCase.Run.plugin(
                    variant,
                    side,
                    repeat,
                    p.result.stdout(),
                    stall ? StallCase.TITLE : StallCase.PACED_TITLE,
                    p.cpuSeconds,
                    p.cpuSecondsAfterStart,
                    p.result.elapsed().toMillis() / 1000.0,
                    p.steal,
                    stored,
                    samples.size(),
                    samples.stream()
                            .mapToLong(r -> Long.parseLong(r.get("Connect")))
                            .max()
                            .orElse(-1),
                    stalled);
            bench.checkCount(what, c.records, run.sendToAck().records(), stored);
            bench.check(timer || run.paced(), what + ": no corrected latency in the summary, see " + dir);
            System.out.println("  " + side + " #" + (repeat + 1) + ": " + run.format());
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    /** A stall of the broker for this run, started; null without one. */
    private BrokerStall stall(boolean stall, String topic) {
        return stall
                ? new BrokerStall(bench.brokerPid(), bench.admin(), topic, StallCase.STALL_AT, StallCase.STALL).start()
                : null;
    }

    private static void closeStall(BrokerStall s) {
        if (s != null) {
            s.close();
        }
    }

    /** The stall's result (null without one); a stall that did not happen is a problem: the run measured something else. */
    private BrokerStall.Result stallHappened(String what, BrokerStall s) {
        if (s == null) {
            return null;
        }
        BrokerStall.Result r = s.result();
        bench.check(
                r != null && r.happened(StallCase.STALL),
                what + ": the broker was not stopped for " + StallCase.STALL.toMillis() + " ms: "
                        + (r == null ? s.failure() : r.format()));
        return r;
    }
}
