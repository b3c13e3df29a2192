package io.github.jmeterkafka.payload.registry;

import com.google.protobuf.Descriptors.Descriptor;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.AvroRecords;
import io.github.jmeterkafka.payload.schema.JsonSchemaRecords;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.payload.schema.SchemaText;
import io.github.jmeterkafka.payload.schema.WireFormat;
import io.github.jmeterkafka.payload.source.ValueMode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.avro.Schema;

/**
 * Confluent's wire format with no serializer jar: the header (magic byte, the schema's id under the topic's
 * subject, Protobuf's message indexes) that goes before each value the schema makes. The id is asked of the
 * registry once per topic (registered, looked up, or the subject's latest, as {@link RegistryConfig}'s settings
 * say), never per record.
 *
 * <p>Threads: one per sampler thread (its headers by topic are its own; the registry's answers are shared).
 */
public final class RegistryOutput {
    private final SchemaRegistryClient registry;
    private final SchemaRegistryClient.Type type;
    private final String text;
    private final String recordName;
    private final int[] messageIndexes;
    private final SubjectStrategy strategy;
    private final SchemaRegistryClient.IdBy by;
    private final Map<String, byte[]> headers = new HashMap<>();

    private RegistryOutput(
            SchemaRegistryClient registry,
            SchemaRegistryClient.Type type,
            String text,
            String recordName,
            int[] messageIndexes,
            Function<String, Optional<String>> setting) {
        this.registry = registry;
        this.type = type;
        this.text = text;
        this.recordName = recordName;
        this.messageIndexes = messageIndexes;
        this.strategy = SubjectStrategy.of(
                setting.apply(RegistryConfig.SUBJECT_STRATEGY).orElse(""));
        this.by = RegistryConfig.flag(setting, RegistryConfig.USE_LATEST, false)
                ? SchemaRegistryClient.IdBy.LATEST
                : RegistryConfig.flag(setting, RegistryConfig.AUTO_REGISTER, true)
                        ? SchemaRegistryClient.IdBy.REGISTER
                        : SchemaRegistryClient.IdBy.LOOKUP;
    }

    /**
     * The output of the values a schema makes: Avro, JSON Schema or Protobuf (its first message, as the producer
     * makes it).
     *
     * @param setting a registry setting's value (subject strategy, auto-register, use-latest), empty when unset
     * @throws InvalidInputException another value mode, or a setting that is not one the registry settings take
     */
    public static RegistryOutput of(
            ValueMode mode,
            String schemaTextOrPath,
            SchemaRegistryClient registry,
            Function<String, Optional<String>> setting) {
        return switch (mode) {
            case AVRO -> {
                Schema schema = AvroRecords.parseAvroSchema(schemaTextOrPath);
                yield new RegistryOutput(
                        registry,
                        SchemaRegistryClient.Type.AVRO,
                        schema.toString(),
                        schema.getType() == Schema.Type.RECORD ? schema.getFullName() : "",
                        null,
                        setting);
            }
            case JSON_SCHEMA -> {
                String schemaText =
                        SchemaText.of(schemaTextOrPath, "JSON schema", "{").text();
                yield new RegistryOutput(
                        registry,
                        SchemaRegistryClient.Type.JSON,
                        schemaText,
                        JsonSchemaRecords.parseJsonSchema(schemaText)
                                .path("title")
                                .asText(""),
                        null,
                        setting);
            }
            case PROTOBUF -> {
                String schemaText = ProtobufRecords.protoText(schemaTextOrPath).text();
                Descriptor message = ProtobufRecords.parseProtoSchema(schemaText, "");
                yield new RegistryOutput(
                        registry,
                        SchemaRegistryClient.Type.PROTOBUF,
                        schemaText,
                        message.getFullName(),
                        indexes(message),
                        setting);
            }
            default ->
                throw new InvalidInputException(
                        "the schema registry's wire format takes records made from a schema (Avro, JSON Schema or"
                                + " Protobuf), not " + mode.name().toLowerCase(java.util.Locale.ROOT) + " values");
        };
    }

    /**
     * The header of the values sent to {@code topic}.
     *
     * @throws InvalidInputException the registry refuses the schema or has none to look up
     * @throws IllegalStateException the registry cannot be reached
     */
    public byte[] header(String topic) throws InterruptedException {
        byte[] header = headers.get(topic);
        if (header == null) {
            int id = registry.idOf(strategy.subject(topic, recordName), type, text, by);
            header = WireFormat.header(id, messageIndexes);
            headers.put(topic, header);
        }
        return header;
    }

    /** The message's path in its file: its index among its parent's messages, from the top. */
    static int[] indexes(Descriptor message) {
        Deque<Integer> path = new ArrayDeque<>();
        for (Descriptor d = message; d != null; d = d.getContainingType()) {
            path.push(d.getIndex());
        }
        return path.stream().mapToInt(Integer::intValue).toArray();
    }
}
