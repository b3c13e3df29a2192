package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.InvalidInputException;

/** Reads the text fields of the samplers' GUIs, with errors that name the field. */
final class Fields {
    private Fields() {
    }

    static String required(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException(field + " is empty");
        }
        return text.trim();
    }

    static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
