package io.github.jmeterkafka.payload;

import java.util.List;
import java.util.Map;

/**
 * What the records of a producer are made of, as the sampler's fields say it. Two equal specs make
 * the same records, so a thread builds its {@link RecordMaker} again only when a field changed.
 *
 * @param fieldRules field path to template, for records built from a schema
 * @param headers    header name to template
 */
public record RecordSpec(
        KeyMode keyMode,
        String key,
        int keyCount,
        ValueMode valueMode,
        String value,
        String recordSize,
        String payloadFile,
        String payloadDelimiter,
        String schema,
        SchemaOutput schemaOutput,
        List<Map.Entry<String, String>> fieldRules,
        List<Map.Entry<String, String>> headers) {}
