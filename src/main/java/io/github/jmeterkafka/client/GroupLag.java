package io.github.jmeterkafka.client;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/** A consumer group's lag, per partition sorted by topic and partition. */
public record GroupLag(String group, List<PartitionLag> partitions) {

    /** One partition's lag; {@code committed} is null when the group has not committed there. */
    public record PartitionLag(TopicPartition partition, Long committed, long end, long lag) {}

    public long total() {
        return partitions.stream().mapToLong(PartitionLag::lag).sum();
    }

    /**
     * End minus committed, or end minus {@code start} where nothing is committed; never negative (a
     * committed offset past the end after a truncation means nothing is left to read).
     */
    static List<PartitionLag> lags(
            Collection<TopicPartition> partitions,
            Map<TopicPartition, Long> committed,
            Map<TopicPartition, Long> end,
            Map<TopicPartition, Long> start) {
        List<PartitionLag> out = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            Long c = committed.get(tp);
            long e = end.getOrDefault(tp, 0L);
            long from = c != null ? c : start.getOrDefault(tp, 0L);
            out.add(new PartitionLag(tp, c, e, Math.max(0, e - from)));
        }
        out.sort(Comparator.comparing((PartitionLag l) -> l.partition().topic())
                .thenComparingInt(l -> l.partition().partition()));
        return out;
    }
}
