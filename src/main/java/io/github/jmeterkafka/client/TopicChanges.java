package io.github.jmeterkafka.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.TopicDescription;

/**
 * What creating or deleting topics did: the topics asked for, in order; those left as they were
 * (existed already, or did not exist); and, after a create, each topic as described once led.
 */
public record TopicChanges(List<String> topics, List<String> unchanged, Map<String, TopicDescription> described) {

    public List<String> changed() {
        List<String> changed = new ArrayList<>(topics);
        changed.removeAll(unchanged);
        return changed;
    }
}
