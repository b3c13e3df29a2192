package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a consumer case: a topic filled by ProducerPerformance, then consumer-perf-test and a consumer plan reading
 * it alternately, each in a new group; the share case reads through the same runs.
 */
final class ConsumerRuns {
    private static final String TITLE = "Kafka Consumer summary for 'consume':";

    private final int recordsPerSample = Integer.getInteger("bench.consumer.records.per.sample", 10_000);
    private final BenchRun bench;

    ConsumerRuns(BenchRun bench) {
        this.bench = bench;
    }

    /** A new topic of {@code partitions} partitions, filled once, read by consumer-perf-test and the plugin in turn. */
    void run(String id, int partitions, int threads) {
        String topic = "bench-" + id;
        long records = Long.getLong("bench.consumer.records", 1_000_000);
        String title =
                Bench.count(records) + " x 1000 B, " + partitions + (partitions == 1 ? " partition, " : " partitions, ")
                        + threads + (threads == 1 ? " thread" : " threads");
        fill(id, title, topic, partitions, records);

        // the broker's fetch path warms up too: without this read the first run of a case is the slowest
        Report.Run warm = perfTest(id + "-warmup", topic, records, 0);
        System.out.println("  (warm-up read, not counted: " + (warm == null ? "failed" : Report.format(warm)) + ")");
        List<Report.Run> perf = new ArrayList<>();
        List<Report.Run> plugin = new ArrayList<>();
        bench.alternate(
                i -> perf.add(perfTest(id, topic, records, i)),
                i -> plugin.add(plugin(id, topic, records, threads, i)));
        bench.report.consumer(id, title, threads, recordsPerSample, perf, plugin);
        Topics.delete(bench.admin(), topic);
    }

    /** A new topic of {@code records} x 1000 B written by ProducerPerformance, checked at the broker. */
    void fill(String id, String title, String topic, int partitions, long records) {
        System.out.println("Case " + id + ": " + title + "; filling " + topic + " with ProducerPerformance...");
        Topics.create(bench.admin(), partitions, topic);
        List<String> fill = bench.producerPerformanceArgs(topic, records, 1000, -1, ProducerCase.props("1", "5"));
        KafkaTool.Result r =
                KafkaTool.run(KafkaTool.PRODUCER_PERFORMANCE, fill, bench.runDir(id + "-fill"), BenchRun.RUN_TIMEOUT);
        bench.check(r.exitCode == 0, id + " fill: exit code " + r.exitCode);
        long stored = Topics.endOffsets(bench.admin(), topic);
        bench.checkCount(id + " fill", records, records, stored);
    }

    private Report.Run perfTest(String id, String topic, long records, int repeat) {
        List<String> args =
                bench.toolArgs(topic, records, "--timeout", "60000", "--group", "perf-" + id + "-" + repeat);
        return toolRun(id, "consumer-perf-test", KafkaTool.CONSUMER_PERFORMANCE, args, records, repeat);
    }

    /** One run of a Kafka consumer perf tool, checked to have read every record. */
    Report.Run toolRun(String id, String name, String mainClass, List<String> args, long records, int repeat) {
        KafkaTool.Result r = bench.tool(mainClass, args, bench.runDir(id + "-perf"));
        if (!bench.check(r.exitCode == 0, id + " " + name + " exit code " + r.exitCode + ", see " + r.dir)) {
            return null;
        }
        Figures.Consumer f = Figures.Consumer.parse(r.stdout, null);
        bench.checkCount(id + " " + name, records, f.records, records);
        Report.Run run = Report.Run.consumer("perf-test", repeat, f, r.cpuSeconds, Double.NaN, r.wallSeconds, r.steal);
        System.out.println("  perf-test #" + (repeat + 1) + ": " + Report.format(run));
        return run;
    }

    private Report.Run plugin(String id, String topic, long records, int threads, int repeat) {
        Path dir = bench.runDir(id + "-plugin");
        JMeter.RunBuilder b = bench.plugin("consumer.jmx", dir)
                .property("kafka.bootstrap", bench.bootstrap())
                .property("topic", topic)
                .property("group", "plugin-" + id + "-" + repeat)
                .property("records", Long.toString(records))
                .property("records.per.sample", Integer.toString(recordsPerSample))
                .property("threads", Integer.toString(threads))
                // what consumer-perf-test sets on its consumer
                .property("receive.buffer.bytes", "2097152")
                .property("max.partition.fetch.bytes", "1048576")
                .property("check.crcs", "false");
        return pluginRun(id, b, dir, TITLE, records, repeat);
    }

    /** One JMeter run of a consumer plan, checked to have read every record. */
    Report.Run pluginRun(String id, JMeter.RunBuilder b, Path dir, String title, long records, int repeat) {
        PluginRun p = PluginRun.of(b, dir);
        if (!bench.check(
                p.result.exitCode() == 0, id + " plugin: JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            return null;
        }
        Figures.Consumer f = Figures.Consumer.parse(p.result.stdout(), title);
        bench.checkCount(id + " plugin", records, f.records, records);
        Report.Run run = Report.Run.consumer(
                "plugin",
                repeat,
                f,
                p.cpuSeconds,
                p.cpuSecondsAfterStart,
                p.result.elapsed().toMillis() / 1000.0,
                p.steal);
        System.out.println("  plugin    #" + (repeat + 1) + ": " + Report.format(run));
        return run;
    }
}
