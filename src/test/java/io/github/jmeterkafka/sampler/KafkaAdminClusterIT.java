package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.ClientIds;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ConnectionSettings;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.harness.KafkaCluster;
import io.github.jmeterkafka.harness.SharedCluster;
import io.github.jmeterkafka.harness.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Kafka Admin's cluster operations on a real 3-node cluster, called as JMeter's thread calls them: describe the
 * cluster, wait until every replica is in sync (timing out while a node is down, succeeding once it is back), and
 * elect the preferred leaders again after the node's return; a topic or partition that does not exist is refused
 * with 400 before anything is elected.
 */
class KafkaAdminClusterIT {
    private static final String CONNECTION = "admin-cluster-it";

    private static KafkaCluster cluster;
    private JMeterVariables vars;

    @BeforeAll
    static void connect() {
        cluster = SharedCluster.get();
        Connections.bind(Connection.of(
                new ConnectionSettings(
                        CONNECTION, "it", Map.of("bootstrap.servers", cluster.bootstrapServers()), Map.of(), Map.of()),
                ClientFactory.KAFKA,
                new ClientIds("it", "localhost")));
    }

    @AfterAll
    static void disconnect() {
        Connections.unbind(CONNECTION, Duration.ofSeconds(5));
    }

    @BeforeEach
    void variables() {
        vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
    }

    private static SampleResult run(String operation, String topics, String timeoutMs) {
        return run(operation, topics, "", List.of(), timeoutMs);
    }

    private static SampleResult run(
            String operation, String topics, String brokers, List<KeyValue> configs, String timeoutMs) {
        KafkaAdminSampler s = new KafkaAdminSampler();
        s.setName("cluster " + operation);
        s.setConnectionName(CONNECTION);
        s.setOperation(operation);
        s.setTopics(topics);
        s.setBrokers(brokers);
        s.setTopicConfigs(configs);
        s.setTimeout(timeoutMs);
        return s.sample(null);
    }

    private static SampleResult refused(SampleResult r, String why) {
        assertThat(r.getResponseCode()).as(r.getResponseMessage()).isEqualTo("400");
        assertThat(r.getResponseMessage()).contains(why);
        return r;
    }

    private static SampleResult ok(SampleResult r) {
        assertThat(r.isSuccessful())
                .as(r.getResponseCode() + " " + r.getResponseMessage() + "\n" + r.getResponseDataAsString())
                .isTrue();
        return r;
    }

