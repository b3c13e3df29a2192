package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.harness.TestConsumer;
import io.github.jmeterkafka.measure.RecordBudget;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.KafkaException;
import org.junit.jupiter.api.Test;

/** The read loop that ties the parts together; the parts have their own tests. */
class RecordReaderTest {
    private final TestConsumer consumer = TestConsumer.member();
    private final RecordReader reader =
            new RecordReader(consumer, ReadSpec.assign("t", "0", ReadSpec.Start.EARLIEST, 0), CommitMode.NONE, 5000);

    @Test
    void aSpentBudgetEndsTheRead_andKeepsTheRestForLater() {
        addRecords(5);
        RecordBudget budget = new RecordBudget(2);

        long start = System.nanoTime();
        RecordReader.Handout read = reader.read(5, 30_000, budget, 5);

        assertThat(read.count()).isEqualTo(2);
        assertThat((System.nanoTime() - start) / 1_000_000L).as("ms").isLessThan(10_000);
        assertThat(reader.buffered()).isEqualTo(3);
        assertThat(reader.read(5, 0)).extracting(ConsumerRecord::offset).containsExactly(2L, 3L, 4L);
    }

    @Test
    void aWakeupEndsTheReadWithNothing_ratherThanWaitingOutTheTimeout() {
        consumer.wakeup();

        long start = System.nanoTime();
        assertThat(reader.read(1, 30_000)).isEmpty();
        assertThat((System.nanoTime() - start) / 1_000_000L).as("ms").isLessThan(10_000);
    }

    @Test
    void aPollFailureAfterRecordsWereHandedOut_comesWithTheNextRead() {
        addRecords(2);
        consumer.schedulePollTask(() -> consumer.setPollException(new KafkaException("broker gone")));

        assertThat(reader.read(5, 5000)).hasSize(2);
        assertThatThrownBy(() -> reader.read(5, 5000))
                .isInstanceOf(KafkaException.class)
                .hasMessage("broker gone");
    }

    private void addRecords(int n) {
        consumer.schedulePollTask(() -> {
            for (long o = 0; o < n; o++) {
                consumer.addRecord(new ConsumerRecord<>("t", 0, o, null, "v"));
            }
        });
    }
}
