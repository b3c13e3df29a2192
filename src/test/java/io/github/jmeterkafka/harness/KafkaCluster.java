package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

/**
 * A KRaft cluster of {@code n} nodes on 127.0.0.1, each broker and controller in its own JVM (static voters, one
 * cluster id), internal topics replicated on 3 nodes with 2 in sync. A node can be killed and started again with its
 * data, as a machine that dies and comes back.
 *
 * <pre>
 * try (KafkaCluster cluster = KafkaCluster.start(3, b -&gt; b)) {
 *     String bootstrap = cluster.bootstrapServers();
 * }
 * </pre>
 */
public final class KafkaCluster implements AutoCloseable {
    /** How long a share group's records stay locked to a member that took them (the broker's default, 30 s, here 10 s). */
    public static final Duration SHARE_RECORD_LOCK = Duration.ofSeconds(10);

    private final Map<Integer, KafkaBroker> nodes;

    private KafkaCluster(Map<Integer, KafkaBroker> nodes) {
        this.nodes = nodes;
    }

    /** Builds {@code n} nodes (ids 1..n) with {@code settings} and starts them together: a quorum needs most of them. */
    public static KafkaCluster start(int n, UnaryOperator<KafkaBroker.Builder> settings) {
        Map<Integer, Integer> controllerPorts = new LinkedHashMap<>();
        for (int id = 1; id <= n; id++) {
            controllerPorts.put(id, Loopback.freePort());
        }
        String clusterId = Uuid.randomUuid().toString();
        Path dir;
        try {
            dir = Files.createTempDirectory(
                    Files.createDirectories(Harness.targetDir().resolve("kafka-brokers")), "cluster-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int replicas = Math.min(3, n);
        Map<Integer, KafkaBroker> nodes = new LinkedHashMap<>();
        for (int id = 1; id <= n; id++) {
            nodes.put(
                    id,
                    settings.apply(KafkaBroker.builder()
                                    .workDir(dir.resolve("node-" + id))
                                    .heap("384m")
                                    .metricsServed()
                                    .quorum(new KafkaBroker.Quorum(id, controllerPorts, clusterId))
                                    .serverProperty("offsets.topic.replication.factor", Integer.toString(replicas))
                                    .serverProperty(
                                            "transaction.state.log.replication.factor", Integer.toString(replicas))
                                    .serverProperty("transaction.state.log.min.isr", Integer.toString(Math.min(2, n)))
                                    .serverProperty(
                                            "share.coordinator.state.topic.replication.factor",
                                            Integer.toString(replicas))
                                    .serverProperty(
                                            "share.coordinator.state.topic.min.isr", Integer.toString(Math.min(2, n)))
                                    // a record whose acknowledgement a killed leader refused is delivered again
                                    // after 10 s, not 30 s: a share group's test waits that long for it at its end
                                    .serverProperty(
                                            "group.share.record.lock.duration.ms",
                                            Long.toString(SHARE_RECORD_LOCK.toMillis())))
                            .build());
        }
        KafkaCluster cluster = new KafkaCluster(nodes);
        cluster.startAll();
        return cluster;
    }

    /** Starts every node that is not running, together, and waits until each answers. */
    public void startAll() {
        ExecutorService starters = Executors.newFixedThreadPool(nodes.size());
        try {
            List<Future<KafkaBroker>> started = new ArrayList<>();
            for (KafkaBroker node : nodes.values()) {
                started.add(starters.submit(node::start));
            }
            for (Future<KafkaBroker> f : started) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "A node of " + this + " did not start: " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting " + this, e);
        } finally {
            starters.shutdownNow();
        }
    }

    /** Node {@code id} (from 1). */
    public KafkaBroker node(int id) {
        KafkaBroker node = nodes.get(id);
        if (node == null) {
            throw new IllegalArgumentException("No node " + id + "; have " + nodes.keySet());
        }
        return node;
    }

    public List<KafkaBroker> nodes() {
        return List.copyOf(nodes.values());
    }

    /** Every node's client listener, so a client finds the cluster while any one of them runs. */
    public String bootstrapServers() {
        return nodes.values().stream().map(KafkaBroker::bootstrapServers).collect(Collectors.joining(","));
    }

    /** A new Admin client on every node; the caller closes it. */
    public Admin admin() {
        Map<String, Object> config = new HashMap<>();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        return Admin.create(config);
    }

    /** The node leading the most partitions of {@code topic} (the lowest id of a tie). */
    public int leaderOfMost(String topic) {
        try (Admin admin = admin()) {
            Map<Integer, Long> led = admin
                    .describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(30, TimeUnit.SECONDS)
                    .get(topic)
                    .partitions()
                    .stream()
                    .collect(
                            Collectors.groupingBy(p -> p.leader().id(), java.util.TreeMap::new, Collectors.counting()));
            return led.entrySet().stream()
                    .max(Map.Entry.comparingByValue())
                    .orElseThrow()
                    .getKey();
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("Cannot describe " + topic + " on " + this, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stops every node and deletes its data. */
    @Override
    public void close() {
        nodes.values().forEach(KafkaBroker::close);
    }

    @Override
    public String toString() {
        return "KafkaCluster[" + bootstrapServers() + "]";
    }
}
