package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.StoredBytes;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/** Runs a producer case: ProducerPerformance and a producer plan, each on a fresh topic checked at the broker. */
final class ProducerRuns {
    private static final String TITLE = "Kafka Producer summary for 'produce':";

    private final BenchRun bench;

    ProducerRuns(BenchRun bench) {
        this.bench = bench;
    }

    /** perf-test and the plugin alternately, side by side in the producer table. */
    void run(ProducerCase c) {
        alternately(c, (perf, plugin) -> bench.report.producer(c, perf, plugin));
    }

    /** perf-test and the plugin alternately; both sides' runs go to {@code report}. */
    void alternately(ProducerCase c, BiConsumer<List<Report.Run>, List<Report.Run>> report) {
        System.out.println("Case " + c.id + ": " + c.title + " (" + c.describe() + ")");
        List<Report.Run> perf = new ArrayList<>();
        List<Report.Run> plugin = new ArrayList<>();
        bench.alternate(i -> perf.add(perfTest(c, i)), i -> plugin.add(plugin(c, i)));
        report.accept(perf, plugin);
    }

    /** ProducerPerformance's run of the case; null if it failed. */
    Report.Run perfTest(ProducerCase c, int repeat) {
        String topic = bench.topic(c.id, repeat, "perf");
        Topics.create(bench.admin(), c.partitions, topic);
        List<String> args = bench.producerPerformanceArgs(
                topic, c.records, c.recordSize, c.throughput > 0 ? c.throughput : -1, c.producerProperties);
        KafkaTool.Result r = bench.tool(KafkaTool.PRODUCER_PERFORMANCE, args, bench.runDir(c.id + "-perf"));
        Report.Run run = null;
        if (bench.check(r.exitCode == 0, c.id + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            Figures.Producer f = Figures.Producer.parseLast(r.stdout);
            run = Report.Run.producer(
                    "perf-test",
                    repeat,
                    f,
                    r.cpuSeconds,
                    Double.NaN,
                    r.wallSeconds,
                    r.steal,
                    Topics.endOffsets(bench.admin(), topic),
                    stored(c, topic));
            bench.checkCount(c.id + " perf-test", c.records, f.records, run.brokerRecords());
            System.out.println("  perf-test #" + (repeat + 1) + ": " + Report.format(run));
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    /** The plugin's run of the case; null if it failed. */
    Report.Run plugin(ProducerCase c, int repeat) {
        String topic = bench.topic(c.id, repeat, "plugin");
        Topics.create(bench.admin(), c.partitions, topic);
        Path dir = bench.runDir(c.id + "-plugin");
        JMeter.RunBuilder b = bench.plugin(c.planFile(), dir)
                .property("kafka.bootstrap", bench.bootstrap())
                .property("topic", topic)
                .property("records", Long.toString(c.records))
                .property("record.size", Integer.toString(c.recordSize))
                .property("records.per.sample", Integer.toString(c.recordsPerSample))
                .property("threads", Integer.toString(c.threads))
                .properties(c.producerProperties)
                .properties(c.planProperties);
        if (c.throughput > 0) {
            b.property("samples.per.minute", Long.toString(60L * c.throughput / c.recordsPerSample));
        }
        PluginRun p = PluginRun.of(b, dir);
        Report.Run run = null;
        if (bench.check(
                p.result.exitCode() == 0, c.id + " plugin: JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            Figures.Producer f = Figures.Producer.parseAfter(p.result.stdout(), TITLE);
            bench.check(
                    p.result.stdout().contains("\n0 records failed."), c.id + " plugin: records failed, see " + dir);
            run = Report.Run.producer(
                    "plugin",
                    repeat,
                    f,
                    p.cpuSeconds,
                    p.cpuSecondsAfterStart,
                    p.result.elapsed().toMillis() / 1000.0,
                    p.steal,
                    Topics.endOffsets(bench.admin(), topic),
                    stored(c, topic));
            bench.checkCount(c.id + " plugin", c.records, f.records, run.brokerRecords());
            System.out.println("  plugin    #" + (repeat + 1) + ": " + Report.format(run));
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    /** The bytes the broker stores for the run's topic, if the case asks for them; -1 otherwise or if they never settled. */
    private long stored(ProducerCase c, String topic) {
        if (!c.storedBytes) {
            return -1;
        }
        long bytes = new StoredBytes(bench.admin()).settled(topic);
        bench.check(
                bytes > 0,
                c.id + ": the broker's log size of " + topic + " did not settle within "
                        + StoredBytes.MAX_WAIT.toSeconds() + " s");
        return bytes;
    }
}
