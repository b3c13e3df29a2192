package io.github.jmeterkafka.payload.schema;

import com.fasterxml.jackson.core.JsonGenerator;
import io.github.jmeterkafka.payload.source.RecordContext;
import java.io.IOException;

/** One part of a JSON Schema, compiled: writes its value for one document. */
@FunctionalInterface
interface JsonValueMaker {
    /**
     * Writes the value for one document.
     *
     * @param depth how many times the schema has entered itself (through a {@code $ref}) above
     *              this value
     */
    void write(JsonGenerator json, RecordContext context, int depth) throws IOException;
}
