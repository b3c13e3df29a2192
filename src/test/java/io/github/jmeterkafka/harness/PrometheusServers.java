package io.github.jmeterkafka.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real Prometheus server and a real Pushgateway (Debian's {@code prometheus} and {@code prometheus-pushgateway}
 * packages, unpacked under target/) on 127.0.0.1 with free ports: Prometheus scrapes the Pushgateway (its labels
 * kept) and a JMeter's {@code /metrics} at {@link #jmeterPort()} every second. Stopped by {@link #close()}.
 */
public final class PrometheusServers implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final int port = Loopback.freePort();
    private final int pushgatewayPort = Loopback.freePort();
    private final int jmeterPort = Loopback.freePort();
    private final Process prometheus;
    private final Process pushgateway;
    private final Path dir;

    private PrometheusServers(Path prometheusBinary, Path pushgatewayBinary, Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "global:",
                        "  scrape_interval: 1s",
                        "  evaluation_interval: 1s",
                        "scrape_configs:",
                        "  - job_name: jmeter",
                        "    static_configs:",
                        "      - targets: ['127.0.0.1:" + jmeterPort + "']",
                        "  - job_name: pushgateway",
                        "    honor_labels: true",
                        "    static_configs:",
                        "      - targets: ['127.0.0.1:" + pushgatewayPort + "']",
                        ""));
        pushgateway = Processes.start(
                new ProcessBuilder(pushgatewayBinary.toString(), "--web.listen-address=127.0.0.1:" + pushgatewayPort)
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("pushgateway.log").toFile()));
        prometheus = Processes.start(new ProcessBuilder(
                        prometheusBinary.toString(),
                        "--config.file=" + config,
                        "--storage.tsdb.path=" + dir.resolve("data"),
                        "--web.listen-address=127.0.0.1:" + port,
                        "--web.console.templates=" + dir,
                        "--web.console.libraries=" + dir)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("prometheus.log").toFile()));
    }

    /** Both servers, ready; or why they cannot be had (the packages, the start) as an exception. */
    public static PrometheusServers start(Path dir) {
        List<String> tried = new ArrayList<>();
        Optional<Path> prometheus = DebianPackage.obtain("prometheus", "prometheus", "usr/bin/prometheus", tried);
        Optional<Path> pushgateway =
                DebianPackage.obtain("prometheus-pushgateway", "prometheus", "usr/bin/prometheus-pushgateway", tried);
        if (prometheus.isEmpty() || pushgateway.isEmpty()) {
            throw new IllegalStateException("Debian's prometheus packages could not be had: " + tried);
        }
        try {
            PrometheusServers s = new PrometheusServers(prometheus.get(), pushgateway.get(), dir);
            s.awaitReady();
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!(ok(url() + "-/ready") && ok(pushgatewayUrl() + "/-/ready"))) {
            if (!prometheus.isAlive() || !pushgateway.isAlive() || System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException("Prometheus or its Pushgateway did not start: "
                        + Processes.tail(dir.resolve("prometheus.log"), 20) + "\n"
                        + Processes.tail(dir.resolve("pushgateway.log"), 20));
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** The port Prometheus scrapes a JMeter's /metrics on. */
    public int jmeterPort() {
        return jmeterPort;
    }

    public String url() {
        return "http://127.0.0.1:" + port + "/";
    }

    public String pushgatewayUrl() {
        return "http://127.0.0.1:" + pushgatewayPort;
    }

    /** An instant query's result vector (each element's {@code metric} and {@code value}). */
    public JsonNode query(String promQl) {
        return result(promQl, get(url() + "api/v1/query?query=" + URLEncoder.encode(promQl, StandardCharsets.UTF_8)));
    }

    /** A range query's result matrix over the last {@code seconds}, a point a second, as a dashboard draws it. */
    public JsonNode queryRange(String promQl, long seconds) {
        long end = System.currentTimeMillis() / 1000 + 1;
        return result(
                promQl,
                get(url() + "api/v1/query_range?query=" + URLEncoder.encode(promQl, StandardCharsets.UTF_8) + "&start="
                        + (end - seconds) + "&end=" + end + "&step=1"));
    }

    private static JsonNode result(String promQl, String body) {
        try {
            JsonNode root = JSON.readTree(body);
            if (!"success".equals(root.path("status").asText())) {
                throw new IllegalStateException(promQl + ": " + body);
            }
            return root.path("data").path("result");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Pushgateway's own /metrics: what it holds now. */
    public String pushed() {
        return get(pushgatewayUrl() + "/metrics");
    }

    private static String get(String url) {
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                throw new IllegalStateException(url + ": HTTP " + r.statusCode() + " " + r.body());
            }
            return r.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean ok(String url) {
        try {
            return HTTP.send(
                                    HttpRequest.newBuilder(URI.create(url))
                                            .timeout(Duration.ofSeconds(2))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode()
                    == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        Processes.stop(prometheus, Duration.ofSeconds(10));
        Processes.stop(pushgateway, Duration.ofSeconds(10));
    }
}
