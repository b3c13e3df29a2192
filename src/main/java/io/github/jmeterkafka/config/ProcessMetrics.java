package io.github.jmeterkafka.config;

import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.metrics.MetricsCsv;
import io.github.jmeterkafka.metrics.MetricsPoller;
import io.github.jmeterkafka.metrics.MetricsRecorder;
import java.io.IOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client metrics of this JMeter process, without a listener: when {@code kafka.metrics.file}
 * is set, every process that runs Kafka clients writes their metrics there, as the Kafka Metrics
 * listener would. That is how jmeter-servers keep theirs (the listener runs on the controller).
 * Started by the first Kafka Connection at test start, stopped by the first at test end.
 */
final class ProcessMetrics {
    private static final Logger log = LoggerFactory.getLogger(ProcessMetrics.class);
    private static MetricsRecorder recorder;

    private ProcessMetrics() {}

    static synchronized void start() {
        String file = PluginProperties.get(PluginProperties.METRICS_FILE, "");
        if (recorder != null || file.isEmpty()) {
            return;
        }
        long intervalMs = Math.max(
                        1,
                        PluginProperties.get(
                                PluginProperties.METRICS_INTERVAL_S, MetricsRecorder.DEFAULT_INTERVAL_SECONDS))
                * 1000;
        Path path = Path.of(file);
        try {
            MetricsPoller poller = new MetricsPoller(
                    PluginProperties.get(PluginProperties.METRICS_NAMES, ""),
                    Math.min(10_000, Math.max(5_000, intervalMs)),
                    Connections::all);
            recorder = new MetricsRecorder("process", poller, new MetricsCsv(path), null);
            recorder.start(intervalMs);
            log.info(
                    "Kafka metrics of this process: {} every {} s to {}",
                    poller.names(),
                    intervalMs / 1000,
                    path.toAbsolutePath());
        } catch (IOException | RuntimeException e) {
            log.error(
                    "Cannot write Kafka metrics to {} ({}): {}",
                    path.toAbsolutePath(),
                    PluginProperties.METRICS_FILE,
                    e.toString());
        }
    }

    /** Takes a last sample (the clients are still open) and stops. */
    static synchronized void stop() {
        if (recorder != null) {
            recorder.sampleNow();
            recorder.stop(PluginProperties.closeTimeout());
            recorder = null;
        }
    }
}
