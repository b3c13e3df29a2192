package io.github.jmeterkafka.client;

import static io.github.jmeterkafka.harness.TestConsumer.P0;
import static io.github.jmeterkafka.harness.TestConsumer.P1;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.TestConsumer;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StartPositioningTest {

    private final TestConsumer consumer = TestConsumer.member();

    @BeforeEach
    void offsets() {
        consumer.updateBeginningOffsets(Map.of(P0, 2L, P1, 3L));
        consumer.updateEndOffsets(Map.of(P0, 20L, P1, 30L));
    }

    @Test
    void earliestAndLatestSeekEachGivenPartition() {
        StartPositioning.seek(consumer, ReadSpec.Start.EARLIEST, 0, List.of(P0));
        StartPositioning.seek(consumer, ReadSpec.Start.LATEST, 0, List.of(P1));

        assertThat(consumer.position(P0)).isEqualTo(2);
        assertThat(consumer.position(P1)).isEqualTo(30);
    }

    @Test
    void anOffsetIsTheSameOnEveryPartition() {
        StartPositioning.seek(consumer, ReadSpec.Start.OFFSET, 7, List.of(P0, P1));

        assertThat(consumer.position(P0)).isEqualTo(7);
        assertThat(consumer.position(P1)).isEqualTo(7);
    }

    @Test
    void aTimestampSeeksToItsFirstRecord_orToTheEndOfOnlyThePartitionsWithoutOne() {
        consumer.timeIndex.put(P0, new OffsetAndTimestamp(5, 1000));
        StartPositioning.seek(consumer, ReadSpec.Start.TIMESTAMP, 1000, List.of(P0));
        assertThat(consumer.position(P0)).isEqualTo(5);

        consumer.seek(P0, 4);
        StartPositioning.seek(consumer, ReadSpec.Start.TIMESTAMP, 9999, List.of(P1));
        assertThat(consumer.position(P1)).isEqualTo(30);
        assertThat(consumer.position(P0))
                .as("not sought: seekToEnd of nothing would move it")
                .isEqualTo(4);
    }

    @Test
    void theCommittedStartsLeaveThePositionToTheGroup() {
        consumer.seek(P0, 4);
        StartPositioning.seek(consumer, ReadSpec.Start.COMMITTED_OR_EARLIEST, 0, List.of(P0));
        StartPositioning.seek(consumer, ReadSpec.Start.COMMITTED_OR_LATEST, 0, List.of(P0));

        assertThat(consumer.position(P0)).isEqualTo(4);
    }
}
