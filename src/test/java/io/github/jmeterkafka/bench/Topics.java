package io.github.jmeterkafka.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

import io.github.jmeterkafka.harness.StoredBytes;

/** Fresh topics for each run and the records they hold, through one Admin client. */
final class Topics implements AutoCloseable {

    private final Admin admin;

    Topics(Admin admin) {
        this.admin = admin;
    }

    /** The Admin client these topics go through; closed with them. */
    Admin admin() {
        return admin;
    }

    /** Creates the topic and waits until every partition has a leader the producer can find. */
    void create(String topic, int partitions) {
        io.github.jmeterkafka.harness.Topics.create(admin, partitions, topic);
    }

    /** Sum of the partitions' end offsets: the records a fresh topic holds. */
    long records(String topic, int partitions) {
        return endOffsets(topic, partitions).values().stream().mapToLong(Long::longValue).sum();
    }

    private Map<TopicPartition, Long> endOffsets(String topic, int partitions) {
        Map<TopicPartition, OffsetSpec> query = IntStream.range(0, partitions).boxed()
                .collect(Collectors.toMap(p -> new TopicPartition(topic, p), p -> OffsetSpec.latest()));
        Map<TopicPartition, Long> out = new HashMap<>();
        StoredBytes.get(admin.listOffsets(query).all()).forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    /** Frees the disk and page cache a spent topic holds. */
    void delete(String topic) {
        StoredBytes.get(admin.deleteTopics(List.of(topic)).all());
    }

    @Override
    public void close() {
        admin.close();
    }
}
