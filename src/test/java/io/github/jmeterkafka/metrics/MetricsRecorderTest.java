package io.github.jmeterkafka.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.client.Connection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sampling thread: every interval to the CSV file and the graph; stopped within the timeout. */
class MetricsRecorderTest {
    @TempDir
    Path dir;

    /** A connection whose shared producer reports this record-send-rate. */
    private static Connection producerSendingAt(double rate) {
        MetricsClients clients = new MetricsClients();
        Connection connection = clients.connection("kafka");
        connection.sharedProducer();
        clients.record(0, "producer-metrics", "record-send-rate", rate);
        return connection;
    }

    @Test
    void samplesEveryIntervalIntoTheFileAndTheGraphUntilStopped() throws Exception {
        Connection connection = producerSendingAt(7);
        Path file = dir.resolve("m.csv");
        List<MetricPoint> plotted = new CopyOnWriteArrayList<>();
        MetricsRecorder recorder = new MetricsRecorder(
                "test",
                new MetricsPoller("record-send-rate", 500, () -> List.of(connection)),
                new MetricsCsv(file),
                plotted::addAll);

        recorder.start(50);
        await().atMost(Duration.ofSeconds(10)).until(() -> plotted.size() >= 3);
        long t0 = System.nanoTime();
        recorder.stop(Duration.ofSeconds(5));
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(2));
        int rows = plotted.size();
        Thread.sleep(150);
        assertThat(plotted).hasSize(rows);

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines.get(0)).isEqualTo(MetricsCsv.HEADER);
        assertThat(lines.subList(1, lines.size()))
                .hasSize(rows)
                .allSatisfy(l -> assertThat(l).matches("\\d+,test-host-\\d+-producer-1,record-send-rate,7"));
        // timestamps step by the interval, not by how long a tick took (a tick that overran on a busy machine
        // skips the instants it missed: a whole number of intervals)
        long step = plotted.get(1).timestamp - plotted.get(0).timestamp;
        assertThat(step).isPositive();
        assertThat(step % 50).isZero();
        connection.close(Duration.ZERO);
    }

    @Test
    void aGraphThatThrowsDoesNotStopTheFile() throws Exception {
        Connection connection = producerSendingAt(1);
        Path file = dir.resolve("m.csv");
        MetricsRecorder recorder = new MetricsRecorder(
                "test",
                new MetricsPoller("record-send-rate", 500, () -> List.of(connection)),
                new MetricsCsv(file),
                points -> {
                    throw new IllegalStateException("no graph");
                });
        recorder.tick(1);
        recorder.tick(2);
        recorder.stop(Duration.ofSeconds(1));
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).hasSize(3);
        connection.close(Duration.ZERO);
    }

    @Test
    void aReadingThatFailsSkipsOneTick_notTheRestOfTheTest() throws Exception {
        Connection connection = producerSendingAt(1);
        Path file = dir.resolve("m.csv");
        AtomicBoolean fail = new AtomicBoolean(true);
        MetricsRecorder recorder = new MetricsRecorder(
                "test",
                new MetricsPoller("record-send-rate", 500, () -> {
                    if (fail.getAndSet(false)) {
                        throw new IllegalStateException("a gauge that throws");
                    }
                    return List.of(connection);
                }),
                new MetricsCsv(file),
                points -> {});
        recorder.tick(1);
        recorder.tick(2);
        recorder.stop(Duration.ofSeconds(1));
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).hasSize(2);
        connection.close(Duration.ZERO);
    }
}
