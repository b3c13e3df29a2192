package io.github.jmeterkafka.payload.schema;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.ValueSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;

/**
 * JSON documents made from a JSON Schema, one per call, as UTF-8 bytes: each field gets a random
 * value its schema allows, or the value of its field rule (see the package's notes for paths and
 * conversions).
 *
 * <p>What a field gets by default: an object its properties, the required ones always, the others
 * 8 times in 10 (and always when they have a rule), never additional ones; an array 1 to 3 items
 * within minItems/maxItems; a type array null one time in 10 if it allows null, else any of its
 * types; enum and const one of their values; oneOf/anyOf one branch; allOf all its schemas merged;
 * a number or integer as {@link NumberRange} says; a string as {@link JsonRandomValues} says; a
 * boolean either. A date-time is an instant of the hour before {@code now}, a date a day of the
 * past year.
 *
 * <p>Threads: one per sampler thread; it reuses its generator and buffer.
 */
public final class JsonSchemaRecords implements ValueSource {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private final JsonValueMaker root;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(512);
    private JsonGenerator json = newGenerator();

    /**
     * @param rules field rules by path; null or empty for none
     * @throws InvalidInputException when the schema cannot be followed, a rule names no field of it
     *                               or a field that takes no rule
     */
    public JsonSchemaRecords(JsonNode schema, Map<String, Function<RecordContext, Object>> rules) {
        this(schema, rules, Instant.now());
    }

    /** @param now the instant near which date-times and dates are drawn: fixed, seeded runs repeat */
    public JsonSchemaRecords(JsonNode schema, Map<String, Function<RecordContext, Object>> rules, Instant now) {
        FieldRules fieldRules = new FieldRules(rules);
        this.root = new JsonSchemaMakers(schema, fieldRules, new DefaultValues(now)).compileRoot();
        fieldRules.checkAllMet(
                schema.hasNonNull("title") ? "schema " + schema.get("title").asText() : "the JSON schema");
    }

    /** A JSON Schema from its text (starting with <code>{</code>) or from the path of a file. */
    public static JsonNode parseJsonSchema(String textOrPath) {
        SchemaText schema = SchemaText.of(textOrPath, "JSON schema", "{");
        JsonNode node;
        try {
            node = MAPPER.readTree(schema.text());
        } catch (IOException e) {
            throw new InvalidInputException(schema.origin() + " does not parse: " + e.getMessage());
        }
        if (node == null || !node.isObject()) {
            throw new InvalidInputException(schema.origin() + " is not a JSON object");
        }
        return node;
    }

    @Override
    public byte[] next(RecordContext context) {
        out.reset();
        try {
            root.write(json, context, 0);
            json.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            // a rule failed halfway through a document: the generator is still inside it
            json = newGenerator();
            throw e;
        }
        return out.toByteArray();
    }

    private JsonGenerator newGenerator() {
        try {
            JsonGenerator generator = MAPPER.getFactory().createGenerator(out);
            // documents one after the other on one generator, with nothing between them
            generator.setRootValueSeparator(null);
            return generator;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
