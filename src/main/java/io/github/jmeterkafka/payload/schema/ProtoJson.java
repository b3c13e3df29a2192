package io.github.jmeterkafka.payload.schema;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.github.jmeterkafka.input.InvalidInputException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Protobuf binary (the message's bytes alone, no registry header) back into a message, written as plain JSON text
 * for a consumer's response and for a JSON path: fields by their names in the {@code .proto} (so a path is the
 * schema's own, {@code $.order.id}); unset proto3 scalars as their defaults, unset messages left out; integers and
 * floats as numbers, enums by name, bytes as base64, maps as objects, a google.protobuf.Timestamp as an ISO instant
 * and a Duration as seconds with an {@code s} (as protobuf's JSON mapping writes them).
 *
 * <p>Threads: any; it holds the message type only.
 */
public final class ProtoJson {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final Descriptor type;

    public ProtoJson(Descriptor type) {
        this.type = type;
    }

    /**
     * Whether a value schema field holds a {@code .proto} schema (its text or a {@code .proto} file) rather than an
     * Avro one: an Avro schema is JSON, a {@code .proto} text is not.
     */
    public static boolean isProto(String textOrPath) {
        String s = textOrPath.strip();
        if (s.isEmpty() || "{[\"".indexOf(s.charAt(0)) >= 0) {
            return false;
        }
        return s.endsWith(".proto") || s.indexOf('{') > 0;
    }

    /**
     * The value's JSON text, or null for null bytes (a tombstone).
     *
     * @throws InvalidInputException the bytes are not a message of this type
     */
    public String decode(byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        try {
            return toJson(DynamicMessage.parseFrom(type, bytes));
        } catch (InvalidProtocolBufferException e) {
            throw new InvalidInputException("a value of " + bytes.length + " bytes is not a message of Protobuf type "
                    + type.getFullName() + ": " + e.getMessage());
        }
    }

    static String toJson(Message message) {
        StringWriter text = new StringWriter(256);
        try (JsonGenerator json = JSON.createGenerator(text)) {
            writeMessage(json, message);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void writeMessage(JsonGenerator json, Message message) throws IOException {
        String wellKnown = message.getDescriptorForType().getFullName();
        if (wellKnown.equals("google.protobuf.Timestamp")) {
            json.writeString(Instant.ofEpochSecond(longField(message, "seconds"), longField(message, "nanos"))
                    .toString());
            return;
        }
        if (wellKnown.equals("google.protobuf.Duration")) {
            long seconds = longField(message, "seconds");
            long nanos = longField(message, "nanos");
            json.writeString(
                    nanos == 0
                            ? seconds + "s"
                            : BigDecimal.valueOf(seconds)
                                            .add(BigDecimal.valueOf(nanos, 9))
                                            .stripTrailingZeros()
                                            .toPlainString()
                                    + "s");
            return;
        }
        json.writeStartObject();
        for (FieldDescriptor field : message.getDescriptorForType().getFields()) {
            boolean set = field.isRepeated() ? message.getRepeatedFieldCount(field) > 0 : message.hasField(field);
            // proto3 scalars read as their default when unset; an unset message or oneof member is absent
            if (!set && (field.isRepeated() || field.hasPresence())) {
                continue;
            }
            json.writeFieldName(field.getName());
            Object value = message.getField(field);
            if (field.isMapField()) {
                writeMap(json, field, (List<?>) value);
            } else if (field.isRepeated()) {
                json.writeStartArray();
                for (Object item : (List<?>) value) {
                    writeValue(json, field, item);
                }
                json.writeEndArray();
            } else {
                writeValue(json, field, value);
            }
        }
        json.writeEndObject();
    }

    private static void writeMap(JsonGenerator json, FieldDescriptor field, List<?> entries) throws IOException {
        FieldDescriptor key = field.getMessageType().findFieldByName("key");
        FieldDescriptor value = field.getMessageType().findFieldByName("value");
        json.writeStartObject();
        for (Object e : entries) {
            Message entry = (Message) e;
            json.writeFieldName(String.valueOf(entry.getField(key)));
            writeValue(json, value, entry.getField(value));
        }
        json.writeEndObject();
    }

    private static void writeValue(JsonGenerator json, FieldDescriptor field, Object value) throws IOException {
        switch (field.getJavaType()) {
            case MESSAGE -> writeMessage(json, (Message) value);
            case ENUM -> json.writeString(((EnumValueDescriptor) value).getName());
            case BYTE_STRING -> json.writeBinary(((ByteString) value).toByteArray());
            case BOOLEAN -> json.writeBoolean((Boolean) value);
            case INT, LONG -> json.writeNumber(unsigned(field, ((Number) value).longValue()));
            case FLOAT, DOUBLE -> json.writeNumber(((Number) value).doubleValue());
            default -> json.writeString(value.toString());
        }
    }

    // uint32 and fixed32 come as int, uint64 and fixed64 as long: written as the unsigned numbers they are
    private static String unsigned(FieldDescriptor field, long v) {
        return switch (field.getType()) {
            case UINT32, FIXED32 -> Long.toString(Integer.toUnsignedLong((int) v));
            case UINT64, FIXED64 -> Long.toUnsignedString(v);
            default -> Long.toString(v);
        };
    }

    private static long longField(Message message, String name) {
        FieldDescriptor f = message.getDescriptorForType().findFieldByName(name);
        return ((Number) message.getField(f)).longValue();
    }
}
