package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.measure.MatchStats;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** Records matched by a value the service keeps: to the request expecting it, or counted as what they are. */
class ValueMatchesTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long TIMEOUT = 100 * MS;
    private static final long HOLD = 1000 * MS;

    private final ReplyRegistry registry = new ReplyRegistry(HOLD, 3);
    private final MatchStats stats = new MatchStats();
    private final int run = registry.join(stats);
    private long offset;

    ValueMatchesTest() {
        registry.correlate(Correlation.key(), () -> Correlation::text);
        registry.correlate(Correlation.jsonPath("$.orderId"), () -> Correlation::text);
    }

    private ConsumerRecord<Object, Object> record(String key, String value) {
        return new ConsumerRecord<>(
                "events",
                0,
                offset++,
                key == null ? null : key.getBytes(StandardCharsets.UTF_8),
                value.getBytes(StandardCharsets.UTF_8));
    }

    private MatchWait expecting(Correlation by, long at, String... values) {
        MatchWait wait = registry.open(run, values.length, TIMEOUT, by);
        for (int i = 0; i < values.length; i++) {
            wait.sending(i, at);
            wait.expect(i, values[i], at);
        }
        return wait;
    }

    @Test
    void aRecordWithTheKeyAnswersTheRequestThatSentIt() throws InterruptedException {
        MatchWait wait = expecting(Correlation.key(), 0, "o-1", "o-2");
        registry.dispatch(record("o-2", "{}"), 7 * MS);
        registry.dispatch(record("o-1", "{}"), 9 * MS);
        wait.await(() -> false);

        assertThat(wait.matched()).isEqualTo(2);
        assertThat(wait.latencyMicros()).containsExactly(7000, 9000);
        assertThat(wait.records()).extracting(ConsumerRecord::offset).containsExactly(0L, 1L);
        assertThat(registry.unmatched()).isZero();
    }

    /** The reader, catching up, reads a record written before the await began only after the await is waiting. */
    @Test
    void aCaughtUpRecordFromBeforeTheAwaitIsNotItsMatch() throws InterruptedException {
        MatchWait wait = expecting(Correlation.key(), 10 * MS, "o-1");
        registry.dispatch(record("o-1", "{}"), 4 * MS);
        registry.dispatch(record("o-1", "{}"), 10 * MS - MS / 2);
        wait.await(() -> false);

        assertThat(registry.unmatched()).as("written 6 ms before the await").isEqualTo(1);
        assertThat(wait.matched())
                .as("within the timestamp's millisecond: its own")
                .isEqualTo(1);
        assertThat(wait.latencyMicros()).containsExactly(0);
    }

    @Test
    void aRecordThatCameBeforeItsAwaitIsHeldForItThenCountedUnmatched() throws InterruptedException {
        registry.dispatch(record(null, "{\"orderId\":\"early\"}"), 5 * MS);
        registry.dispatch(record(null, "{\"orderId\":\"nobody's\"}"), 6 * MS);
        MatchWait wait = expecting(Correlation.jsonPath("$.orderId"), 2 * MS, "early");
        wait.await(() -> false);
        assertThat(wait.matched()).as("it arrived after the await's start").isEqualTo(1);
        assertThat(wait.latencyMicros()).containsExactly(3000);
        assertThat(registry.unmatched()).as("held still").isEqualTo(1);

        registry.dispatch(record(null, "{\"orderId\":\"later\"}"), 6 * MS + HOLD + 1);
        MatchWait tooLate = expecting(Correlation.jsonPath("$.orderId"), HOLD * 2, "nobody's");
        tooLate.await(() -> false);
        assertThat(tooLate.timedOut()).as("dropped after the hold window").isEqualTo(1);
        assertThat(registry.unmatched()).isEqualTo(2);
    }

    @Test
    void aRecordFromBeforeTheAwaitStartedIsNotItsAnswer() throws InterruptedException {
        registry.dispatch(record("o-1", "{}"), 5 * MS);
        MatchWait wait = expecting(Correlation.key(), 6 * MS, "o-1");
        wait.await(() -> false);
        assertThat(wait.matched()).isZero();
        assertThat(wait.timedOut()).isEqualTo(1);
        assertThat(wait.firstTimedOut()).isEqualTo("key o-1");
        assertThat(registry.unmatched()).isEqualTo(1);
    }

    @Test
    void anAwaitOfSeveralRecordsOfOneValueTakesTheHeldOneAndTheNextThenCountsAThirdAsADuplicate()
            throws InterruptedException {
        registry.dispatch(record("o-9", "{}"), 5 * MS);
        MatchWait wait = registry.open(run, 2, TIMEOUT, Correlation.key());
        for (int i = 0; i < 2; i++) {
            wait.sending(i, MS);
            wait.expect(i, "o-9", MS);
        }
        registry.dispatch(record("o-9", "{}"), 8 * MS);
        registry.dispatch(record("o-9", "{}"), 9 * MS);
        wait.await(() -> false);

        assertThat(wait.matched()).isEqualTo(2);
        assertThat(wait.latencyMicros()).containsExactly(4000, 7000);
        assertThat(stats.summary(0).strays().duplicate()).isEqualTo(1);
        assertThat(registry.unmatched()).isZero();
    }

    @Test
    void twoRequestsWithOneValueAreAnErrorNotAMixUp() {
        expecting(Correlation.key(), 0, "o-1");
        MatchWait second = registry.open(run, 1, TIMEOUT, Correlation.key());
        second.sending(0, 0);
        assertThatThrownBy(() -> second.expect(0, "o-1", 0))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("same correlation value 'o-1' (key)");
    }

    @Test
    void aSecondRecordWithAnAnsweredValueIsADuplicateAfterATimeoutLate() throws InterruptedException {
        MatchWait answered = expecting(Correlation.key(), 0, "o-1");
        registry.dispatch(record("o-1", "{}"), MS);
        registry.dispatch(record("o-1", "{}"), 2 * MS);
        answered.await(() -> false);
        MatchWait timedOut = expecting(Correlation.key(), System.nanoTime() - TIMEOUT, "o-2");
        timedOut.await(() -> false);
        registry.dispatch(record("o-2", "{}"), System.nanoTime());

        MatchStats.Summary s = stats.summary(0);
        assertThat(s.strays().duplicate()).isEqualTo(1);
        assertThat(s.strays().late()).isEqualTo(1);
        assertThat(registry.unmatched()).isZero();
    }

    @Test
    void recordsWithoutTheValueAreCountedNeverThrown() {
        registry.dispatch(record(null, "not json"), MS);
        assertThat(registry.noValue()).as("no key, and not JSON").isEqualTo(2);
    }

    @Test
    void atMostHoldMaxRecordsAreHeldTheOldestDroppedFirst() throws InterruptedException {
        for (String key : new String[] {"a", "b", "c", "d"}) {
            registry.dispatch(record(key, "{}"), MS);
        }
        MatchWait wait = expecting(Correlation.key(), 0, "a", "d");
        wait.await(() -> false);
        assertThat(wait.matched()).as("a was dropped, d held").isEqualTo(1);
        assertThat(wait.records()).extracting(ConsumerRecord::offset).containsExactly(3L);
    }
}
