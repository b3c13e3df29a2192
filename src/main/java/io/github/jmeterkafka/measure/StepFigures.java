package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * One step of a paced run's {@link RateProfile}: the records sent in its time and the rate they make against the
 * step's, and the latencies (from the send, and corrected) of the records meant for it.
 *
 * @param index   from 0
 * @param sent      records acknowledged whose send fell in the step's time
 * @param latencies of the records due in the step (never null: a step is paced)
 * @param startEpochMs when the step began (0: the schedule never started), so a page can mark it
 * @param words     what the sampler calls its records and their latency
 */
public record StepFigures(
        int index,
        int of,
        RateProfile.Step step,
        long sent,
        DueLatencies latencies,
        long startEpochMs,
        WindowWords words) {

    /** A step row's part: "step 1", "step 2", ... */
    public static final String PART = "step ";

    /** Records each step's figures as records are done. Thread-safe. */
    static final class Tally {
        private final SendSchedule schedule;
        private final WindowWords words;
        private final List<RateProfile.Step> steps;
        private final LongAdder[] sent;
        private final ConcurrentHistogram[] latency;
        private final ScheduleFigures.Recorder[] paced;

        Tally(SendSchedule schedule, WindowWords words) {
            this.schedule = schedule;
            this.words = words;
            this.steps = schedule.profile().steps();
            int n = steps.size();
            sent = new LongAdder[n];
            latency = new ConcurrentHistogram[n];
            paced = new ScheduleFigures.Recorder[n];
            for (int i = 0; i < n; i++) {
                sent[i] = new LongAdder();
                latency[i] = new ConcurrentHistogram(3);
                paced[i] = new ScheduleFigures.Recorder();
            }
        }

        void acked(long intendedNanos, long sendNanos, long micros, long correctedMicros, long delayMicros) {
            int bySend = schedule.stepOf(sendNanos);
            if (bySend >= 0) {
                sent[bySend].increment();
            }
            int due = schedule.stepOf(intendedNanos);
            if (due >= 0) {
                latency[due].recordValue(micros);
                paced[due].record(correctedMicros, delayMicros);
            }
        }

        List<StepFigures> figures() {
            List<StepFigures> out = new ArrayList<>(steps.size());
            long start = schedule.startEpochMs();
            for (int i = 0; i < steps.size(); i++) {
                out.add(new StepFigures(
                        i,
                        steps.size(),
                        steps.get(i),
                        sent[i].sum(),
                        new DueLatencies(latency[i].copy(), paced[i].snapshot(SendSchedule.Behind.NONE)),
                        start == 0 ? 0 : start + Math.round(schedule.profile().startSeconds(i) * 1000),
                        words));
            }
            return out;
        }
    }

    public double recordsPerSec() {
        return sent / step.seconds();
    }

    /** The step's own average rate. */
    public double expected() {
        return step.records() / step.seconds();
    }

    /** "step 2 of 3, 4000/s for 20 s: ..." with its rate against the step's and its latencies. */
    public String line() {
        Histogram latency = latencies.latency();
        Histogram c = latencies.paced().correctedMicros();
        return String.format(
                Locale.ROOT,
                "step %d of %d, %s: %d %s sent in it, %.1f %s/sec (%.1f %%); %s %d ms 50th, %d ms"
                        + " 99th, %d ms 99.9th, %d ms 99.99th; corrected %d ms 50th, %d ms 99th, %d ms 99.9th, %d ms"
                        + " 99.99th, %.2f ms max.",
                index + 1,
                of,
                step.describe(),
                sent,
                words.items(),
                recordsPerSec(),
                words.items(),
                expected() > 0 ? 100 * recordsPerSec() / expected() : 0,
                words.latency(),
                latency.getValueAtPercentile(50) / 1000,
                latency.getValueAtPercentile(99) / 1000,
                latency.getValueAtPercentile(99.9) / 1000,
                SummaryRow.p9999Ms(latency),
                c.getValueAtPercentile(50) / 1000,
                c.getValueAtPercentile(99) / 1000,
                c.getValueAtPercentile(99.9) / 1000,
                SummaryRow.p9999Ms(c),
                c.getTotalCount() > 0 ? c.getMaxValue() / 1000.0 : 0);
    }

    /** The step as a summary row: part "step N", its time, its rate against the step's, its latencies. */
    public SummaryRow row(String label) {
        SummaryRow row = new SummaryRow(words.kind(), label, PART + (index + 1))
                .put(SummaryRow.Column.RECORDS, sent)
                .put(SummaryRow.Column.SECONDS, step.seconds(), 3)
                .put(SummaryRow.Column.START_TIME, SummaryRow.time(startEpochMs))
                .put(
                        SummaryRow.Column.END_TIME,
                        SummaryRow.time(startEpochMs == 0 ? 0 : startEpochMs + Math.round(step.seconds() * 1000)))
                .put(SummaryRow.Column.RECORDS_PER_SEC, recordsPerSec(), 1)
                .put(SummaryRow.Column.EXPECTED_RECORDS_PER_SEC, expected(), 1)
                .latency(latencies.latency());
        return latencies.paced().into(row);
    }
}
