package io.github.jmeterkafka.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.jmeterkafka.measure.HlogHeader;
import io.github.jmeterkafka.measure.Interval;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SamplerSeriesTest {
    private static final long START = 1_764_678_000_000L;

    @TempDir
    Path dir;

    private List<Interval> intervals(HlogFixture fixture) throws Exception {
        return HlogContents.read(HlogHeader.read(fixture.write(dir.resolve("x.hlog"), true))
                        .orElseThrow())
                .intervals();
    }

    @Test
    void oneIntervalPerPointWhenFew() throws Exception {
        HlogFixture fixture = new HlogFixture("producer", "P", START)
                .interval(1000, 500, 20_000, 100, 0)
                .interval(0, 0, 0, 100, 7)
                .interval(500, 1000, 3000, 100, 1);

        SamplerSeries series = SamplerSeries.of(intervals(fixture), 600);

        assertThat(series.bucketMs()).isEqualTo(1000);
        assertThat(series.points()).hasSize(3);
        assertThat(series.records()).isEqualTo(fixture.records());
        assertThat(series.bytes()).isEqualTo(fixture.bytes());
        assertThat(series.failed()).isEqualTo(8);
        SamplerSeries.Point first = series.points().get(0);
        assertThat(first.timeMs()).isEqualTo(START);
        assertThat(first.recordsPerSec()).isEqualTo(1000.0);
        Histogram h = fixture.latencies().get(0);
        assertThat(first.percentilesMs().latency())
                .containsExactly(
                        h.getValueAtPercentile(50) / 1000.0,
                        h.getValueAtPercentile(95) / 1000.0,
                        h.getValueAtPercentile(99) / 1000.0,
                        h.getValueAtPercentile(99.9) / 1000.0,
                        h.getValueAtPercentile(99.99) / 1000.0);
        // no records: no percentiles, a gap in the latency chart
        assertThat(series.points().get(1).percentilesMs().latency()).isEmpty();
        // not paced: no corrected latency, no send delay
        assertThat(series.paced()).isFalse();
        assertThat(series.points())
                .allSatisfy(p -> assertThat(p.percentilesMs().corrected()).isEmpty());
    }

    @Test
    void aPacedLogHasCorrectedAndSendDelayPercentilesFoldedLikeTheLatencies() throws Exception {
        HlogFixture fixture = new HlogFixture("producer", "P", START).interval(0, 0, 0, 100, 0);
        for (int s = 1; s < 1200; s++) {
            fixture.interval(100, 500 + s, 3000 + s, 100, 0).paced(s > 600 && s < 660 ? 250_000 : 2_000);
        }

        SamplerSeries series = SamplerSeries.of(intervals(fixture), 600);

        assertThat(series.paced()).isTrue();
        assertThat(series.bucketMs()).isEqualTo(2000);
        // the first bucket's first interval has no paced records, its second has
        Histogram corrected = fixture.corrected().get(1);
        assertThat(series.points().get(0).percentilesMs().corrected())
                .containsExactly(
                        corrected.getValueAtPercentile(50) / 1000.0,
                        corrected.getValueAtPercentile(95) / 1000.0,
                        corrected.getValueAtPercentile(99) / 1000.0,
                        corrected.getValueAtPercentile(99.9) / 1000.0,
                        corrected.getValueAtPercentile(99.99) / 1000.0);
        Histogram delays = new Histogram(3);
        fixture.sendDelays().subList(610, 612).forEach(delays::add);
        SamplerSeries.Point stall = series.points().get(305);
        assertThat(stall.timeMs()).isEqualTo(START + 610_000);
        assertThat(stall.percentilesMs().sendDelay()[2]).isEqualTo(delays.getValueAtPercentile(99) / 1000.0);
        // the stall shows in the corrected latency, not in the latency from the actual send
        assertThat(stall.percentilesMs().corrected()[2]).isGreaterThan(200.0);
        assertThat(stall.percentilesMs().latency()[2]).isLessThan(5.0);
    }

    @Test
    void longRunsAreFoldedIntoAtMostMaxPointsWithMergedHistograms() throws Exception {
        HlogFixture fixture = new HlogFixture("consumer", "C", START);
        for (int s = 0; s < 1500; s++) {
            fixture.interval(10 + s % 7, 100 + s, 2000 + 10L * s, 10, s % 3 == 0 ? 1 : 0);
        }

        SamplerSeries series = SamplerSeries.of(intervals(fixture), 600);

        assertThat(series.bucketMs()).isEqualTo(3000);
        assertThat(series.points()).hasSize(500);
        assertThat(series.records()).isEqualTo(fixture.records());
        assertThat(series.bytes()).isEqualTo(fixture.bytes());
        assertThat(series.failed()).isEqualTo(fixture.failed());
        Histogram merged = new Histogram(3);
        fixture.latencies().subList(3, 6).forEach(merged::add);
        SamplerSeries.Point p = series.points().get(1);
        assertThat(p.timeMs()).isEqualTo(START + 3000);
        assertThat(p.seconds()).isEqualTo(3.0);
        assertThat(p.recordsPerSec()).isCloseTo(merged.getTotalCount() / 3.0, within(1e-9));
        assertThat(p.percentilesMs().latency()[2]).isEqualTo(merged.getValueAtPercentile(99) / 1000.0);
        assertThat(p.percentilesMs().latency()[3]).isEqualTo(merged.getValueAtPercentile(99.9) / 1000.0);
    }

    @Test
    void noIntervalsNoPoints() {
        assertThat(SamplerSeries.of(List.of(), 600).points()).isEmpty();
    }

    @Test
    void theLimitsOfABucketAreTheMeansOfItsSecondsInTheirShownUnits() {
        List<Interval> seconds = new java.util.ArrayList<>();
        java.util.SortedMap<Long, java.util.Map<io.github.jmeterkafka.measure.LimitSeries, Long>> limits =
                new java.util.TreeMap<>();
        for (int s = 0; s < 4; s++) {
            long t = START + s * 1000L;
            seconds.add(new Interval(t, t + 1000, new Histogram(3), 0, 0, null, null));
            // per mille and µs as the log holds them; the last second has no queue figure
            java.util.Map<io.github.jmeterkafka.measure.LimitSeries, Long> second =
                    new java.util.EnumMap<>(io.github.jmeterkafka.measure.LimitSeries.class);
            second.put(io.github.jmeterkafka.measure.LimitSeries.CORES_BUSY, 900L + 20L * s);
            if (s < 3) {
                second.put(io.github.jmeterkafka.measure.LimitSeries.QUEUE, 1_000L * (s + 1));
            }
            limits.put(t, second);
        }

        SamplerSeries series = SamplerSeries.of(seconds, limits, 2);

        assertThat(series.bucketMs()).isEqualTo(2000);
        assertThat(series.limits()).hasSize(2);
        assertThat(series.limits().get(0))
                .containsEntry(io.github.jmeterkafka.measure.LimitSeries.CORES_BUSY, 91.0)
                .containsEntry(io.github.jmeterkafka.measure.LimitSeries.QUEUE, 1.5);
        assertThat(series.limits().get(1))
                .containsEntry(io.github.jmeterkafka.measure.LimitSeries.CORES_BUSY, 95.0)
                .containsEntry(io.github.jmeterkafka.measure.LimitSeries.QUEUE, 3.0);
        assertThat(SamplerSeries.of(seconds, 2).limits())
                .allSatisfy(p -> assertThat(p).isEmpty());
    }
}
