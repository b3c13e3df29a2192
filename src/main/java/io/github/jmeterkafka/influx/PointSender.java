package io.github.jmeterkafka.influx;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes lines to InfluxDB's HTTP write endpoint (1.x {@code /write?db=}, 2.x {@code /api/v2/write?org=&bucket=}
 * with a token) from a bounded queue on a thread of its own, so that no sampler and no interval timer ever waits on
 * InfluxDB. A full queue or a failed write drops lines, counted; each kind of failure is logged once.
 *
 * <p>Threads: {@link #offer} from any thread (the interval log timer); the sender thread does all HTTP;
 * {@link #finish} from the thread that ends the test. The sender thread is not a daemon so that the last intervals
 * are written before the JVM exits, and it ends by a deadline.
 */
final class PointSender {
    private static final Logger log = LoggerFactory.getLogger(PointSender.class);
    private static final int BATCH = 5000;
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final long RETRY_PAUSE_MS = 1000;

    private final URI url;
    private final String token;
    private final BlockingQueue<String> queue;
    private final HttpClient http;
    private final Thread thread;
    private final Set<String> failureKinds = ConcurrentHashMap.newKeySet();
    private final LongAdder written = new LongAdder();
    private final LongAdder queueFull = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private volatile boolean finishing;
    private volatile long deadlineNanos;
    private volatile BooleanSupplier moreToCome = () -> false;
    private volatile Runnable whenDone = () -> {};

    /** @param token InfluxDB 2.x's API token, or empty */
    PointSender(URI url, String token, int capacity) {
        this.url = url;
        this.token = token;
        this.queue = new ArrayBlockingQueue<>(Math.max(1, capacity));
        this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        this.thread = new Thread(this::run, "kafka-influxdb-sender");
    }

    void start() {
        thread.start();
    }

    /** Queues a line, or counts it dropped when the queue is full; never waits. */
    void offer(String line) {
        if ((finishing && System.nanoTime() - deadlineNanos > 0) || !queue.offer(line)) {
            queueFull.increment();
        }
    }

    /**
     * Writes what is queued and what comes while {@code moreToCome} holds, until {@code deadline}; then runs {@code
     * whenDone}, reports the counts and ends. Returns at once.
     */
    void finish(BooleanSupplier moreToCome, Duration deadline, Runnable whenDone) {
        this.moreToCome = moreToCome;
        this.whenDone = whenDone;
        deadlineNanos = System.nanoTime() + deadline.toNanos();
        finishing = true;
    }

    private void run() {
        List<String> batch = new ArrayList<>(BATCH);
        while (true) {
            boolean pastDeadline = finishing && System.nanoTime() - deadlineNanos > 0;
            if (finishing && (pastDeadline || (queue.isEmpty() && !moreToCome.getAsBoolean()))) {
                break;
            }
            String first;
            try {
                first = queue.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            if (first == null) {
                continue;
            }
            batch.add(first);
            queue.drainTo(batch, BATCH - 1);
            boolean ok = write(batch);
            batch.clear();
            if (!ok && !finishing && !pause()) {
                break;
            }
        }
        whenDone.run();
        // after whenDone: nothing is offered any more
        failed.add(queue.size());
        queue.clear();
        report();
    }

    /** After a failed write, so that an InfluxDB that is down is not asked again at once; false when interrupted. */
    private static boolean pause() {
        try {
            Thread.sleep(RETRY_PAUSE_MS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** One POST of the batch; false when it failed (the lines are dropped). */
    private boolean write(List<String> batch) {
        HttpRequest.Builder request = HttpRequest.newBuilder(url)
                .timeout(TIMEOUT)
                .header("Content-Type", "text/plain; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString(String.join("\n", batch), StandardCharsets.UTF_8));
        if (!token.isEmpty()) {
            request.header("Authorization", "Token " + token);
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 == 2) {
                written.add(batch.size());
                return true;
            }
            dropped("HTTP " + response.statusCode(), response.body().strip(), batch.size());
        } catch (IOException e) {
            dropped(e.getClass().getSimpleName(), e.toString(), batch.size());
        } catch (InterruptedException e) {
            failed.add(batch.size());
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** Counts {@code lines} lost to a failure of {@code kind}; the first of each kind is logged. */
    void dropped(String kind, String detail, int lines) {
        failed.add(lines);
        if (failureKinds.add(kind)) {
            log.warn(
                    "Kafka InfluxDB writer: writing to {} failed ({}): {}. The points are dropped and counted; "
                            + "this is logged once per kind of failure.",
                    url,
                    kind,
                    detail.length() > 500 ? detail.substring(0, 500) : detail);
        }
    }

    private void report() {
        log.info("Kafka InfluxDB writer: {}", counts());
    }

    /** What was written and dropped so far, as the end-of-test line says it. */
    String counts() {
        return written.sum() + " points written to " + url + ", " + (queueFull.sum() + failed.sum()) + " dropped ("
                + queueFull.sum() + " when the queue was full, " + failed.sum() + " in failed writes)";
    }
}
