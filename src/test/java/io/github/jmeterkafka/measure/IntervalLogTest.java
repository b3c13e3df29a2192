package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalLogTest {

    @Test
    void eachIntervalHoldsTheLimitsProbesLastSecondAndTheFeedPassesThemOn(@TempDir Path dir) throws Exception {
        LimitSample second = new LimitSample(
                1,
                new LimitSample.Generator(0.973, 0.41, 2, 12, 8),
                new LimitSample.Client(2.5, Double.NaN, 0.5, 0, 0, 0, Double.NaN),
                java.util.Map.of(1, 4.25, 2, 31.5),
                null);
        // the feed is the JVM's: other tests' logs may publish meanwhile, so this one's label is its own
        String label = "limits-" + System.nanoTime();
        List<IntervalFigures> fed = new CopyOnWriteArrayList<>();
        Consumer<IntervalFigures> feed = fed::add;
        IntervalFeed.subscribe(feed);
        try {
            IntervalLog log = IntervalLog.open(dir, "producer", label, "send-to-ack", 60_000);
            log.watchLimits(() -> second);
            log.record(1000, 10);
            log.close(List.of());
        } finally {
            IntervalFeed.unsubscribe(feed);
        }

        var limits = IntervalLogReader.limits(dir.resolve(IntervalLog.fileName(label)));
        assertThat(limits).hasSize(1);
        // what was not read (the buffer wait, replication) is absent, never 0
        assertThat(limits.values().iterator().next())
                .containsExactlyEntriesOf(new java.util.EnumMap<>(java.util.Map.of(
                        LimitSeries.CORES_BUSY, 973L,
                        LimitSeries.JVM_CPU, 410L,
                        LimitSeries.GC_PAUSE, 12L,
                        LimitSeries.QUEUE, 2_500L,
                        LimitSeries.THROTTLE, 0L,
                        LimitSeries.SLOWEST_BROKER, 31_500L)));
        assertThat(fed.stream().filter(f -> f.label().equals(label)))
                .singleElement()
                .satisfies(f -> assertThat(f.limits()).isEqualTo(limits.get(limits.firstKey())));
        // the intervals themselves read as before
        assertThat(IntervalLogReader.intervals(dir.resolve(IntervalLog.fileName(label))))
                .singleElement()
                .satisfies(i -> assertThat(i.records()).isEqualTo(1));
    }

    @Test
    void hdrHistogramsOwnReaderReadsTheLatenciesAndTheTaggedCounters(@TempDir Path dir) throws Exception {
        IntervalLog log = IntervalLog.open(dir, "producer", "Produce, 1 KB", "send-to-ack", 60_000);
        for (int i = 1; i <= 1000; i++) {
            log.record(i * 10L, 1000);
        }
        log.failed(3);
        ProducerStats stats = new ProducerStats();
        stats.acked(0, 5_000_000L, 1000);
        log.close(List.of(stats.summary().row("Produce, 1 KB", SummaryRow.ALL, 2000)));

        Path file = dir.resolve(IntervalLog.fileName("Produce, 1 KB"));
        assertThat(file.getFileName().toString()).startsWith("Produce__1_KB-").endsWith(".hlog");
        long latencies = 0;
        long bytes = 0;
        long failed = 0;
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
            org.HdrHistogram.Histogram histogram = (org.HdrHistogram.Histogram) h;
            if (h.getTag() == null) {
                latencies += histogram.getTotalCount();
                assertThat(histogram.getValueAtPercentile(50)).isBetween(4990L, 5010L);
            } else if (h.getTag().equals("bytes")) {
                bytes += histogram.getTotalCount();
            } else if (h.getTag().equals("failed")) {
                failed += histogram.getTotalCount();
            }
        }
        assertThat(latencies).isEqualTo(1000);
        assertThat(bytes).isEqualTo(1000 * 1000);
        assertThat(failed).isEqualTo(3);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(text)
                .contains(
                        "#kafka.kind=producer\n",
                        "#kafka.label=Produce, 1 KB\n",
                        "#kafka.latency=send-to-ack\n",
                        "#kafka.summary.header=" + SummaryRow.header() + "\n",
                        "#kafka.summary=producer,\"Produce, 1 KB\",all,1,0,0.0010,");
        assertThat(text).contains(",2000.0,");
    }

    @Test
    void theFeedGetsEachIntervalAsWrittenEvenWhenNoFileIs() throws Exception {
        // the feed is the process's: other tests' logs may feed it meanwhile
        String label = "Read-" + System.nanoTime();
        List<IntervalFigures> fed = new CopyOnWriteArrayList<>();
        Consumer<IntervalFigures> subscriber = f -> {
            if (f.label().equals(label)) {
                fed.add(f);
            }
        };
        assertThat(IntervalLog.open(null, "consumer", label, "end-to-end", 60_000))
                .as("no file and no subscriber: no log")
                .isNull();
        IntervalFeed.subscribe(subscriber);
        try {
            IntervalLog log = IntervalLog.open(null, "consumer", label, "end-to-end", 60_000);
            assertThat(IntervalFeed.keepsIntervals(label)).isTrue();
            for (int i = 1; i <= 100; i++) {
                log.record(i * 1000L, 10);
            }
            log.failed(2);
            log.close(List.of());
            assertThat(fed).singleElement().satisfies(f -> {
                assertThat(f.kind()).isEqualTo("consumer");
                assertThat(f.latency()).isEqualTo("end-to-end");
                assertThat(f.records()).isEqualTo(100);
                assertThat(f.interval().latencyMicros().getValueAtPercentile(50))
                        .isBetween(49_950L, 50_050L);
                assertThat(f.interval().bytes()).isEqualTo(1000);
                assertThat(f.interval().failed()).isEqualTo(2);
                assertThat(f.interval().correctedMicros()).isNull();
                assertThat(f.interval().endMs())
                        .isGreaterThanOrEqualTo(f.interval().startMs());
            });
        } finally {
            IntervalFeed.unsubscribe(subscriber);
        }
    }

    @Test
    void twoLabelsNeverShareAFile() {
        assertThat(IntervalLog.fileName("a b")).isNotEqualTo(IntervalLog.fileName("a_b"));
        assertThat(IntervalLog.fileName("plain-label_1.x")).isEqualTo("plain-label_1.x.hlog");
    }
}
