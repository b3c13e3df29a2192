package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.registry.DeserializedMessages;
import io.github.jmeterkafka.payload.registry.RegistryValues;
import io.github.jmeterkafka.payload.registry.SchemaRegistryClient;
import io.github.jmeterkafka.payload.schema.AvroDecoder;
import io.github.jmeterkafka.payload.schema.AvroJson;
import io.github.jmeterkafka.payload.schema.AvroRecords;
import io.github.jmeterkafka.payload.schema.ProtoJson;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.payload.schema.WireFormat;
import io.github.jmeterkafka.payload.source.Bytes;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Function;
import org.apache.avro.generic.GenericRecord;

/**
 * How a consumer shows a record's value in its response and variables: UTF-8 text; an Avro record
 * (decoded with the sampler's schema, or as a user's deserializer returned it) or a Protobuf message
 * (decoded with the sampler's {@code .proto} schema, its first message type, or as a user's deserializer
 * returned it) as JSON text, so JMeter's
 * JSON assertions and extractors, and a JSON path correlation, read its fields.
 *
 * <p>Threads: one per sampler thread (the decoder is reused).
 */
public final class ValueText {
    public static final ValueText UTF8 = new ValueText("", null, null);

    public final String schemaText;
    // bytes to JSON text, null for text values; throws InvalidInputException for bytes not of the schema
    private final Function<byte[], String> decoder;
    // values in a registry's wire format, when the connection names a registry
    private final RegistryValues registry;
    // a user deserializer's Protobuf messages
    private final DeserializedMessages messages = new DeserializedMessages();

    private ValueText(String schemaText, Function<byte[], String> decoder, RegistryValues registry) {
        this.schemaText = schemaText;
        this.decoder = decoder;
        this.registry = registry;
    }

    /**
     * As {@link #of(String)}, and a value in a schema registry's wire format (magic byte 0, schema id) is decoded
     * with the schema the registry has under its id.
     */
    public static ValueText of(String schema, Optional<SchemaRegistryClient> registry) {
        ValueText v = of(schema);
        return registry.map(r -> new ValueText(v.schemaText, v.decoder, new RegistryValues(r)))
                .orElse(v);
    }

    /**
     * The view of values written with {@code schema}.
     *
     * @param schema blank, or an Avro or a Protobuf schema (inline or a file) the values are written with
     */
    public static ValueText of(String schema) {
        if (schema.isBlank()) {
            return UTF8;
        }
        if (ProtoJson.isProto(schema)) {
            return new ValueText(schema, new ProtoJson(ProtobufRecords.parseProtoSchema(schema, ""))::decode, null);
        }
        AvroDecoder avro = new AvroDecoder(AvroRecords.parseAvroSchema(schema));
        return new ValueText(
                schema,
                bytes -> {
                    GenericRecord record = avro.decode(bytes);
                    return record == null ? "" : AvroJson.toJson(record);
                },
                null);
    }

    /** Values as they are, the plugin's own as views into the fetch buffer: copied only to decode. */
    public ByteBuffer bytes(Object v) {
        if (v instanceof ByteBuffer byteBuffer && decoder == null && !framed(v)) {
            return byteBuffer.duplicate();
        }
        return ByteBuffer.wrap(
                v instanceof byte[] array && decoder == null && !framed(v)
                        ? array
                        : text(v).getBytes(StandardCharsets.UTF_8));
    }

    public String text(Object v) {
        if (v instanceof GenericRecord genericRecord) {
            return AvroJson.toJson(genericRecord);
        }
        if (framed(v)) {
            try {
                String json = registry.json(v instanceof byte[] array ? ByteBuffer.wrap(array) : (ByteBuffer) v);
                if (json != null) {
                    return json;
                }
            } catch (InvalidInputException | IllegalStateException e) {
                return "(" + e.getMessage() + ")";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "(interrupted while the schema registry was asked)";
            }
            return plain(v);
        }
        if (decoder != null && (v instanceof ByteBuffer || v instanceof byte[])) {
            try {
                String json = decoder.apply(v instanceof byte[] array ? array : Bytes.copy((ByteBuffer) v));
                return json == null ? "" : json;
            } catch (InvalidInputException e) {
                return "(" + e.getMessage() + ")";
            }
        }
        if (v != null && !(v instanceof String) && DeserializedMessages.isMessage(v)) {
            try {
                return messages.json(v);
            } catch (InvalidInputException e) {
                return "(" + e.getMessage() + ")";
            }
        }
        return plain(v);
    }

    private boolean framed(Object v) {
        return registry != null
                && (v instanceof ByteBuffer b
                        ? WireFormat.framed(b)
                        : v instanceof byte[] a && WireFormat.framed(ByteBuffer.wrap(a)));
    }

    /** A key, header value or plain value as text: bytes as UTF-8, null as empty. */
    public static String plain(Object o) {
        if (o == null) {
            return "";
        }
        if (o instanceof ByteBuffer buffer) {
            return StandardCharsets.UTF_8.decode(buffer.duplicate()).toString();
        }
        return o instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : o.toString();
    }
}
