package io.github.jmeterkafka.harness;

import io.github.jmeterkafka.client.AdminOperations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Topics for tests, and what the broker holds, to compare with what samples counted. */
public final class Topics {
    private static final long CREATE_TIMEOUT_MS = 60_000;

    private Topics() {}

    /**
     * Creates the topics, one replica each, and returns once every partition's leader answers:
     * until then a describe may not know the topic and a first produce may meet NOT_LEADER_OR_FOLLOWER.
     */
    public static void create(Admin admin, int partitions, Map<String, String> configs, String... names) {
        create(admin, partitions, (short) 1, configs, names);
    }

    /** The same with {@code replicas} replicas per partition (a cluster's topics). */
    public static void create(
            Admin admin, int partitions, short replicas, Map<String, String> configs, String... names) {
        try {
            new AdminOperations(admin, CREATE_TIMEOUT_MS)
                    .createTopics(List.of(names), Optional.of(partitions), Optional.of(replicas), configs, false);
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

    /** Waits (60 s at most) until every partition of the topic has {@code replicas} replicas in sync: a healed cluster. */
    public static void awaitIsr(Admin admin, String topic, int replicas) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                TopicDescription d = admin.describeTopics(List.of(topic))
                        .allTopicNames()
                        .get(10, TimeUnit.SECONDS)
                        .get(topic);
                if (d.partitions().stream().allMatch(p -> p.isr().size() == replicas)) {
                    return;
                }
                last = d.partitions().toString();
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for the ISR of " + topic, e);
            } catch (Exception e) {
                last = e.toString();
            }
        }
        throw new IllegalStateException("The ISR of " + topic + " did not reach " + replicas + " in 60 s: " + last);
    }

    /** Deletes the topic, freeing the disk and page cache it holds. */
    public static void delete(Admin admin, String topic) {
        try {
            admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot delete " + topic, e);
        }
    }

    /** The sum of the topic's end offsets: records written (including aborted ones and markers). */
    public static long endOffsets(Admin admin, String topic) {
        try {
            TopicDescription d = admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(30, TimeUnit.SECONDS)
                    .get(topic);
            Map<TopicPartition, OffsetSpec> query = new HashMap<>();
            d.partitions().forEach(p -> query.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
            return admin.listOffsets(query).all().get(30, TimeUnit.SECONDS).values().stream()
                    .mapToLong(i -> i.offset())
                    .sum();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot read the end offsets of " + topic, e);
        }
    }

    /**
     * Every record of the topic as bytes, read by a plain consumer without a group from the first
     * offset up to the end offsets taken at the start.
     */
    public static List<ConsumerRecord<byte[], byte[]>> read(String bootstrapServers, String topic) {
        return read(bootstrapServers, topic, "read_uncommitted");
    }

    /** The same, as a consumer with this isolation level sees them (read_committed: up to the last stable offset). */
    public static List<ConsumerRecord<byte[], byte[]>> read(
            String bootstrapServers, String topic, String isolationLevel) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolationLevel);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config)) {
            Set<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .collect(Collectors.toSet());
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(30));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (partitions.stream().anyMatch(tp -> consumer.position(tp, Duration.ofSeconds(30)) < end.get(tp))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "Could not read " + topic + " up to " + end + " within 60 s; read " + out.size());
                }
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
            }
        }
        return out;
    }
}
