package io.github.jmeterkafka.harness;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;

/** What the broker holds, to compare with what samples counted. */
public final class Topics {

    private Topics() {
    }

    /** The sum of the topic's end offsets: records written (including aborted ones and markers). */
    public static long endOffsets(Admin admin, String topic) {
        try {
            TopicDescription d = admin.describeTopics(java.util.List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
            Map<TopicPartition, OffsetSpec> query = new HashMap<>();
            d.partitions().forEach(p -> query.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            return admin.listOffsets(query).all().get(30, TimeUnit.SECONDS).values().stream()
                    .mapToLong(i -> i.offset()).sum();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot read the end offsets of " + topic, e);
        }
    }
}
