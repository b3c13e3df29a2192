package io.github.jmeterkafka.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What adding partitions did: each topic's partition count before, in order, and the total asked for. */
public record PartitionCounts(Map<String, Integer> before, int total) {

    /** The topics that were raised; the others had {@code total} already. */
    public List<String> raised() {
        List<String> raised = new ArrayList<>();
        before.forEach((topic, count) -> {
            if (count != total) {
                raised.add(topic);
            }
        });
        return raised;
    }
}
