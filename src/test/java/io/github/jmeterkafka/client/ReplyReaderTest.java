package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.harness.MockConnections;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/** Where a reader that starts from a time begins: no record written while it looks is passed over. */
class ReplyReaderTest {
    private static final String TOPIC = "events";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);

    @Test
    void aRecordWrittenWhileTheReaderLooksForItsStartIsRead() {
        long from = System.currentTimeMillis() - 1000;
        // the partition is empty when its end is asked; its first record is written during the search by time,
        // which finds nothing (it was sent before the record came)
        MockConsumer<Object, Object> consumer = new MockConsumer<>("latest") {
            @Override
            public synchronized Map<TopicPartition, OffsetAndTimestamp> offsetsForTimes(
                    Map<TopicPartition, Long> timestamps, Duration timeout) {
                addRecord(new ConsumerRecord<>(
                        TOPIC,
                        0,
                        0L,
                        System.currentTimeMillis(),
                        TimestampType.CREATE_TIME,
                        -1,
                        -1,
                        "order-1".getBytes(StandardCharsets.UTF_8),
                        null,
                        new RecordHeaders(),
                        Optional.empty()));
                updateEndOffsets(Map.of(P0, 1L));
                Map<TopicPartition, OffsetAndTimestamp> none = new HashMap<>();
                none.put(P0, null);
                return none;
            }
        };
        consumer.updatePartitions(TOPIC, List.of(new PartitionInfo(TOPIC, 0, Node.noNode(), new Node[0], new Node[0])));
        consumer.updateBeginningOffsets(Map.of(P0, 0L));
        consumer.updateEndOffsets(Map.of(P0, 0L));
        Connection connection = MockConnections.of("reader", MockConnections.clients(null, () -> consumer, null));
        try {
            ReplyReader reader = connection.replyReader(
                    TOPIC,
                    new ReplyReader.Hold(Duration.ofSeconds(60), 1000),
                    from,
                    registry -> registry.correlate(Correlation.key(), () -> Correlation::text),
                    new ReplyReader.Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(1)));

            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(reader.registry().unmatched())
                            .as("the record, held for its await")
                            .isEqualTo(1));
        } finally {
            connection.close(Duration.ofSeconds(1));
        }
    }
}
