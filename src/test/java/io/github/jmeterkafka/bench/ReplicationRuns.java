package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.KafkaCluster;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;

/**
 * The replication scenarios of the best-known Kafka pressure-test report, on a 3-node cluster of its own:
 * {@link #RECORDS} x {@link #RECORD_SIZE} B into 6 partitions as fast as the cluster takes them, replication 1 (acks=1),
 * replication 3 with no acks (acks=0), asynchronous (acks=1) and synchronous (acks=all), by kafka-producer-perf-test and by
 * test-plans/producer-max-throughput.jmx alternately, each on a fresh topic checked at the cluster.
 */
final class ReplicationRuns {
    static final String CASE = "replication";
    static final long RECORDS = 1_000_000;
    static final int RECORD_SIZE = 100;
    static final int PARTITIONS = 6;
    private static final String TITLE = "Kafka Producer summary for 'Produce at maximum throughput':";

    /** One scenario: replicas per partition, and the acks that wait for them or not. */
    record Scenario(String name, int replication, String acks) {}

    static final List<Scenario> SCENARIOS = List.of(
            new Scenario("no replication", 1, "1"),
            new Scenario("3x, no acks", 3, "0"),
            new Scenario("3x asynchronous", 3, "1"),
            new Scenario("3x synchronous", 3, "all"));

    record Run(Scenario scenario, String side, int repeat, long stored, Figures.Producer f) {}

    private final BenchRun bench;

    ReplicationRuns(BenchRun bench) {
        this.bench = bench;
    }

    void run() {
        System.out.println("Case replication: " + RECORDS + " x " + RECORD_SIZE + " B, " + PARTITIONS
                + " partitions, unthrottled, on 3 nodes");
        List<Run> runs = new ArrayList<>();
        try (KafkaCluster cluster = KafkaCluster.start(3, b -> b);
                Admin admin = cluster.admin()) {
            for (Scenario s : SCENARIOS) {
                bench.alternate(
                        i -> add(runs, perfTest(cluster, admin, s, i)), i -> add(runs, plan(cluster, admin, s, i)));
            }
        }
        bench.report.replication(runs);
    }

    private static void add(List<Run> runs, Run run) {
        if (run != null) {
            runs.add(run);
            System.out.println(String.format(
                    Locale.ROOT,
                    "  %s, %s #%d: %.0f records/s, %.2f MB/s, p99 %d ms, %d stored",
                    run.scenario().name(),
                    run.side(),
                    run.repeat() + 1,
                    run.f().recordsPerSec,
                    run.f().mbPerSec,
                    run.f().p99Ms,
                    run.stored()));
        }
    }

    private String topic(Admin admin, Scenario s, int repeat, String side) {
        String topic = bench.topic(CASE + "-" + s.replication() + "-" + s.acks(), repeat, side);
        Topics.create(admin, PARTITIONS, (short) s.replication(), Map.of(), topic);
        return topic;
    }

    private Run perfTest(KafkaCluster cluster, Admin admin, Scenario s, int repeat) {
        String topic = topic(admin, s, repeat, "perf");
        List<String> args = bench.producerPerformanceArgs(topic, RECORDS, RECORD_SIZE, -1, Map.of("acks", s.acks()));
        args.set(args.indexOf("--bootstrap-server") + 1, cluster.bootstrapServers());
        KafkaTool.Result r = bench.tool(KafkaTool.PRODUCER_PERFORMANCE, args, bench.runDir(CASE + "-perf"));
        Run run = null;
        if (bench.check(r.exitCode == 0, CASE + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            Figures.Producer f = Figures.Producer.parseLast(r.stdout);
            run = new Run(s, "perf-test", repeat, Topics.endOffsets(admin, topic), f);
            bench.checkCount(CASE + " perf-test", RECORDS, f.records, run.stored());
        }
        Topics.delete(admin, topic);
        return run;
    }

    private Run plan(KafkaCluster cluster, Admin admin, Scenario s, int repeat) {
        String topic = topic(admin, s, repeat, "plugin");
        Path dir = bench.runDir(CASE + "-plugin");
        PluginRun p = PluginRun.of(
                bench.testPlan("producer-max-throughput.jmx", dir)
                        .property("kafka.bootstrap", cluster.bootstrapServers())
                        .property("topic", topic)
                        .property("records", Long.toString(RECORDS))
                        .property("record.size", Integer.toString(RECORD_SIZE))
                        .property("acks", s.acks()),
                dir);
        Run run = null;
        if (bench.check(
                p.result.exitCode() == 0, CASE + " plugin: JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            Figures.Producer f = Figures.Producer.parseAfter(p.result.stdout(), TITLE);
            run = new Run(s, "plugin", repeat, Topics.endOffsets(admin, topic), f);
            bench.checkCount(CASE + " plugin", RECORDS, f.records, run.stored());
        }
        Topics.delete(admin, topic);
        return run;
    }

    static void table(StringBuilder out, List<Run> runs) {
        out.append("\n### Replication on 3 nodes: ")
                .append(RECORDS)
                .append(" x ")
                .append(RECORD_SIZE)
                .append(" B, ")
                .append(PARTITIONS)
                .append(" partitions, unthrottled (medians)\n\n")
                .append("| scenario | replication | acks | perf-test records/s | plugin records/s | perf-test MB/s |"
                        + " plugin MB/s | perf-test p99 ms | plugin p99 ms |\n")
                .append("|---|---|---|---|---|---|---|---|---|\n");
        for (Scenario s : SCENARIOS) {
            List<Run> perf = runs.stream()
                    .filter(r -> r.scenario().equals(s) && r.side().equals("perf-test"))
                    .toList();
            List<Run> plugin = runs.stream()
                    .filter(r -> r.scenario().equals(s) && r.side().equals("plugin"))
                    .toList();
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %s | %.0f | %.0f | %.2f | %.2f | %.0f | %.0f |%n",
                    s.name(),
                    s.replication(),
                    s.acks(),
                    Report.median(perf, r -> r.f().recordsPerSec),
                    Report.median(plugin, r -> r.f().recordsPerSec),
                    Report.median(perf, r -> r.f().mbPerSec),
                    Report.median(plugin, r -> r.f().mbPerSec),
                    Report.median(perf, r -> r.f().p99Ms),
                    Report.median(plugin, r -> r.f().p99Ms)));
        }
    }
}
