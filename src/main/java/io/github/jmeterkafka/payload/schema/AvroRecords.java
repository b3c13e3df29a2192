package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.ValueSource;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * Avro records made from a record schema, one per call: each field gets a random value of its type,
 * or the value of its field rule (see the package's notes for paths and conversions). The records
 * hold plain Avro types, as {@link GenericData} without logical-type conversions keeps them and as
 * a registry's serializer expects them: a date is an int of days, a decimal its bytes.
 *
 * <p>What a field gets by default: a nested record, each of its fields; an array 1 to 3 items; a
 * map 1 to 3 entries with alphanumeric keys; an enum any symbol; a union holding null is null one
 * time in 10, else any other branch; any other union any branch; a string 8 to 16 letters and
 * digits; bytes 8 to 16 random bytes; a fixed random bytes; a boolean either; an int 0 to 999,999; a
 * long 0 to 10^12; a float or double an amount 0.00 to 999.99; a date a day of the past year; a
 * time a time of the day; a timestamp (millis, micros, nanos; local ones as UTC wall-clock time) an
 * instant of the hour before {@code now}; a decimal (bytes or fixed) a positive number of up to its
 * precision's digits (at most 18) at its scale; a uuid a random version 4 UUID.
 *
 * <p>Threads: built once, then shared: it holds no state of its own, and each thread calls
 * {@link #next} with its own {@link RecordContext}. Rules are called on the calling thread.
 */
public final class AvroRecords implements ValueSource {
    private final Schema schema;
    private final AvroValueMaker root;

    /**
     * @param rules field rules by path; null or empty for none
     * @throws InvalidInputException when the schema is not a record, a rule names no field of it
     *                               or a field that takes no rule
     */
    public AvroRecords(Schema schema, Map<String, Function<RecordContext, Object>> rules) {
        this(schema, rules, Instant.now());
    }

    /** @param now the instant near which timestamps and dates are drawn: fixed, seeded runs repeat */
    public AvroRecords(Schema schema, Map<String, Function<RecordContext, Object>> rules, Instant now) {
        if (schema.getType() != Schema.Type.RECORD) {
            throw new InvalidInputException("Avro schema of type "
                    + schema.getType().getName() + " is not a record: records are made from a schema of type record");
        }
        this.schema = schema;
        FieldRules fieldRules = new FieldRules(rules);
        this.root = new AvroMakers(fieldRules, new DefaultValues(now), schema.getName()).compile(schema, "");
        fieldRules.checkAllMet("schema " + schema.getName());
    }

    /**
     * An Avro schema from its JSON text (starting with <code>{</code>, {@code [} or {@code "}) or
     * from the path of an {@code .avsc} file.
     */
    public static Schema parseAvroSchema(String textOrPath) {
        SchemaText schema = SchemaText.of(textOrPath, "Avro schema", "{[\"");
        try {
            return new Schema.Parser().parse(schema.text());
        } catch (AvroRuntimeException e) {
            throw new InvalidInputException(schema.origin() + " does not parse: " + e.getMessage());
        }
    }

    public Schema schema() {
        return schema;
    }

    /** The next record: a new one each call. */
    @Override
    public GenericData.Record next(RecordContext context) {
        return (GenericData.Record) root.make(context, 0);
    }
}
