package io.github.jmeterkafka.client;

import java.util.List;
import org.apache.kafka.common.TopicPartition;

/** A share group as the Kafka Admin shows it: its state, its members and the lag of each share partition. */
public record ShareGroupView(String group, String state, List<Member> members, List<PartitionLag> lags) {

    /** One member: its client, host and the partitions it shares. */
    public record Member(String clientId, String host, List<TopicPartition> partitions) {}

    /** Where the group's share partition starts, and the records after it not yet acknowledged (-1: unknown). */
    public record PartitionLag(TopicPartition partition, long startOffset, long lag) {}

    public long totalLag() {
        return lags.stream().mapToLong(l -> Math.max(0, l.lag())).sum();
    }
}
