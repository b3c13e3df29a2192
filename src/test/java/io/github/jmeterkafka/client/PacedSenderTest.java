package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.measure.ProducerStats;
import io.github.jmeterkafka.measure.RateProfile;
import io.github.jmeterkafka.measure.SendSchedule;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

class PacedSenderTest {
    private final MockProducer<Object, Object> producer = producer();
    private final ProducerStats stats = new ProducerStats();

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static MockProducer<Object, Object> producer() {
        ByteArraySerializer bytes = new ByteArraySerializer();
        // acks come only when the test gives them
        return new MockProducer<>(
                false,
                null,
                (org.apache.kafka.common.serialization.Serializer) bytes,
                (org.apache.kafka.common.serialization.Serializer) bytes);
    }

    private Sending sending(int perSample) {
        ProducerStats s = stats;
        s.pacedBy(null);
        return new Sending(
                producer,
                (i, intended) -> new Outgoing(new ProducerRecord<>("t", new byte[10]), 10, 10),
                s,
                perSample,
                true,
                TimeUnit.SECONDS.toNanos(30));
    }

    private static SendSchedule schedule(double rate, long limit) {
        return new SendSchedule(RateProfile.of(rate, 0), limit, false, 10_000_000, 10_000_000, System::nanoTime);
    }

    private void ackAll() {
        while (producer.completeNext()) {
            // each pending send gets its ack
        }
    }

    @Test
    void recordsFallingDueWhileASampleWaitsForItsAcksAreSentAtTheirTimeNotAfterTheAcks() throws Exception {
        SendSchedule schedule = schedule(1000, 60);
        PacedSender sender = new PacedSender(schedule);
        Sending s = sending(1000);

        CompletableFuture<SendBatch> first =
                CompletableFuture.supplyAsync(() -> sender.next(s, schedule.claim(1000), () -> false));
        // no ack yet: the schedule goes on regardless (60 records at 1,000/s)
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 60);
        assertThat(first).isNotDone();

        ackAll();
        SendBatch head = first.get(5, TimeUnit.SECONDS);
        assertThat(head.size())
                .as("the first claim: the records due within the 10 ms window")
                .isBetween(1, 11);
        assertThat(head.pending()).isZero();
        SendBatch rest = sender.next(s, null, () -> false);
        assertThat(head.size() + rest.size()).isEqualTo(60);
        assertThat(rest.acked()).isEqualTo(rest.size());
        assertThat(sender.idle()).isTrue();
        assertThat(sender.next(s, null, () -> false)).as("nothing in flight").isNull();
        assertThat(schedule.behind().atLimitMs()).isZero();
    }

    @Test
    void aBatchHoldsAtMostTheRecordsPerSample_aDueRecordThenWaits_andThatTimeIsTheThreads() throws Exception {
        SendSchedule schedule = schedule(1000, 1000);
        PacedSender sender = new PacedSender(schedule);
        Sending s = sending(5);

        SendSchedule.Claim claim = schedule.claim(5);
        CompletableFuture<SendBatch> first = CompletableFuture.supplyAsync(() -> sender.next(s, claim, () -> false));
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == claim.count + 5);
        Thread.sleep(50);
        assertThat(producer.history())
                .as("the first claim and a batch of 5 in flight, no more")
                .hasSize(claim.count + 5);

        ackAll();
        assertThat(first.get(5, TimeUnit.SECONDS).size()).isEqualTo(claim.count);
        assertThat(schedule.behind().atLimitMs()).isGreaterThanOrEqualTo(40);
    }

    @Test
    void aThreadThatIsToEndSendsNoMore_andItsLastSampleReportsTheBatchFilledMeanwhile() throws Exception {
        SendSchedule schedule = schedule(1000, 10_000);
        PacedSender sender = new PacedSender(schedule);
        Sending s = sending(1000);
        AtomicBoolean ending = new AtomicBoolean();

        CompletableFuture<SendBatch> last =
                CompletableFuture.supplyAsync(() -> sender.next(s, schedule.claim(1000), ending::get));
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() >= 30);
        ending.set(true);
        Thread.sleep(30);
        int sent = producer.history().size();
        Thread.sleep(30);
        assertThat(producer.history())
                .as("nothing sent once the thread is to end")
                .hasSize(sent);

        ackAll();
        SendBatch both = last.get(5, TimeUnit.SECONDS);
        assertThat(both.size()).isEqualTo(sent);
        assertThat(both.acked()).isEqualTo(sent);
        assertThat(both.countedMicros()).hasSize(sent);
        assertThat(sender.idle()).isTrue();
    }

    @Test
    void stopReportsTheBatchAsItStands() throws Exception {
        SendSchedule schedule = schedule(1000, 10_000);
        PacedSender sender = new PacedSender(schedule);
        Sending s = sending(1000);

        CompletableFuture<SendBatch> stopped =
                CompletableFuture.supplyAsync(() -> sender.next(s, schedule.claim(1000), () -> false));
        await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() >= 20);
        sender.release();

        SendBatch b = stopped.get(5, TimeUnit.SECONDS);
        assertThat(b.released()).isTrue();
        assertThat(b.pending()).isEqualTo(b.size());
    }
}
