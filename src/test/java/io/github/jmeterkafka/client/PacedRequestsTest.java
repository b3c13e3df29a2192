package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.github.jmeterkafka.measure.MatchStats;
import io.github.jmeterkafka.measure.RateProfile;
import io.github.jmeterkafka.measure.ScheduleFigures;
import io.github.jmeterkafka.measure.SendSchedule;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * Request-Reply at a target rate: a request's round trip from its intended send time (corrected) is its plain round
 * trip plus its send delay, and a late send shows in both. The schedule runs on a fake clock; the sends and replies
 * on the real one, as the reply reader's times are.
 */
class PacedRequestsTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final Correlation BY_ID = Correlation.header("id");
    private static final long LATE = 100 * MS;
    private static final long REPLY_AFTER = 20 * MS;

    private final AtomicLong now = new AtomicLong();
    // 1,000 requests/s: request k is due 1 ms after request k-1
    private final SendSchedule schedule =
            new SendSchedule(RateProfile.of(1000, 0), 0, false, 10 * MS, 10 * MS, now::get);
    private final MatchStats stats = new MatchStats();
    private final ReplyRegistry registry = new ReplyRegistry(TimeUnit.SECONDS.toNanos(60), 1000);
    private final int run;
    private final MockProducer<Object, Object> producer = producer();
    private final Requests requests = new Requests(BY_ID, Correlation::text, "reply-to", "replies");

    PacedRequestsTest() {
        registry.correlate(BY_ID, () -> Correlation::text);
        stats.pacedBy(schedule);
        run = registry.join(stats);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static MockProducer<Object, Object> producer() {
        ByteArraySerializer bytes = new ByteArraySerializer();
        return new MockProducer<>(
                true,
                null,
                (org.apache.kafka.common.serialization.Serializer) bytes,
                (org.apache.kafka.common.serialization.Serializer) bytes);
    }

    /** One sample of one request on the schedule's next slot, answered {@link #REPLY_AFTER} after its send. */
    private MatchWait oneRequestAnswered() throws InterruptedException {
        SendSchedule.Claim slot = schedule.claim(1);
        assertThat(slot.count).isEqualTo(1);
        assertThat(slot.nanosUntilDue()).as("due by the schedule's clock").isLessThanOrEqualTo(0);
        MatchWait wait = registry.open(run, 1, TimeUnit.SECONDS.toNanos(5), BY_ID);
        requests.send(
                producer,
                wait,
                (i, intended) -> new Outgoing(new ProducerRecord<>("requests", new byte[10]), 10, 10),
                stats,
                slot);
        long sentBy = System.nanoTime();
        ProducerRecord<Object, Object> request =
                producer.history().get(producer.history().size() - 1);
        ConsumerRecord<Object, Object> reply = new ConsumerRecord<>("replies", 0, 0L, null, new byte[3]);
        reply.headers()
                .add(BY_ID.name(), request.headers().lastHeader(BY_ID.name()).value());
        registry.dispatch(reply, sentBy + REPLY_AFTER);
        wait.await(() -> false);
        assertThat(wait.matched()).isEqualTo(1);
        return wait;
    }

    @Test
    void theCorrectedRoundTripRunsFromTheIntendedSend_andALateSendsDelayIsInIt() throws InterruptedException {
        now.set(System.nanoTime());
        MatchWait onTime = oneRequestAnswered();
        // the thread is busy for LATE (e.g. its last sample's wait) while request 1 falls due at start + 1 ms
        now.addAndGet(MS);
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(LATE));
        MatchWait late = oneRequestAnswered();

        long onTimeDelay = onTime.sendDelayMicros()[0];
        long lateDelay = late.sendDelayMicros()[0];
        assertThat(lateDelay).as("sent LATE after its intended time").isGreaterThanOrEqualTo((LATE - MS) / 1000);
        assertThat(onTimeDelay).as("sent when due").isLessThan(lateDelay - LATE / 2 / 1000);
        for (MatchWait w : new MatchWait[] {onTime, late}) {
            long plain = w.latencyMicros()[0];
            assertThat(plain)
                    .as("the plain round trip, from the actual send")
                    .isGreaterThanOrEqualTo(REPLY_AFTER / 1000);
            // each in whole µs, truncated: one may lose a µs the other keeps
            assertThat((long) w.correctedMicros()[0])
                    .as("corrected = plain round trip + send delay")
                    .isBetween(plain + w.sendDelayMicros()[0], plain + w.sendDelayMicros()[0] + 1);
        }

        MatchStats.Summary summary = stats.summary(0);
        ScheduleFigures paced = summary.schedule();
        assertThat(paced).as("a paced run's figures").isNotNull();
        assertThat(paced.correctedMicros().getTotalCount()).isEqualTo(2);
        assertThat(paced.sendDelayMicros().getTotalCount()).isEqualTo(2);
        // HdrHistogram keeps 3 significant digits
        assertThat(paced.sendDelayMicros().getMaxValue()).isCloseTo(lateDelay, withinPercentage(0.2));
        assertThat(paced.correctedMicros().getMaxValue()).isCloseTo(late.correctedMicros()[0], withinPercentage(0.2));
        assertThat(summary.replies().roundTripMicros().getMaxValue())
                .as("the plain round trips leave the late send's wait out")
                .isLessThan(paced.correctedMicros().getMaxValue() - LATE / 2 / 1000);
        assertThat(paced.sendDelayLine()).startsWith("send delay (intended to actual send): ");
    }
}
