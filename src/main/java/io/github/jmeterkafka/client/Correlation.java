package io.github.jmeterkafka.client;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.Bytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * What ties a record read from a topic to what awaits it: a header's value, the record's key, or a field of its
 * JSON value (a JSON path of names and indexes, e.g. {@code $.order.id} or {@code $.items[0].sku}). Values that are
 * Avro records or other schema values are read through their JSON text ({@code asJson}), so a schema field is a
 * path too. The same rule reads the request a sampler sends and the record a service writes, so the value a
 * template made is the value awaited.
 *
 * <p>Threads: immutable; {@link #of} may run on any thread.
 */
public final class Correlation {
    /** How a correlation is read. */
    public enum By {
        /** The plugin's own correlation id in a header (request-reply). */
        HEADER,
        /** A header's text, e.g. an id the service sets. */
        HEADER_VALUE,
        KEY,
        JSON_PATH
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FIELD_NAME = Pattern.compile("[A-Za-z_]\\w*(\\.[A-Za-z_]\\w*|\\[\\d+])*");
    private static final Pattern STEP = Pattern.compile("\\.([^.\\[\\]]+)|\\[(\\d+)]|\\['([^']+)']");

    private final By by;
    private final String name;
    private final JsonPointer pointer;

    private Correlation(By by, String name, JsonPointer pointer) {
        this.by = by;
        this.name = name;
        this.pointer = pointer;
    }

    public static Correlation header(String name) {
        if (name.isBlank()) {
            throw new InvalidInputException("Correlation header is empty");
        }
        return new Correlation(By.HEADER, name.trim(), null);
    }

    public static Correlation headerValue(String name) {
        if (name.isBlank()) {
            throw new InvalidInputException("Correlation header is empty");
        }
        return new Correlation(By.HEADER_VALUE, name.trim(), null);
    }

    public static Correlation key() {
        return new Correlation(By.KEY, "key", null);
    }

    /**
     * The field at {@code path} in a JSON value (or a schema value read as JSON); a schema field's dotted name
     * ({@code order.id}) is the path {@code $.order.id}.
     *
     * @throws InvalidInputException a path other than {@code $} followed by {@code .name}, {@code ['name']} and
     *                               {@code [index]} steps (no wildcards or filters: one record has one value)
     */
    public static Correlation jsonPath(String path) {
        String p = path.trim();
        if (FIELD_NAME.matcher(p).matches()) {
            p = "$." + p;
        }
        if (!p.startsWith("$") || p.length() == 1) {
            throw new InvalidInputException("JSON path '" + path
                    + "' must start with $ and name a field, e.g. $.orderId or $.order.id (or order.id)");
        }
        StringBuilder pointer = new StringBuilder();
        Matcher m = STEP.matcher(p);
        int at = 1;
        while (at < p.length()) {
            if (!m.find(at) || m.start() != at) {
                throw new InvalidInputException("JSON path '" + path + "': only .name, ['name'] and [index] steps"
                        + " are supported, not '" + p.substring(at) + "'");
            }
            String step = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            pointer.append('/').append(step.replace("~", "~0").replace("/", "~1"));
            at = m.end();
        }
        return new Correlation(By.JSON_PATH, p, JsonPointer.compile(pointer.toString()));
    }

    public By by() {
        return by;
    }

    /** The header's name, "key", or the JSON path, as the user wrote it. */
    public String name() {
        return name;
    }

    /**
     * The record's correlation value as text.
     *
     * @param asJson a value's JSON text, for values that are not text: UTF-8 bytes as they are, Avro decoded
     * @throws NoValue the record has none: no such header, no key, not JSON, or no such field
     */
    public String of(Object key, Object value, Headers headers, Function<Object, String> asJson) {
        return switch (by) {
            case HEADER, HEADER_VALUE -> {
                Header h = headers.lastHeader(name);
                if (h == null || h.value() == null) {
                    throw new NoValue("no header " + name);
                }
                yield new String(h.value(), StandardCharsets.UTF_8);
            }
            case KEY -> {
                if (key == null) {
                    throw new NoValue("no key");
                }
                yield text(key);
            }
            case JSON_PATH -> field(value, asJson);
        };
    }

    private String field(Object value, Function<Object, String> asJson) {
        if (value == null) {
            throw new NoValue("no value");
        }
        JsonNode root;
        try {
            root = JSON.readTree(value instanceof String s ? s : asJson.apply(value));
        } catch (IOException e) {
            throw new NoValue("the value is not JSON");
        }
        JsonNode node = root == null ? null : root.at(pointer);
        if (node == null || node.isMissingNode() || node.isNull()) {
            throw new NoValue("no " + name + " in the value");
        }
        if (node.isContainerNode()) {
            throw new NoValue(name + " is an object or array, not a value");
        }
        return node.asText();
    }

    /** A key or value as text: UTF-8 bytes as text, other objects by their own text. */
    static String text(Object o) {
        if (o instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        if (o instanceof ByteBuffer buffer) {
            return new String(Bytes.copy(buffer), StandardCharsets.UTF_8);
        }
        return String.valueOf(o);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Correlation c && c.by == by && c.name.equals(name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(by, name);
    }

    @Override
    public String toString() {
        return switch (by) {
            case HEADER, HEADER_VALUE -> "header " + name;
            case KEY -> "key";
            case JSON_PATH -> name;
        };
    }

    /** A record without the correlation value (counted where it is read, never thrown out of a reader). */
    public static final class NoValue extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NoValue(String why) {
            super(why, null, false, false);
        }
    }
}
