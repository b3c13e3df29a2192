package io.github.jmeterkafka.client;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

/** A cluster as the Admin API described it: its nodes (by id), its controller and the topics asked about. */
public record ClusterView(String clusterId, List<Node> nodes, Node controller, Map<String, TopicDescription> topics) {

    public ClusterView {
        nodes = nodes.stream().sorted(Comparator.comparingInt(Node::id)).toList();
    }

    /** Partitions with fewer replicas in sync than assigned, over the topics described. */
    public long underReplicated() {
        return topics.values().stream()
                .flatMap(d -> d.partitions().stream())
                .filter(ClusterView::underReplicated)
                .count();
    }

    static boolean underReplicated(TopicPartitionInfo p) {
        return p.isr().size() < p.replicas().size();
    }
}
