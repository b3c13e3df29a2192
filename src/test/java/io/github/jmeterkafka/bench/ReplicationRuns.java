package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterServer;
import io.github.jmeterkafka.harness.KafkaCluster;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;

/**
 * The replication scenarios of the best-known Kafka pressure-test report, on a 3-node cluster of its own:
 * {@link #RECORDS} x {@link #RECORD_SIZE} B into 6 partitions as fast as the cluster takes them, replication 1 (acks=1),
 * replication 3 with no acks (acks=0), asynchronous (acks=1) and synchronous (acks=all), by kafka-producer-perf-test and by
 * test-plans/producer-max-throughput.jmx alternately, each on a fresh topic checked at the cluster; and the report's
 * three producers, one per node: three perf-test processes at once, and the plan on three jmeter-servers, its figures
 * from the controller's merged summary.
 */
final class ReplicationRuns {
    static final String CASE = "replication";
    static final long RECORDS = 1_000_000;
    static final int RECORD_SIZE = 100;
    static final int PARTITIONS = 6;
    private static final String TITLE = "Kafka Producer summary for 'Produce at maximum throughput':";

    /** One scenario: replicas per partition, the acks that wait for them or not, and producers sharing the records. */
    record Scenario(String name, int replication, String acks, int producers) {
        long perProducer() {
            return RECORDS / producers;
        }
    }

    static final List<Scenario> SCENARIOS = List.of(
            new Scenario("no replication", 1, "1", 1),
            new Scenario("3x, no acks", 3, "0", 1),
            new Scenario("3x asynchronous", 3, "1", 1),
            new Scenario("3x synchronous", 3, "all", 1),
            new Scenario("3x asynchronous, 3 producers", 3, "1", 3));

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
                List<JMeterServer> servers = s.producers() > 1 ? servers(s.producers()) : List.of();
                try {
                    bench.alternate(
                            i -> add(runs, perfTest(cluster, admin, s, i)),
                            i -> add(runs, plan(cluster, admin, s, servers, i)));
                } finally {
                    servers.forEach(JMeterServer::close);
                }
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

    /** One jmeter-server per producer, as the report runs one load generator per node. */
    private List<JMeterServer> servers(int n) {
        List<JMeterServer> servers = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            servers.add(JMeterServer.start(bench.jmeterHome(), bench.runDir(CASE + "-server-" + i), Map.of()));
        }
        try {
            for (int i = 0; i < n; i++) {
                servers.set(i, servers.get(i).awaitReadyOrRestart(Duration.ofSeconds(90)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            servers.forEach(JMeterServer::close);
            throw new IllegalStateException("Interrupted while the jmeter-servers started", e);
        }
        return servers;
    }

    /** The scenario's producers at once, each its share of the records; rates added, latencies the highest. */
    private Run perfTest(KafkaCluster cluster, Admin admin, Scenario s, int repeat) {
        String topic = topic(admin, s, repeat, "perf");
        List<String> args =
                bench.producerPerformanceArgs(topic, s.perProducer(), RECORD_SIZE, -1, Map.of("acks", s.acks()));
        args.set(args.indexOf("--bootstrap-server") + 1, cluster.bootstrapServers());
        ExecutorService producers = Executors.newFixedThreadPool(s.producers());
        List<Future<KafkaTool.Result>> started = new ArrayList<>();
        for (int i = 0; i < s.producers(); i++) {
            Path dir = bench.runDir(CASE + "-perf");
            started.add(producers.submit(() -> bench.tool(KafkaTool.PRODUCER_PERFORMANCE, args, dir)));
        }
        List<Figures.Producer> each = new ArrayList<>();
        try {
            for (Future<KafkaTool.Result> f : started) {
                KafkaTool.Result r = f.get();
                if (bench.check(r.exitCode == 0, CASE + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
                    each.add(Figures.Producer.parseLast(r.stdout));
                }
            }
        } catch (ExecutionException e) {
            bench.check(false, CASE + " perf-test did not run: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            producers.shutdownNow();
        }
        Run run = null;
        if (each.size() == s.producers()) {
            Figures.Producer f = Figures.Producer.concurrent(each);
            run = new Run(s, "perf-test", repeat, Topics.endOffsets(admin, topic), f);
            bench.checkCount(CASE + " perf-test", s.perProducer() * s.producers(), f.records, run.stored());
        }
        Topics.delete(admin, topic);
        return run;
    }

    private Run plan(KafkaCluster cluster, Admin admin, Scenario s, List<JMeterServer> servers, int repeat) {
        String topic = topic(admin, s, repeat, "plugin");
        Path dir = bench.runDir(CASE + "-plugin");
        JMeter.RunBuilder b = bench.testPlan("producer-max-throughput.jmx", dir)
                .property("kafka.bootstrap", cluster.bootstrapServers())
                .property("topic", topic)
                .property("records", Long.toString(s.perProducer()))
                .property("record.size", Integer.toString(RECORD_SIZE))
                .property("acks", s.acks());
        String title = TITLE;
        if (!servers.isEmpty()) {
            b.remote(servers);
            title = TITLE.replace("':", "' over " + servers.size() + " servers:");
        }
        PluginRun p = PluginRun.of(b, dir);
        Run run = null;
        if (bench.check(
                p.result.exitCode() == 0, CASE + " plugin: JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            Figures.Producer f = Figures.Producer.parseAfter(p.result.stdout(), title);
            run = new Run(s, "plugin", repeat, Topics.endOffsets(admin, topic), f);
            bench.checkCount(CASE + " plugin", s.perProducer() * s.producers(), f.records, run.stored());
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
                .append(" partitions, unthrottled (medians; with 3 producers the perf-test rates are added and its"
                        + " p99 is the highest of the three, the plugin's figures are its merged summary's)\n\n")
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
