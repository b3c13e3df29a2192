package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SendScheduleTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long GRACE = 10 * MS;
    // a fake clock that starts far from 0, as System.nanoTime may
    private final AtomicLong now = new AtomicLong(-5_000 * MS);

    private SendSchedule schedule(double rate, long limit, boolean skip) {
        return new SendSchedule(RateProfile.of(rate, 0), limit, skip, GRACE, 0, now::get);
    }

    @Test
    void recordsAreDueOnAUniformScheduleFromTheFirstClaim() {
        SendSchedule s = schedule(1000, 0, false);
        long start = now.get();
        SendSchedule.Claim first = s.claim(10);
        assertThat(first.first).isZero();
        assertThat(first.count).as("only the first record is due at the start").isEqualTo(1);
        assertThat(first.nanosUntilDue()).isZero();

        SendSchedule.Claim next = s.claim(10);
        assertThat(next.first).isEqualTo(1);
        assertThat(next.count)
                .as("a record not yet due is claimed alone, to be waited for")
                .isEqualTo(1);
        assertThat(next.nanosUntilDue())
                .as("waits for the first send to start the schedule")
                .isPositive();
        assertThat(first.intendedNanos(0)).as("the first send starts it").isEqualTo(start);
        assertThat(next.nanosUntilDue()).isEqualTo(MS);
        assertThat(next.intendedNanos(0)).isEqualTo(start + MS);

        now.addAndGet(5 * MS);
        SendSchedule.Claim due = s.claim(100);
        assertThat(due.first).isEqualTo(2);
        assertThat(due.count).as("records 2..5 are due at 5 ms").isEqualTo(4);
        for (int i = 0; i < due.count; i++) {
            assertThat(due.intendedNanos(i)).isEqualTo(start + (2 + i) * MS);
        }
    }

    @Test
    void aClaimTakesTheRecordsOfOneWindowAlsoWhenOtherThreadsHoldTheNearerOnes() {
        SendSchedule s = new SendSchedule(RateProfile.of(2000, 0), 0, false, GRACE, 10 * MS, now::get);
        long start = now.get();
        s.claim(100).intendedNanos(0);
        s.start();
        SendSchedule.Claim near = s.claim(100);
        assertThat(near.first).isEqualTo(1);
        assertThat(near.count)
                .as("records 1..21 are due within 10 ms of record 1 (at 0.5 ms)")
                .isEqualTo(21);
        SendSchedule.Claim later = s.claim(100);
        assertThat(later.first).isEqualTo(22);
        assertThat(later.count)
                .as("those held by another thread: the records within 10 ms of record 22 (at 11 ms), not one")
                .isEqualTo(21);
        assertThat(later.intendedNanos(0)).isEqualTo(start + 11 * MS);
        assertThat(later.nanosUntilDue()).isEqualTo(11 * MS);
        assertThat(s.claim(8).count).as("at most the sample's records").isEqualTo(8);
    }

    @Test
    void fractionalRatesKeepTheirAverage() {
        SendSchedule s = schedule(3, 0, false);
        long start = now.get();
        s.claim(1).intendedNanos(0);
        assertThat(s.claim(1).intendedNanos(0)).isEqualTo(start + 333_333_333L);
        assertThat(s.claim(1).intendedNanos(0)).isEqualTo(start + 666_666_666L);
        assertThat(s.claim(1).intendedNanos(0)).isEqualTo(start + 1_000_000_000L);
    }

    @Test
    void behindScheduleItCatchesUpAtMostRecordsPerSampleAtATime() {
        SendSchedule s = schedule(1000, 0, false);
        s.claim(1).intendedNanos(0);
        now.addAndGet(3000 * MS); // a 3 s stall: records 1..3000 are due
        long caught = 0;
        int claims = 0;
        while (caught < 3000) {
            SendSchedule.Claim c = s.claim(100);
            assertThat(c.count).isLessThanOrEqualTo(100);
            assertThat(c.skipped).isZero();
            caught += c.count;
            claims++;
        }
        assertThat(caught).isEqualTo(3000);
        assertThat(claims).isEqualTo(30);
        assertThat(s.skipped()).isZero();
        assertThat(s.behind().stretches())
                .as("still behind: no claim was on time yet")
                .isEqualTo(1);
        assertThat(s.behind().totalMs())
                .as("since record 1 became more than the grace late")
                .isEqualTo(3000 - 1 - 10);

        now.addAndGet(500 * MS); // the catch-up took 0.5 s; records 3001..3500 are due
        SendSchedule.Claim c = s.claim(1000);
        assertThat(c.count).isEqualTo(500);
        SendSchedule.Claim onTime = s.claim(1);
        assertThat(onTime.nanosUntilDue()).isPositive();
        SendSchedule.Behind behind = s.behind();
        assertThat(behind.stretches()).isEqualTo(1);
        assertThat(behind.totalMs()).isEqualTo(3500 - 1 - 10);
        assertThat(behind.longestMs()).isEqualTo(3500 - 1 - 10);
        assertThat(behind.skipped()).isZero();
    }

    @Test
    void recordsWaitForTheFirstSendWhichStartsTheSchedule() {
        SendSchedule s = schedule(1000, 0, true);
        SendSchedule.Claim first = s.claim(10);
        now.addAndGet(800 * MS); // e.g. the first send fetched the topic's metadata
        SendSchedule.Claim second = s.claim(10);
        assertThat(second.count).isEqualTo(1);
        assertThat(second.nanosUntilDue()).isPositive();
        s.start();
        assertThat(first.intendedNanos(0)).isEqualTo(now.get());
        assertThat(second.intendedNanos(0)).isEqualTo(now.get() + MS);
        now.addAndGet(2 * MS);
        assertThat(s.claim(10).count).isEqualTo(1);
        assertThat(s.behind())
                .as("nothing was missed: the wait before the start is no record's")
                .isEqualTo(SendSchedule.Behind.NONE);
    }

    @Test
    void lateWithinTheGraceIsNotBehind() {
        SendSchedule s = schedule(1000, 0, false);
        s.claim(1).intendedNanos(0);
        now.addAndGet(5 * MS);
        s.claim(100);
        now.addAndGet(MS);
        s.claim(100);
        assertThat(s.behind()).isEqualTo(SendSchedule.Behind.NONE);
    }

    @Test
    void skipModeLeavesOutWhatIsMoreThanTheGraceLateAndCountsIt() {
        SendSchedule s = schedule(1000, 0, true);
        s.claim(1).intendedNanos(0);
        now.addAndGet(3000 * MS);
        SendSchedule.Claim c = s.claim(100);
        // records 1..2990 are more than 10 ms late; 2991..3000 are due within the grace
        assertThat(c.skipped).isEqualTo(2990);
        assertThat(c.first).isEqualTo(2991);
        assertThat(c.count).isEqualTo(10);
        assertThat(s.skipped()).isEqualTo(2990);
        now.addAndGet(MS);
        s.claim(100);
        assertThat(s.behind().skipped()).isEqualTo(2990);
        assertThat(s.behind().stretches()).isEqualTo(1);
    }

    @Test
    void theLimitEndsTheScheduleSkippedRecordsIncluded() {
        SendSchedule s = schedule(1000, 50, true);
        s.claim(1).intendedNanos(0);
        now.addAndGet(100 * MS);
        assertThat(s.claim(100)).as("all 49 left were missed").isNull();
        assertThat(s.skipped()).isEqualTo(49);

        SendSchedule t = schedule(1000, 5, false);
        t.claim(1).intendedNanos(0);
        now.addAndGet(100 * MS);
        assertThat(t.claim(100).count).isEqualTo(4);
        assertThat(t.claim(100)).isNull();
    }

    @Test
    void threadsClaimEveryRecordOnceInOrder() throws Exception {
        SendSchedule s = new SendSchedule(RateProfile.of(1e9, 0), 200_000, false, GRACE, 0, System::nanoTime);
        s.start();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<List<long[]>>> results = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            results.add(pool.submit(() -> {
                List<long[]> mine = new ArrayList<>();
                SendSchedule.Claim c;
                while ((c = s.claim(7)) != null) {
                    mine.add(new long[] {c.first, c.count});
                }
                return mine;
            }));
        }
        boolean[] seen = new boolean[200_000];
        for (Future<List<long[]>> f : results) {
            for (long[] c : f.get(30, TimeUnit.SECONDS)) {
                for (long k = c[0]; k < c[0] + c[1]; k++) {
                    assertThat(seen[(int) k]).isFalse();
                    seen[(int) k] = true;
                }
            }
        }
        pool.shutdown();
        for (boolean b : seen) {
            assertThat(b).isTrue();
        }
    }

    @Test
    void aRampUpRaisesTheRateLinearlyThenHoldsIt() {
        SendSchedule s = new SendSchedule(RateProfile.of(1000, 10), 0, false, GRACE, 0, now::get);
        long start = now.get();
        s.claim(1).intendedNanos(0);
        // 5,000 records fall in the 10 s ramp-up (1000/s x 10 s / 2); a quarter of them in its first half
        now.addAndGet(5_000 * MS);
        long due = 0;
        SendSchedule.Claim c = s.claim(1_000_000);
        while (c.nanosUntilDue() <= 0) {
            due += c.count;
            c = s.claim(1_000_000);
        }
        assertThat(1 + due).as("records 0..1250").isEqualTo(1251);
        assertThat(c.first).isEqualTo(1251);
        now.set(start + 10_000 * MS);
        c = s.claim(1_000_000);
        assertThat(c.first + c.count).isEqualTo(5001);
        // then 1000/s: record 5000 + k at 10 s + k ms
        SendSchedule.Claim next = s.claim(1);
        assertThat(next.first).isEqualTo(5001);
        assertThat(next.intendedNanos(0)).isEqualTo(start + 10_001 * MS);
    }

    @Test
    void aClaimTakesTheRecordsDueWithinTheWindowEachToBeSentAtItsTime() {
        SendSchedule s = new SendSchedule(RateProfile.of(2000, 0), 0, false, GRACE, 5 * MS, now::get);
        long start = now.get();
        s.claim(100).intendedNanos(0);
        SendSchedule.Claim c = s.claim(100);
        // records 1..11 are due within 5 ms of record 1's time (0.5 ms): a sample's sends span at most the window
        assertThat(c.first).isEqualTo(1);
        assertThat(c.count).isEqualTo(11);
        assertThat(c.intendedNanos(10)).isEqualTo(start + 5500 * MS / 1000);
        now.addAndGet(5 * MS);
        assertThat(s.claim(4).count).as("at most what the sample takes").isEqualTo(4);
    }

    @Test
    void aRecordIsNotSentBeforeItsTime() {
        SendSchedule s = new SendSchedule(RateProfile.of(100, 0), 0, false, GRACE, 50 * MS, System::nanoTime);
        SendSchedule.Claim c = s.claim(3);
        c.intendedNanos(0);
        long before = System.nanoTime();
        c.awaitDue(2);
        assertThat(System.nanoTime()).isGreaterThanOrEqualTo(c.intendedNanos(2));
        assertThat(System.nanoTime() - before).isLessThan(TimeUnit.SECONDS.toNanos(5));
    }
}
