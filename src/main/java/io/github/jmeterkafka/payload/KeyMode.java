package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.input.Tagged;

/** How a record's key is made. */
public enum KeyMode implements Tagged {
    /** A null key. */
    NONE("keyMode.none"),
    /** The key text, a template rendered per record. */
    TEXT("keyMode.text"),
    /** The key text followed by one of 0..N-1 at random. */
    RANDOM("keyMode.random");

    private final String tag;

    KeyMode(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }
}
