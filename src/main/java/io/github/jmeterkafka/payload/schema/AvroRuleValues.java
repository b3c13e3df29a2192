package io.github.jmeterkafka.payload.schema;

import static io.github.jmeterkafka.payload.schema.RuleValues.isNull;
import static io.github.jmeterkafka.payload.schema.RuleValues.misfit;
import static io.github.jmeterkafka.payload.schema.RuleValues.text;

import io.github.jmeterkafka.input.InvalidInputException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * Converters from a rule's value to what a field of an Avro schema holds (its plain Avro type, as
 * {@code GenericData} without logical-type conversions keeps it), one built per field.
 */
final class AvroRuleValues {
    private static final Conversions.DecimalConversion DECIMAL = new Conversions.DecimalConversion();
    private static final Conversions.BigDecimalConversion BIG_DECIMAL = new Conversions.BigDecimalConversion();
    private static final LocalDateTime LOCAL_EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private AvroRuleValues() {}

    static UnaryOperator<Object> converter(Schema schema, String path) {
        String logical =
                schema.getLogicalType() == null ? "" : schema.getLogicalType().getName();
        String type = typeName(schema);
        return switch (schema.getType()) {
            case NULL ->
                value -> {
                    if (isNull(value)) {
                        return null;
                    }
                    throw misfit(path, value, type);
                };
            case BOOLEAN -> value -> RuleValues.toBoolean(path, value);
            case INT -> intConverter(logical, path, type);
            case LONG -> longConverter(logical, path, type);
            case FLOAT -> value -> (float) RuleValues.toDouble(path, value, type);
            case DOUBLE -> value -> RuleValues.toDouble(path, value, type);
            case STRING ->
                "uuid".equals(logical)
                        ? value -> parseUuid(path, value, type).toString()
                        : value -> RuleValues.toText(path, value, type);
            case BYTES, FIXED -> bytesConverter(schema, logical, path, type);
            case ENUM -> enumConverter(schema, path, type);
            case UNION -> unionConverter(schema, path);
            default -> throw takesNoRule(schema, path);
        };
    }

    /** The name a message gives a type: its logical type, or its kind and name. */
    static String typeName(Schema schema) {
        LogicalType logical = schema.getLogicalType();
        if (logical instanceof LogicalTypes.Decimal decimal) {
            return "decimal(" + decimal.getPrecision() + "," + decimal.getScale() + ")";
        }
        if (logical != null) {
            return logical.getName();
        }
        return switch (schema.getType()) {
            case ENUM -> "enum " + schema.getName() + " " + schema.getEnumSymbols();
            case FIXED -> "fixed " + schema.getName() + " (" + schema.getFixedSize() + " bytes)";
            case RECORD -> "record " + schema.getName();
            default -> schema.getType().getName();
        };
    }

    /** A decimal, fitting the field's scale, as its bytes or fixed holds it. */
    static Object decimal(BigDecimal value, Schema schema) {
        LogicalType logical = schema.getLogicalType();
        return schema.getType() == Schema.Type.FIXED
                ? DECIMAL.toFixed(value, schema, logical)
                : DECIMAL.toBytes(value, schema, logical);
    }

    /** A big-decimal: its scale travels with it. */
    static ByteBuffer bigDecimal(BigDecimal value, Schema schema) {
        return BIG_DECIMAL.toBytes(value, schema, schema.getLogicalType());
    }

    /** A uuid as a string or a fixed(16) holds it. */
    static Object uuid(UUID uuid, Schema schema) {
        if (schema.getType() == Schema.Type.STRING) {
            return uuid.toString();
        }
        return new GenericData.Fixed(
                schema,
                ByteBuffer.allocate(16)
                        .putLong(uuid.getMostSignificantBits())
                        .putLong(uuid.getLeastSignificantBits())
                        .array());
    }

    private static InvalidInputException takesNoRule(Schema schema, String path) {
        String parts = schema.getType() == Schema.Type.RECORD
                ? "fields, as '" + path + ".<field>'"
                : schema.getType() == Schema.Type.ARRAY ? "items, as '" + path + "[]'" : "values, as '" + path + "{}'";
        return new InvalidInputException(
                "field rule '" + path + "': " + typeName(schema) + " takes no rule: give rules to its " + parts);
    }

    private static UnaryOperator<Object> intConverter(String logical, String path, String type) {
        return switch (logical) {
            case "date" -> {
                String expected = type + " (ISO date or days since 1970-01-01)";
                yield value -> toInt(
                        path,
                        value,
                        expected,
                        time(
                                path,
                                value,
                                expected,
                                text -> LocalDate.parse(text).toEpochDay()));
            }
            case "time-millis" -> {
                String expected = type + " (ISO time or milliseconds of the day)";
                yield value -> toInt(
                        path,
                        value,
                        expected,
                        time(
                                path,
                                value,
                                expected,
                                text -> ChronoUnit.MILLIS.between(LocalTime.MIDNIGHT, LocalTime.parse(text))));
            }
            default -> value -> RuleValues.toInt(path, value, type);
        };
    }

