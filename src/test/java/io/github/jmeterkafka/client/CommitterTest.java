package io.github.jmeterkafka.client;

import static io.github.jmeterkafka.harness.TestConsumer.P0;
import static io.github.jmeterkafka.harness.TestConsumer.P1;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.TestConsumer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class CommitterTest {

    private final TestConsumer consumer = TestConsumer.member();

    @Test
    void syncCommitsTheOffsetAfterEachPartitionsLastReportedRecord_once() {
        Committer c = new Committer(consumer, CommitMode.SYNC, 5000);
        c.reported(P0, 3);
        c.reported(P0, 4);
        c.reported(P1, 9);

        c.commitReported();
        c.commitReported();

        assertThat(consumer.commits)
                .containsExactly(Map.of(P0, new OffsetAndMetadata(5), P1, new OffsetAndMetadata(10)));
        assertThat(consumer.commitTimeouts).containsExactly((Duration) null);
    }

    @Test
    void autoCommitsAsynchronously_onlyOnceTheIntervalPassed() {
        Committer soon = new Committer(consumer, CommitMode.AUTO, 0);
        soon.reported(P0, 0);
        soon.commitReported();
        assertThat(consumer.asyncCommits).containsExactly(Map.of(P0, new OffsetAndMetadata(1)));

        Committer late = new Committer(consumer, CommitMode.AUTO, 60_000);
        late.reported(P0, 1);
        late.commitReported();
        assertThat(consumer.asyncCommits).hasSize(1);
    }

    @Test
    void aFailedAsynchronousCommitIsTriedAgainWithTheNextOne() {
        Committer c = new Committer(consumer, CommitMode.ASYNC, 5000);
        c.reported(P0, 1);
        consumer.nextCommitFailure = new RebalanceInProgressException("rebalancing");
        c.commitReported();
        c.commitReported();

        assertThat(consumer.asyncCommits)
                .containsExactly(Map.of(P0, new OffsetAndMetadata(2)), Map.of(P0, new OffsetAndMetadata(2)));
    }

    @Test
    void noneNeverCommits_notEvenOnRevokeOrClose() {
        Committer c = new Committer(consumer, CommitMode.NONE, 0);
        c.reported(P0, 1);
        c.commitReported();
        c.commitOnRevoke(c.take(List.of(P0)));
        c.reported(P1, 1);
        c.commitBeforeClose(Duration.ofSeconds(1), System.nanoTime() + 1_000_000_000L);

        assertThat(consumer.commits).isEmpty();
        assertThat(consumer.asyncCommits).isEmpty();
    }

    @Test
    void theLastCommitIsBoundedByTheCloseTimeout_andAFailureDoesNotStopTheClose() {
        Committer c = new Committer(consumer, CommitMode.AUTO, 60_000);
        c.reported(P0, 1);
        consumer.nextCommitFailure = new TimeoutException("no coordinator");

        c.commitBeforeClose(Duration.ofMillis(1234), System.nanoTime() + 1_234_000_000L);

        assertThat(consumer.commitTimeouts).containsExactly(Duration.ofMillis(1234));
        assertThat(consumer.commits).isEmpty();
    }

    @Test
    void aRevokeCommitsWhatItTook_boundedByWhatIsLeftOfTheCloseOnceClosing() {
        Committer c = new Committer(consumer, CommitMode.AUTO, 60_000);
        c.reported(P0, 1);
        c.reported(P1, 2);
        Map<TopicPartition, OffsetAndMetadata> taken = c.take(List.of(P0));
        c.commitOnRevoke(taken);
        assertThat(consumer.commits).containsExactly(Map.of(P0, new OffsetAndMetadata(2)));
        assertThat(consumer.commitTimeouts).containsExactly((Duration) null);

        c.commitBeforeClose(Duration.ofSeconds(5), System.nanoTime() + 5_000_000_000L);
        c.commitOnRevoke(Map.of(P1, new OffsetAndMetadata(7)));
        assertThat(consumer.commitTimeouts).hasSize(3);
        assertThat(consumer.commitTimeouts.get(2)).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aLostPartitionsOffsetsAreForgotten() {
        Committer c = new Committer(consumer, CommitMode.SYNC, 5000);
        c.reported(P0, 1);
        c.reported(P1, 1);
        c.forget(List.of(P0));
        c.commitReported();

        assertThat(consumer.commits).containsExactly(Map.of(P1, new OffsetAndMetadata(2)));
    }
}
