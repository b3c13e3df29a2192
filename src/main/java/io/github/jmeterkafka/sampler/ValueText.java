package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.AvroDecoder;
import io.github.jmeterkafka.payload.schema.AvroJson;
import io.github.jmeterkafka.payload.schema.AvroRecords;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.avro.generic.GenericRecord;

/**
 * How a consumer shows a record's value in its response and variables: UTF-8 text; an Avro record
 * (decoded with the sampler's schema, or as a user's deserializer returned it) as JSON text, so
 * JMeter's JSON assertions and extractors read its fields.
 *
 * <p>Threads: one per sampler thread (the decoder is reused).
 */
final class ValueText {
    static final ValueText UTF8 = new ValueText("", null);

    final String schemaText;
    private final AvroDecoder decoder;

    private ValueText(String schemaText, AvroDecoder decoder) {
        this.schemaText = schemaText;
        this.decoder = decoder;
    }

    /** @param schema blank, or an Avro schema (inline or a file) the values are written with */
    static ValueText of(String schema) {
        return schema.isBlank() ? UTF8 : new ValueText(schema, new AvroDecoder(AvroRecords.parseAvroSchema(schema)));
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
                GenericRecord record = decoder.decode(v instanceof byte[] array ? array : copy((ByteBuffer) v));
                return record == null ? "" : AvroJson.toJson(record);
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
