package io.github.jmeterkafka.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.harness.ParentWatchdog;
import io.github.jmeterkafka.harness.Processes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;

/**
 * A Confluent-compatible schema registry (Apicurio Registry, in-memory storage) in its own JVM, run
 * from the jar the build put in {@code registry.home} (src/test/homes/registry). Listens on a free
 * port of 127.0.0.1; its Confluent API is at {@link #confluentUrl()}. Each start is an empty registry.
 *
 * <p>The registry's output goes to {@link #logFile()}. The process is stopped by {@link #close()},
 * by a JVM shutdown hook, and, if this JVM is killed, by noticing its standard input close.
 *
 * <pre>
 * try (SchemaRegistry registry = SchemaRegistry.start()) {
 *     String url = registry.confluentUrl();   // the serializer's schema.registry.url
 * }
 * </pre>
 */
public final class SchemaRegistry implements AutoCloseable {

    private static final String HOST = "127.0.0.1";
    private static final String RUNNER_JAR = "registry-runner.jar";
    // Quarkus boots it in ~3 s on a quiet machine; give a loaded one much longer
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    private static final int START_ATTEMPTS = 3;
    private static final String PORT_TAKEN = ", already in use";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SchemaRegistry shared;

    private final Path runnerJar;
    private final Path workDir;
    private final Path logFile;
    private final Path watchdogDir;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private Process process;
    private int port;
    private Duration lastStartTime = Duration.ZERO;

    private SchemaRegistry(Path home, Path workDir) {
        this.runnerJar = home.resolve(RUNNER_JAR);
        this.workDir = workDir;
        this.logFile = workDir.resolve("registry.log");
        this.watchdogDir = workDir.resolve("watchdog");
    }

    /**
     * One registry for the tests of this JVM that do not stop it: it takes seconds to start, and they use
     * subjects of their own. Started on first use; stopped when the JVM exits.
     */
    public static synchronized SchemaRegistry shared() {
        if (shared == null || !shared.isRunning()) {
            shared = start();
        }
        return shared;
    }

