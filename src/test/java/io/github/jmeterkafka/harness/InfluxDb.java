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
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real InfluxDB 1.x ({@code influxd} from Debian's {@code influxdb} package, unpacked under target/ without
 * installing it) on 127.0.0.1 with free ports, its data, meta and WAL under its work directory, stopped by
 * {@link #close()}. {@link #obtain(List)} fetches the package with {@code apt-get download}; when apt's package lists are
 * empty, into a private list directory (no root needed).
 */
public final class InfluxDb implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final int httpPort;
    private final Path logFile;

    private InfluxDb(Path influxd, Path workDir) throws IOException, InterruptedException {
        httpPort = Loopback.freePort();
        int rpcPort = Loopback.freePort();
        Files.createDirectories(workDir);
        Path config = workDir.resolve("influxdb.conf");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "reporting-disabled = true",
                        "bind-address = \"127.0.0.1:" + rpcPort + "\"",
                        "[meta]",
                        "  dir = \"" + workDir.resolve("meta") + "\"",
                        "[data]",
                        "  dir = \"" + workDir.resolve("data") + "\"",
                        "  wal-dir = \"" + workDir.resolve("wal") + "\"",
                        "  query-log-enabled = false",
                        "[monitor]",
                        "  store-enabled = false",
                        "[http]",
                        "  enabled = true",
                        "  bind-address = \"127.0.0.1:" + httpPort + "\"",
                        "  log-enabled = false",
                        "[logging]",
                        "  level = \"warn\"",
                        ""));
        logFile = workDir.resolve("influxd.log");
        process = Processes.start(new ProcessBuilder(influxd.toString(), "-config", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(logFile.toFile()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!ping()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException("influxd did not start: " + Processes.tail(logFile, 30));
            }
            Thread.sleep(100);
        }
    }

    /** Starts {@code influxd}, or says why there is none. */
    public static InfluxDb start(Path influxd, Path workDir) {
        try {
            return new InfluxDb(influxd, workDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * target/influxdb/usr/bin/influxd, unpacked from Debian's package on first use; empty (with why in {@code
     * reasons}) when apt cannot fetch it.
     */
    public static Optional<Path> obtain(List<String> reasons) {
        return DebianPackage.obtain("influxdb", "influxdb", "usr/bin/influxd", reasons);
    }

    /** InfluxDB 1.x's write URL for {@code db}, as JMeter's InfluxDB client takes it. */
    public String writeUrl(String db) {
        return url() + "write?db=" + db;
    }

    public String url() {
        return "http://127.0.0.1:" + httpPort + "/";
    }

    public Path logFile() {
        return logFile;
    }

    public void createDatabase(String db) {
        post("CREATE DATABASE \"" + db + "\"");
    }

    /** The series of an InfluxQL query's first result, timestamps in ms. */
    public JsonNode query(String db, String influxQl) {
        String body = send(
                HttpRequest.newBuilder(URI.create(url() + "query?epoch=ms&db=" + encode(db) + "&q=" + encode(influxQl)))
                        .GET()
                        .build());
        try {
            JsonNode result = JSON.readTree(body).path("results").path(0);
            if (result.has("error")) {
                throw new IllegalStateException(influxQl + ": " + result.get("error"));
            }
            return result.path("series");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void post(String influxQl) {
        send(HttpRequest.newBuilder(URI.create(url() + "query?q=" + encode(influxQl)))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    }

    private static String send(HttpRequest request) {
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException(
                        request.uri() + ": HTTP " + response.statusCode() + " " + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private boolean ping() {
        try {
            return HTTP.send(
                                    HttpRequest.newBuilder(URI.create(url() + "ping"))
                                            .timeout(Duration.ofSeconds(2))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode()
                    == 204;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        Processes.stop(process, Duration.ofSeconds(10));
    }
}
