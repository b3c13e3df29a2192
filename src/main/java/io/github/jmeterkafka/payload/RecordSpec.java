package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.payload.source.ValueMode;
import java.util.List;
import java.util.Map;

/**
 * What the records of a producer are made of, as the sampler's fields say it: the key, the value, the schema a value
 * may be built from, and the headers (name to template). Two equal specs make the same records, so a thread builds
 * its {@link RecordMaker} again only when a field changed.
 */
public record RecordSpec(Key key, Value value, Schema schema, List<Map.Entry<String, String>> headers) {

    /** The key's mode, its template (a prefix when keys are counted), and how many keys a prefix makes. */
    public record Key(KeyMode mode, String text, int count) {}

    /** The value's mode, and what the modes not built from a schema take: a template, a size, a payload file. */
    public record Value(ValueMode mode, String text, String recordSize, String payloadFile, String payloadDelimiter) {}

    /** The schema's text (or file), how its values are written, and the field rules (field path to template). */
    public record Schema(String text, SchemaOutput output, List<Map.Entry<String, String>> fieldRules) {}
}