    /** Starts a registry from {@link #home()} in a new directory under target/schema-registries. */
    public static SchemaRegistry start() {
        try {
            Path parent = Files.createDirectories(Harness.targetDir().resolve("schema-registries"));
            return new SchemaRegistry(home(), Files.createTempDirectory(parent, "registry-")).run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the build put the registry: the {@code registry.home} system property, else target/registry-home. */
    public static Path home() {
        String value = System.getProperty("registry.home");
        Path home = value == null || value.isBlank() ? Harness.targetDir().resolve("registry-home") : Paths.get(value);
        return home.toAbsolutePath().normalize();
    }

    /** {@code http://127.0.0.1:port}. */
    public String url() {
        return "http://" + HOST + ":" + port;
    }

    /** The Confluent Schema Registry API, what a serializer's {@code schema.registry.url} names. */
    public String confluentUrl() {
        return url() + "/apis/ccompat/v6";
    }

    public int port() {
        return port;
    }

    public Path logFile() {
        return logFile;
    }

    /** The schema text registered with this id: GET /schemas/ids/{id} of the Confluent API. */
    public String schemaById(int id) {
        return get("/schemas/ids/" + id).path("schema").asText();
    }

    /** GET /subjects of the Confluent API. */
    public List<String> subjects() {
        List<String> subjects = new ArrayList<>();
        get("/subjects").forEach(s -> subjects.add(s.asText()));
        return subjects;
    }

    /** The subject's version numbers: GET /subjects/{subject}/versions of the Confluent API. */
    public List<Integer> versions(String subject) {
        List<Integer> versions = new ArrayList<>();
        get(subjectPath(subject) + "/versions").forEach(v -> versions.add(v.asInt()));
        return versions;
    }

    /**
     * Registers {@code schema} under {@code subject} through the Confluent API: its id.
     *
     * @param type AVRO, JSON or PROTOBUF
     */
    public int register(String subject, String schema, String type) {
        return send("POST", subjectPath(subject) + "/versions", Map.of("schema", schema, "schemaType", type))
                .path("id")
                .asInt();
    }

    /** Sets the subject's compatibility level (BACKWARD, FULL, NONE, ...): PUT /config/{subject}. */
    public void compatibility(String subject, String level) {
        send("PUT", "/config/" + URLEncoder.encode(subject, StandardCharsets.UTF_8), Map.of("compatibility", level));
    }

    private static String subjectPath(String subject) {
        return "/subjects/" + URLEncoder.encode(subject, StandardCharsets.UTF_8);
    }

    /** @param body null: none */
    private JsonNode send(String method, String confluentPath, Map<String, String> body) {
        URI uri = URI.create(confluentUrl() + confluentPath);
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(uri)
                            .timeout(Duration.ofSeconds(10))
                            .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                            .header("Accept", "application/vnd.schemaregistry.v1+json")
                            .method(
                                    method,
                                    body == null
                                            ? HttpRequest.BodyPublishers.noBody()
                                            : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(
                        method + " " + uri + " answered " + response.statusCode() + ": " + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted: " + method + " " + uri, e);
        }
    }

    private JsonNode get(String confluentPath) {
        return send("GET", confluentPath, null);
    }

    /** Time the last start took, from launch to the first ready answer. */
    public Duration lastStartTime() {
        return lastStartTime;
    }

    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Stops the registry (SIGTERM), killing it if it takes longer than 20 s. Its schemas are gone. */
    @Override
    public synchronized void close() {
        if (process != null) {
            Process p = process;
            process = null;
            Processes.stop(p, STOP_TIMEOUT);
        }
    }

    private synchronized SchemaRegistry run() throws IOException {
        if (!Files.isRegularFile(runnerJar)) {
            throw new IllegalStateException("No schema registry at " + runnerJar
                    + "; run mvn package (it fills registry.home) or set -Dregistry.home");
        }
        copyWatchdog();
        long t0 = System.nanoTime();
        // the port is free when picked, not necessarily when the registry binds it: then try another
        for (int attempt = 1; ; attempt++) {
            port = Loopback.freePort();
            launch();
            String failure = awaitReady(t0);
            if (failure == null) {
                lastStartTime = Duration.ofNanos(System.nanoTime() - t0);
                return this;
            }
            if (!failure.endsWith(PORT_TAKEN) || attempt == START_ATTEMPTS) {
                throw new IllegalStateException("Schema registry did not start: " + failure + "; log " + logFile + ":\n"
                        + Processes.tail(logFile, 40));
            }
        }
    }

    private void launch() throws IOException {
        String mainClass;
        try (JarFile jar = new JarFile(runnerJar.toFile())) {
            mainClass = jar.getManifest().getMainAttributes().getValue("Main-Class");
        }
        // the runner jar's manifest puts lib/* on the class path; the watchdog runs its main class
        List<String> cmd = List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-Djava.awt.headless=true",
                "-Dquarkus.http.host=" + HOST,
                "-Dquarkus.http.port=" + port,
                "-cp",
                watchdogDir + java.io.File.pathSeparator + runnerJar,
                ParentWatchdog.class.getName(),
                mainClass);
        process = Processes.start(new ProcessBuilder(cmd)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile())));
    }

    /** Null once /health/ready answers 200; else why not, with the process gone. */
    private String awaitReady(long startNanos) {
        long deadline = startNanos + START_TIMEOUT.toNanos();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(url() + "/health/ready"))
                .timeout(Duration.ofSeconds(2))
                .GET()
                .build();
        String last = "no answer on port " + port;
        try {
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    int exit = process.exitValue();
                    process = null;
                    String tail = Processes.tail(logFile, 40);
                    boolean taken = tail.contains("Address already in use") || tail.contains("seems to be in use");
                    return "the registry exited with " + exit + (taken ? " on port " + port + PORT_TAKEN : "");
                }
                try {
                    HttpResponse<String> response = http.send(ready, HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() == 200) {
                        return null;
                    }
                    last = "/health/ready answered " + response.statusCode() + ": " + response.body();
                } catch (IOException e) {
                    last = "/health/ready: " + e;
                }
                Thread.sleep(200);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            Processes.kill(process);
            process = null;
            throw new IllegalStateException("Interrupted while waiting for the schema registry", e);
        }
        Processes.kill(process);
        process = null;
        return "not ready after " + START_TIMEOUT.toSeconds() + " s (" + last + ")";
    }

    /** The registry's class path gets the watchdog class alone, not this project's test classes. */
    private void copyWatchdog() throws IOException {
        Path watchdogClass = watchdogDir.resolve(ParentWatchdog.class.getName().replace('.', '/') + ".class");
        Files.createDirectories(watchdogClass.getParent());
        try (InputStream in = ParentWatchdog.class.getResourceAsStream("ParentWatchdog.class")) {
            if (in == null) {
                throw new IOException("ParentWatchdog.class not found on the class path");
            }
            Files.copy(in, watchdogClass, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
