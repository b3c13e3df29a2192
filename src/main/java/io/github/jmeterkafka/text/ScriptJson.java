package io.github.jmeterkafka.text;

import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/**
 * JSON for a page's {@code <script>} element ({@code var data = ...;}), made by Jackson: any text in it
 * (labels come from test plans) has {@code <}, {@code >} and {@code &} written as JSON's six-character
 * escapes, so it cannot close the element or open a comment; so are U+2028/U+2029, which end a line
 * in older JavaScript. Numbers are written plain (no exponent).
 */
public final class ScriptJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper(new JsonFactoryBuilder()
            .characterEscapes(new ScriptEscapes())
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build());

    private ScriptJson() {}

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    public static ArrayNode array() {
        return NODES.arrayNode();
    }

    /** The value as script-safe JSON: a tree of nodes or anything Jackson serializes. */
    public static String of(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not writable as JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static final class ScriptEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private final int[] ascii = standardAsciiEscapesForJSON();

        ScriptEscapes() {
            for (char c : new char[] {'<', '>', '&'}) {
                ascii[c] = ESCAPE_CUSTOM;
            }
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch == '<' || ch == '>' || ch == '&' || ch == '\u2028' || ch == '\u2029'
                    ? new SerializedString(String.format(Locale.ROOT, "\\u%04x", ch))
                    : null;
        }
    }
}
