package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.input.Tagged;

/** What a record built from an Avro schema is sent as. */
public enum SchemaOutput implements Tagged {
    /** Avro binary, no registry: consumers need the schema. */
    BINARY("schemaOutput.binary"),
    /** Avro's JSON encoding, as text. */
    JSON("schemaOutput.json"),
    /** The Avro GenericRecord itself, for the value serializer set in producer properties (a registry's). */
    RECORD("schemaOutput.record");

    private final String tag;

    SchemaOutput(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }
}
