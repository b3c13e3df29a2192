package io.github.jmeterkafka.client;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;

/** Moves a consumer to where a {@link ReadSpec.Start} says reading begins on partitions it has not read. */
final class StartPositioning {
    private StartPositioning() {}

    /** Seeks {@code fresh} to the start; the committed starts leave them to the group's offsets. */
    static void seek(
            Consumer<Object, Object> consumer, ReadSpec.Start start, long startValue, List<TopicPartition> fresh) {
        switch (start) {
            case EARLIEST -> consumer.seekToBeginning(fresh);
            case LATEST -> consumer.seekToEnd(fresh);
            case OFFSET -> fresh.forEach(tp -> consumer.seek(tp, startValue));
            case TIMESTAMP -> seekToTime(consumer, startValue, fresh);
            default -> {
                // the group's committed offset or auto.offset.reset decide
            }
        }
    }

    private static void seekToTime(Consumer<Object, Object> consumer, long timestamp, List<TopicPartition> fresh) {
        Map<TopicPartition, Long> query = new HashMap<>();
        fresh.forEach(tp -> query.put(tp, timestamp));
        Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query);
        List<TopicPartition> none = new ArrayList<>();
        for (TopicPartition tp : fresh) {
            OffsetAndTimestamp at = found.get(tp);
            if (at == null) {
                none.add(tp);
            } else {
                consumer.seek(tp, at.offset());
            }
        }
        if (!none.isEmpty()) {
            // seekToEnd of nothing means every assigned partition
            consumer.seekToEnd(none);
        }
    }
}