    @Test
    void replicasAndLeadersMoveAndConfigsChangeWhereAsked() throws Exception {
        String topic = "admin-moves-" + System.nanoTime();
        try (Admin admin = cluster.admin()) {
            Topics.create(admin, 3, (short) 2, Map.of(), topic);
        }
        // bad input first: each refused, the cluster as it was
        ok(run("describeCluster", topic, "30000"));
        Map<String, String> before = Map.copyOf(vars.entrySet().stream()
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> String.valueOf(e.getValue()))));
        refused(
                run("reassignPartitions", topic, "1,9", List.of(), "30000"),
                "no broker 9 in the cluster (its nodes: 1, 2, 3): nothing reassigned");
        refused(
                run("reassignPartitions", topic, "1,1", List.of(), "30000"),
                "broker 1 is named twice: nothing reassigned");
        refused(
                run("reassignPartitions", topic + ":3", "1,2", List.of(), "30000"),
                "has partitions 0 to 2, not 3: nothing reassigned");
        refused(
                run("alterConfigs", topic, "", List.of(new KeyValue("min.insync.replicaz", "2")), "30000"),
                "Kafka knows no config min.insync.replicaz for topic " + topic + ": nothing changed");
        refused(
                run("alterConfigs", "", "7", List.of(new KeyValue("leader.replication.throttled.rate", "1")), "30000"),
                "no broker 7 in the cluster");
        SampleResult badValue = run(
                "alterConfigs",
                topic,
                "",
                List.of(new KeyValue("retention.ms", "2"), new KeyValue("min.insync.replicas", "many")),
                "30000");
        assertThat(badValue.isSuccessful()).as("a value Kafka refuses").isFalse();
        ok(run("describeConfigs", topic, "", List.of(new KeyValue("retention.ms", "")), "30000"));
        assertThat(vars.get("kafka_config_" + topic + "_retention.ms"))
                .as("nothing changed")
                .isEqualTo("604800000");
        ok(run("describeCluster", topic, "30000"));
        for (int p = 0; p < 3; p++) {
            assertThat(vars.get("kafka_isr_" + topic + "_" + p)).isEqualTo(before.get("kafka_isr_" + topic + "_" + p));
        }

        // reassign all three partitions to 2,3 with a throttle: the list turned by partition, the throttle seen set by
        // the test's own Admin while the replicas copy (a few MB at 1 MB/s) and gone after
        fill(topic, 3000);
        KafkaAdminSampler reassign = new KafkaAdminSampler();
        reassign.setConnectionName(CONNECTION);
        reassign.setOperation("reassignPartitions");
        reassign.setTopics(topic);
        reassign.setBrokers("2,3");
        reassign.setThrottle("1000000");
        reassign.setTimeout("60000");
        SampleResult moved;
        AtomicBoolean throttleSeen = new AtomicBoolean();
        try (Admin admin = cluster.admin()) {
            Thread watcher = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    if (throttled(admin, topic, "1000000")) {
                        throttleSeen.set(true);
                        return;
                    }
                }
            });
            watcher.start();
            try {
                moved = ok(reassign.sample(null));
            } finally {
                watcher.interrupt();
                watcher.join();
            }
            assertThat(moved.getResponseMessage()).startsWith("reassigned: 3 partitions, ");
            assertThat(throttleSeen)
                    .as("the throttle seen set while the replicas moved")
                    .isTrue();
            assertThat(throttled(admin, topic, ""))
                    .as("the throttle removed once done")
                    .isTrue();
            Topics.awaitIsr(admin, topic, 2);
            assertThat(admin
                            .describeTopics(List.of(topic))
                            .allTopicNames()
                            .get(30, TimeUnit.SECONDS)
                            .get(topic)
                            .partitions()
                            .stream()
                            .map(p ->
                                    p.replicas().stream().map(n -> n.idString()).toList())
                            .toList())
                    .as("the replicas as the cluster holds them")
                    .containsExactly(List.of("2", "3"), List.of("3", "2"), List.of("2", "3"));
        }
        assertThat(vars.get("kafka_replicas_" + topic + "_0")).isEqualTo("2,3");
        assertThat(vars.get("kafka_replicas_" + topic + "_1")).isEqualTo("3,2");
        assertThat(vars.get("kafka_replicas_" + topic + "_2")).isEqualTo("2,3");
        ok(run("waitForInSync", topic, "60000"));

        // every leader moves to its other replica
        ok(run("describeCluster", topic, "30000"));
        String leader0 = vars.get("kafka_leader_" + topic + "_0");
        SampleResult leaders = ok(run("moveLeaders", topic, "30000"));
        assertThat(vars.get("kafka_leaders_moved"))
                .as(leaders.getResponseDataAsString())
                .isEqualTo("3");
        assertThat(vars.get("kafka_leader_" + topic + "_0")).isNotEqualTo(leader0);
        try (Admin admin = cluster.admin()) {
            assertThat(admin.describeTopics(List.of(topic))
                            .allTopicNames()
                            .get(30, TimeUnit.SECONDS)
                            .get(topic)
                            .partitions()
                            .get(0)
                            .leader()
                            .idString())
                    .as("partition 0's leader, as the cluster says")
                    .isNotEqualTo(leader0);
        }

        // configs: a topic's set and removed, a broker's throttle set and described
        ok(run(
                "alterConfigs",
                topic,
                "",
                List.of(new KeyValue("min.insync.replicas", "2"), new KeyValue("retention.ms", "3600000")),
                "30000"));
        assertThat(vars.get("kafka_config_" + topic + "_min.insync.replicas")).isEqualTo("2");
        assertThat(vars.get("kafka_config_" + topic + "_retention.ms")).isEqualTo("3600000");
        assertThat(topicConfig(topic, "min.insync.replicas"))
                .as("as the cluster holds it")
                .isEqualTo("2");
        assertThat(topicConfig(topic, "retention.ms"))
                .as("as the cluster holds it")
                .isEqualTo("3600000");
        ok(run("alterConfigs", topic, "", List.of(new KeyValue("retention.ms", "")), "30000"));
        assertThat(vars.get("kafka_config_" + topic + "_retention.ms"))
                .as("back to its default")
                .isEqualTo("604800000");
        assertThat(topicConfig(topic, "retention.ms"))
                .as("as the cluster holds it")
                .isEqualTo("604800000");
        ok(run(
                "alterConfigs",
                "",
                "1",
                List.of(new KeyValue("follower.replication.throttled.rate", "50000000")),
                "30000"));
        assertThat(vars.get("kafka_config_broker_1_follower.replication.throttled.rate"))
                .isEqualTo("50000000");
        SampleResult described = ok(run("describeConfigs", "", "1", List.of(), "30000"));
        assertThat(described.getResponseDataAsString())
                .contains("follower.replication.throttled.rate = 50000000 (dynamic_broker_config)");
        ok(run("alterConfigs", "", "1", List.of(new KeyValue("follower.replication.throttled.rate", "")), "30000"));
        ok(run("alterConfigs", "", "all", List.of(new KeyValue("log.retention.ms", "604800000")), "30000"));
        assertThat(vars.get("kafka_config_brokers_log.retention.ms")).isEqualTo("604800000");
        refused(
                run("alterConfigs", "", "all", List.of(new KeyValue("log.retention.mss", "1")), "30000"),
                "Kafka knows no config log.retention.mss for every broker: nothing changed");
        ok(run("alterConfigs", "", "all", List.of(new KeyValue("log.retention.ms", "")), "30000"));
    }

    /** {@code n} records of 1 KB, so that moving a replica takes a while under a throttle. */
    private static void fill(String topic, int n) throws Exception {
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(
                Map.of("bootstrap.servers", cluster.bootstrapServers(), "linger.ms", 5),
                new ByteArraySerializer(),
                new ByteArraySerializer())) {
            byte[] value = new byte[1000];
            new Random(1).nextBytes(value);
            List<Future<RecordMetadata>> acks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                acks.add(p.send(new ProducerRecord<>(topic, value)));
            }
            for (Future<RecordMetadata> ack : acks) {
                ack.get(60, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * Whether the topic's replicas and broker 2 are throttled at {@code rate} bytes/s, as the test's own Admin reads
     * them; "" for no throttle (no throttled replicas, the broker's rate at its default).
     */
    private static boolean throttled(Admin admin, String topic, String rate) {
        ConfigResource t = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        ConfigResource b = new ConfigResource(ConfigResource.Type.BROKER, "2");
        try {
            Map<ConfigResource, Config> configs =
                    admin.describeConfigs(List.of(t, b)).all().get(30, TimeUnit.SECONDS);
            String replicas = value(configs.get(t), "leader.replication.throttled.replicas");
            String brokerRate = value(configs.get(b), "leader.replication.throttled.rate");
            return rate.isEmpty()
                    ? replicas.isEmpty() && (brokerRate.isEmpty() || brokerRate.equals(Long.toString(Long.MAX_VALUE)))
                    : replicas.equals("*") && brokerRate.equals(rate);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A topic config's value as the test's own Admin reads it. */
    private static String topicConfig(String topic, String name) throws Exception {
        ConfigResource t = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        try (Admin admin = cluster.admin()) {
            return value(
                    admin.describeConfigs(List.of(t))
                            .all()
                            .get(30, TimeUnit.SECONDS)
                            .get(t),
                    name);
        }
    }

    private static String value(Config config, String name) {
        ConfigEntry e = config.get(name);
        return e == null || e.value() == null ? "" : e.value();
    }

    @Test
    void aNodesLossShowsInTheReplicasAndItsReturnIsWaitedForAndLedAgain() throws Exception {
        String topic = "admin-cluster-" + System.nanoTime();
        try (Admin admin = cluster.admin()) {
            Topics.create(admin, 6, (short) 3, Map.of("min.insync.replicas", "2"), topic);
        }
        SampleResult described = ok(run("describeCluster", topic, "30000"));
        assertThat(vars.get("kafka_nodes")).isEqualTo("1,2,3");
        assertThat(vars.get("kafka_controller")).isIn("1", "2", "3");
        assertThat(vars.get("kafka_under_replicated")).isEqualTo("0");
        assertThat(vars.get("kafka_partitions")).isEqualTo("6");
        assertThat(vars.get("kafka_isr_" + topic + "_0").split(",")).hasSize(3);
        assertThat(described.getResponseMessage()).startsWith("3 nodes, controller ");
        assertThat(described.getResponseDataAsString()).contains("  node 1: 127.0.0.1:", "partition 5: leader ");
        ok(run("electPreferred", topic, "30000"));
        assertThat(vars.get("kafka_elected")).as("after the first election").isEqualTo("0");
        assertThat(vars.get("kafka_not_needed")).isEqualTo("6");

        String leader = vars.get("kafka_leader_" + topic + "_0");
        cluster.node(Integer.parseInt(leader)).kill();
        try {
            // the cluster drops the node after its session times out (broker.session.timeout.ms, 9 s); each broker
            // learns it from the metadata log on its own, so the loss must be seen for a second by whichever answers
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            long seenSince = 0;
            boolean held = false;
            do {
                ok(run("describeCluster", topic, "30000"));
                long now = System.nanoTime();
                if (vars.get("kafka_nodes").split(",").length != 2
                        || !vars.get("kafka_under_replicated").equals("6")) {
                    seenSince = now;
                } else {
                    held = now - seenSince >= TimeUnit.SECONDS.toNanos(1);
                }
                Thread.sleep(100);
            } while (!held && System.nanoTime() < until);
            assertThat(vars.get("kafka_nodes").split(",")).as("the nodes alive").hasSize(2);
            assertThat(vars.get("kafka_under_replicated"))
                    .as("partitions short of a replica")
                    .isEqualTo("6");
            SampleResult outOfSync = run("waitForInSync", topic, "3000");
            assertThat(outOfSync.isSuccessful()).isFalse();
            assertThat(outOfSync.getResponseMessage())
                    .contains(
                            "every replica in sync (",
                            "partitions with replicas out of sync): not done within 3000 ms");
            ok(run("describeCluster", topic, "30000"));
            assertThat(vars.get("kafka_leader_" + topic + "_0"))
                    .as("led by another node")
                    .isNotEqualTo(leader);
            ok(run("waitForLeaderChange", topic, leader, List.of(), "30000"));
            assertThat(vars.get("kafka_leaders_moved"))
                    .as("none led by the lost node at the start")
                    .isEqualTo("0");
        } finally {
            cluster.startAll();
        }
        ok(run("waitForInSync", topic, "60000"));
        assertThat(vars.get("kafka_under_replicated")).isEqualTo("0");
        ok(run("electPreferred", topic, "30000"));
        assertThat(Integer.parseInt(vars.get("kafka_elected")))
                .as("the partitions it led")
                .isPositive();
        assertThat(vars.get("kafka_failed")).isEqualTo("0");
        ok(run("describeCluster", topic, "30000"));
        assertThat(vars.get("kafka_leader_" + topic + "_0"))
                .as("its preferred leader again")
                .isEqualTo(leader);

        SampleResult noTopic = run("electPreferred", "admin-cluster-no-such-topic", "30000");
        assertThat(noTopic.getResponseCode()).isEqualTo("400");
        assertThat(noTopic.getResponseMessage())
                .contains("no topic admin-cluster-no-such-topic in the cluster: nothing elected");
        SampleResult noPartition = run("electUnclean", topic + ":6", "30000");
        assertThat(noPartition.getResponseCode()).isEqualTo("400");
        assertThat(noPartition.getResponseMessage()).contains("has partitions 0 to 5, not 6: nothing elected");
    }
}
