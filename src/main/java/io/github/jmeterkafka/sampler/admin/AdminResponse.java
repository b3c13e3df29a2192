package io.github.jmeterkafka.sampler.admin;

import io.github.jmeterkafka.client.GroupLag;
import io.github.jmeterkafka.client.PartitionCounts;
import io.github.jmeterkafka.client.ShareGroupOperations;
import io.github.jmeterkafka.client.ShareGroupView;
import io.github.jmeterkafka.client.TopicChanges;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

/**
 * What an admin operation did, as the sample shows it: a one-line message, a listing, and values
 * for JMeter variables by name without the prefix (e.g. {@code lag}, {@code lag_orders_0}).
 */
public record AdminResponse(String message, String details, Map<String, String> values) {

    static AdminResponse created(TopicChanges c) {
        StringBuilder details = new StringBuilder();
        for (String name : c.topics()) {
            details.append(name)
                    .append(": ")
                    .append(c.unchanged().contains(name) ? "already existed" : "created")
                    .append(", ")
                    .append(shape(c.described().get(name)))
                    .append('\n');
        }
        return new AdminResponse(changes("created", c, "already existed"), details.toString(), Map.of());
    }

    static AdminResponse deleted(TopicChanges c) {
        StringBuilder details = new StringBuilder();
        for (String name : c.topics()) {
            details.append(name)
                    .append(": ")
                    .append(c.unchanged().contains(name) ? "did not exist" : "deleted")
                    .append('\n');
        }
        return new AdminResponse(changes("deleted", c, "did not exist"), details.toString(), Map.of());
    }

    /** Partitions with their leader, replicas and in-sync replicas; values {@code partitions} and {@code partitions_<topic>}. */
    static AdminResponse described(Map<String, TopicDescription> described) {
        StringBuilder details = new StringBuilder();
        Map<String, String> values = new LinkedHashMap<>();
        int total = 0;
        for (Map.Entry<String, TopicDescription> e : described.entrySet()) {
            TopicDescription d = e.getValue();
            details.append(e.getKey())
                    .append(": ")
                    .append(shape(d))
                    .append(", id ")
                    .append(d.topicId())
                    .append('\n');
            List<TopicPartitionInfo> partitions = new ArrayList<>(d.partitions());
            partitions.sort(Comparator.comparingInt(TopicPartitionInfo::partition));
            for (TopicPartitionInfo p : partitions) {
                details.append("  partition ")
                        .append(p.partition())
                        .append(": leader ")
                        .append(nodeId(p.leader()))
                        .append(", replicas ")
                        .append(nodeIds(p.replicas()))
                        .append(", isr ")
                        .append(nodeIds(p.isr()))
                        .append('\n');
            }
            total += partitions.size();
            values.put("partitions_" + e.getKey(), Integer.toString(partitions.size()));
        }
        values.put("partitions", Integer.toString(total));
        String message = described.size() == 1
                ? described.keySet().iterator().next() + ": "
                        + shape(described.values().iterator().next())
                : described.size() + " topics, " + total + " partitions";
        return new AdminResponse(message, details.toString(), values);
    }

    /** Value {@code topics}: their number. */
    static AdminResponse listed(Set<String> names) {
        StringBuilder details = new StringBuilder();
        names.forEach(n -> details.append(n).append('\n'));
        return new AdminResponse(
                names.size() + (names.size() == 1 ? " topic" : " topics"),
                details.toString(),
                Map.of("topics", Integer.toString(names.size())));
    }

    static AdminResponse partitionsAdded(PartitionCounts counts) {
        int total = counts.total();
        List<String> raised = counts.raised();
        StringBuilder details = new StringBuilder();
        counts.before()
                .forEach((name, was) -> details.append(name)
                        .append(": ")
                        .append(
                                raised.contains(name)
                                        ? was + " -> " + total + " partitions"
                                        : "already had " + total + " partitions")
                        .append('\n'));
        String message = raised.isEmpty()
                ? "no change: " + String.join(", ", counts.before().keySet()) + " had " + total + " partitions"
                : String.join(", ", raised) + " raised to " + total + " partitions";
        return new AdminResponse(message, details.toString(), Map.of());
    }

