package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the latency case: Kafka's EndToEndLatency and the end-to-end latency plan, one record at a time. */
final class LatencyRuns {
    private final BenchRun bench;

    LatencyRuns(BenchRun bench) {
        this.bench = bench;
    }

    /** Kafka's EndToEndLatency and test-plans/end-to-end-latency.jmx alternately, each on a fresh 1-partition topic. */
    void run() {
        System.out.println("Case latency: " + LatencyCase.title());
        List<LatencyCase.Run> tool = new ArrayList<>();
        List<LatencyCase.Run> plugin = new ArrayList<>();
        bench.alternate(i -> tool(i, tool), i -> plugin(i, plugin));
        bench.report.latency(tool, plugin);
    }

    private void tool(int repeat, List<LatencyCase.Run> runs) {
        String topic = bench.topic("latency", repeat, "perf");
        Topics.create(bench.admin(), 1, topic);
        List<String> args = bench.toolArgs(
                topic,
                LatencyCase.RECORDS,
                "--producer-acks",
                LatencyCase.ACKS,
                "--record-size",
                Integer.toString(LatencyCase.RECORD_SIZE));
        KafkaTool.Result r = bench.tool(LatencyCase.TOOL, args, bench.runDir("latency-perf"));
        if (bench.check(r.exitCode == 0, "latency kafka-e2e-latency exit code " + r.exitCode + ", see " + r.dir)) {
            LatencyCase.Run run = LatencyCase.Run.tool(repeat, r.stdout, r.wallSeconds);
            bench.checkCount(
                    "latency kafka-e2e-latency",
                    LatencyCase.RECORDS,
                    run.records,
                    Topics.endOffsets(bench.admin(), topic));
            System.out.println("  kafka-e2e-latency #" + (repeat + 1) + ": " + run.format());
            runs.add(run);
        }
        Topics.delete(bench.admin(), topic);
    }

    private void plugin(int repeat, List<LatencyCase.Run> runs) {
        String topic = bench.topic("latency", repeat, "plugin");
        Topics.create(bench.admin(), 1, topic);
        Path dir = bench.runDir("latency-plugin");
        JMeter.RunBuilder b = bench.testPlan(LatencyCase.PLAN, dir)
                .property("kafka.bootstrap", bench.bootstrap())
                .property("topic", topic)
                .property("records", Integer.toString(LatencyCase.RECORDS))
                .property("record.size", Integer.toString(LatencyCase.RECORD_SIZE))
                .property("acks", LatencyCase.ACKS);
        JMeter.Result result = b.run();
        if (bench.check(
                result.exitCode() == 0, "latency plugin: JMeter exit code " + result.exitCode() + ", see " + dir)) {
            LatencyCase.Run run = LatencyCase.Run.plugin(
                    repeat, result.stdout(), result.elapsed().toMillis() / 1000.0);
            bench.checkCount(
                    "latency plugin", LatencyCase.RECORDS, run.records, Topics.endOffsets(bench.admin(), topic));
            System.out.println("  plugin #" + (repeat + 1) + ": " + run.format());
            runs.add(run);
        }
        Topics.delete(bench.admin(), topic);
    }
}
