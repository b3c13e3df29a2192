package io.github.jmeterkafka.payload.schema;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import io.github.jmeterkafka.input.InvalidInputException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Converters from a rule's value (String, Long, Integer, BigDecimal, Double, Boolean; byte[] or
 * ByteBuffer for bytes) to what a protobuf field holds, one built per field. Null, or the text
 * {@code null}, leaves a field that tracks presence unset; other fields do not take it.
 */
final class ProtoRuleValues {
    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final long UINT32_MAX = 0xFFFF_FFFFL;

    private ProtoRuleValues() {}

    static UnaryOperator<Object> converter(FieldDescriptor field, String path) {
        UnaryOperator<Object> convert = valueConverter(field, path, typeName(field));
        if (!field.hasPresence()) {
            return convert;
        }
        return value -> RuleValues.isNull(value) ? null : convert.apply(value);
    }

    static String typeName(FieldDescriptor field) {
        return field.getJavaType() == FieldDescriptor.JavaType.ENUM
                ? "enum " + field.getEnumType().getName()
                : field.getType().name().toLowerCase(Locale.ROOT);
    }

    private static UnaryOperator<Object> valueConverter(FieldDescriptor field, String path, String type) {
        return switch (field.getType()) {
            case INT32, SINT32, SFIXED32 -> value -> RuleValues.toInt(path, value, type);
            case UINT32, FIXED32 ->
                value -> {
                    long n = RuleValues.toLong(path, value, type);
                    if (n < 0 || n > UINT32_MAX) {
                        throw RuleValues.misfit(path, value, type);
                    }
                    return (int) n;
                };
            case INT64, SINT64, SFIXED64 -> value -> RuleValues.toLong(path, value, type);
            case UINT64, FIXED64 ->
                value -> {
                    BigInteger n;
                    try {
                        n = RuleValues.toDecimal(path, value, type).toBigIntegerExact();
                    } catch (ArithmeticException e) {
                        throw RuleValues.misfit(path, value, type);
                    }
                    if (n.signum() < 0 || n.compareTo(UINT64_MAX) > 0) {
                        throw RuleValues.misfit(path, value, type);
                    }
                    return n.longValue();
                };
            case FLOAT -> value -> (float) RuleValues.toDouble(path, value, type);
            case DOUBLE -> value -> RuleValues.toDouble(path, value, type);
            case BOOL -> value -> RuleValues.toBoolean(path, value);
            case STRING ->
                value -> {
                    if (RuleValues.isNull(value)) {
                        throw RuleValues.misfit(path, value, type);
                    }
                    return RuleValues.text(value);
                };
            case BYTES -> value -> toBytes(path, value, type);
            case ENUM -> enumConverter(field.getEnumType(), path, type);
            default ->
                throw new InvalidInputException("field '" + path + "' is a message: rules name the fields inside it");
        };
    }

    private static UnaryOperator<Object> enumConverter(EnumDescriptor enumType, String path, String type) {
        return value -> {
            EnumValueDescriptor found = null;
            if (value instanceof String text
                    && !text.isBlank()
                    && !Character.isDigit(text.strip().charAt(0))
                    && text.strip().charAt(0) != '-') {
                found = enumType.findValueByName(text.strip());
            } else if (!RuleValues.isNull(value)) {
                found = enumType.findValueByNumber(RuleValues.toInt(path, value, type));
            }
            if (found == null) {
                throw RuleValues.misfit(path, value, type);
            }
            return found;
        };
    }

    private static ByteString toBytes(String path, Object value, String type) {
        if (value instanceof byte[] bytes) {
            return ByteString.copyFrom(bytes);
        }
        if (value instanceof ByteBuffer buffer) {
            return ByteString.copyFrom(buffer.duplicate());
        }
        if (value instanceof ByteString bytes) {
            return bytes;
        }
        if (RuleValues.isNull(value)) {
            throw RuleValues.misfit(path, value, type);
        }
        return ByteString.copyFrom(RuleValues.text(value), StandardCharsets.UTF_8);
    }
}
