package io.github.jmeterkafka.client;

import static io.github.jmeterkafka.harness.TestConsumer.P0;
import static io.github.jmeterkafka.harness.TestConsumer.P1;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.TestConsumer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.junit.jupiter.api.Test;

class GroupRebalanceTest {

    private final TestConsumer member = TestConsumer.member();
    private final Map<TopicPartition, Long> started = new HashMap<>();
    private final PollBuffer buffer = new PollBuffer();
    private final Committer committer = new Committer(member, CommitMode.SYNC, 5000);
    private final PartitionHandover handover =
            new PartitionHandover(member, ReadSpec.topics("t", ReadSpec.Start.LATEST, 0), started);
    private final GroupRebalance rebalance = new GroupRebalance(buffer, committer, handover);

    @Test
    void aRevokeCommitsWhatWasHandedOut_andHandsOnTheRecordsStillBuffered() {
        rebalance.onPartitionsAssigned(List.of(P0, P1));
        buffer.add(new ConsumerRecords<>(Map.of(P0, List.of(record(P0, 10), record(P0, 11))), Map.of()));
        buffer.handOut(1, new RecordReader.Handout(1), (r, t) -> {}, (tp, o) -> {
            committer.reported(tp, o);
            handover.reported(tp, o);
        });

        rebalance.onPartitionsRevoked(List.of(P0, P1));

        assertThat(member.commits)
                .containsExactly(Map.of(P0, new OffsetAndMetadata(11), P1, new OffsetAndMetadata(10)));
        assertThat(started).containsEntry(P0, 11L).containsEntry(P1, 10L);
        assertThat(buffer.size()).as("the new owner reads them").isZero();
    }

    @Test
    void aFailedCommitOnRevokeStillLetsThePartitionsGo() {
        rebalance.onPartitionsAssigned(List.of(P0));
        committer.reported(P0, 4);
        member.nextCommitFailure = new RebalanceInProgressException("rebalancing");

        rebalance.onPartitionsRevoked(List.of(P0));
        committer.commitReported();

        assertThat(member.commits).isEmpty();
        assertThat(started).containsEntry(P0, 10L);
    }

    @Test
    void lostPartitionsAreNotCommitted() {
        rebalance.onPartitionsAssigned(List.of(P0));
        committer.reported(P0, 4);
        handover.reported(P0, 4);

        rebalance.onPartitionsLost(List.of(P0));
        committer.commitReported();

        assertThat(member.commits).isEmpty();
    }

    @Test
    void theTimeFromJoinOrRevokeToAssignmentIsTakenOnce() throws InterruptedException {
        Thread.sleep(20);
        rebalance.onPartitionsAssigned(List.of(P0));
        assertThat(rebalance.takeMillis()).isGreaterThanOrEqualTo(20);
        assertThat(rebalance.takeMillis()).isZero();

        rebalance.onPartitionsAssigned(List.of(P1));
        assertThat(rebalance.takeMillis())
                .as("an assignment with no revoke before it")
                .isZero();
    }

    private static ConsumerRecord<Object, Object> record(TopicPartition tp, long offset) {
        return new ConsumerRecord<>(tp.topic(), tp.partition(), offset, null, "v");
    }
}
