package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.ClusterView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.ElectionNotNeededException;

/** What the Kafka Admin's cluster operations found or did, as the sample shows it (see {@link AdminResponse}). */
final class ClusterResponse {

    private ClusterResponse() {}

    /**
     * The nodes and controller, then each partition as {@link AdminResponse#described} lists it. Values
     * {@code nodes} (their ids, comma-separated), {@code controller}, {@code under_replicated}, and per partition
     * {@code leader_<topic>_<partition>} and {@code isr_<topic>_<partition>}, besides {@code partitions}.
     */
    static AdminResponse described(ClusterView v) {
        AdminResponse topics = AdminResponse.described(v.topics());
        StringBuilder details = new StringBuilder("cluster ")
                .append(v.clusterId())
                .append(", controller ")
                .append(AdminResponse.nodeId(v.controller()))
                .append('\n');
        for (Node n : v.nodes()) {
            details.append("  node ")
                    .append(n.id())
                    .append(": ")
                    .append(n.host())
                    .append(':')
                    .append(n.port())
                    .append(n.hasRack() ? ", rack " + n.rack() : "")
                    .append('\n');
        }
        Map<String, String> values = new LinkedHashMap<>(topics.values());
        values.put(
                "nodes",
                String.join(
                        ",",
                        v.nodes().stream().map(n -> Integer.toString(n.id())).toList()));
        values.put("controller", AdminResponse.nodeId(v.controller()));
        values.put("under_replicated", Long.toString(v.underReplicated()));
        for (Map.Entry<String, TopicDescription> e : v.topics().entrySet()) {
            for (TopicPartitionInfo p : e.getValue().partitions()) {
                String key = e.getKey() + "_" + p.partition();
                values.put("leader_" + key, AdminResponse.nodeId(p.leader()));
                values.put(
                        "isr_" + key,
                        String.join(
                                ",", p.isr().stream().map(AdminResponse::nodeId).toList()));
            }
        }
        String message = v.nodes().size() + " nodes, controller " + AdminResponse.nodeId(v.controller()) + "; "
                + topics.message() + "; " + v.underReplicated() + " partitions under-replicated";
        return new AdminResponse(message, details + topics.details(), values);
    }

    /** Per partition: elected, already led so, or why not. Values {@code elected}, {@code not_needed}, {@code failed}. */
    static AdminResponse elected(ElectionType type, Map<TopicPartition, Optional<Throwable>> results) {
        StringBuilder details = new StringBuilder();
        int elected = 0;
        int notNeeded = 0;
        int failed = 0;
        List<TopicPartition> partitions = results.keySet().stream()
                .sorted((a, b) -> a.topic().equals(b.topic())
                        ? Integer.compare(a.partition(), b.partition())
                        : a.topic().compareTo(b.topic()))
                .toList();
        for (TopicPartition tp : partitions) {
            Optional<Throwable> error = results.get(tp);
            String outcome;
            if (error.isEmpty()) {
                elected++;
                outcome = "elected";
            } else if (error.get() instanceof ElectionNotNeededException) {
                notNeeded++;
                outcome = "already led by its " + (type == ElectionType.PREFERRED ? "preferred replica" : "leader");
            } else {
                failed++;
                outcome = "failed: " + error.get().getMessage();
            }
            details.append(tp).append(": ").append(outcome).append('\n');
        }
        String kind = type == ElectionType.PREFERRED ? "preferred" : "unclean";
        return new AdminResponse(
                kind + " election: " + elected + " elected, " + notNeeded + " not needed, " + failed + " failed",
                details.toString(),
                Map.of(
                        "elected", Integer.toString(elected),
                        "not_needed", Integer.toString(notNeeded),
                        "failed", Integer.toString(failed)));
    }
}
