package io.github.jmeterkafka.listener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.harness.MockConnections;
import io.github.jmeterkafka.metrics.MetricsClients;
import io.github.jmeterkafka.metrics.MetricsCsv;
import io.github.jmeterkafka.metrics.MetricsPoller;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The element without a GUI, as in non-GUI mode; the names saved in .jmx files are pinned
 * (renaming one breaks users' plans) and the GUI has a text for each field.
 */
class KafkaMetricsCollectorTest {
    private static final String NAME = "kafka-metrics-collector-test";

    @Test
    void classAndPropertyNamesArePinned() {
        assertThat(KafkaMetricsCollector.class.getName())
                .isEqualTo("io.github.jmeterkafka.listener.KafkaMetricsCollector");
        assertThat(KafkaMetricsGui.class.getName()).isEqualTo("io.github.jmeterkafka.listener.KafkaMetricsGui");
        assertThat(List.of(
                        KafkaMetricsCollector.METRIC_NAMES,
                        KafkaMetricsCollector.INTERVAL_SECONDS,
                        KafkaMetricsCollector.CSV_FILE))
                .containsExactly("metricNames", "intervalSeconds", "csvFile");
    }

    @Test
    void everyFieldHasALabelAndATooltip() {
        ResourceBundle texts = ResourceBundle.getBundle(KafkaMetricsGui.BUNDLE, Locale.ENGLISH);
        assertThat(texts.getString("displayName")).isEqualTo("Kafka Metrics");
        for (String field : List.of(
                KafkaMetricsCollector.METRIC_NAMES,
                KafkaMetricsCollector.INTERVAL_SECONDS,
                KafkaMetricsCollector.CSV_FILE)) {
            assertThat(texts.getString(field + ".displayName")).isNotBlank();
            assertThat(texts.getString(field + ".shortDescription")).isNotBlank();
        }
        assertThat(texts.getString("fields.title")).isNotBlank();
        assertThat(texts.getString("graph.yAxis")).isNotBlank();
    }

    @Test
    void withoutGuiItWritesTheCsvFileWhileTheTestRuns(@TempDir Path dir) throws Exception {
        MetricsClients clients = new MetricsClients();
        Connection connection = MockConnections.bind(clients.connection(NAME));
        try {
            connection.sharedProducer();
            clients.record(0, "producer-metrics", "record-send-rate", 12.5);
            Path file = dir.resolve("metrics.csv");
            KafkaMetricsCollector c = new KafkaMetricsCollector();
            c.setName("metrics");
            c.setMetricNames("record-send-rate");
            c.setIntervalSeconds("1");
            c.setCsvFile(file.toString());

            c.testStarted();
            c.sampleOccurred(null);
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> Files.readAllLines(file).size() >= 3);
            c.testEnded();

            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            assertThat(lines.get(0)).isEqualTo(MetricsCsv.HEADER);
            assertThat(lines.subList(1, lines.size()))
                    .allSatisfy(l -> assertThat(l).endsWith(",record-send-rate,12.5"));
            Thread.sleep(1500);
            assertThat(Files.readAllLines(file, StandardCharsets.UTF_8))
                    .as("no rows after the test")
                    .hasSameSizeAs(lines);
        } finally {
            MockConnections.unbind(NAME);
        }
    }

    @Test
    void anIntervalThatIsNoWholeNumberFallsBackToTheDefault() {
        KafkaMetricsCollector c = new KafkaMetricsCollector();
        c.setIntervalSeconds("0.5");
        assertThat(c.intervalSeconds()).isEqualTo(KafkaMetricsCollector.DEFAULT_INTERVAL_SECONDS);
        c.setIntervalSeconds(" 2 ");
        assertThat(c.intervalSeconds()).isEqualTo(2);
    }

    @Test
    void defaults() {
        KafkaMetricsCollector c = new KafkaMetricsCollector();
        assertThat(c.getMetricNames()).isEqualTo(MetricsPoller.DEFAULT_NAMES);
        assertThat(c.getIntervalSeconds()).isEqualTo("5");
        assertThat(c.getCsvFile()).isEmpty();
    }
}
