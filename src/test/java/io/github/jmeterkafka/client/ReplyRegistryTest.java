package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.measure.MatchStats;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** Every reply goes to the request it answers, or is counted as what it is; none is taken for another's. */
class ReplyRegistryTest {
    private static final long TIMEOUT = TimeUnit.MILLISECONDS.toNanos(100);

    private static final Correlation BY_ID = Correlation.header("id");

    private final ReplyRegistry registry = registry();
    private final MatchStats stats = new MatchStats();
    private final int run = registry.join(stats);

    private static ReplyRegistry registry() {
        ReplyRegistry r = new ReplyRegistry(TimeUnit.SECONDS.toNanos(60), 1000);
        r.correlate(BY_ID, () -> Correlation::text);
        return r;
    }

    /** The reader read {@code reply} with correlation id {@code id} (null: none) at {@code nanos}. */
    private void dispatch(byte[] id, long nanos, ConsumerRecord<Object, Object> reply) {
        if (id != null) {
            reply.headers().add(BY_ID.name(), id);
        }
        registry.dispatch(reply, nanos);
    }

    private static ConsumerRecord<Object, Object> reply(String value) {
        return new ConsumerRecord<>("replies", 0, 0L, null, ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8)));
    }

    private MatchWait sent(int n, long at) {
        MatchWait wait = registry.open(run, n, TIMEOUT, BY_ID);
        for (int i = 0; i < n; i++) {
            wait.sending(i, at);
        }
        return wait;
    }

    private MatchStats.Summary summary() {
        return stats.summary(registry.foreign());
    }

    @Test
    void aReplyInTimeAnswersItsOwnRequest() throws InterruptedException {
        MatchWait wait = sent(3, 1_000_000);
        dispatch(wait.id(2), 3_000_000, reply("two"));
        dispatch(wait.id(0), 5_000_000, reply("zero"));
        dispatch(wait.id(1), 6_000_000, reply("one"));
        wait.await(() -> false);

        assertThat(wait.matched()).isEqualTo(3);
        assertThat(wait.latencyMicros()).containsExactly(2000, 4000, 5000);
        assertThat(wait.records())
                .extracting(r -> ((ByteBuffer) r.value()).remaining())
                .containsExactly(3, 4, 3);
        assertThat(wait.firstMatchNanos()).isEqualTo(3_000_000);
        MatchStats.Summary s = summary();
        assertThat(s.requests()).isZero(); // counted by the sender, not the wait
        assertThat(s.replies().count()).isEqualTo(3);
        assertThat(s.unanswered().timedOut()
                        + s.strays().late()
                        + s.strays().duplicate()
                        + s.strays().foreign())
                .isZero();
    }

    @Test
    void aReplyAfterItsTimeoutIsLateAndItsRequestTimedOut() throws InterruptedException {
        MatchWait wait = sent(2, 0);
        dispatch(wait.id(0), TIMEOUT + 1, reply("late while waiting"));
        dispatch(wait.id(1), TIMEOUT - 1, reply("in time"));
        wait.await(() -> false);
        assertThat(wait.matched()).isEqualTo(1);
        assertThat(wait.timedOut()).isEqualTo(1);
        assertThat(wait.firstTimedOut()).isEqualTo("correlation id " + CorrelationIds.hex(wait.id(0)));

        MatchWait next = registry.open(run, 1, TIMEOUT, BY_ID);
        next.sending(0, System.nanoTime());
        // nothing arrives: the wait times out, then the reply comes
        next.await(() -> false);
        dispatch(next.id(0), System.nanoTime(), reply("late after the wait"));
        assertThat(next.timedOut()).isEqualTo(1);
        assertThat(summary().unanswered().timedOut()).isEqualTo(2);
        assertThat(summary().strays().late()).isEqualTo(2);
        assertThat(summary().strays().duplicate()).isZero();
    }

    @Test
    void aSecondReplyIsADuplicate_whetherItsRequestWasAnsweredOrLate() throws InterruptedException {
        MatchWait wait = sent(1, 0);
        dispatch(wait.id(0), 1000, reply("first"));
        dispatch(wait.id(0), 2000, reply("again, while the sample waits"));
        wait.await(() -> false);
        dispatch(wait.id(0), 3000, reply("again, after"));

        MatchWait timedOut = registry.open(run, 1, TIMEOUT, BY_ID);
        timedOut.sending(0, System.nanoTime());
        timedOut.await(() -> false);
        dispatch(timedOut.id(0), System.nanoTime(), reply("late"));
        dispatch(timedOut.id(0), System.nanoTime(), reply("late again"));

        assertThat(wait.matched()).isEqualTo(1);
        assertThat(wait.records()).hasSize(1);
        assertThat(summary().strays().duplicate()).isEqualTo(3);
        assertThat(summary().strays().late()).isEqualTo(1);
    }

    @Test
    void repliesWithoutAnIdOfThisReaderAreForeignOrAnotherReaders() throws InterruptedException {
        MatchWait wait = sent(1, 0);
        int reader = CorrelationIds.reader(wait.id(0));
        dispatch(null, 1, reply("no header"));
        dispatch(new byte[16], 1, reply("Spring's random id"));
        dispatch(CorrelationIds.of(reader, run, 1), 1, reply("a sequence not issued"));
        dispatch(CorrelationIds.of(reader, run + 1, 0), 1, reply("a run that never joined"));
        dispatch(CorrelationIds.of(reader + 1, run, 0), 1, reply("another JMeter's"));
        wait.release();
        wait.await(() -> false);

        assertThat(registry.foreign()).isEqualTo(4);
        assertThat(registry.others()).isEqualTo(1);
        assertThat(wait.matched()).isZero();
        assertThat(summary().strays().late() + summary().strays().duplicate()).isZero();
    }

    @Test
    void stopAbandonsThePendingRequests_andTheirRepliesCountAsNothing() throws InterruptedException {
        MatchWait wait = sent(2, System.nanoTime());
        dispatch(wait.id(0), System.nanoTime(), reply("in time"));
        wait.release();
        long start = System.nanoTime();
        wait.await(() -> false);
        assertThat(System.nanoTime() - start).isLessThan(TIMEOUT / 2);
        dispatch(wait.id(1), System.nanoTime(), reply("after Stop"));

        assertThat(wait.matched()).isEqualTo(1);
        assertThat(wait.abandoned()).isEqualTo(1);
        assertThat(wait.timedOut()).isZero();
        MatchStats.Summary s = summary();
        assertThat(s.unanswered().abandoned()).isEqualTo(1);
        assertThat(s.unanswered().timedOut() + s.strays().late() + s.strays().duplicate())
                .isZero();
    }

    @Test
    void theThreadsEndAbandonsThePendingRequests() throws InterruptedException {
        MatchWait wait = registry.open(run, 1, TimeUnit.SECONDS.toNanos(60), BY_ID);
        wait.sending(0, System.nanoTime());
        long start = System.nanoTime();
        wait.await(() -> System.nanoTime() - start > TimeUnit.MILLISECONDS.toNanos(150));

        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(5));
        assertThat(wait.abandoned()).isEqualTo(1);
        assertThat(summary().unanswered().timedOut()).isZero();
    }

    @Test
    void aFailedSendIsNotWaitedFor() throws InterruptedException {
        MatchWait wait = sent(2, System.nanoTime());
        wait.sendFailed(0, new IllegalStateException("refused"));
        dispatch(wait.id(1), System.nanoTime(), reply("in time"));
        long start = System.nanoTime();
        wait.await(() -> false);
        assertThat(System.nanoTime() - start).isLessThan(TIMEOUT / 2);
        dispatch(wait.id(0), System.nanoTime(), reply("to the failed one"));

        assertThat(wait.failed()).isEqualTo(1);
        assertThat(wait.firstFailure()).hasMessage("refused");
        assertThat(summary().unanswered().failed()).isEqualTo(1);
        assertThat(summary().strays().late()).isZero();
    }

    @Test
    void twoSamplersOnOneReaderKeepTheirOwnCounts() throws InterruptedException {
        MatchStats otherStats = new MatchStats();
        int other = registry.join(otherStats);
        MatchWait mine = sent(1, 0);
        MatchWait theirs = registry.open(other, 1, TIMEOUT, BY_ID);
        theirs.sending(0, 0);
        assertThat(mine.id(0)).isNotEqualTo(theirs.id(0));
        dispatch(theirs.id(0), 10, reply("theirs"));
        dispatch(theirs.id(0), 20, reply("theirs again"));
        dispatch(mine.id(0), 30, reply("mine"));
        mine.await(() -> false);
        theirs.await(() -> false);

        assertThat(summary().replies().count()).isEqualTo(1);
        assertThat(summary().strays().duplicate()).isZero();
        assertThat(otherStats.summary(0).replies().count()).isEqualTo(1);
        assertThat(otherStats.summary(0).strays().duplicate()).isEqualTo(1);
    }
}
