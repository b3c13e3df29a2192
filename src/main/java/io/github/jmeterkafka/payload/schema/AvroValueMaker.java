package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.payload.source.RecordContext;

/** One field of an Avro schema, compiled: makes its value for one record. */
@FunctionalInterface
interface AvroValueMaker {
    /**
     * Makes the value for one record.
     *
     * @param depth how many times the schema has entered itself above this value (0 in a schema
     *              that does not contain itself)
     */
    Object make(RecordContext context, int depth);
}
