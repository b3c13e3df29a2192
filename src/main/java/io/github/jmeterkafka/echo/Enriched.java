package io.github.jmeterkafka.echo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/** What the echo's transform writes: the request's JSON object with {@code "status":"processed"} added. */
final class Enriched {
    static final String FIELD = "status";
    static final String VALUE = "processed";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Enriched() {}

    /** The value enriched; a value that is not a JSON object goes on as it is (the service forwards it). */
    static byte[] of(byte[] value) {
        if (value == null) {
            return null;
        }
        JsonNode node;
        try {
            node = JSON.readTree(value);
        } catch (IOException e) {
            return value;
        }
        if (!(node instanceof ObjectNode object)) {
            return value;
        }
        object.put(FIELD, VALUE);
        try {
            return JSON.writeValueAsBytes(object);
        } catch (JsonProcessingException e) {
            return value;
        }
    }
}
