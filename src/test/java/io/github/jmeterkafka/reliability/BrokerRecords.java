package io.github.jmeterkafka.reliability;

import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.SequenceHeader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** What a topic holds, read straight from the broker, to check what the samplers reported. */
final class BrokerRecords {

    /** One stored record: where it is, its timestamp, and its sequence header if it has one. */
    static final class Stored {
        final int partition;
        final long offset;
        final long timestamp;
        final SequenceHeader sequence;

        Stored(int partition, long offset, long timestamp, SequenceHeader sequence) {
            this.partition = partition;
            this.offset = offset;
            this.timestamp = timestamp;
            this.sequence = sequence;
        }
    }

    private BrokerRecords() {}

    static void createTopic(KafkaBroker broker, String topic, int partitions) throws Exception {
        try (Admin admin = broker.admin()) {
            Topics.create(admin, partitions, topic);
        }
    }

    /** Every record of the topic, from the first offset to the end offsets as they are now. */
    static List<Stored> readAll(KafkaBroker broker, String topic) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<Stored> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config)) {
            List<TopicPartition> tps = new ArrayList<>();
            for (PartitionInfo p : consumer.partitionsFor(topic, Duration.ofSeconds(60))) {
                tps.add(new TopicPartition(topic, p.partition()));
            }
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            Map<TopicPartition, Long> end = consumer.endOffsets(tps, Duration.ofSeconds(60));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (tps.stream().anyMatch(tp -> consumer.position(tp, Duration.ofSeconds(60)) < end.get(tp))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("Could not read " + topic + " to its end offsets " + end);
                }
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    Header h = r.headers().lastHeader(SequenceHeader.NAME);
                    out.add(new Stored(
                            r.partition(),
                            r.offset(),
                            r.timestamp(),
                            h == null ? null : SequenceHeader.decode(h.value())));
                }
            }
        }
        return out;
    }

    static long endOffsets(KafkaBroker broker, String topic) {
        try (Admin admin = broker.admin()) {
            return io.github.jmeterkafka.harness.Topics.endOffsets(admin, topic);
        }
    }
}
