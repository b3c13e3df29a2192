package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaCluster;
import io.github.jmeterkafka.harness.KillOnProgress;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.ElectionType;

/**
 * Runs the faults case ({@link FaultCase}) on a 3-node cluster of its own, started for it and stopped after: the
 * leader loss by perf-test and by the plan alternately, acks=1 against acks=all, leader moves. After every kill the
 * node is started again and every replica in sync before the next run.
 */
final class FaultRuns {
    private final BenchRun bench;
    private KafkaCluster cluster;
    private Admin admin;

    FaultRuns(BenchRun bench) {
        this.bench = bench;
    }

    void run() {
        System.out.println("Case faults: 3 nodes, replication 3, " + FaultCase.RECORDS + " x 1000 B at "
                + FaultCase.RATE + "/s; the leader of most partitions killed at " + FaultCase.KILL_AT_S + " s");
        List<FaultCase.Run> runs = new ArrayList<>();
        try (KafkaCluster c = KafkaCluster.start(3, b -> b)) {
            cluster = c;
            admin = c.admin();
            bench.alternate(i -> add(runs, perfTest(i)), i -> add(runs, plan("loss", i, "all", true)));
            add(runs, plan("acks", 0, "1", true));
            add(runs, plan("acks", 0, "all", true));
            add(runs, plan("moves", 0, "all", false));
            admin.close();
        }
        bench.report.faults(runs);
    }

    private static void add(List<FaultCase.Run> runs, FaultCase.Run run) {
        if (run != null) {
            runs.add(run);
            System.out.println("  " + run.format());
        }
    }

    /** A fresh topic whose leaders are each node's share (a preferred election), and the node leading the most. */
    private String topic(String scenario, int repeat, String side) {
        String topic = bench.topic(FaultCase.CASE + "-" + scenario, repeat, side);
        Topics.create(admin, FaultCase.PARTITIONS, (short) 3, FaultCase.DURABLE, topic);
        try {
            admin.electLeaders(ElectionType.PREFERRED, null).partitions().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            // none needed is an answer too: the topic is new
        }
        return topic;
    }

    /** Every node running and every replica of {@code topic} in sync, then the topic deleted. */
    private void heal(String topic) {
        cluster.startAll();
        Topics.awaitIsr(admin, topic, 3);
        Topics.delete(admin, topic);
    }

    private FaultCase.Run perfTest(int repeat) {
        String topic = topic("loss", repeat, "perf");
        List<String> args =
                bench.producerPerformanceArgs(topic, FaultCase.RECORDS, 1000, FaultCase.RATE, Map.of("acks", "all"));
        args.set(args.indexOf("--bootstrap-server") + 1, cluster.bootstrapServers());
        // killed once KILL_AT_S seconds of records are stored: at the same point of the load whatever the start took
        KafkaTool.Result r;
        try (KillOnProgress kill = KillOnProgress.start(
                cluster, cluster.leaderOfMost(topic), admin, topic, (long) FaultCase.KILL_AT_S * FaultCase.RATE)) {
            r = bench.tool(KafkaTool.PRODUCER_PERFORMANCE, args, bench.runDir(FaultCase.CASE + "-loss-perf"));
            bench.check(kill.storedAtKill() > 0, "faults perf-test: the leader was not killed during the run");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        FaultCase.Run run = null;
        if (bench.check(r.exitCode == 0, "faults perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            Figures.Producer f = Figures.Producer.parseLast(r.stdout);
            run = new FaultCase.Run(
                    "loss", "perf-test", repeat, f.records, Topics.endOffsets(admin, topic), -1, 0, 0, f, List.of());
        }
        heal(topic);
        return run;
    }

    /** failover.jmx: with {@code kill}, its stop command kills the leader of most partitions; else it moves leaders. */
    private FaultCase.Run plan(String scenario, int repeat, String acks, boolean kill) {
        String side = "plugin acks=" + acks;
        String topic = topic(scenario, repeat, "plan-" + acks);
        Path dir = bench.runDir(FaultCase.CASE + "-" + scenario + "-plan");
        JMeter.RunBuilder b = bench.testPlan(FaultCase.PLAN, dir)
                .property("kafka.bootstrap", cluster.bootstrapServers())
                .property("topic", topic)
                .property("rate", Integer.toString(FaultCase.RATE))
                .property("acks", acks)
                .htmlReport();
        if (kill) {
            b.property("records", Integer.toString(FaultCase.RECORDS))
                    .property("duration", Integer.toString(FaultCase.RECORDS / FaultCase.RATE + 20))
                    .property("move.every", "0")
                    .property("stop.after", Integer.toString(FaultCase.KILL_AT_S))
                    .property(
                            "stop.command",
                            "kill -9 "
                                    + cluster.node(cluster.leaderOfMost(topic)).pid());
        } else {
            b.property("duration", "70").property("move.every", "10");
        }
        PluginRun p = PluginRun.of(b, dir);
        FaultCase.Run run = null;
        String what = "faults " + scenario + " " + side;
        if (bench.check(
                p.result.exitCode() == 0, what + ": JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            String out = p.result.stdout();
            Figures.Producer corrected = Figures.Producer.correctedAfter(out, FaultCase.TITLE);
            long[] delivery = FaultCase.delivery(out);
            if (bench.check(corrected != null, what + ": no corrected latency, see " + dir)) {
                run = new FaultCase.Run(
                        scenario,
                        side,
                        repeat,
                        corrected.records,
                        Topics.endOffsets(admin, topic),
                        delivery[0],
                        delivery[1],
                        delivery[2],
                        corrected,
                        FaultCase.events(out));
            }
        }
        heal(topic);
        return run;
    }
}
