package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateProfileTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void stepsHoldTheirRatesOneAfterTheOther_andTheirRecordsAddUp() {
        RateProfile p = RateProfile.parse("target rate", "1000 for 20s, 4000 for 20 s, 1000/s for 0.5m");

        assertThat(p.steps())
                .extracting(RateProfile.Step::describe)
                .containsExactly("1000/s for 20 s", "4000/s for 20 s", "1000/s for 30 s");
        assertThat(p.totalRecords()).isEqualTo(20_000 + 80_000 + 30_000);
        assertThat(p.totalSeconds()).isEqualTo(70);
        assertThat(p.secondsOf(19_999)).isCloseTo(19.999, within(1e-9));
        assertThat(p.secondsOf(20_000)).isCloseTo(20, within(1e-9));
        assertThat(p.secondsOf(20_004)).as("4000/s").isCloseTo(20.001, within(1e-9));
        assertThat(p.secondsOf(100_000)).isCloseTo(40, within(1e-9));
        assertThat(p.secondsOf(130_000)).as("after the last step").isInfinite();
        assertThat(p.recordsBy(30)).isCloseTo(60_000, within(1e-6));
        assertThat(p.stepAt(25)).isEqualTo(1);
        assertThat(p.stepAt(70)).isEqualTo(-1);
    }

    @Test
    void aRampRisesLinearly_andRecordByRecordTheInverseMeetsTheIntegral() {
        RateProfile p = RateProfile.parse("target rate", "1000-4000 for 10s, 4000-0 for 4s, 0 for 5s, 100 for 1s");

        assertThat(p.totalRecords()).isEqualTo(25_000 + 8_000 + 0 + 100);
        for (double t = 0; t < 20; t += 0.37) {
            double k = p.recordsBy(t);
            if (k < p.totalRecords() && p.stepAt(t) != 2) {
                assertThat(p.secondsOf(k)).as("record due at %s s", t).isCloseTo(t, within(1e-6));
            }
        }
        // the pause sends nothing: the first record after it is due when it ends
        assertThat(p.secondsOf(33_000)).isCloseTo(19, within(1e-9));
        // a plain rate with a ramp-up is the same as before: record k at sqrt(2 ramp k / rate), then ramp/2 + k/rate
        RateProfile plain = RateProfile.of(1000, 10);
        assertThat(plain.secondsOf(200)).isCloseTo(Math.sqrt(2 * 10 * 200 / 1000.0), within(1e-9));
        assertThat(plain.secondsOf(20_000)).isCloseTo(5 + 20, within(1e-9));
        assertThat(plain.totalRecords()).isInfinite();
        assertThat(plain.isWritten()).isFalse();
    }

    @Test
    void aScheduleOnStepsPacesEachStepAndEndsWithTheLast() {
        AtomicLong now = new AtomicLong(-1_000 * MS);
        SendSchedule s = new SendSchedule(
                RateProfile.parse("target rate", "1000 for 1s, 2000 for 1s"), 0, false, 10 * MS, 10 * MS, now::get);
        long start = now.get();
        s.claim(1).intendedNanos(0);
        now.addAndGet(1500 * MS);
        SendSchedule.Claim c = s.claim(100_000);
        // due by 1.5 s: 1000 of the first step, 1000 of the second; the window takes 10 ms more at 2000/s
        assertThat(c.first).isEqualTo(1);
        assertThat(c.first + c.count).isEqualTo(2000 + 20 + 1);
        assertThat(s.stepOf(start + 1_200 * MS)).isEqualTo(1);
        now.addAndGet(1000 * MS);
        SendSchedule.Claim rest = s.claim(100_000);
        assertThat(rest.first + rest.count).as("3000 records in all").isEqualTo(3000);
        assertThat(s.claim(1)).as("the schedule ended with its last step").isNull();
    }

    @Test
    void eachStepsRowSaysWhenItBeganAndEnded_soAPageCanMarkIt() {
        AtomicLong now = new AtomicLong(0);
        SendSchedule s = new SendSchedule(
                RateProfile.parse("target rate", "1000 for 1s, 2000 for 2.5s"), 0, false, 10 * MS, 10 * MS, now::get);
        StepFigures.Tally tally = new StepFigures.Tally(s, WindowWords.PRODUCER);
        assertThat(tally.figures())
                .allSatisfy(f -> assertThat(f.startEpochMs()).as("not started").isZero());
        s.claim(1).intendedNanos(0);

        List<StepFigures> steps = tally.figures();
        long start = s.startEpochMs();
        assertThat(steps).extracting(StepFigures::startEpochMs).containsExactly(start, start + 1000);
        SummaryRow second = steps.get(1).row("p");
        assertThat(second.get(SummaryRow.Column.PART)).isEqualTo("step 2");
        assertThat(SummaryRow.epochMs(second.get(SummaryRow.Column.START_TIME))).isEqualTo(start + 1000);
        assertThat(SummaryRow.epochMs(second.get(SummaryRow.Column.END_TIME))).isEqualTo(start + 3500);
        assertThat(SummaryRow.epochMs("")).isZero();
        assertThat(SummaryRow.epochMs("yesterday")).isZero();
    }

    @Test
    void aStepThatIsNotOneIsAClearError() {
        assertThatThrownBy(() -> RateProfile.parse("target rate", "1000 for 20s, -5 for 10s"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("target rate: '-5 for 10s' is not a step: write RATE for SECONDS");
        assertThatThrownBy(() -> RateProfile.parse("target rate", "1000 for 20s, 4000"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("target rate: '4000' is not a step");
        assertThatThrownBy(() -> RateProfile.parse("target rate", "1000 for 0s"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("target rate: '1000 for 0s' lasts no time");
        assertThatThrownBy(() -> RateProfile.parse("target rate", "0 for 10s"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("target rate: '0 for 10s' has no record to send");
    }

    @Test
    void eachStepHasItsOwnLineAndRow_itsRateBySendTimeItsLatenciesByDueTime() {
        AtomicLong now = new AtomicLong(0);
        SendSchedule s = new SendSchedule(
                RateProfile.parse("target rate", "1000 for 1s, 4000 for 1s"), 0, false, 10 * MS, 10 * MS, now::get);
        s.claim(1).intendedNanos(0);
        ProducerStats stats = new ProducerStats();
        stats.pacedBy(s);
        for (int k = 0; k < 5000; k++) {
            long due = s.intendedNanos(k);
            // the second step's records go 50 ms late and take 20 ms; the first's 2 ms
            long sent = k < 1000 ? due : due + 50 * MS;
            stats.acked(due, sent, sent + (k < 1000 ? 2 : 20) * MS, 1000);
        }

        java.util.List<StepFigures> steps = stats.steps();
        assertThat(steps).hasSize(2);
        assertThat(steps.get(0).line())
                .startsWith("step 1 of 2, 1000/s for 1 s: 1000 records sent in it, 1000.0 records/sec (100.0 %);")
                .contains("send to ack 2 ms 50th");
        // 50 ms of the second step's records were sent after it ended
        assertThat(steps.get(1).line())
                .startsWith("step 2 of 2, 4000/s for 1 s: 3800 records sent in it, 3800.0 records/sec (95.0 %);")
                .contains("send to ack 20 ms 50th", "corrected 70 ms 50th");
        SummaryRow row = steps.get(1).row("p");
        assertThat(row.get(SummaryRow.Column.PART)).isEqualTo("step 2");
        assertThat(row.get(SummaryRow.Column.EXPECTED_RECORDS_PER_SEC)).isEqualTo("4000.0");
        assertThat(row.get(SummaryRow.Column.CORRECTED_P50_MS)).isEqualTo("70");
        assertThat(SummaryLines.producer(stats.summary(), null, Warmup.NONE, 2500, steps, List.of()))
                .contains(steps.get(0).line(), steps.get(1).line());
    }
}
