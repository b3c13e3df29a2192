package io.github.jmeterkafka.payload.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.input.InvalidInputException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A schema registry's Confluent-compatible REST API (Confluent's, Apicurio's ccompat, Karapace, Redpanda's), as far
 * as the plugin needs it: a schema by its id, fetched once and kept for the run.
 *
 * <p>Threads: any; one per connection.
 */
public final class SchemaRegistryClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the registry says a schema is. */
    public enum Type {
        AVRO,
        JSON,
        PROTOBUF
    }

    /** A registered schema: its id, type and text. */
    public record Registered(int id, Type type, String text) {}

    private final String url;
    private final String authorization;
    private final Duration timeout;
    private final HttpClient http;
    private final Map<Integer, Registered> byId = new ConcurrentHashMap<>();

    /**
     * @param url      the registry's base URL, e.g. http://registry:8081 (Apicurio: .../apis/ccompat/v7)
     * @param userInfo basic auth as {@code user:password}, or blank for none
     */
    public SchemaRegistryClient(String url, String userInfo, Duration timeout) {
        this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.authorization = userInfo == null || userInfo.isBlank()
                ? null
                : "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    public String url() {
        return url;
    }

    /**
     * The schema registered under {@code id}.
     *
     * @throws InvalidInputException the registry has no such id
     * @throws IllegalStateException the registry cannot be reached or answers otherwise
     */
    public Registered byId(int id) throws InterruptedException {
        Registered known = byId.get(id);
        if (known != null) {
            return known;
        }
        JsonNode body = get("/schemas/ids/" + id, "schema id " + id);
        String type = body.path("schemaType").asText("AVRO").toUpperCase(Locale.ROOT);
        Registered r = new Registered(
                id,
                switch (type) {
                    case "PROTOBUF" -> Type.PROTOBUF;
                    case "JSON" -> Type.JSON;
                    default -> Type.AVRO;
                },
                body.path("schema").asText());
        byId.put(id, r);
        return r;
    }

    private JsonNode get(String path, String what) throws InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(url + path)).timeout(timeout).GET();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("schema registry " + url + " did not answer for " + what + ": " + e, e);
        }
        if (response.statusCode() == 404) {
            throw new InvalidInputException("schema registry " + url + " has no " + what);
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("schema registry " + url + " answered " + response.statusCode() + " for "
                    + what + ": " + response.body());
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("schema registry " + url + " answered no JSON for " + what, e);
        }
    }
}
