package io.github.jmeterkafka.echo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The echo's HTTP service, as a user's REST front of an event-driven service: {@code POST /orders} with a JSON
 * order answers 202 with its id at once and writes the order as an event keyed by its {@code orderId} (JDK's own
 * HTTP server, no dependency). The event goes through the {@link Replier}: after the delay, or dropped (a share, on
 * purpose, after the 202: the event never comes).
 *
 * <p>Threads: one handler thread; the replier's lock covers its random numbers.
 */
final class HttpFront implements AutoCloseable {
    private static final String NO_DELAY = "sun.net.httpserver.nodelay";
    static final String PATH = "/orders";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService handler;
    private final Replier replier;
    private final EchoTally tally;
    private final String eventsTopic;

    private HttpFront(HttpServer server, ExecutorService handler, Replier replier, EchoTally tally, String topic) {
        this.server = server;
        this.handler = handler;
        this.replier = replier;
        this.tally = tally;
        this.eventsTopic = topic;
    }

    /** Listens on the options' host and port (0: a free one) and serves until closed. */
    static HttpFront start(EchoOptions options, Replier replier, EchoTally tally) {
        // the JDK's server writes a response's headers and its body apart: with Nagle's algorithm on, the body
        // waits for the client's delayed ACK, 40 ms a call; services answer at once (read when the first server
        // of the JVM starts, so a JVM that made one before keeps its setting)
        if (System.getProperty(NO_DELAY) == null) {
            System.setProperty(NO_DELAY, "true");
        }
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(options.httpHost(), options.httpPort()), 128);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot listen on " + options.httpHost() + ":" + options.httpPort() + ": " + e.getMessage(), e);
        }
        ExecutorService handler = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "echo-http");
            t.setDaemon(true);
            return t;
        });
        HttpFront front = new HttpFront(server, handler, replier, tally, options.eventsTopic());
        server.createContext(PATH, front::handle);
        server.setExecutor(handler);
        server.start();
        return front;
    }

    /** The address it listens on, e.g. {@code http://127.0.0.1:8080/orders}. */
    String url() {
        InetSocketAddress a = server.getAddress();
        return "http://" + a.getHostString() + ":" + a.getPort() + PATH;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                respond(exchange, 405, "{\"error\":\"POST an order to " + PATH + "\"}");
                return;
            }
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String orderId = orderId(body);
            if (orderId == null) {
                tally.uncorrelated();
                respond(exchange, 400, "{\"error\":\"the body is not a JSON object with an orderId\"}");
                return;
            }
            tally.read(System.nanoTime());
            respond(
                    exchange,
                    202,
                    JSON.createObjectNode().put("orderId", orderId).toString());
            replier.forward(new ProducerRecord<>(eventsTopic, orderId.getBytes(StandardCharsets.UTF_8), body));
        }
    }

    private static String orderId(byte[] body) {
        try {
            JsonNode root = JSON.readTree(body);
            JsonNode id = root == null || !root.isObject() ? null : root.get("orderId");
            return id == null || id.isContainerNode() || id.isNull() ? null : id.asText();
        } catch (IOException e) {
            return null;
        }
    }

    private static void respond(HttpExchange exchange, int status, String json) throws IOException {
        byte[] out = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, out.length);
        try (OutputStream o = exchange.getResponseBody()) {
            o.write(out);
        }
    }

    /** Stops taking requests, letting those in flight end within a second. */
    @Override
    public void close() {
        server.stop(1);
        handler.shutdown();
        try {
            if (!handler.awaitTermination(1, TimeUnit.SECONDS)) {
                handler.shutdownNow();
            }
        } catch (InterruptedException e) {
            handler.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
