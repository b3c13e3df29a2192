package io.github.jmeterkafka.payload.schema;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/** The random value of an Avro field that holds no records, arrays or maps, by its type. */
final class AvroRandomValues {
    // amounts with two decimals up to 1,000
    // a decimal's random digits: as many as its precision, within a long
    private static final int MAX_DECIMAL_DIGITS = 18;

    private AvroRandomValues() {}

    static AvroValueMaker of(Schema schema, DefaultValues defaults) {
        String logical =
                schema.getLogicalType() == null ? "" : schema.getLogicalType().getName();
        return switch (logical) {
            case "date" -> (context, depth) -> defaults.date(context.random());
            case "time-millis" -> (context, depth) -> (int) DefaultValues.timeOfDay(context.random(), 1);
            case "time-micros" -> (context, depth) -> DefaultValues.timeOfDay(context.random(), 1_000);
            case "timestamp-millis", "local-timestamp-millis" ->
                (context, depth) -> defaults.timestamp(context.random(), 1);
            case "timestamp-micros", "local-timestamp-micros" ->
                (context, depth) -> defaults.timestamp(context.random(), 1_000);
            case "timestamp-nanos", "local-timestamp-nanos" ->
                (context, depth) -> defaults.timestamp(context.random(), 1_000_000);
            case "uuid" -> (context, depth) -> AvroRuleValues.uuid(DefaultValues.uuid(context.random()), schema);
            case "decimal" -> decimal(schema, (LogicalTypes.Decimal) schema.getLogicalType());
            case "big-decimal" ->
                (context, depth) -> AvroRuleValues.bigDecimal(
                        BigDecimal.valueOf(context.random().nextInt(DefaultValues.MAX_CENTS), 2), schema);
            default -> plain(schema);
        };
    }

    private static AvroValueMaker decimal(Schema schema, LogicalTypes.Decimal decimal) {
        long bound = (long) Math.pow(10, Math.min(decimal.getPrecision(), MAX_DECIMAL_DIGITS));
        int scale = decimal.getScale();
        return (context, depth) ->
                AvroRuleValues.decimal(BigDecimal.valueOf(context.random().nextLong(bound), scale), schema);
    }

    private static AvroValueMaker plain(Schema schema) {
        return switch (schema.getType()) {
            case NULL -> (context, depth) -> null;
            case BOOLEAN -> (context, depth) -> context.random().nextBoolean();
            case INT -> (context, depth) -> context.random().nextInt(DefaultValues.MAX_INT);
            case LONG -> (context, depth) -> context.random().nextLong(DefaultValues.MAX_LONG);
            case FLOAT -> (context, depth) -> context.random().nextInt(DefaultValues.MAX_CENTS) / 100f;
            case DOUBLE -> (context, depth) -> context.random().nextInt(DefaultValues.MAX_CENTS) / 100d;
            case STRING -> (context, depth) -> DefaultValues.alphanumeric(context.random());
            case BYTES ->
                (context, depth) -> ByteBuffer.wrap(DefaultValues.bytes(
                        context.random(),
                        context.random().nextInt(DefaultValues.MIN_TEXT, DefaultValues.MAX_TEXT + 1)));
            case FIXED ->
                (context, depth) ->
                        new GenericData.Fixed(schema, DefaultValues.bytes(context.random(), schema.getFixedSize()));
            case ENUM -> enumSymbol(schema);
            default -> throw new IllegalArgumentException("not a plain type: " + schema.getType());
        };
    }

    private static AvroValueMaker enumSymbol(Schema schema) {
        GenericData.EnumSymbol[] symbols = schema.getEnumSymbols().stream()
                .map(symbol -> new GenericData.EnumSymbol(schema, symbol))
                .toArray(GenericData.EnumSymbol[]::new);
        return (context, depth) -> symbols[context.random().nextInt(symbols.length)];
    }
}
