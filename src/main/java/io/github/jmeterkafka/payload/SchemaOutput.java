package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.input.Tagged;

/** What a record built from a schema is sent as. */
public enum SchemaOutput implements Tagged {
    /** The schema's own encoding, no registry: Avro or Protobuf binary, JSON Schema's JSON text. */
    BINARY("schemaOutput.binary"),
    /** Avro's JSON encoding, as text. */
    JSON("schemaOutput.json"),
    /**
     * The object the value serializer set in producer properties (a registry's) takes: an Avro GenericRecord, a
     * Jackson JsonNode, a Protobuf DynamicMessage.
     */
    RECORD("schemaOutput.record"),
    /** A schema registry's wire format written by the plugin: no serializer jar. */
    REGISTRY("schemaOutput.registry");

    private final String tag;

    SchemaOutput(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }
}
