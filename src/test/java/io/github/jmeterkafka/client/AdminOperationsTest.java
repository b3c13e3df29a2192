package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.input.InvalidInputException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;

class AdminOperationsTest {

    private final FakeAdmin fake = new FakeAdmin();
    private final AdminOperations ops = new AdminOperations(fake.admin(), 2000);

    @Test
    void anExistingTopicFailsWhenNotIgnored() {
        fake.topics.put("a", 3);

        assertThatThrownBy(() -> ops.createTopics(List.of("a"), Optional.of(6), Optional.empty(), Map.of(), false))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(TopicExistsException.class);
    }

    @Test
    void deletingAMissingTopicFailsWhenNotIgnored() {
        assertThatThrownBy(() -> ops.deleteTopics(List.of("gone"), false))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(UnknownTopicOrPartitionException.class);
    }

    @Test
    void lagIsNeverNegative() {
        TopicPartition tp = new TopicPartition("t", 0);

        List<GroupLag.PartitionLag> lags = GroupLag.lags(List.of(tp), Map.of(tp, 12L), Map.of(tp, 10L), Map.of());

        assertThat(lags.get(0).lag()).isZero();
    }

    @Test
    void aCallWithoutAnswerTimesOutAsKafkaDoes() {
        fake.hang = true;
        AdminOperations quick = new AdminOperations(fake.admin(), 200);
        long t0 = System.nanoTime();

        assertThatThrownBy(quick::listTopics)
                .isInstanceOf(TimeoutException.class)
                .hasMessageContaining("200 ms");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isBetween(150L, 2000L);
    }

    @Test
    void waitingForLeadersIsBoundedByTheTimeout() {
        fake.leaderlessDescribes = Integer.MAX_VALUE;
        AdminOperations quick = new AdminOperations(fake.admin(), 300);

        assertThatThrownBy(() -> quick.createTopics(List.of("a"), Optional.of(1), Optional.empty(), Map.of(), true))
                .isInstanceOf(TimeoutException.class)
                .hasMessageContaining("waiting for a leader on every partition of a");
    }

    @Test
    void cancelStopsTheCallInFlight() {
        fake.hang = true;
        CompletableFuture<Void> canceller = CompletableFuture.runAsync(() -> {
            await().atMost(Duration.ofSeconds(5)).until(() -> fake.calls.contains("listTopics"));
            ops.cancel();
        });
        long t0 = System.nanoTime();

        assertThatThrownBy(ops::listTopics)
                .isInstanceOf(CancellationException.class)
                .hasMessage("interrupted while listing topics");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(1900);
        canceller.join();
    }

    @Test
    void anOperationCancelledBeforeItStartsDoesNotRun() {
        ops.cancel();

        assertThatThrownBy(ops::listTopics).isInstanceOf(CancellationException.class);
        assertThat(fake.calls).isEmpty();
    }

    @Test
    void invalidInputIsRefusedBeforeAnyCall() {
        assertThatThrownBy(() -> ops.createTopics(List.of(" "), Optional.of(1), Optional.empty(), Map.of(), true))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("a topic name is empty");
        assertThatThrownBy(() -> ops.createTopics(List.of("a"), Optional.of(0), Optional.empty(), Map.of(), true))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("partitions must be at least 1, not 0");
        assertThatThrownBy(() -> ops.deleteTopics(List.of(), true))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("no topic given");
        assertThatThrownBy(() -> ops.consumerGroupLag(" ", List.of()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("group id is empty");
        assertThat(fake.calls).isEmpty();
    }
}
