package io.github.jmeterkafka.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.measure.HlogHeader;
import io.github.jmeterkafka.measure.Interval;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HlogContentsTest {
    private static final long START = 1_764_678_000_123L;

    @TempDir
    Path dir;

    @Test
    void readsHeaderIntervalsAndSummaryRows() throws Exception {
        HlogFixture log = new HlogFixture("producer", "Produce, \"1 KB\"", START)
                .interval(100, 1000, 5000, 1024, 0)
                .interval(200, 2000, 9000, 1024, 3)
                .summary("producer,\"Produce, \"\"1 KB\"\"\",all,300,3,0.2930,2.00,150.0,0.15,4.10,9.00,3,8,9,9,,,,,,,")
                .summary(
                        "producer,\"Produce, \"\"1 KB\"\"\",steady,200,3,0.1953,1.00,200.0,0.20,5.50,9.00,5,8,9,9,,,,,,,2000");
        Path file = log.write(dir.resolve("p.hlog"), true);

        HlogHeader header = HlogHeader.read(file).orElseThrow();
        assertThat(header.label()).isEqualTo("Produce, \"1 KB\"");
        assertThat(header.kind()).isEqualTo("producer");
        assertThat(header.latency()).isEqualTo("send-to-ack");
        assertThat(header.startMs()).isEqualTo(START);

        HlogContents contents = HlogContents.read(header);
        assertThat(contents.intervals()).hasSize(2);
        Interval second = contents.intervals().get(1);
        assertThat(second.startMs()).isEqualTo(START + 1000);
        assertThat(second.endMs()).isEqualTo(START + 2000);
        assertThat(second.records()).isEqualTo(200);
        assertThat(second.bytes()).isEqualTo(200 * 1024);
        assertThat(second.failed()).isEqualTo(3);
        assertThat(second.latencyMicros()).isEqualTo(log.latencies().get(1));

        SummaryTable summary = contents.summary();
        assertThat(summary.missing()).isFalse();
        // kind and label are the section's title; consumer-only columns are empty in every row
        assertThat(summary.columns())
                .containsExactly(
                        "part",
                        "records",
                        "failed records",
                        "MB",
                        "seconds",
                        "records/sec",
                        "MB/sec",
                        "avg latency (ms)",
                        "max latency (ms)",
                        "50th (ms)",
                        "95th (ms)",
                        "99th (ms)",
                        "99.9th (ms)",
                        "expected records/sec");
        assertThat(summary.rows()).hasSize(2);
        assertThat(summary.rows().get(0)).startsWith("all", "300", "3").endsWith("");
        assertThat(summary.rows().get(1)).startsWith("steady").endsWith("2000");
    }

    @Test
    void aPacedLogHasItsCorrectedLatenciesSendDelaysAndTheirSummaryColumns() throws Exception {
        // the first interval ends before the schedule's first record: no paced histograms in it
        HlogFixture log = new HlogFixture("producer", "Paced", START)
                .interval(0, 0, 0, 1024, 0)
                .interval(100, 1000, 5000, 1024, 0)
                .paced(40_000)
                .summary("producer,Paced,all,100,0,0.0977,1.00,100.0,0.10,3.00,5.00,3,5,5,5,,,,,,,100.0,"
                        + "23.01,45.00,23,43,45,45,20,40,40.00,0.350,0");
        Path file = log.write(dir.resolve("paced.hlog"), true);

        HlogContents contents = HlogContents.read(HlogHeader.read(file).orElseThrow());

        assertThat(contents.intervals()).hasSize(2);
        assertThat(contents.intervals().get(0).correctedMicros()).isNull();
        assertThat(contents.intervals().get(0).sendDelayMicros()).isNull();
        Interval paced = contents.intervals().get(1);
        assertThat(paced.records()).isEqualTo(100);
        assertThat(paced.latencyMicros()).isEqualTo(log.latencies().get(1));
        assertThat(paced.correctedMicros()).isEqualTo(log.corrected().get(1));
        assertThat(paced.sendDelayMicros()).isEqualTo(log.sendDelays().get(1));
        assertThat(contents.summary().columns())
                .endsWith(
                        "expected records/sec",
                        "corrected avg (ms)",
                        "corrected max (ms)",
                        "corrected 50th (ms)",
                        "corrected 95th (ms)",
                        "corrected 99th (ms)",
                        "corrected 99.9th (ms)",
                        "send delay 50th (ms)",
                        "send delay 99th (ms)",
                        "send delay max (ms)",
                        "behind schedule (s)",
                        "skipped records");
        assertThat(contents.summary().rows().get(0)).endsWith("45", "20", "40", "40.00", "0.350", "0");
    }

    @Test
    void aLogWithoutSummaryStillHasItsIntervals() throws Exception {
        Path file = new HlogFixture("consumer", "Consume", START)
                .interval(10, 100, 900, 10, 0)
                .write(dir.resolve("c.hlog"), false);

        HlogHeader header = HlogHeader.read(file).orElseThrow();
        HlogContents contents = HlogContents.read(header);

        assertThat(header.consumer()).isTrue();
        assertThat(header.latency()).isEqualTo("end-to-end");
        assertThat(contents.intervals())
                .singleElement()
                .extracting(Interval::records)
                .isEqualTo(10L);
        assertThat(contents.summary().missing()).isTrue();
    }

    @Test
    void aFileWithoutKafkaLabelIsNotALogOfASampler() throws Exception {
        Path file = java.nio.file.Files.writeString(
                dir.resolve("other.hlog"),
                "#[StartTime: 1764678000.123 (seconds since epoch), x]\n\"StartTimestamp\",\"Interval_Length\"\n");

        assertThat(HlogHeader.read(file)).isEmpty();
        assertThat(SummaryTable.parse(HlogFixture.SUMMARY_HEADER, List.of()).missing())
                .isTrue();
    }
}
