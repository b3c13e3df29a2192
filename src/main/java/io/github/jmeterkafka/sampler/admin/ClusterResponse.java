package io.github.jmeterkafka.sampler.admin;

import io.github.jmeterkafka.client.ClusterView;
import io.github.jmeterkafka.client.ConfigOperations;
import io.github.jmeterkafka.client.ReplicaMoves.Move;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.ElectionNotNeededException;

/** What the Kafka Admin's cluster operations found or did, as the sample shows it (see {@link AdminResponse}). */
public final class ClusterResponse {

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

    /**
     * Each partition's replicas and leader before and after a move ({@code what}: reassigned, leaders moved, leaders
     * changed). Values {@code partitions}, {@code leaders_moved}, and per partition {@code leader_<topic>_<partition>}
     * and {@code replicas_<topic>_<partition>} as they are after.
     */
    static AdminResponse moved(String what, List<Move> moves) {
        StringBuilder details = new StringBuilder();
        Map<String, String> values = new LinkedHashMap<>();
        int leadersMoved = 0;
        int replicasMoved = 0;
        for (Move m : moves) {
            if (m.leaderMoved()) {
                leadersMoved++;
            }
            if (!m.replicasBefore().equals(m.replicasAfter())) {
                replicasMoved++;
            }
            details.append(m.partition())
                    .append(": replicas ")
                    .append(m.replicasBefore())
                    .append(m.replicasBefore().equals(m.replicasAfter()) ? "" : " -> " + m.replicasAfter())
                    .append(", leader ")
                    .append(leader(m.leaderBefore()))
                    .append(m.leaderMoved() ? " -> " + leader(m.leaderAfter()) : "")
                    .append(m.note().isEmpty() ? "" : " (" + m.note() + ")")
                    .append('\n');
            String key = m.partition().topic() + "_" + m.partition().partition();
            values.put("leader_" + key, leader(m.leaderAfter()));
            values.put(
                    "replicas_" + key,
                    String.join(
                            ",", m.replicasAfter().stream().map(String::valueOf).toList()));
        }
        values.put("partitions", Integer.toString(moves.size()));
        values.put("leaders_moved", Integer.toString(leadersMoved));
        return new AdminResponse(
                what + ": " + moves.size() + " partitions, " + replicasMoved + " with new replicas, " + leadersMoved
                        + " with a new leader",
                details.toString(),
                values);
    }

    /**
     * The configs of each topic or broker: those named in {@code names}, or (none named) every config not at Kafka's
     * default. Values {@code config_<topic>_<name>}, {@code config_broker_<id>_<name>} and for the cluster-wide
     * default {@code config_brokers_<name>}.
     */
    static AdminResponse configs(String what, Map<ConfigResource, Config> configs, Collection<String> names) {
        StringBuilder details = new StringBuilder();
        Map<String, String> values = new LinkedHashMap<>();
        int shown = 0;
        for (Map.Entry<ConfigResource, Config> e : configs.entrySet()) {
            ConfigResource r = e.getKey();
            details.append(ConfigOperations.describe(r)).append(":\n");
            String entity = r.type() == ConfigResource.Type.BROKER
                    ? (r.name().isEmpty() ? "brokers" : "broker_" + r.name())
                    : r.name();
            List<ConfigEntry> entries = e.getValue().entries().stream()
                    .filter(c -> names.isEmpty()
                            ? c.source() != ConfigEntry.ConfigSource.DEFAULT_CONFIG
                            : names.contains(c.name()))
                    .sorted((a, b) -> a.name().compareTo(b.name()))
                    .toList();
            for (ConfigEntry c : entries) {
                String value = c.isSensitive() ? "(sensitive)" : String.valueOf(c.value());
                details.append("  ")
                        .append(c.name())
                        .append(" = ")
                        .append(value)
                        .append(" (")
                        .append(c.source().toString().toLowerCase(java.util.Locale.ROOT))
                        .append(")\n");
                values.put("config_" + entity + "_" + c.name(), value);
                shown++;
            }
        }
        return new AdminResponse(
                what + ": " + configs.size() + (configs.size() == 1 ? " resource, " : " resources, ") + shown
                        + " configs" + (names.isEmpty() ? " not at Kafka's defaults" : ""),
                details.toString(),
                values);
    }

    private static String leader(int id) {
        return id < 0 ? "none" : Integer.toString(id);
    }
}
