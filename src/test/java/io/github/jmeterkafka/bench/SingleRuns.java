package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the single case: one record per sample beside a closed loop on kafka-clients ({@link ClosedLoopProducer})
 * and beside JMeter's no-op floor.
 */
final class SingleRuns {
    private final BenchRun bench;
    private final ProducerRuns producers;

    SingleRuns(BenchRun bench, ProducerRuns producers) {
        this.bench = bench;
        this.producers = producers;
    }

    /**
     * One record per sample, each sample waiting for its ack: what most JMeter users start with. linger.ms=0 as
     * such plans should use (with Kafka 4's default of 5 every sample waits 5 ms). Per thread count, the closed loop
     * on kafka-clients, the plugin and JMeter's no-op floor, each {@code bench.repeats} times, who goes first rotating.
     */
    void run() {
        Map<String, String> props = ProducerCase.props("1", "0");
        System.out.println("Case single: one record per sample, kafka-clients closed loop, plugin, JMeter no-op");
        List<SingleCase.Run> runs = new ArrayList<>();
        for (int threads : SingleCase.THREADS) {
            long records = SingleCase.records(threads);
            ProducerCase c = ProducerCase.unthrottled(
                            "single-" + threads,
                            Bench.count(records) + " x 1000 B, 1 partition, linger.ms=0",
                            records,
                            1000,
                            1,
                            1)
                    .with(props, threads);
            for (int i = 0; i < bench.repeats; i++) {
                for (int k = 0; k < SingleCase.SIDES.size(); k++) {
                    String side = SingleCase.SIDES.get((i + k) % SingleCase.SIDES.size());
                    SingleCase.Run run = switch (side) {
                        case SingleCase.CLIENT -> closedLoop(c, i);
                        case SingleCase.PLUGIN -> {
                            Report.Run r = producers.plugin(c, i);
                            yield r == null
                                    ? null
                                    : new SingleCase.Run(
                                            side,
                                            threads,
                                            i,
                                            r.recordsPerSec(),
                                            r.p50Ms(),
                                            r.p99Ms(),
                                            r.cpu(),
                                            r.records());
                        }
                        default -> noop(c, i);
                    };
                    if (run != null) {
                        runs.add(run);
                    }
                }
            }
        }
        bench.report.single(runs);
    }

    /** ClosedLoopProducer in its own JVM with the perf tools' options: the reference for one record per sample. */
    private SingleCase.Run closedLoop(ProducerCase c, int repeat) {
        String topic = bench.topic(c.id, repeat, "client");
        Topics.create(bench.admin(), c.partitions, topic);
        Path dir = bench.runDir(c.id + "-client");
        List<String> args = new ArrayList<>(List.of(
                bench.bootstrap(),
                topic,
                Long.toString(c.records),
                Integer.toString(c.recordSize),
                Integer.toString(c.threads)));
        c.producerProperties.forEach((k, v) -> args.add(k + "=" + v));
        KafkaTool.Result r = bench.java(ClosedLoopProducer.class, args, dir);
        SingleCase.Run run = null;
        if (bench.check(r.exitCode == 0, c.id + " kafka-clients exit code " + r.exitCode + ", see " + r.dir)) {
            Figures.Producer f = Figures.Producer.parseLast(r.stdout);
            bench.checkCount(c.id + " kafka-clients", c.records, f.records, Topics.endOffsets(bench.admin(), topic));
            run = new SingleCase.Run(
                    SingleCase.CLIENT, c.threads, repeat, f.recordsPerSec, f.p50Ms, f.p99Ms, r.cpuSeconds, f.records);
            System.out.printf(
                    Locale.ROOT,
                    "  kafka-clients #%d: %,.0f records/s, p50 %d p99 %d ms, CPU %.2f s%n",
                    repeat + 1,
                    f.recordsPerSec,
                    f.p50Ms,
                    f.p99Ms,
                    r.cpuSeconds);
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    /** JMeter's floor: as many Debug Samplers showing nothing as the case has records, on its threads. */
    private SingleCase.Run noop(ProducerCase c, int repeat) {
        Path dir = bench.runDir(c.id + "-noop");
        JMeter.RunBuilder b = bench.plugin("noop.jmx", dir)
                .property("threads", Integer.toString(c.threads))
                .property("records", Long.toString(c.records));
        PluginRun p = PluginRun.of(b, dir);
        if (!bench.check(
                p.result.exitCode() == 0, c.id + " no-op: JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            return null;
        }
        Jtl jtl = p.result.samples();
        long first = jtl.rows().stream().mapToLong(Jtl.Row::timeStamp).min().orElse(0);
        long last = jtl.rows().stream()
                .mapToLong(r -> r.timeStamp() + r.elapsed())
                .max()
                .orElse(0);
        double perSec = jtl.size() / Math.max(0.001, (last - first) / 1000.0);
        System.out.printf(
                Locale.ROOT,
                "  JMeter no-op #%d: %,d samples, %,.0f samples/s, CPU %.2f s%n",
                repeat + 1,
                jtl.size(),
                perSec,
                p.cpuSeconds);
        return new SingleCase.Run(SingleCase.NOOP, c.threads, repeat, perSec, 0, 0, p.cpuSeconds, jtl.size());
    }
}
