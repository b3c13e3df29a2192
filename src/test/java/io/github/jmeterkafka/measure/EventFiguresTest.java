package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What an event cost, per window between marks: records in flight, the stall, the recovery, failures. */
class EventFiguresTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long T0 = 1_800_000_000_000L;

    /** A mark at which the counter "retries" read {@code 2 * n}. */
    private static EventMarks.Mark mark(int n, long atMs) {
        return new EventMarks.Mark(n, "move " + n, T0 + atMs, atMs * MS, java.util.Map.of("retries", 2L * n));
    }

    /** Intervals of one second from 0 to {@code seconds}, each with the p99 (ms) {@code p99Ms} gives. */
    private static List<IntervalLog.Tail> seconds(int seconds, java.util.function.IntUnaryOperator p99Ms) {
        List<IntervalLog.Tail> out = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            long p = p99Ms.applyAsInt(s);
            out.add(new IntervalLog.Tail(T0 + s * 1000L, T0 + (s + 1) * 1000L, p < 0 ? 0 : p * 1000, p < 0 ? 0 : 100));
        }
        return out;
    }

    @Test
    void eachWindowCountsWhatWasInFlightAtItsMarkAndTheStallsOfRecordsDueAfterIt() {
        List<EventMarks.Mark> marks = List.of(mark(1, 10_000), mark(2, 20_000));
        EventFigures.Tally t = new EventFigures.Tally(() -> marks, WindowWords.PRODUCER);
        // before the first mark: acked before it, counted nowhere
        t.acked(5_000 * MS, 5_000 * MS, 5_002 * MS, 2_000, 2_000, 0);
        // sent before the first mark, acked 3 s after it: in flight at it; due before it, so not in its window
        t.acked(9_999 * MS, 9_999 * MS, 13_000 * MS, 3_001_000, 3_001_000, 0);
        // due after the first mark, stalled 2.5 s
        t.acked(10_500 * MS, 12_900 * MS, 13_000 * MS, 100_000, 2_500_000, 2_400_000);
        t.acked(11_000 * MS, 11_000 * MS, 11_002 * MS, 2_000, 2_000, 0);
        // in flight across both marks
        t.acked(9_000 * MS, 9_000 * MS, 21_000 * MS, 12_000_000, 12_000_000, 0);
        t.failed(3, 25_000 * MS);

        List<EventFigures> f = t.figures(T0 + 30_000, true, List.of(), "retries", 7);

        assertThat(f).hasSize(2);
        EventFigures first = f.get(0);
        assertThat(first.counts().inFlight()).isEqualTo(2);
        assertThat(first.counts().due()).isEqualTo(2);
        assertThat(first.stalls().getMaxValue() / 1000).isBetween(2_499L, 2_501L);
        assertThat(first.counts().failed()).isZero();
        assertThat(first.seconds()).isEqualTo(10.0);
        assertThat(first.recovery()).as("no intervals").isNull();
        assertThat(first.counts().retried()).as("4 - 2").isEqualTo(2);
        EventFigures second = f.get(1);
        assertThat(second.counts().inFlight()).isEqualTo(1);
        assertThat(second.counts().due()).isZero();
        assertThat(second.counts().failed()).isEqualTo(3);
        assertThat(second.seconds()).isEqualTo(10.0);
        assertThat(second.counts().retried()).as("7 at the end - 4").isEqualTo(3);
        assertThat(second.line())
                .startsWith("event 2 of 2, 'move 2' at ")
                .contains(
                        " for 10.0 s: 1 records in flight at the mark; stall not known: no record due after the mark was"
                                + " acknowledged; 0 records due",
                        "; 3 failed, 3 retried by the connection's producers.");
        SummaryRow row = first.row("producer");
        assertThat(row.get(SummaryRow.Column.PART)).isEqualTo("event 1: move 1");
        assertThat(row.get(SummaryRow.Column.IN_FLIGHT)).isEqualTo("2");
        assertThat(row.get(SummaryRow.Column.RETRIED)).isEqualTo("2");
        assertThat(row.get(SummaryRow.Column.CORRECTED_MAX_MS)).startsWith("2500.");
        assertThat(SummaryRow.epochMs(row.get(SummaryRow.Column.END_TIME))).isEqualTo(T0 + 20_000);
    }

    @Test
    void recoveryEndsWithTheLastSecondAboveTwiceTheMinuteBefore() {
        // 5 ms before the mark at 60 s; a stall with no ack in second 60-61, 900 ms then 30 ms, then 6 ms
        List<IntervalLog.Tail> tails = seconds(80, s -> s < 60 ? 5 : s == 60 ? -1 : s == 61 ? 900 : s < 64 ? 30 : 6);

        EventFigures.Recovery r = EventFigures.recovery(T0 + 60_000, T0 + 80_000, tails);

        assertThat(r.baselineMicros()).isEqualTo(5_000);
        assertThat(r.recovered()).isTrue();
        assertThat(r.seconds()).as("the end of second 63, the last over 15 ms").isEqualTo(4.0);
    }

    @Test
    void aWindowStillAboveAtItsEndHasNotRecovered_andNoMinuteBeforeMeansNoBaseline() {
        List<IntervalLog.Tail> tails = seconds(20, s -> s < 10 ? 5 : 200);

        assertThat(EventFigures.recovery(T0 + 10_000, T0 + 20_000, tails).recovered())
                .isFalse();
        assertThat(EventFigures.recovery(T0, T0 + 20_000, tails)).isNull();
        // nothing acked from the mark to the window's end, records again after it: a stall, not a recovery
        List<IntervalLog.Tail> stalled = seconds(30, s -> s < 10 || s >= 20 ? 5 : -1);
        assertThat(EventFigures.recovery(T0 + 10_000, T0 + 20_000, stalled).recovered())
                .isFalse();
        // the interval across the next mark holds the next event's stall: not this window's
        List<IntervalLog.Tail> next = seconds(30, s -> s == 20 ? 300 : 5);
        assertThat(EventFigures.recovery(T0 + 10_000, T0 + 20_500, next))
                .isEqualTo(new EventFigures.Recovery(5_000, 0, true));
        // the run's end (no records after second 15) is no stall
        List<IntervalLog.Tail> ended = seconds(30, s -> s < 15 ? 5 : -1);
        assertThat(EventFigures.recovery(T0 + 10_000, T0 + 30_000, ended))
                .isEqualTo(new EventFigures.Recovery(5_000, 0, true));
        assertThat(EventFigures.recovery(T0 + 10_000, T0 + 20_000, seconds(20, s -> 5))
                        .seconds())
                .as("nothing above")
                .isZero();
    }

    @Test
    void marksOfANewTestForgetTheLastTests() {
        long test = System.currentTimeMillis();
        EventMarks.mark(test - 1, "old", test);
        EventMarks.Mark m = EventMarks.mark(test, "kill broker 2", test - 5);

        assertThat(m.number()).isEqualTo(1);
        assertThat(EventMarks.of(test)).containsExactly(m);
        assertThat(EventMarks.of(test - 1)).isEmpty();
        assertThat(m.nanos()).isLessThanOrEqualTo(System.nanoTime() - 5 * MS);
        long[] retries = {5};
        EventMarks.count(test, "retries", () -> retries[0]);
        retries[0] = 9;
        assertThat(EventMarks.mark(test, "move", test).counts()).containsEntry("retries", 9L);
        // a producer closed since (its count gone with it): the window's share is not known
        EventFigures.Tally t = new EventFigures.Tally(() -> EventMarks.of(test), WindowWords.PRODUCER);
        assertThat(t.figures(test + 1000, false, List.of(), "retries", 3)
                        .get(1)
                        .counts()
                        .retried())
                .isEqualTo(-1);
    }
}
