package io.github.jmeterkafka.metrics;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples every interval on a daemon thread of its own, writes each tick to the CSV file and hands
 * it to the graph. No JMeter types.
 *
 * <p>Threads: {@link #start} and {@link #stop} run on JMeter's test start/end thread; the
 * recorder's thread alone runs {@link #tick}, and so alone touches the poller. The thread closes
 * the CSV file as it ends; {@link #stop} does when there is no thread.
 */
public final class MetricsRecorder {
    /** Kafka's rates and averages cover 30 s windows (metrics.sample.window.ms): sampling faster adds rows, not news. */
    public static final int DEFAULT_INTERVAL_SECONDS = 5;

    private static final Logger log = LoggerFactory.getLogger(MetricsRecorder.class);

    private final String name;
    private final MetricsPoller poller;
    private final Consumer<List<MetricPoint>> graph;
    private final AtomicReference<MetricsCsv> csv;
    private Thread thread;
    private boolean sampleFailureLogged;
    private final Object ticking = new Object();

    /**
     * @param name  the listener's name, for the thread and log lines
     * @param csv   where rows go, or null
     * @param graph what plots them (the GUI, or nothing)
     */
    public MetricsRecorder(String name, MetricsPoller poller, MetricsCsv csv, Consumer<List<MetricPoint>> graph) {
        this.name = name;
        this.poller = poller;
        this.csv = new AtomicReference<>(csv);
        this.graph = graph;
    }

    /** Samples first one interval from now: the test's clients do not exist yet. */
    public synchronized void start(long intervalMs) {
        thread = new Thread(() -> run(intervalMs), "Kafka Metrics " + name);
        thread.setDaemon(true);
        thread.start();
    }

    private void run(long intervalMs) {
        long next = System.currentTimeMillis() + intervalMs;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                long wait = next - System.currentTimeMillis();
                if (wait > 0) {
                    Thread.sleep(wait);
                }
                tick(next);
                // a tick that overran skips the instants it missed instead of bunching samples
                long now = System.currentTimeMillis();
                next += intervalMs * Math.max(1, (now - next) / intervalMs + 1);
            }
        } catch (InterruptedException e) {
            // stop() was called
        } finally {
            // stop() may have given up waiting for this thread
            closeCsv();
        }
    }

    /** One sample now, besides the interval's: a run shorter than an interval still gets its figures. */
    public void sampleNow() {
        try {
            tick(System.currentTimeMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One sample at {@code timestamp}: to the CSV file, then to the graph. */
    void tick(long timestamp) throws InterruptedException {
        // the recording thread and sampleNow() write one file
        synchronized (ticking) {
            tickLocked(timestamp);
        }
    }

    private void tickLocked(long timestamp) throws InterruptedException {
        List<MetricPoint> points;
        try {
            points = poller.poll(timestamp);
        } catch (RuntimeException e) {
            // one bad reading must not end the recording for the rest of the test
            if (!sampleFailureLogged) {
                sampleFailureLogged = true;
                log.warn(
                        "Kafka Metrics '{}': reading the metrics failed, this tick is skipped: {}", name, e.toString());
            }
            return;
        }
        if (points.isEmpty()) {
            return;
        }
        MetricsCsv file = csv.get();
        if (file != null) {
            try {
                file.write(points);
            } catch (IOException e) {
                if (csv.get() != null) {
                    log.error(
                            "Kafka Metrics '{}': cannot write {}, no more rows go there: {}",
                            name,
                            file.path().toAbsolutePath(),
                            e.toString());
                    closeCsv();
                }
            }
        }
        try {
            graph.accept(points);
        } catch (RuntimeException e) {
            log.debug("Kafka Metrics '{}': the graph refused points", name, e);
        }
    }

    /** Stops the thread, waiting at most {@code timeout} for it, and closes the CSV file. */
    public synchronized void stop(Duration timeout) {
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(Math.max(1, timeout.toMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive()) {
                log.warn(
                        "Kafka Metrics '{}': sampling thread still busy after {} ms; it stops at its next wait",
                        name,
                        timeout.toMillis());
                thread = null;
                return;
            }
            thread = null;
        }
        closeCsv();
    }

    private void closeCsv() {
        MetricsCsv file = csv.getAndSet(null);
        if (file == null) {
            return;
        }
        try {
            file.close();
        } catch (IOException e) {
            log.error(
                    "Kafka Metrics '{}': cannot close {}: {}", name, file.path().toAbsolutePath(), e.toString());
        }
    }
}
