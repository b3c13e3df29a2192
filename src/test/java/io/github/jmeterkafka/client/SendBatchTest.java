package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.measure.ProducerStats;
import io.github.jmeterkafka.measure.RateProfile;
import io.github.jmeterkafka.measure.SendSchedule;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;

class SendBatchTest {

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void jmeterCountsKeyValueAndHeaderBytes_theSummaryCountsValuesAsProducerPerfTestDoes() throws Exception {
        Serializer bytes = new ByteArraySerializer();
        MockProducer<Object, Object> producer = new MockProducer<>(true, null, bytes, bytes);
        ProducerStats stats = new ProducerStats();

        SendBatch batch = SendBatch.send(
                new Sending(
                        producer,
                        (i, t) -> new Outgoing(new ProducerRecord<>("t", new byte[100]), 130, 100),
                        stats,
                        4,
                        true,
                        0),
                4,
                false,
                null);

        assertThat(batch.await(1000)).isTrue();
        assertThat(batch.sentBytes()).isEqualTo(4 * 130);
        assertThat(stats.summary().bytes).isEqualTo(4 * 100);
        assertThat(batch.countedMicros()).hasSize(4);
        assertThat(batch.countedBytes()).isEqualTo(4 * 100);
    }

    /** At a target rate no record of a sample is handed to the producer before it is due, not only its first. */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aPacedSampleSendsEachRecordNoEarlierThanItIsDue() throws Exception {
        Serializer bytes = new ByteArraySerializer();
        MockProducer<Object, Object> producer = new MockProducer<>(true, null, bytes, bytes);
        // 1,000 records/s, a claim of the 50 records due within 50 ms: one sample spans 49 ms of the schedule
        SendSchedule schedule =
                new SendSchedule(RateProfile.of(1000, 0), 50, false, 10_000_000, 50_000_000, System::nanoTime);
        schedule.start();
        SendSchedule.Claim claim = schedule.claim(50);
        assertThat(claim.count).isEqualTo(50);
        long[] made = new long[50];

        SendBatch batch = SendBatch.send(
                new Sending(
                        producer,
                        (i, t) -> {
                            made[i] = System.nanoTime();
                            return new Outgoing(new ProducerRecord<>("t", new byte[10]), 10, 10);
                        },
                        new ProducerStats(),
                        50,
                        true,
                        0),
                50,
                false,
                claim);

        assertThat(batch.await(1000)).isTrue();
        for (int i = 0; i < 50; i++) {
            assertThat(made[i]).as("record %d made and sent", i).isGreaterThanOrEqualTo(claim.intendedNanos(i));
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void inATransactionAcknowledgedRecordsCountAsSentOnlyOnceItCommits() throws Exception {
        Serializer bytes = new ByteArraySerializer();
        MockProducer<Object, Object> producer = new MockProducer<>(true, null, bytes, bytes);
        ProducerStats stats = new ProducerStats();
        Sending sending = new Sending(
                producer, (i, t) -> new Outgoing(new ProducerRecord<>("t", new byte[10]), 10, 10), stats, 3, true, 0);

        SendBatch committed = SendBatch.send(sending, 3, true, null);
        assertThat(committed.await(1000)).isTrue();
        assertThat(stats.summary().records)
                .as("acknowledged, transaction still open")
                .isZero();
        assertThat(committed.countedMicros()).isEmpty();
        committed.transactionEnded(true, () -> "unused");
        assertThat(committed.countedMicros()).hasSize(3);

        SendBatch aborted = SendBatch.send(sending, 2, true, null);
        assertThat(aborted.await(1000)).isTrue();
        aborted.transactionEnded(false, () -> "transaction aborted");

        ProducerStats.Summary s = stats.summary();
        assertThat(s.records).isEqualTo(3);
        assertThat(s.failedRecords).isEqualTo(2);
        assertThat(s.firstFailure).isEqualTo("transaction aborted");
    }
}
