package io.github.jmeterkafka.payload.source;

import io.github.jmeterkafka.input.Tagged;

/** How a record's value is made; each record gets its own unless the mode says otherwise. */
public enum ValueMode implements Tagged {
    /** The value text, a template rendered per record. */
    TEXT("valueMode.text"),
    /** Fresh random upper-case letters per record, as kafka-producer-perf-test makes them. */
    RANDOM("valueMode.random"),
    /** Fresh random bytes per record: incompressible. */
    RANDOM_BYTES("valueMode.randomBytes"),
    /** One random payload per thread, sent for every record: compresses far better than real data. */
    RANDOM_ONCE("valueMode.randomOnce"),
    /** A record of the payload file picked at random, as perf-test's --payload-file. */
    FILE("valueMode.file"),
    /** The payload file's records in file order, per thread. */
    FILE_IN_ORDER("valueMode.fileInOrder"),
    /** A record built from an Avro schema. */
    AVRO("valueMode.avro"),
    /** A JSON document built from a JSON Schema. */
    JSON_SCHEMA("valueMode.jsonSchema"),
    /** A Protobuf message built from a .proto schema, sent as its binary encoding. */
    PROTOBUF("valueMode.protobuf");

    private final String tag;

    ValueMode(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }

    /** Whether values are made from a schema, and the schema output applies. */
    public boolean fromSchema() {
        return this == AVRO || this == JSON_SCHEMA || this == PROTOBUF;
    }
}
