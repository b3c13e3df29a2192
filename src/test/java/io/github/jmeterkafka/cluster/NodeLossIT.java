package io.github.jmeterkafka.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaCluster;
import io.github.jmeterkafka.harness.KillOnProgress;
import io.github.jmeterkafka.harness.SharedCluster;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.Test;

/**
 * A node lost under load, on a real 3-node cluster: the fixed-rate plan at acks=all into a topic of replication
 * factor 3 and min.insync.replicas 2, and the node leading the most partitions killed (SIGKILL) mid-run. Nothing acked
 * is lost (the end offsets are every record), nothing fails, and the corrected latency shows the stall while the
 * cluster moved leadership; the node then comes back and catches up.
 */
class NodeLossIT {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx");
    private static final int RATE = 2000;
    private static final int SECONDS = 24;
    // 8 s of the run's records stored: the kill falls well inside it, whatever JMeter's start took
    private static final long KILL_AT_RECORDS = 8L * RATE;

    @Test
    void aLeaderKilledUnderAcksAllLosesNothingAndTheCorrectedLatencyShowsTheStall() throws Exception {
        KafkaCluster cluster = SharedCluster.get();
        String topic = "node-loss-" + System.nanoTime();
        try (Admin admin = cluster.admin()) {
            Collection<Node> nodes = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS);
            assertThat(nodes).hasSize(3);
            Topics.create(admin, 6, (short) 3, Map.of("min.insync.replicas", "2"), topic);
            int victim = cluster.leaderOfMost(topic);

            JMeter.RunBuilder run = JMeter.fromSystemProperties()
                    .installPlugin()
                    .plan(PLAN)
                    .property("kafka.bootstrap", cluster.bootstrapServers())
                    .property("topic", topic)
                    .property("acks", "all")
                    .property("rate", Integer.toString(RATE))
                    .property("records", Integer.toString(RATE * SECONDS));
            JMeter.Result result;
            long storedAtKill;
            try (KillOnProgress kill = KillOnProgress.start(cluster, victim, admin, topic, KILL_AT_RECORDS)) {
                result = run.run();
                storedAtKill = kill.storedAtKill();
            }

            assertThat(result.exitCode()).as(result.describe()).isZero();
            assertThat(storedAtKill)
                    .as("records stored when the leader was killed (-1: never), with 10 s of them still to come")
                    .isBetween(KILL_AT_RECORDS, (SECONDS - 10L) * RATE);
            assertThat(result.samples().failures()).as(result.describe()).isEmpty();
            assertThat(Topics.endOffsets(admin, topic))
                    .as("every acked record stored")
                    .isEqualTo((long) RATE * SECONDS);
            SummaryText summary = result.summary("Kafka Producer summary for 'Produce at a fixed rate':");
            // the cluster took leadership from the dead node after its session timed out: seconds, not milliseconds
            assertThat(summary.corrected().maxMs()).as("%s", summary).isGreaterThan(1000);
            assertThat(describe(admin, topic).values().stream()
                            .map(p -> p.leader().id()))
                    .as("no partition led by the dead node")
                    .doesNotContain(victim);

            cluster.startAll();
            Topics.awaitIsr(admin, topic, 3);
        }
    }

    private static Map<Integer, TopicPartitionInfo> describe(Admin admin, String topic) throws Exception {
        TopicDescription d = admin.describeTopics(List.of(topic))
                .allTopicNames()
                .get(30, TimeUnit.SECONDS)
                .get(topic);
        return d.partitions().stream().collect(Collectors.toMap(TopicPartitionInfo::partition, Function.identity()));
    }
}
