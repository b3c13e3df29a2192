package io.github.jmeterkafka.payload.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.jmeterkafka.input.InvalidInputException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLContext;

/**
 * A schema registry's Confluent-compatible REST API (Confluent's, Apicurio's ccompat, Karapace, Redpanda's), as far
 * as the plugin needs it: a schema by its id, and the id of a schema under a subject. Each answer is asked for once
 * and kept for the run; so is an id the registry does not have, and a registry that does not answer is not asked
 * again for {@link #DOWN_NANOS}, so that every sample of every thread does not wait for its timeout.
 *
 * <p>Threads: any; one per connection.
 */
public final class SchemaRegistryClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
    static final long DOWN_NANOS = 5_000_000_000L;

    /** What the registry says a schema is. */
    public enum Type {
        AVRO,
        JSON,
        PROTOBUF
    }

    /** A registered schema: its id, type and text. */
    public record Registered(int id, Type type, String text) {}

    /** How a producer finds its schema's id under a subject. */
    public enum IdBy {
        /** Registers the schema (a registered one keeps its id): Confluent's auto.register.schemas. */
        REGISTER,
        /** The id of this schema, registered beforehand. */
        LOOKUP,
        /** The subject's latest version, whatever it is: Confluent's use.latest.version. */
        LATEST
    }

    private final String url;
    private final String authorization;
    private final Duration timeout;
    private final HttpClient http;
    private final Map<Integer, Registered> byId = new ConcurrentHashMap<>();
    private final Set<Integer> missingIds = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> ids = new ConcurrentHashMap<>();
    private final Map<String, Object> asking = new ConcurrentHashMap<>();
    private final Map<Integer, LongAdder> unknownValues = new ConcurrentHashMap<>();
    private volatile long downUntil;
    private volatile String downReason;

    /**
     * @param url      the registry's base URL, e.g. http://registry:8081 (Apicurio: .../apis/ccompat/v7)
     * @param userInfo basic auth as {@code user:password}, or blank for none
     * @param tls      for an https URL: the trust (and key) material; null: the JVM's own
     */
    public SchemaRegistryClient(String url, String userInfo, SSLContext tls, Duration timeout) {
        this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.authorization = userInfo == null || userInfo.isBlank()
                ? null
                : "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
        this.timeout = timeout;
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(timeout);
        if (tls != null) {
            builder.sslContext(tls);
        }
        this.http = builder.build();
    }

    public String url() {
        return url;
    }

    /**
     * The schema registered under {@code id}; empty when the registry has no such id.
     *
     * @throws IllegalStateException the registry cannot be reached or answers otherwise
     */
    public Optional<Registered> byId(int id) throws InterruptedException {
        Registered known = byId.get(id);
        if (known != null || missingIds.contains(id)) {
            return Optional.ofNullable(known);
        }
        JsonNode body = send(HttpRequest.newBuilder(uri("/schemas/ids/" + id)).GET(), "schema id " + id);
        if (body == null) {
            missingIds.add(id);
            return Optional.empty();
        }
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
        return Optional.of(r);
    }

    /**
     * The id of {@code schema} under {@code subject}, asked once per subject and schema.
     *
     * @throws InvalidInputException the registry refuses the schema (its message), or has none to look up
     * @throws IllegalStateException the registry cannot be reached or answers otherwise
     */
    public int idOf(String subject, Type type, String schema, IdBy by) throws InterruptedException {
        String key = by + "\0" + subject + "\0" + type + "\0" + (by == IdBy.LATEST ? "" : schema);
        Integer known = ids.get(key);
        if (known != null) {
            return known;
        }
        // one question per subject and schema, however many threads start at once
        synchronized (asking.computeIfAbsent(key, k -> new Object())) {
            known = ids.get(key);
            if (known == null) {
                known = ask(subject, type, schema, by);
                ids.put(key, known);
            }
            return known;
        }
    }

    private int ask(String subject, Type type, String schema, IdBy by) throws InterruptedException {
        String path = "/subjects/"
                + URLEncoder.encode(subject, StandardCharsets.UTF_8).replace("+", "%20");
        String what = "subject " + subject;
        JsonNode body = by == IdBy.LATEST
                ? send(HttpRequest.newBuilder(uri(path + "/versions/latest")).GET(), what)
                : send(
                        HttpRequest.newBuilder(uri(by == IdBy.REGISTER ? path + "/versions" : path))
                                .header("Content-Type", CONTENT_TYPE)
                                .POST(HttpRequest.BodyPublishers.ofString(registration(type, schema))),
                        what + (by == IdBy.LOOKUP ? " with this schema" : ""));
        if (body == null) {
            throw new InvalidInputException(noSuch(what)
                    + (by == IdBy.LOOKUP
                            ? ": register it first, or set " + RegistryConfig.AUTO_REGISTER + "=true"
                            : ""));
        }
        if (!body.path("id").canConvertToInt()) {
            throw new IllegalStateException("schema registry " + url + " answered no id for " + what + ": " + body);
        }
        return body.path("id").asInt();
    }

    /**
     * Counts a value whose schema id the registry does not have.
     *
     * @return whether it is the first with that id
     */
    public boolean unknownValue(int id) {
        LongAdder count = unknownValues.computeIfAbsent(id, i -> new LongAdder());
        count.increment();
        return count.sum() == 1;
    }

    /** Values counted by {@link #unknownValue}, by schema id. */
    public Map<Integer, Long> unknownValues() {
        Map<Integer, Long> counts = new TreeMap<>();
        unknownValues.forEach((id, n) -> counts.put(id, n.sum()));
        return counts;
    }

    private static String registration(Type type, String schema) {
        ObjectNode body = JSON.createObjectNode().put("schema", schema);
        if (type != Type.AVRO) {
            body.put("schemaType", type.name());
        }
        return body.toString();
    }

    private URI uri(String path) {
        return URI.create(url + path);
    }

    /** The answer's JSON; null for 404. */
    private JsonNode send(HttpRequest.Builder request, String what) throws InterruptedException {
        if (System.nanoTime() - downUntil < 0) {
            throw new IllegalStateException(downReason);
        }
        request.timeout(timeout).header("Accept", CONTENT_TYPE + ", application/json");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            downReason = "schema registry " + url + " did not answer (" + e + "); not asked again for "
                    + DOWN_NANOS / 1_000_000_000L + " s";
            downUntil = System.nanoTime() + DOWN_NANOS;
            throw new IllegalStateException(downReason, e);
        }
        int status = response.statusCode();
        if (status == 404) {
            return null;
        }
        if (status == 409 || status == 422) {
            // incompatible with the subject's versions, or not a valid schema: the registry says which
            throw new InvalidInputException("schema registry " + url + " refused the schema for " + what + " (" + status
                    + "): " + message(response.body()));
        }
        if (status == 401 || status == 403) {
            throw new InvalidInputException("schema registry " + url + " answered " + status + " for " + what
                    + ": check " + RegistryConfig.USER_INFO);
        }
        if (status != 200) {
            throw new IllegalStateException("schema registry " + url + " answered " + status + " for " + what + ": "
                    + message(response.body()));
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("schema registry " + url + " answered no JSON for " + what, e);
        }
    }

    private String noSuch(String what) {
        return "schema registry " + url + " has no " + what;
    }

    private static String message(String body) {
        try {
            JsonNode error = JSON.readTree(body);
            if (error != null && error.hasNonNull("message")) {
                return error.get("message").asText();
            }
        } catch (IOException e) {
            // not JSON: the body as it is
        }
        return body;
    }
}
