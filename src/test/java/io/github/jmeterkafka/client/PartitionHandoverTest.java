package io.github.jmeterkafka.client;

import static io.github.jmeterkafka.harness.TestConsumer.P0;
import static io.github.jmeterkafka.harness.TestConsumer.P1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.harness.TestConsumer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class PartitionHandoverTest {

    // shared by the readers of one group
    private final Map<TopicPartition, Long> started = new ConcurrentHashMap<>();

    @Test
    void aPartitionIsPositionedAtTheStartOncePerGroup_thenGoesOnFromTheCommittedOffset() {
        TestConsumer first = TestConsumer.member();
        new PartitionHandover(first, spec(ReadSpec.Start.LATEST), started).position(List.of(P0));
        assertThat(first.position(P0)).isEqualTo(10);

        TestConsumer next = TestConsumer.member();
        next.seek(P0, 3);
        new PartitionHandover(next, spec(ReadSpec.Start.LATEST), started).position(List.of(P0));
        assertThat(next.position(P0))
                .as("not sought again: the committed offset decides")
                .isEqualTo(3);
    }

    @Test
    void aRevokedPartitionsNextOwnerGoesOnAtItsFirstRecordNotHandedOut() {
        TestConsumer first = TestConsumer.member();
        PartitionHandover one = new PartitionHandover(first, spec(ReadSpec.Start.EARLIEST), started);
        one.position(List.of(P0, P1));
        one.reported(P0, 2);
        one.reported(P1, 4);
        Map<TopicPartition, OffsetAndMetadata> toCommit = new HashMap<>();

        one.handOver(List.of(P0, P1), tp -> tp.equals(P0) ? 3L : null, toCommit);

        assertThat(started).containsExactlyInAnyOrderEntriesOf(Map.of(P0, 3L, P1, 5L));
        assertThat(toCommit)
                .as("both had records handed out: their own commits stand")
                .isEmpty();
        TestConsumer next = TestConsumer.member();
        new PartitionHandover(next, spec(ReadSpec.Start.EARLIEST), started).position(List.of(P0, P1));
        assertThat(next.position(P0)).isEqualTo(3);
        assertThat(next.position(P1)).isEqualTo(5);
    }

    @Test
    void aPartitionPositionedWithNothingHandedOut_isCommittedWhereItStands() {
        TestConsumer member = TestConsumer.member();
        PartitionHandover h = new PartitionHandover(member, spec(ReadSpec.Start.LATEST), started);
        h.position(List.of(P0, P1));
        h.reported(P1, 4);
        Map<TopicPartition, OffsetAndMetadata> toCommit = new HashMap<>();

        h.handOver(List.of(P0, P1), tp -> null, toCommit);

        assertThat(toCommit).containsExactly(Map.entry(P0, new OffsetAndMetadata(10)));
        assertThat(started).containsEntry(P0, 10L).containsEntry(P1, 5L);
    }

    @Test
    void withTheCommittedStartNothingIsKnownToHandOver_untilARecordIsHandedOut() {
        TestConsumer member = TestConsumer.member();
        PartitionHandover h = new PartitionHandover(member, spec(ReadSpec.Start.COMMITTED_OR_EARLIEST), started);
        h.position(List.of(P0));
        Map<TopicPartition, OffsetAndMetadata> toCommit = new HashMap<>();

        h.handOver(List.of(P0), tp -> null, toCommit);

        assertThat(toCommit).isEmpty();
        assertThat(started)
                .as("the next owner goes on from the committed offset")
                .containsExactly(Map.entry(P0, -1L));
    }

    @Test
    void aStartThatCouldNotBeFoundIsTriedAgainBeforeTheNextPoll_whileThePartitionIsOwned() {
        TestConsumer member = TestConsumer.member();
        PartitionHandover h = new PartitionHandover(member, spec(ReadSpec.Start.TIMESTAMP), started);
        member.timeIndex.put(P0, new OffsetAndTimestamp(6, 1000));
        member.nextTimesFailure = new TimeoutException("no leader");

        assertThatThrownBy(() -> h.position(List.of(P0))).isInstanceOf(TimeoutException.class);
        assertThat(started).as("another owner may find it instead").isEmpty();

        h.retryUnpositioned();
        assertThat(member.position(P0)).isEqualTo(6);
        assertThat(started).containsOnlyKeys(P0);
    }

    @Test
    void aDroppedPartitionIsNeitherRetriedNorHandedOver() {
        TestConsumer member = TestConsumer.member();
        PartitionHandover h = new PartitionHandover(member, spec(ReadSpec.Start.TIMESTAMP), started);
        member.nextTimesFailure = new TimeoutException("no leader");
        assertThatThrownBy(() -> h.position(List.of(P0))).isInstanceOf(TimeoutException.class);

        h.drop(List.of(P0));
        h.retryUnpositioned();
        Map<TopicPartition, OffsetAndMetadata> toCommit = new HashMap<>();
        h.handOver(List.of(P0), tp -> null, toCommit);

        assertThat(started).isEmpty();
        assertThat(toCommit).isEmpty();
    }

    private static ReadSpec spec(ReadSpec.Start start) {
        return ReadSpec.topics("t", start, 1000);
    }
}
