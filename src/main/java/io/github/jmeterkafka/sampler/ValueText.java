package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.AvroDecoder;
import io.github.jmeterkafka.payload.schema.AvroJson;
import io.github.jmeterkafka.payload.schema.AvroRecords;
import io.github.jmeterkafka.payload.schema.ProtoJson;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.apache.avro.generic.GenericRecord;

/**
 * How a consumer shows a record's value in its response and variables: UTF-8 text; an Avro record
 * (decoded with the sampler's schema, or as a user's deserializer returned it) or a Protobuf message
 * (decoded with the sampler's {@code .proto} schema, its first message type) as JSON text, so JMeter's
 * JSON assertions and extractors, and a JSON path correlation, read its fields.
 *
 * <p>Threads: one per sampler thread (the decoder is reused).
 */
final class ValueText {
    static final ValueText UTF8 = new ValueText("", null);

    final String schemaText;
    // bytes to JSON text, null for text values; throws InvalidInputException for bytes not of the schema
    private final Function<byte[], String> decoder;

    private ValueText(String schemaText, Function<byte[], String> decoder) {
        this.schemaText = schemaText;
        this.decoder = decoder;
    }

    /** @param schema blank, or an Avro or a Protobuf schema (inline or a file) the values are written with */
    static ValueText of(String schema) {
        if (schema.isBlank()) {
            return UTF8;
        }
        if (ProtoJson.isProto(schema)) {
            return new ValueText(schema, new ProtoJson(ProtobufRecords.parseProtoSchema(schema, ""))::decode);
        }
        AvroDecoder avro = new AvroDecoder(AvroRecords.parseAvroSchema(schema));
        return new ValueText(schema, bytes -> {
            GenericRecord record = avro.decode(bytes);
            return record == null ? "" : AvroJson.toJson(record);
        });
    }

    /** Values as they are, the plugin's own as views into the fetch buffer: copied only to decode. */
    ByteBuffer bytes(Object v) {
        if (v instanceof ByteBuffer byteBuffer && decoder == null) {
            return byteBuffer.duplicate();
        }
        return ByteBuffer.wrap(
                v instanceof byte[] array && decoder == null ? array : text(v).getBytes(StandardCharsets.UTF_8));
    }

    String text(Object v) {
        if (v instanceof GenericRecord genericRecord) {
            return AvroJson.toJson(genericRecord);
        }
        if (decoder != null && (v instanceof ByteBuffer || v instanceof byte[])) {
            try {
                String json = decoder.apply(v instanceof byte[] array ? array : copy((ByteBuffer) v));
                return json == null ? "" : json;
            } catch (InvalidInputException e) {
                return "(" + e.getMessage() + ")";
            }
        }
        return RecordListing.text(v);
    }

    private static byte[] copy(ByteBuffer v) {
        ByteBuffer d = v.duplicate();
        byte[] out = new byte[d.remaining()];
        d.get(out);
        return out;
    }
}
