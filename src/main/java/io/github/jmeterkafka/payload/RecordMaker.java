package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.ValueSource;
import io.github.jmeterkafka.payload.template.Template;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Makes the key, value and header values of one record at a time from a {@link RecordSpec}: every
 * template and schema is parsed once, here, and rendered per record.
 *
 * <p>Threads: a maker's sources may keep state (a file position, an encoder): one maker per sampler
 * thread, called with that thread's {@link RecordContext}.
 */
public final class RecordMaker {
    private final ValueSource key;
    private final ValueSource value;
    private final String[] headerNames;
    private final int[] headerNameBytes;
    private final ValueSource[] headerValues;

    private RecordMaker(ValueSource key, ValueSource value, String[] headerNames, ValueSource[] headerValues) {
        this.key = key;
        this.value = value;
        this.headerNames = headerNames;
        this.headerValues = headerValues;
        this.headerNameBytes = new int[headerNames.length];
        for (int i = 0; i < headerNames.length; i++) {
            headerNameBytes[i] = headerNames[i].getBytes(StandardCharsets.UTF_8).length;
        }
    }

    /**
     * Compiles a spec into a maker of records.
     *
     * @throws InvalidInputException when a field, template, file or schema is invalid
     */
    public static RecordMaker of(RecordSpec spec) {
        String[] names = new String[spec.headers().size()];
        ValueSource[] values = new ValueSource[names.length];
        for (int i = 0; i < names.length; i++) {
            Map.Entry<String, String> h = spec.headers().get(i);
            if (h.getKey() == null || h.getKey().isBlank()) {
                throw new InvalidInputException("a header has an empty name (value '" + h.getValue() + "')");
            }
            names[i] = h.getKey();
            values[i] = template("header " + h.getKey(), h.getValue());
        }
        return new RecordMaker(key(spec), value(spec), names, values);
    }

    private static ValueSource key(RecordSpec spec) {
        return switch (spec.key().mode()) {
            case TEXT -> template("key", spec.key().text());
            case RANDOM -> {
                String prefix = spec.key().text();
                int count = spec.key().count();
                yield context -> (prefix + context.random().nextInt(count)).getBytes(StandardCharsets.UTF_8);
            }
            default -> context -> null;
        };
    }

    private static ValueSource value(RecordSpec spec) {
        return switch (spec.value().mode()) {
            case RANDOM -> RandomPayload.letters(RecordSizes.parse(spec.value().recordSize()));
            case RANDOM_BYTES ->
                RandomPayload.bytes(RecordSizes.parse(spec.value().recordSize()));
            case RANDOM_ONCE ->
                RandomPayload.once(RecordSizes.parse(spec.value().recordSize()));
            case FILE ->
                PayloadFile.load(spec.value().payloadFile(), spec.value().payloadDelimiter())
                        .atRandom();
            case FILE_IN_ORDER ->
                PayloadFile.load(spec.value().payloadFile(), spec.value().payloadDelimiter())
                        .inOrder();
            case AVRO -> SchemaSources.avro(spec.schema());
            case JSON_SCHEMA -> SchemaSources.jsonSchema(spec.schema());
            case PROTOBUF -> SchemaSources.protobuf(spec.schema());
            default -> template("value", spec.value().text());
        };
    }

    private static ValueSource template(String what, String text) {
        try {
            return Template.parse(text).source();
        } catch (InvalidInputException e) {
            throw new InvalidInputException(what + ": " + e.getMessage());
        }
    }

    /** The key: bytes, or null. */
    public Object key(RecordContext context) {
        return key.next(context);
    }

    /** The value: bytes, or an object for the value serializer (an Avro record). */
    public Object value(RecordContext context) {
        return value.next(context);
    }

    public int headerCount() {
        return headerNames.length;
    }

    public String headerName(int i) {
        return headerNames[i];
    }

    /** The name's length in UTF-8, as it goes over the wire. */
    public int headerNameBytes(int i) {
        return headerNameBytes[i];
    }

    public byte[] headerValue(int i, RecordContext context) {
        return (byte[]) headerValues[i].next(context);
    }
}
