package io.github.jmeterkafka.prometheus;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pushes the metrics to a Prometheus Pushgateway, replacing its group {@code job/JOB/instance/INSTANCE} each time
 * (HTTP PUT): at each interval and once more at the end, so its last state holds the run's last seconds. One thread
 * pushes; a push asked while one is waiting is the same push. A Pushgateway that does not answer costs one WARN while
 * it does not, and never holds up an interval.
 */
final class Pushgateway {
    private static final Logger log = LoggerFactory.getLogger(Pushgateway.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final URI group;
    private final Supplier<String> text;
    private final HttpClient http;
    private final ExecutorService thread;
    private final AtomicBoolean waiting = new AtomicBoolean();
    private volatile boolean failing;
    private long pushed;
    private long failed;

    /** @param url the Pushgateway, e.g. {@code http://host:9091} */
    Pushgateway(URI url, String job, String instance, Supplier<String> text) {
        String base = url.toString().replaceAll("/+$", "");
        this.group = URI.create(base + "/metrics/job/" + segment(job) + "/instance/" + segment(instance));
        this.text = text;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "kafka-pushgateway");
            t.setDaemon(true);
            return t;
        });
        this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    }

    /** A group's path segment: URL-encoded (the Pushgateway decodes it), never empty. */
    private static String segment(String v) {
        return v.isEmpty() ? "-" : URLEncoder.encode(v, StandardCharsets.UTF_8).replace("+", "%20");
    }

    URI group() {
        return group;
    }

    /** Pushes soon, on the pusher's thread. */
    void pushSoon() {
        if (waiting.compareAndSet(false, true)) {
            thread.execute(() -> {
                waiting.set(false);
                push();
            });
        }
    }

    /** The last push, waited for (bounded), then the thread ends; one line says how the pushes went. */
    void finish() {
        thread.execute(this::push);
        thread.shutdown();
        try {
            if (!thread.awaitTermination(TIMEOUT.toSeconds() + 1, TimeUnit.SECONDS)) {
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
        }
        log.info("Kafka Prometheus metrics: {} pushes to {}, {} failed", pushed, group, failed);
    }

    private void push() {
        try {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(group)
                            .timeout(TIMEOUT)
                            .header("Content-Type", KafkaMetrics.CONTENT_TYPE)
                            .PUT(HttpRequest.BodyPublishers.ofString(text.get(), StandardCharsets.UTF_8))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                failed("HTTP " + r.statusCode() + " " + r.body().strip());
                return;
            }
            pushed++;
            if (failing) {
                failing = false;
                log.info("Kafka Prometheus metrics: {} takes pushes again", group);
            }
        } catch (IOException e) {
            failed(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void failed(String why) {
        failed++;
        if (!failing) {
            failing = true;
            log.warn(
                    "Kafka Prometheus metrics: the Pushgateway {} does not take them ({}); the run goes on, the figures"
                            + " are pushed again at each interval",
                    group,
                    why);
        }
    }
}