    /** Values {@code lag} (total) and {@code lag_<topic>_<partition>}. */
    static AdminResponse lag(GroupLag lag) {
        StringBuilder details = new StringBuilder("topic partition committed end lag\n");
        Map<String, String> values = new LinkedHashMap<>();
        for (GroupLag.PartitionLag l : lag.partitions()) {
            details.append(l.partition().topic())
                    .append(' ')
                    .append(l.partition().partition())
                    .append(' ')
                    .append(l.committed() == null ? "-" : l.committed().toString())
                    .append(' ')
                    .append(l.end())
                    .append(' ')
                    .append(l.lag())
                    .append('\n');
            values.put("lag_" + l.partition().topic() + "_" + l.partition().partition(), Long.toString(l.lag()));
        }
        long total = lag.total();
        details.append("total lag ").append(total).append('\n');
        values.put("lag", Long.toString(total));
        int n = lag.partitions().size();
        String message = n == 0
                ? "lag 0: group " + lag.group() + " has no committed offsets"
                : "lag " + total + " for group " + lag.group() + " on " + n + (n == 1 ? " partition" : " partitions");
        return new AdminResponse(message, details.toString(), values);
    }

    /** "created topics a, b; c already existed": what changed, then what was left as it was. */
    private static String changes(String verb, TopicChanges c, String unchanged) {
        List<String> changed = c.changed();
        String message = changed.isEmpty()
                ? ""
                : verb + (changed.size() == 1 ? " topic " : " topics ") + String.join(", ", changed);
        if (!c.unchanged().isEmpty()) {
            message += (message.isEmpty() ? "" : "; ") + String.join(", ", c.unchanged()) + " " + unchanged;
        }
        return message;
    }

    private static String shape(TopicDescription d) {
        if (d == null) {
            return "not described";
        }
        int n = d.partitions().size();
        int rf = n == 0 ? 0 : d.partitions().get(0).replicas().size();
        return n + (n == 1 ? " partition" : " partitions") + ", replication factor " + rf;
    }

    static String nodeId(Node node) {
        return node == null || node.isEmpty() ? "none" : Integer.toString(node.id());
    }

    static String nodeIds(List<Node> nodes) {
        List<String> ids = new ArrayList<>();
        nodes.forEach(n -> ids.add(nodeId(n)));
        return "[" + String.join(", ", ids) + "]";
    }

    /** A share group's start, as set. */
    static AdminResponse shareGroupStarted(String group, String start) {
        return new AdminResponse(
                "share group " + group + " starts at " + start,
                ShareGroupOperations.SHARE_START + "=" + start + " on group " + group + "\n",
                Map.of());
    }

    /** Values {@code members}, {@code lag} (total) and {@code lag_<topic>_<partition>}. */
    static AdminResponse shareGroup(ShareGroupView g) {
        StringBuilder details = new StringBuilder("share group " + g.group() + ", " + g.state() + ", "
                + g.members().size() + (g.members().size() == 1 ? " member" : " members") + "\n");
        for (ShareGroupView.Member m : g.members()) {
            details.append("  ")
                    .append(m.clientId())
                    .append(" on ")
                    .append(m.host())
                    .append(": ");
            details.append(
                            m.partitions().isEmpty()
                                    ? "no partitions"
                                    : m.partitions().toString())
                    .append('\n');
        }
        details.append("topic partition start lag\n");
        Map<String, String> values = new LinkedHashMap<>();
        for (ShareGroupView.PartitionLag l : g.lags()) {
            details.append(l.partition().topic())
                    .append(' ')
                    .append(l.partition().partition())
                    .append(' ')
                    .append(l.startOffset())
                    .append(' ')
                    .append(l.lag() < 0 ? "-" : Long.toString(l.lag()))
                    .append('\n');
            values.put("lag_" + l.partition().topic() + "_" + l.partition().partition(), Long.toString(l.lag()));
        }
        details.append("total lag ").append(g.totalLag()).append('\n');
        values.put("members", Integer.toString(g.members().size()));
        values.put("lag", Long.toString(g.totalLag()));
        return new AdminResponse(
                g.group() + ": " + g.state() + ", " + g.members().size() + " members, lag " + g.totalLag(),
                details.toString(),
                values);
    }
}
