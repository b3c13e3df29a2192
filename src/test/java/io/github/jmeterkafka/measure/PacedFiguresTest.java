package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a paced run adds to the summary, its rows, the interval log and the merge of distributed runs. */
class PacedFiguresTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    /** 100 records due 1 ms apart; the first 10 waited 500 ms to be sent (a stall), each then took 2 ms to its ack. */
    private static ProducerStats stalled(SendSchedule schedule) {
        ProducerStats stats = new ProducerStats();
        stats.pacedBy(schedule);
        stats.sending(0);
        for (int i = 0; i < 100; i++) {
            long intended = i * MS;
            long sent = i < 10 ? 500 * MS : intended;
            stats.acked(intended, sent, sent + 2 * MS, 1000);
        }
        return stats;
    }

    @Test
    void theCorrectedLatencyCountsFromTheIntendedSend_theUncorrectedFromTheActualOne() {
        ProducerStats.Summary s = stalled(
                        new SendSchedule(RateProfile.of(1000, 0), 0, false, 10 * MS, 0, System::nanoTime))
                .summary();

        assertThat(s.p99Ms).as("send to ack").isEqualTo(2);
        assertThat(s.maxMs).isLessThan(2.01);
        List<String> lines = SummaryLines.producer(s, null, Warmup.NONE, 1000);
        assertThat(lines.get(1))
                .startsWith("corrected for the schedule (from the intended send): ")
                .contains("502.", "ms max latency, 2 ms 50th, 497 ms 95th, 501 ms 99th, 502 ms 99.9th.");
        assertThat(lines.get(2))
                .startsWith("send delay (intended to actual send): ")
                .contains("0 ms 50th, 495 ms 95th, 499 ms 99th")
                .endsWith("behind schedule 0.0 s in 0 stretches (longest 0.0 s), 0 records skipped.");
        SummaryRow row = s.row("p", SummaryRow.ALL, 1000);
        assertThat(row.get(SummaryRow.Column.P99_MS)).isEqualTo("2");
        assertThat(row.get(SummaryRow.Column.CORRECTED_P99_MS)).isEqualTo("501");
        assertThat(row.get(SummaryRow.Column.SEND_DELAY_P99_MS)).isEqualTo("499");
        assertThat(row.get(SummaryRow.Column.SKIPPED)).isEqualTo("0");
    }

    @Test
    void theSendDelayLineSaysWhatHeldDueRecordsBack_theProducersSendOrTheThreadsLimit_andMergesSumThem() {
        SendSchedule schedule = new SendSchedule(RateProfile.of(1000, 0), 0, false, 10 * MS, 0, System::nanoTime);
        schedule.heldInSend(0, 1500 * MS);
        // two threads blocked at once count once
        schedule.heldInSend(1000 * MS, 1500 * MS);
        schedule.heldAtLimit(0, 250 * MS);
        ProducerStats.Summary s = stalled(schedule).summary();

        assertThat(SummaryLines.producer(s, null, Warmup.NONE, 1000).get(2))
                .contains(
                        "0 records skipped. Due records waited 1.5 s in the producer's send() (its buffer.memory full:"
                                + " the cluster's pace, or the producer's I/O thread short of CPU) and 0.3 s at the threads'"
                                + " in-flight limit");
        SendSchedule.Behind merged = schedule.behind().plus(schedule.behind());
        assertThat(merged.inSendMs()).isEqualTo(3000);
        assertThat(merged.atLimitMs()).isEqualTo(500);
    }

    @Test
    void anUnpacedRunPrintsAndWritesWhatItDidBefore() {
        ProducerStats stats = new ProducerStats();
        stats.acked(0, 2 * MS, 1000);
        ProducerStats.Summary s = stats.summary();
        assertThat(s.isPaced()).isFalse();
        assertThat(SummaryLines.producer(s, null, Warmup.NONE, 0)).hasSize(3);
        assertThat(s.row("p", SummaryRow.ALL, 0).get(SummaryRow.Column.CORRECTED_P99_MS))
                .isEmpty();
    }

    @Test
    void theIntervalLogTagsThePacedLatencies(@TempDir Path dir) throws Exception {
        IntervalLog log = IntervalLog.open(dir, "producer", "paced", "send-to-ack", 60_000);
        ProducerStats stats =
                stalled(new SendSchedule(RateProfile.of(1000, 0), 0, false, 10 * MS, 0, System::nanoTime));
        stats.logIntervals(log);
        stats.acked(0, 300 * MS, 302 * MS, 1000);
        log.close(List.of(stats.summary().row("paced", SummaryRow.ALL, 0)));

        Histogram corrected = new Histogram(3);
        Histogram delay = new Histogram(3);
        HistogramLogReader reader =
                new HistogramLogReader(dir.resolve("paced.hlog").toFile());
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
            if ("corrected".equals(h.getTag())) {
                corrected.add((Histogram) h);
            } else if ("send-delay".equals(h.getTag())) {
                delay.add((Histogram) h);
            }
        }
        assertThat(corrected.getTotalCount()).isEqualTo(1);
        assertThat(corrected.getMaxValue()).isBetween(301_000L, 303_000L);
        assertThat(delay.getMaxValue()).isBetween(299_000L, 301_000L);
    }

    @Test
    void theMergeOfServersKeepsEveryRecordsCorrectedLatencyAndSumsTheTimeBehind() {
        MergedRun run = new MergedRun(ProducerStats.Summary.KIND, Warmup.NONE, null);
        SendSchedule.Behind oneSecond = new SendSchedule.Behind(1000, 1000, 1, 0);
        SendSchedule.Behind twoSeconds = new SendSchedule.Behind(2000, 1500, 2, 5);
        run.add(figures("h1:1099", 1_000_000, SendSchedule.Behind.NONE));
        run.add(figures("h1:1099", 1_000_000, oneSecond));
        run.add(figures("h2:1099", 3_000, twoSeconds));

        List<String> lines = run.lines();
        assertThat(lines.get(1)).startsWith("corrected for the schedule").contains("1000.", "ms max latency");
        assertThat(lines.get(2)).endsWith("behind schedule 3.0 s in 3 stretches (longest 1.5 s), 5 records skipped.");
        assertThat(lines)
                .anyMatch(l -> l.startsWith("server h1:1099: corrected for the schedule"))
                .anyMatch(l -> l.startsWith("server h2:1099: send delay")
                        && l.endsWith("behind schedule 2.0 s in 2 stretches (longest 1.5 s), 5 records skipped."));
        assertThat(run.rows("p").get(0).get(SummaryRow.Column.BEHIND_S)).isEqualTo("3.000");
    }

    private static SampleFigures figures(String server, int correctedMicros, SendSchedule.Behind behind) {
        return SampleFigures.produced(new int[] {2000}, 1, 0, 1000, 0)
                .from(server, 1000, 2000)
                .paced(new int[] {correctedMicros}, new int[] {correctedMicros - 2000}, behind);
    }
}
