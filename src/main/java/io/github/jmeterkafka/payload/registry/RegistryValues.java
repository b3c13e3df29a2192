package io.github.jmeterkafka.payload.registry;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.AvroDecoder;
import io.github.jmeterkafka.payload.schema.AvroJson;
import io.github.jmeterkafka.payload.schema.AvroRecords;
import io.github.jmeterkafka.payload.schema.ProtoJson;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.payload.schema.WireFormat;
import io.github.jmeterkafka.payload.source.Bytes;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.avro.generic.GenericRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Values in a schema registry's wire format as JSON text, with no deserializer: the schema fetched by its id once
 * (through the connection's {@link SchemaRegistryClient}), then Avro decoded with it, Protobuf with the message its
 * indexes name, JSON Schema values as their JSON.
 *
 * <p>Threads: one per sampler thread (its decoders are reused).
 */
public final class RegistryValues {
    private static final Logger log = LoggerFactory.getLogger(RegistryValues.class);
    private final SchemaRegistryClient registry;
    private final Map<Integer, Function<ByteBuffer, String>> decoders = new HashMap<>();

    public RegistryValues(SchemaRegistryClient registry) {
        this.registry = registry;
    }

    /**
     * The value as JSON text; null when the registry has no schema of its id, counted there and said once in the log.
     *
     * @throws InvalidInputException not framed, or bytes not of the schema
     * @throws IllegalStateException the registry cannot be reached
     */
    public String json(ByteBuffer value) throws InterruptedException {
        WireFormat framed = WireFormat.of(value);
        int id = framed.schemaId();
        Function<ByteBuffer, String> decoder = decoders.get(id);
        if (decoder == null) {
            Optional<SchemaRegistryClient.Registered> schema = registry.byId(id);
            if (schema.isEmpty()) {
                if (registry.unknownValue(id)) {
                    log.warn(
                            "Schema registry {} has no schema id {}: values with it are shown as bytes and counted",
                            registry.url(),
                            id);
                }
                return null;
            }
            decoder = decoder(schema.get());
            decoders.put(id, decoder);
        }
        return decoder.apply(framed.payload());
    }

    private static Function<ByteBuffer, String> decoder(SchemaRegistryClient.Registered schema) {
        String origin = "registry schema id " + schema.id();
        return switch (schema.type()) {
            case AVRO -> {
                AvroDecoder avro = new AvroDecoder(AvroRecords.parseAvroSchema(schema.text()));
                yield payload -> {
                    GenericRecord r = avro.decode(Bytes.copy(payload));
                    return r == null ? "" : AvroJson.toJson(r);
                };
            }
            case PROTOBUF -> {
                FileDescriptor file = ProtobufRecords.parseProtoFile(schema.text(), origin);
                yield payload -> {
                    Descriptor type = messageAt(file, WireFormat.messageIndexes(payload), origin);
                    return new ProtoJson(type).decode(Bytes.copy(payload));
                };
            }
            case JSON -> payload -> StandardCharsets.UTF_8.decode(payload).toString();
        };
    }

    private static Descriptor messageAt(FileDescriptor file, int[] path, String origin) {
        List<Descriptor> level = file.getMessageTypes();
        Descriptor found = null;
        for (int index : path) {
            if (index >= level.size()) {
                throw new InvalidInputException(
                        "the value names message " + index + " of " + level.size() + " in " + origin);
            }
            found = level.get(index);
            level = found.getNestedTypes();
        }
        return found;
    }
}
