package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.ClientIds;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ConnectionSettings;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.harness.KafkaCluster;
import io.github.jmeterkafka.harness.SharedCluster;
import io.github.jmeterkafka.harness.Topics;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.admin.Admin;
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
        KafkaAdminSampler s = new KafkaAdminSampler();
        s.setName("cluster " + operation);
        s.setConnectionName(CONNECTION);
        s.setOperation(operation);
        s.setTopics(topics);
        s.setTimeout(timeoutMs);
        return s.sample(null);
    }

    private static SampleResult ok(SampleResult r) {
        assertThat(r.isSuccessful())
                .as(r.getResponseCode() + " " + r.getResponseMessage() + "\n" + r.getResponseDataAsString())
                .isTrue();
        return r;
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
            // the cluster drops the node after its session times out (broker.session.timeout.ms, 9 s)
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            do {
                ok(run("describeCluster", topic, "30000"));
            } while (vars.get("kafka_nodes").split(",").length == 3 && System.nanoTime() < until);
            assertThat(vars.get("kafka_nodes").split(",")).as("the nodes alive").hasSize(2);
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
