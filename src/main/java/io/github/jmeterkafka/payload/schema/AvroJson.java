package io.github.jmeterkafka.payload.schema;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.github.jmeterkafka.payload.source.Bytes;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;

/**
 * A record as plain JSON text, for a consumer to show a decoded record and for JMeter's JSON
 * assertions to read: unlike Avro's JSON encoding, a union's value stands alone, logical types
 * are readable and bytes are base64.
 *
 * <p>How each type is written: records and maps as objects, arrays as arrays, enums and strings
 * as strings, numbers and booleans as such; bytes and fixed as base64 strings; decimals (and
 * big-decimals) as exact JSON numbers ({@code 19.90}); dates ({@code 2026-12-02}), times
 * ({@code 09:35:47.123}), timestamps ({@code 2026-12-02T09:35:47.123Z}) and local timestamps
 * ({@code 2026-12-02T09:35:47.123}) as ISO strings; a uuid held in a fixed as its text. A record
 * whose logical types were already converted (a deserializer's LocalDate, Instant, BigDecimal...)
 * is written the same way.
 *
 * <p>Threads: any.
 */
public final class AvroJson {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();
    private static final Conversions.DecimalConversion DECIMAL = new Conversions.DecimalConversion();
    private static final Conversions.BigDecimalConversion BIG_DECIMAL = new Conversions.BigDecimalConversion();
    // resolves a union's branch for plain and converted values alike
    private static final GenericData DATA = new GenericData();

    static {
        DATA.addLogicalTypeConversion(DECIMAL);
        DATA.addLogicalTypeConversion(BIG_DECIMAL);
        DATA.addLogicalTypeConversion(new Conversions.UUIDConversion());
        DATA.addLogicalTypeConversion(new TimeConversions.DateConversion());
        DATA.addLogicalTypeConversion(new TimeConversions.TimeMillisConversion());
        DATA.addLogicalTypeConversion(new TimeConversions.TimeMicrosConversion());
        DATA.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
        DATA.addLogicalTypeConversion(new TimeConversions.TimestampMicrosConversion());
        DATA.addLogicalTypeConversion(new TimeConversions.TimestampNanosConversion());
        DATA.addLogicalTypeConversion(new TimeConversions.LocalTimestampMillisConversion());
        DATA.addLogicalTypeConversion(new TimeConversions.LocalTimestampMicrosConversion());
        DATA.addLogicalTypeConversion(new TimeConversions.LocalTimestampNanosConversion());
    }

    private AvroJson() {}

    public static String toJson(GenericRecord record) {
        StringWriter text = new StringWriter(256);
        try (JsonGenerator json = JSON.createGenerator(text)) {
            write(json, record.getSchema(), record);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void write(JsonGenerator json, Schema schema, Object value) throws IOException {
        if (value == null) {
            json.writeNull();
            return;
        }
        LogicalType logical = schema.getLogicalType();
        if (logical != null) {
            writeLogical(json, schema, logical.getName(), value);
            return;
        }
        switch (schema.getType()) {
            case RECORD -> {
                GenericRecord record = (GenericRecord) value;
                json.writeStartObject();
                for (Schema.Field field : schema.getFields()) {
                    json.writeFieldName(field.name());
                    write(json, field.schema(), record.get(field.pos()));
                }
                json.writeEndObject();
            }
            case ARRAY -> {
                json.writeStartArray();
                for (Object item : (Collection<?>) value) {
                    write(json, schema.getElementType(), item);
                }
                json.writeEndArray();
            }
            case MAP -> {
                json.writeStartObject();
                for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                    json.writeFieldName(entry.getKey().toString());
                    write(json, schema.getValueType(), entry.getValue());
                }
                json.writeEndObject();
            }
            case UNION -> write(json, schema.getTypes().get(DATA.resolveUnion(schema, value)), value);
            case BOOLEAN -> json.writeBoolean((Boolean) value);
            case INT, LONG -> json.writeNumber(((Number) value).longValue());
            case FLOAT, DOUBLE -> json.writeNumber(((Number) value).doubleValue());
            case BYTES, FIXED -> json.writeBinary(bytes(value));
            // string, enum
            default -> json.writeString(value.toString());
        }
    }

    private static void writeLogical(JsonGenerator json, Schema schema, String logical, Object value)
            throws IOException {
        // already converted by a deserializer: BigDecimal, LocalDate, Instant, UUID...
        if (value instanceof BigDecimal decimal) {
            json.writeNumber(decimal);
            return;
        }
        if (!(value instanceof Number || value instanceof ByteBuffer || value instanceof GenericFixed)) {
            json.writeString(value.toString());
            return;
        }
        switch (logical) {
            case "decimal" -> {
                json.writeNumber(
                        value instanceof ByteBuffer bytes
                                ? DECIMAL.fromBytes(bytes.duplicate(), schema, schema.getLogicalType())
                                : DECIMAL.fromFixed((GenericFixed) value, schema, schema.getLogicalType()));
                return;
            }
            case "big-decimal" -> {
                json.writeNumber(
                        BIG_DECIMAL.fromBytes(((ByteBuffer) value).duplicate(), schema, schema.getLogicalType()));
                return;
            }
            case "uuid" -> {
                if (value instanceof GenericFixed fixed) {
                    ByteBuffer bytes = ByteBuffer.wrap(fixed.bytes());
                    json.writeString(new UUID(bytes.getLong(), bytes.getLong()).toString());
                    return;
                }
            }
            case "date" -> {
                json.writeString(
                        LocalDate.ofEpochDay(((Number) value).longValue()).toString());
                return;
            }
            case "time-millis" -> {
                json.writeString(LocalTime.ofNanoOfDay(((Number) value).longValue() * 1_000_000)
                        .toString());
                return;
            }
            case "time-micros" -> {
                json.writeString(LocalTime.ofNanoOfDay(((Number) value).longValue() * 1_000)
                        .toString());
                return;
            }
            case "timestamp-millis", "timestamp-micros", "timestamp-nanos" -> {
                json.writeString(instant(logical, ((Number) value).longValue()).toString());
                return;
            }
            case "local-timestamp-millis", "local-timestamp-micros", "local-timestamp-nanos" -> {
                json.writeString(LocalDateTime.ofInstant(instant(logical, ((Number) value).longValue()), ZoneOffset.UTC)
                        .toString());
                return;
            }
            default -> {}
        }
        // a logical type without a readable form (duration) or unknown: its plain value
        if (value instanceof Integer || value instanceof Long) {
            json.writeNumber(((Number) value).longValue());
        } else if (value instanceof Number number) {
            json.writeNumber(number.doubleValue());
        } else {
            json.writeBinary(bytes(value));
        }
    }

    private static Instant instant(String logical, long units) {
        ChronoUnit unit = logical.endsWith("millis")
                ? ChronoUnit.MILLIS
                : logical.endsWith("micros") ? ChronoUnit.MICROS : ChronoUnit.NANOS;
        return Instant.EPOCH.plus(units, unit);
    }

    private static byte[] bytes(Object value) {
        if (value instanceof GenericFixed fixed) {
            return fixed.bytes();
        }
        return Bytes.copy((ByteBuffer) value);
    }
}
