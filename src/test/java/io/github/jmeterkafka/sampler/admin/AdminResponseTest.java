package io.github.jmeterkafka.sampler.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.AdminOperations;
import io.github.jmeterkafka.client.FakeAdmin;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class AdminResponseTest {

    private final FakeAdmin fake = new FakeAdmin();
    private final AdminOperations ops = new AdminOperations(fake.admin(), 2000);

    @Test
    void createsTopicsAndWaitsForLeaders() throws Exception {
        fake.leaderlessDescribes = 2;

        AdminResponse out = AdminResponse.created(ops.createTopics(
                List.of("a", "b"), Optional.of(6), Optional.of((short) 1), Map.of("retention.ms", "60000"), true));

        assertThat(fake.topics).containsEntry("a", 6).containsEntry("b", 6);
        // then the leaders must answer: listing offsets retries until they do
        assertThat(fake.calls)
                .containsExactly("createTopics", "describeTopics", "describeTopics", "describeTopics", "listOffsets");
        assertThat(out.message()).isEqualTo("created topics a, b");
        assertThat(out.details()).contains("a: created, 6 partitions, replication factor 1");
    }

    @Test
    void anExistingTopicIsASuccessWhenIgnored() throws Exception {
        fake.topics.put("a", 3);

        AdminResponse out = AdminResponse.created(
                ops.createTopics(List.of("a", "b"), Optional.of(6), Optional.empty(), Map.of(), true));

        assertThat(out.message()).isEqualTo("created topic b; a already existed");
        assertThat(out.details()).contains("a: already existed, 3 partitions");
        assertThat(fake.topics).containsEntry("a", 3);
    }

    @Test
    void deletingAMissingTopicIsASuccessWhenIgnored() throws Exception {
        fake.topics.put("a", 1);

        AdminResponse out = AdminResponse.deleted(ops.deleteTopics(List.of("a", "gone"), true));

        assertThat(fake.topics).isEmpty();
        assertThat(out.message()).isEqualTo("deleted topic a; gone did not exist");
        assertThat(fake.calls).containsExactly("deleteTopics", "listTopics");
    }

    @Test
    void describesPartitionsAndCountsThem() throws Exception {
        fake.topics.put("a", 2);
        fake.topics.put("b", 3);

        AdminResponse out = AdminResponse.described(ops.describeTopics(List.of("a", "b")));

        assertThat(out.values())
                .containsEntry("partitions", "5")
                .containsEntry("partitions_a", "2")
                .containsEntry("partitions_b", "3");
        assertThat(out.details()).contains("  partition 1: leader 1, replicas [1], isr [1]");
    }

    @Test
    void listsTopicNames() throws Exception {
        fake.topics.put("b", 1);
        fake.topics.put("a", 1);

        AdminResponse out = AdminResponse.listed(ops.listTopics());

        assertThat(out.details()).isEqualTo("a\nb\n");
        assertThat(out.values()).containsEntry("topics", "2");
        assertThat(out.message()).isEqualTo("2 topics");
    }

    @Test
    void addsPartitionsOnlyWhereNeeded() throws Exception {
        fake.topics.put("a", 2);
        fake.topics.put("b", 4);

        AdminResponse out = AdminResponse.partitionsAdded(ops.addPartitions(List.of("a", "b"), 4));

        assertThat(fake.topics).containsEntry("a", 4).containsEntry("b", 4);
        assertThat(out.message()).isEqualTo("a raised to 4 partitions");
        assertThat(out.details()).contains("a: 2 -> 4 partitions", "b: already had 4 partitions");
    }

    @Test
    void lagIsEndMinusCommitted() throws Exception {
        TopicPartition t0 = new TopicPartition("t", 0);
        TopicPartition t1 = new TopicPartition("t", 1);
        fake.topics.put("t", 2);
        fake.endOffsets.put(t0, 100L);
        fake.endOffsets.put(t1, 50L);
        fake.committed.put("g", Map.of(t0, new OffsetAndMetadata(40), t1, new OffsetAndMetadata(50)));

        AdminResponse out = AdminResponse.lag(ops.consumerGroupLag("g", List.of()));

        assertThat(out.values())
                .containsEntry("lag", "60")
                .containsEntry("lag_t_0", "60")
                .containsEntry("lag_t_1", "0");
        assertThat(out.message()).isEqualTo("lag 60 for group g on 2 partitions");
        assertThat(out.details()).contains("t 0 40 100 60\n");
    }

    @Test
    void aGroupWithoutCommitsLagsByTheRecordsOfTheNamedTopics() throws Exception {
        fake.topics.put("t", 2);
        fake.endOffsets.put(new TopicPartition("t", 0), 30L);
        fake.endOffsets.put(new TopicPartition("t", 1), 20L);
        fake.startOffsets.put(new TopicPartition("t", 1), 5L);

        AdminResponse out = AdminResponse.lag(ops.consumerGroupLag("nobody", List.of("t")));

        assertThat(out.values())
                .containsEntry("lag", "45")
                .containsEntry("lag_t_0", "30")
                .containsEntry("lag_t_1", "15");
        assertThat(out.details()).contains("t 0 - 30 30\n");
    }

    @Test
    void namedTopicsLeaveOutTheGroupsOtherCommits() throws Exception {
        fake.topics.put("t", 1);
        fake.endOffsets.put(new TopicPartition("t", 0), 10L);
        fake.endOffsets.put(new TopicPartition("other", 0), 99L);
        fake.committed.put(
                "g",
                Map.of(
                        new TopicPartition("t", 0),
                        new OffsetAndMetadata(4),
                        new TopicPartition("other", 0),
                        new OffsetAndMetadata(0)));

        assertThat(AdminResponse.lag(ops.consumerGroupLag("g", List.of("t"))).values())
                .containsOnlyKeys("lag", "lag_t_0")
                .containsEntry("lag", "6");
    }

    @Test
    void aGroupWithoutCommitsAndNoTopicsHasNoLag() throws Exception {
        AdminResponse out = AdminResponse.lag(ops.consumerGroupLag("nobody", List.of()));

        assertThat(out.values()).containsEntry("lag", "0");
        assertThat(out.message()).isEqualTo("lag 0: group nobody has no committed offsets");
    }
}
