package io.github.jmeterkafka.harness;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;

import io.github.jmeterkafka.client.AdminOperations;

/** Topics for tests, and what the broker holds, to compare with what samples counted. */
public final class Topics {
    private static final long CREATE_TIMEOUT_MS = 60_000;

    private Topics() {
    }

    /**
     * Creates the topics, one replica each, and returns once every partition's leader answers:
     * until then a describe may not know the topic and a first produce may meet NOT_LEADER_OR_FOLLOWER.
     */
    public static void create(Admin admin, int partitions, Map<String, String> configs, String... names) {
        try {
            new AdminOperations(admin, CREATE_TIMEOUT_MS).createTopics(List.of(names), Optional.of(partitions),
                    Optional.of((short) 1), configs, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating " + List.of(names), e);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot create topics " + List.of(names), e);
        }
    }

    public static void create(Admin admin, int partitions, String... names) {
        create(admin, partitions, Map.of(), names);
    }

    /** The sum of the topic's end offsets: records written (including aborted ones and markers). */
    public static long endOffsets(Admin admin, String topic) {
        try {
            TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
            Map<TopicPartition, OffsetSpec> query = new HashMap<>();
            d.partitions().forEach(p -> query.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            return admin.listOffsets(query).all().get(30, TimeUnit.SECONDS).values().stream()
                    .mapToLong(i -> i.offset()).sum();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot read the end offsets of " + topic, e);
        }
    }
}
