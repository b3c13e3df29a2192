package io.github.jmeterkafka.payload.schema;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Duration;
import com.google.protobuf.Timestamp;
import java.time.Instant;

/**
 * The random value of a protobuf field that holds no message, by its type, in the ranges the Avro
 * and JSON Schema records use: a 32-bit integer 0 to 999,999; a 64-bit one 0 to 10^12; a float or
 * double an amount 0.00 to 999.99; a string 8 to 16 letters and digits; bytes 8 to 16 random bytes;
 * an enum any of its values; a bool either.
 */
final class ProtoRandomValues {
    private static final int HOUR_SECONDS = 3_600;
    private static final int NANOS = 1_000_000_000;

    private ProtoRandomValues() {}

    static ProtoValueMaker of(FieldDescriptor field) {
        return switch (field.getType()) {
            case INT32, SINT32, SFIXED32, UINT32, FIXED32 ->
                (context, depth) -> context.random().nextInt(DefaultValues.MAX_INT);
            case INT64, SINT64, SFIXED64, UINT64, FIXED64 ->
                (context, depth) -> context.random().nextLong(DefaultValues.MAX_LONG);
            case FLOAT -> (context, depth) -> context.random().nextInt(DefaultValues.MAX_CENTS) / 100f;
            case DOUBLE -> (context, depth) -> context.random().nextInt(DefaultValues.MAX_CENTS) / 100d;
            case BOOL -> (context, depth) -> context.random().nextBoolean();
            case STRING -> (context, depth) -> DefaultValues.alphanumeric(context.random());
            case BYTES ->
                (context, depth) -> {
                    byte[] bytes =
                            new byte[context.random().nextInt(DefaultValues.MIN_TEXT, DefaultValues.MAX_TEXT + 1)];
                    context.random().nextBytes(bytes);
                    return ByteString.copyFrom(bytes);
                };
            case ENUM -> enumValue(field);
            default -> throw new IllegalArgumentException("not a plain type: " + field.getType());
        };
    }

    private static ProtoValueMaker enumValue(FieldDescriptor field) {
        EnumValueDescriptor[] values = field.getEnumType().getValues().toArray(new EnumValueDescriptor[0]);
        return (context, depth) -> values[context.random().nextInt(values.length)];
    }

    /**
     * A google.protobuf.Timestamp an instant of the hour before now, a Duration up to an hour; null
     * for any other message type.
     */
    static ProtoValueMaker wellKnown(Descriptor type, Instant now) {
        if (type.getFullName().equals(Timestamp.getDescriptor().getFullName())) {
            long nowSeconds = now.getEpochSecond();
            return (context, depth) -> Timestamp.newBuilder()
                    .setSeconds(nowSeconds - 1 - context.random().nextInt(HOUR_SECONDS))
                    .setNanos(context.random().nextInt(NANOS))
                    .build();
        }
        if (type.getFullName().equals(Duration.getDescriptor().getFullName())) {
            return (context, depth) -> Duration.newBuilder()
                    .setSeconds(context.random().nextInt(HOUR_SECONDS))
                    .setNanos(context.random().nextInt(NANOS))
                    .build();
        }
        return null;
    }
}
