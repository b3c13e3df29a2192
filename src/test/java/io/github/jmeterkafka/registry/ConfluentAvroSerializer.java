package io.github.jmeterkafka.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Writes Avro records as Confluent's {@code KafkaAvroSerializer} does on the wire: the record's
 * schema registered under the subject {@code <topic>-value} (or {@code <topic>-key}), then magic
 * byte 0, the schema id as 4 big-endian bytes and the record in Avro binary. Confluent's own jars
 * ({@code io.confluent:kafka-avro-serializer}) are not on Maven Central, so the tests bring this
 * minimal one. Like Confluent's, it takes {@code schema.registry.url} from the producer's configs;
 * unlike it, it knows only that setting, only Avro containers (records, enums, fixed, arrays) and
 * only the topic-name subject strategy.
 *
 * <p>Threads: Kafka calls {@link #serialize} on each thread that sends; the schema ids are cached
 * in concurrent maps, and a schema that two threads meet at once is registered by both, which the
 * registry answers with the same id.
 */
public final class ConfluentAvroSerializer implements Serializer<Object> {

    public static final String URL_CONFIG = "schema.registry.url";
    public static final byte MAGIC_BYTE = 0;
    /** Magic byte and schema id, before the Avro bytes. */
    public static final int HEADER_SIZE = 5;

    private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Subject to schema to id. */
    private final Map<String, Map<Schema, Integer>> ids = new ConcurrentHashMap<>();

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private String url;
    private boolean isKey;

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        Object value = configs.get(URL_CONFIG);
        if (value == null || value.toString().isBlank()) {
            throw new ConfigException(
                    "Missing required configuration \"" + URL_CONFIG + "\" which has no default value.");
        }
        // Confluent's takes a list and uses any that answers; the tests give one
        String first = value.toString().split(",", -1)[0].trim();
        this.url = first.endsWith("/") ? first.substring(0, first.length() - 1) : first;
        this.isKey = isKey;
    }

    @Override
    public byte[] serialize(String topic, Object data) {
        if (data == null) {
            return null;
        }
        if (url == null) {
            throw new SerializationException(getClass().getSimpleName() + " is not configured");
        }
        if (!(data instanceof GenericContainer genericContainer)) {
            throw new SerializationException(
                    "Not an Avro record: " + data.getClass().getName());
        }
        Schema schema = genericContainer.getSchema();
        String subject = topic + (isKey ? "-key" : "-value");
        Map<Schema, Integer> known = ids.computeIfAbsent(subject, k -> new ConcurrentHashMap<>());
        Integer id = known.get(schema);
        if (id == null) {
            id = register(subject, schema);
            known.put(schema, id);
        }
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(MAGIC_BYTE);
            out.write(ByteBuffer.allocate(4).putInt(id).array());
            BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
            new GenericDatumWriter<Object>(schema, GenericData.get()).write(data, encoder);
            encoder.flush();
            return out.toByteArray();
        } catch (IOException | RuntimeException e) {
            throw new SerializationException("Error serializing Avro message", e);
        }
    }

    /** POST /subjects/{subject}/versions: the schema's id, new or already known. */
    private int register(String subject, Schema schema) {
        URI uri = URI.create(url + "/subjects/" + URLEncoder.encode(subject, StandardCharsets.UTF_8) + "/versions");
        try {
            String body = JSON.writeValueAsString(Map.of("schema", schema.toString()));
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .timeout(TIMEOUT)
                    .header("Content-Type", CONTENT_TYPE)
                    .header("Accept", CONTENT_TYPE)
                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new SerializationException("Error registering Avro schema under " + subject + ": " + uri
                        + " answered " + response.statusCode() + " " + response.body());
            }
            JsonNode id = JSON.readTree(response.body()).get("id");
            if (id == null || !id.canConvertToInt()) {
                throw new SerializationException(
                        "Error registering Avro schema under " + subject + ": no id in " + response.body());
            }
            return id.intValue();
        } catch (IOException e) {
            throw new SerializationException("Error registering Avro schema under " + subject + " at " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SerializationException("Interrupted while registering Avro schema under " + subject, e);
        }
    }
}