    private static UnaryOperator<Object> longConverter(String logical, String path, String type) {
        return switch (logical) {
            case "time-micros" ->
                value -> time(
                        path,
                        value,
                        type + " (ISO time or microseconds of the day)",
                        text -> ChronoUnit.MICROS.between(LocalTime.MIDNIGHT, LocalTime.parse(text)));
            case "timestamp-millis" -> instant(path, type, ChronoUnit.MILLIS);
            case "timestamp-micros" -> instant(path, type, ChronoUnit.MICROS);
            case "timestamp-nanos" -> instant(path, type, ChronoUnit.NANOS);
            case "local-timestamp-millis" -> localInstant(path, type, ChronoUnit.MILLIS);
            case "local-timestamp-micros" -> localInstant(path, type, ChronoUnit.MICROS);
            case "local-timestamp-nanos" -> localInstant(path, type, ChronoUnit.NANOS);
            default -> value -> RuleValues.toLong(path, value, type);
        };
    }

    private static UnaryOperator<Object> instant(String path, String type, ChronoUnit unit) {
        String expected = type + " (ISO instant or " + unit.toString().toLowerCase(Locale.ROOT) + " since 1970)";
        return value -> time(path, value, expected, text -> unit.between(Instant.EPOCH, Instant.parse(text)));
    }

    private static UnaryOperator<Object> localInstant(String path, String type, ChronoUnit unit) {
        String expected = type + " (ISO date-time or " + unit.toString().toLowerCase(Locale.ROOT) + " since 1970)";
        return value -> time(path, value, expected, text -> unit.between(LOCAL_EPOCH, LocalDateTime.parse(text)));
    }

    /** A number in the field's own unit, or ISO text. */
    private static long time(String path, Object value, String type, ToLongFunction<String> iso) {
        if (value instanceof String text) {
            String trimmed = text.trim();
            try {
                return Long.parseLong(trimmed);
            } catch (NumberFormatException notNumber) {
                try {
                    return iso.applyAsLong(trimmed);
                } catch (DateTimeException | ArithmeticException e) {
                    throw misfit(path, value, type);
                }
            }
        }
        return RuleValues.toLong(path, value, type);
    }

    private static int toInt(String path, Object value, String type, long n) {
        if (n != (int) n) {
            throw misfit(path, value, type);
        }
        return (int) n;
    }

    private static UUID parseUuid(String path, Object value, String type) {
        try {
            return UUID.fromString(RuleValues.toText(path, value, type).trim());
        } catch (IllegalArgumentException e) {
            throw misfit(path, value, type);
        }
    }

    private static UnaryOperator<Object> bytesConverter(Schema schema, String logical, String path, String type) {
        if (schema.getLogicalType() instanceof LogicalTypes.Decimal decimal) {
            return value -> {
                BigDecimal scaled;
                try {
                    scaled = RuleValues.toDecimal(path, value, type).setScale(decimal.getScale());
                } catch (ArithmeticException moreDigitsThanScale) {
                    throw misfit(path, value, type);
                }
                if (scaled.precision() > decimal.getPrecision()) {
                    throw misfit(path, value, type);
                }
                return decimal(scaled, schema);
            };
        }
        if ("big-decimal".equals(logical)) {
            return value -> bigDecimal(RuleValues.toDecimal(path, value, type), schema);
        }
        if ("uuid".equals(logical)) {
            return value -> uuid(parseUuid(path, value, type), schema);
        }
        if (schema.getType() == Schema.Type.BYTES) {
            return value -> ByteBuffer.wrap(RuleValues.toText(path, value, type).getBytes(StandardCharsets.UTF_8));
        }
        return value -> {
            byte[] bytes = RuleValues.toText(path, value, type).getBytes(StandardCharsets.UTF_8);
            if (bytes.length != schema.getFixedSize()) {
                throw misfit(path, value, type);
            }
            return new GenericData.Fixed(schema, bytes);
        };
    }

    private static UnaryOperator<Object> enumConverter(Schema schema, String path, String type) {
        Map<String, GenericData.EnumSymbol> symbols = new HashMap<>();
        for (String symbol : schema.getEnumSymbols()) {
            symbols.put(symbol, new GenericData.EnumSymbol(schema, symbol));
        }
        return value -> {
            GenericData.EnumSymbol symbol =
                    value == null ? null : symbols.get(text(value).trim());
            if (symbol == null) {
                throw misfit(path, value, type);
            }
            return symbol;
        };
    }

    /** Null if the union holds null, else the first branch, in the schema's order, that the value fits. */
    private static UnaryOperator<Object> unionConverter(Schema union, String path) {
        boolean nullable = false;
        List<UnaryOperator<Object>> branches = new ArrayList<>();
        for (Schema branch : union.getTypes()) {
            switch (branch.getType()) {
                case NULL -> nullable = true;
                case RECORD, ARRAY, MAP -> {}
                default -> branches.add(converter(branch, path));
            }
        }
        if (branches.isEmpty()) {
            throw new InvalidInputException("field rule '" + path + "': a union of "
                    + union.getTypes().stream().map(AvroRuleValues::typeName).collect(Collectors.joining(", "))
                    + " takes no rule: "
                    + "give rules to the fields of its records");
        }
        String types = union.getTypes().stream().map(AvroRuleValues::typeName).collect(Collectors.joining(" or "));
        boolean takesNull = nullable;
        return value -> {
            if (takesNull && isNull(value)) {
                return null;
            }
            if (branches.size() == 1) {
                return branches.get(0).apply(value);
            }
            for (UnaryOperator<Object> branch : branches) {
                try {
                    return branch.apply(value);
                } catch (InvalidInputException notThisBranch) {
                    // the next branch may take it
                }
            }
            throw misfit(path, value, types);
        };
    }
}
