package io.github.jmeterkafka.listener;

import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.metrics.MetricPoint;
import io.github.jmeterkafka.metrics.MetricsCsv;
import io.github.jmeterkafka.metrics.MetricsPoller;
import io.github.jmeterkafka.metrics.MetricsRecorder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import kg.apc.jmeter.vizualizers.CorrectedResultCollector;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.samplers.SampleEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka Metrics: while a test runs, samples chosen metrics of the plugin's Kafka clients and the
 * lag of their consumer groups every few seconds, writes them to a CSV file and, in the GUI,
 * plots them ({@link KafkaMetricsGui}). The samplers' own results are ignored.
 *
 * <p>Threads: one instance per test (a ResultCollector is never cloned per thread); test start and
 * end run on JMeter's engine thread, sampling on the recorder's thread. Only the clients of this
 * JVM are seen: in distributed testing the listener runs on the controller, which has none.
 */
public class KafkaMetricsCollector extends CorrectedResultCollector {
    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(KafkaMetricsCollector.class);

    // saved in .jmx files: never rename
    public static final String METRIC_NAMES = "metricNames";
    public static final String INTERVAL_SECONDS = "intervalSeconds";
    public static final String CSV_FILE = "csvFile";

    static final String DEFAULT_METRIC_NAMES = MetricsPoller.DEFAULT_NAMES;
    static final int DEFAULT_INTERVAL_SECONDS = MetricsRecorder.DEFAULT_INTERVAL_SECONDS;
    // a lag query waits for a group coordinator, which a busy broker can be slow to give
    private static final long MIN_LAG_TIMEOUT_MS = 5_000;
    private static final long MAX_LAG_TIMEOUT_MS = 10_000;

    private transient MetricsRecorder recorder;

    public KafkaMetricsCollector() {
        setMetricNames(DEFAULT_METRIC_NAMES);
        setIntervalSeconds(Integer.toString(DEFAULT_INTERVAL_SECONDS));
        setCsvFile("");
    }

    public String getMetricNames() {
        return getPropertyAsString(METRIC_NAMES);
    }

    public void setMetricNames(String names) {
        setProperty(METRIC_NAMES, names);
    }

    public String getIntervalSeconds() {
        return getPropertyAsString(INTERVAL_SECONDS);
    }

    public void setIntervalSeconds(String seconds) {
        setProperty(INTERVAL_SECONDS, seconds);
    }

    public String getCsvFile() {
        return getPropertyAsString(CSV_FILE);
    }

    public void setCsvFile(String file) {
        setProperty(CSV_FILE, file);
    }

    @Override
    public void testStarted(String host) {
        super.testStarted(host);
        synchronized (this) {
            // a distributed test calls this once per server
            if (recorder != null) {
                return;
            }
            long intervalMs = intervalSeconds() * 1000L;
            MetricsPoller poller = new MetricsPoller(
                    getMetricNames(),
                    Math.min(MAX_LAG_TIMEOUT_MS, Math.max(MIN_LAG_TIMEOUT_MS, intervalMs)),
                    Connections::all);
            recorder = new MetricsRecorder(getName(), poller, openCsv(), this::plot);
            recorder.start(intervalMs);
            log.info("Kafka Metrics '{}': sampling {} every {} s", getName(), poller.names(), intervalMs / 1000);
        }
    }

    @Override
    public void testEnded(String host) {
        MetricsRecorder r;
        synchronized (this) {
            r = recorder;
            recorder = null;
        }
        if (r != null) {
            r.stop(PluginProperties.closeTimeout());
        }
        super.testEnded(host);
    }

    /** The samplers' results are not metrics. */
    @Override
    public void sampleOccurred(SampleEvent event) {
        // ignored
    }

    int intervalSeconds() {
        String text = getIntervalSeconds().trim();
        try {
            int s = Integer.parseInt(text);
            if (s >= 1) {
                return s;
            }
        } catch (NumberFormatException e) {
            // below
        }
        log.error(
                "Kafka Metrics '{}': sample interval '{}' is not a whole number of seconds >= 1; sampling every {} s",
                getName(),
                text,
                DEFAULT_INTERVAL_SECONDS);
        return DEFAULT_INTERVAL_SECONDS;
    }

    private MetricsCsv openCsv() {
        String file = getCsvFile().trim();
        if (file.isEmpty()) {
            if (JMeter.isNonGUI()) {
                log.warn("Kafka Metrics '{}': no CSV file set, so in non-GUI mode its metrics are not kept", getName());
            }
            return null;
        }
        Path path = Path.of(file);
        try {
            MetricsCsv csv = new MetricsCsv(path);
            log.info("Kafka Metrics '{}': writing to {}", getName(), path.toAbsolutePath());
            return csv;
        } catch (IOException | RuntimeException e) {
            log.error("Kafka Metrics '{}': cannot write to {}: {}", getName(), path.toAbsolutePath(), e.toString());
            return null;
        }
    }

    // runs on the recorder's thread, as JMeter's sampler threads feed other visualizers
    private void plot(List<MetricPoint> points) {
        if (getVisualizer() == null) {
            return;
        }
        for (MetricPoint p : points) {
            sendToVisualizer(new MetricSampleResult(p));
        }
    }
}
