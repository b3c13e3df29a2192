package io.github.jmeterkafka.measure;

import java.util.Locale;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * What a paced run adds to a summary: each record's latency from its intended send time (corrected for
 * coordinated omission), its wait from the intended to the actual send, and the time the schedule was behind.
 *
 * @param correctedMicros from the intended send time to the ack (or reply), µs
 * @param sendDelayMicros from the intended to the actual send, µs
 */
public record ScheduleFigures(Histogram correctedMicros, Histogram sendDelayMicros, SendSchedule.Behind behind) {

    /** Records a paced run's figures. Thread-safe. */
    public static final class Recorder {
        private final ConcurrentHistogram corrected = new ConcurrentHistogram(3);
        private final ConcurrentHistogram sendDelay = new ConcurrentHistogram(3);

        public void record(long correctedMicros, long sendDelayMicros) {
            corrected.recordValue(Math.max(0, correctedMicros));
            sendDelay.recordValue(Math.max(0, sendDelayMicros));
        }

        public ScheduleFigures snapshot(SendSchedule.Behind behind) {
            return new ScheduleFigures(corrected.copy(), sendDelay.copy(), behind);
        }
    }

    /** The corrected latencies in perf-test's format; {@code what}: "latency", "round trip". */
    public String correctedLine(String what) {
        Histogram h = correctedMicros;
        boolean any = h.getTotalCount() > 0;
        return String.format(
                Locale.ROOT,
                "corrected for the schedule (from the intended send): %.2f ms avg %s, %.2f ms max %s, "
                        + "%d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.",
                any ? h.getMean() / 1000.0 : 0,
                what,
                any ? h.getMaxValue() / 1000.0 : 0,
                what,
                h.getValueAtPercentile(50) / 1000,
                h.getValueAtPercentile(95) / 1000,
                h.getValueAtPercentile(99) / 1000,
                h.getValueAtPercentile(99.9) / 1000);
    }

    /** The wait to be sent, how long the schedule was behind, and what it skipped. */
    public String sendDelayLine() {
        Histogram h = sendDelayMicros;
        boolean any = h.getTotalCount() > 0;
        return String.format(
                        Locale.ROOT,
                        "send delay (intended to actual send): %.2f ms avg, %d ms 50th, %d ms 95th, %d ms 99th, "
                                + "%d ms 99.9th, %.2f ms max; behind schedule %.1f s in %d stretch%s (longest %.1f s), "
                                + "%d records skipped.",
                        any ? h.getMean() / 1000.0 : 0,
                        h.getValueAtPercentile(50) / 1000,
                        h.getValueAtPercentile(95) / 1000,
                        h.getValueAtPercentile(99) / 1000,
                        h.getValueAtPercentile(99.9) / 1000,
                        any ? h.getMaxValue() / 1000.0 : 0,
                        behind.totalMs() / 1000.0,
                        behind.stretches(),
                        behind.stretches() == 1 ? "" : "es",
                        behind.longestMs() / 1000.0,
                        behind.skipped())
                + heldBack();
    }

    /** What held due records back, when anything did: the cluster (through the producer) or the load generator. */
    private String heldBack() {
        // a tenth of a second at least: single slow sends (a pause, a new batch) are no cause
        if (behind.inSendMs() + behind.atLimitMs() < 100) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                " Due records waited %.1f s in the producer's send() (its buffer.memory full: the cluster's pace, or the"
                        + " producer's I/O thread short of CPU) and"
                        + " %.1f s at the threads' in-flight limit (2 x records per sample a thread); any other delay"
                        + " is the load generator's (CPU, threads).",
                behind.inSendMs() / 1000.0,
                behind.atLimitMs() / 1000.0);
    }

    /** Fills the row's corrected latency, send delay and behind-schedule columns. */
    SummaryRow into(SummaryRow row) {
        Histogram c = correctedMicros;
        boolean any = c.getTotalCount() > 0;
        return row.put(SummaryRow.Column.CORRECTED_AVG_MS, any ? c.getMean() / 1000.0 : 0, 2)
                .put(SummaryRow.Column.CORRECTED_MAX_MS, any ? c.getMaxValue() / 1000.0 : 0, 2)
                .put(SummaryRow.Column.CORRECTED_P50_MS, c.getValueAtPercentile(50) / 1000)
                .put(SummaryRow.Column.CORRECTED_P95_MS, c.getValueAtPercentile(95) / 1000)
                .put(SummaryRow.Column.CORRECTED_P99_MS, c.getValueAtPercentile(99) / 1000)
                .put(SummaryRow.Column.CORRECTED_P999_MS, c.getValueAtPercentile(99.9) / 1000)
                .put(SummaryRow.Column.CORRECTED_P9999_MS, SummaryRow.p9999Ms(c))
                .put(SummaryRow.Column.SEND_DELAY_P50_MS, sendDelayMicros.getValueAtPercentile(50) / 1000)
                .put(SummaryRow.Column.SEND_DELAY_P99_MS, sendDelayMicros.getValueAtPercentile(99) / 1000)
                .put(
                        SummaryRow.Column.SEND_DELAY_MAX_MS,
                        sendDelayMicros.getTotalCount() > 0 ? sendDelayMicros.getMaxValue() / 1000.0 : 0,
                        2)
                .put(SummaryRow.Column.BEHIND_S, behind.totalMs() / 1000.0, 3)
                .put(SummaryRow.Column.SKIPPED, behind.skipped());
    }
}
