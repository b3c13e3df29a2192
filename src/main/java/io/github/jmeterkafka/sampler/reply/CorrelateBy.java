package io.github.jmeterkafka.sampler.reply;

import io.github.jmeterkafka.input.Tagged;

/** What ties a service's record to the request or await it answers. */
public enum CorrelateBy implements Tagged {
    /** The plugin's unique id in a header, which the service copies (Spring Kafka's request-reply). */
    HEADER("correlateBy.header"),
    /** The record's key, which the service keeps. */
    KEY("correlateBy.key"),
    /** A field of the JSON value (or of an Avro value, read as JSON), which the service keeps. */
    JSON_PATH("correlateBy.jsonPath");

    private final String tag;

    CorrelateBy(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }
}
