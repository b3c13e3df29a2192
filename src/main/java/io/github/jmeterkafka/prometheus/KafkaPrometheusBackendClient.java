package io.github.jmeterkafka.prometheus;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.jmeterkafka.measure.IntervalFeed;
import io.github.jmeterkafka.measure.IntervalFigures;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jmeter.visualizers.backend.AbstractBackendListenerClient;
import org.apache.jmeter.visualizers.backend.BackendListenerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client for JMeter's Backend Listener: the Kafka samplers' figures per interval ({@link KafkaMetrics}) served for
 * Prometheus to scrape while the run lasts ({@code http://HOST:PORT/metrics}) and pushed to a Pushgateway at each
 * interval and at the end. Other samples are not its business.
 *
 * <p>Threads: the interval log timer adds each interval (never waits); the HTTP server's thread answers scrapes; the
 * Pushgateway's thread pushes. The last intervals come after {@link #teardownTest}, when the samplers close their
 * logs: the end waits for them (at most {@value #END_WAIT_S} s), then pushes once more and stops serving.
 */
public class KafkaPrometheusBackendClient extends AbstractBackendListenerClient {
    private static final Logger log = LoggerFactory.getLogger(KafkaPrometheusBackendClient.class);
    static final String HOST = "prometheusHost";
    static final String PORT = "prometheusPort";
    static final String PUSHGATEWAY = "pushgatewayUrl";
    static final String JOB = "pushgatewayJob";
    static final String INSTANCE = "pushgatewayInstance";
    private static final long END_WAIT_S = 10;

    private final KafkaMetrics metrics = new KafkaMetrics();
    private HttpServer server;
    private ExecutorService scrapes;
    private Pushgateway pushgateway;
    private Consumer<IntervalFigures> subscriber;

    @Override
    public Arguments getDefaultParameters() {
        Arguments args = new Arguments();
        args.addArgument(HOST, "0.0.0.0");
        args.addArgument(PORT, "9270");
        args.addArgument(PUSHGATEWAY, "");
        args.addArgument(JOB, "jmeter-kafka");
        args.addArgument(INSTANCE, "");
        return args;
    }

    @Override
    public void setupTest(BackendListenerContext context) {
        serve(
                context.getParameter(HOST, "0.0.0.0").trim(),
                context.getParameter(PORT, "9270").trim());
        String url = context.getParameter(PUSHGATEWAY, "").trim();
        if (!url.isEmpty()) {
            try {
                URI uri = URI.create(url);
                if (uri.getScheme() == null || uri.getHost() == null) {
                    throw new IllegalArgumentException("not an http(s) URL: '" + url + "'");
                }
                String instance = context.getParameter(INSTANCE, "").trim();
                pushgateway = new Pushgateway(
                        uri,
                        context.getParameter(JOB, "jmeter-kafka").trim(),
                        instance.isEmpty() ? JMeterUtils.getLocalHostName() : instance,
                        metrics::text);
                log.info("Kafka Prometheus metrics: pushed to {} at each interval", pushgateway.group());
            } catch (IllegalArgumentException e) {
                log.error("Kafka Prometheus metrics: {} ({}): nothing is pushed", e.getMessage(), PUSHGATEWAY);
            }
        }
        if (server == null && pushgateway == null) {
            return;
        }
        Pushgateway push = pushgateway;
        // runs on the interval logs' timer: a throw would stop their writing
        subscriber = f -> {
            try {
                metrics.add(f);
                if (push != null) {
                    push.pushSoon();
                }
            } catch (RuntimeException e) {
                log.warn("Kafka Prometheus metrics: an interval of '{}' is left out: {}", f.label(), e.toString());
            }
        };
        IntervalFeed.subscribe(subscriber);
    }

    /** Serves /metrics; an empty port: not served; a bad one or one in use: one ERROR line, the run goes on. */
    private void serve(String host, String port) {
        if (port.isEmpty()) {
            return;
        }
        try {
            int p = Integer.parseInt(port);
            HttpServer s = HttpServer.create(new InetSocketAddress(host, p), 0);
            s.createContext("/metrics", this::scrape);
            scrapes = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "kafka-prometheus");
                t.setDaemon(true);
                return t;
            });
            s.setExecutor(scrapes);
            s.start();
            server = s;
            log.info(
                    "Kafka Prometheus metrics: served at http://{}:{}/metrics",
                    host,
                    s.getAddress().getPort());
        } catch (IOException | RuntimeException e) {
            log.error(
                    "Kafka Prometheus metrics: cannot serve on {}:{} ({}, {}): {}; not served",
                    host,
                    port,
                    HOST,
                    PORT,
                    e.toString());
        }
    }

    private void scrape(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = metrics.text().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", KafkaMetrics.CONTENT_TYPE);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void handleSampleResults(List<SampleResult> results, BackendListenerContext context) {
        // the Kafka samplers' figures come per interval from their interval logs; other samples are not served
    }

    @Override
    public void teardownTest(BackendListenerContext context) {
        if (subscriber == null) {
            return;
        }
        Consumer<IntervalFigures> s = subscriber;
        Thread end = new Thread(
                () -> {
                    // the samplers close their interval logs after this listener ends: their last intervals count
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(END_WAIT_S);
                    try {
                        while (IntervalFeed.anyOpen() && System.nanoTime() < deadline) {
                            Thread.sleep(50);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    IntervalFeed.unsubscribe(s);
                    if (pushgateway != null) {
                        pushgateway.finish();
                    }
                    if (server != null) {
                        server.stop(0);
                        scrapes.shutdown();
                    }
                },
                "kafka-prometheus-end");
        end.start();
    }
}
