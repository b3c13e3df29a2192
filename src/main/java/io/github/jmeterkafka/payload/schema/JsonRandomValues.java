package io.github.jmeterkafka.payload.schema;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.github.curiousoddman.rgxgen.RgxGen;
import io.github.jmeterkafka.input.InvalidInputException;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The random value of a JSON Schema string, integer, number, boolean or null. A string follows its
 * {@code format} if known (date-time, date, time, email, uuid, uri, hostname, ipv4), else its
 * {@code pattern} (made by RgxGen), else it is 8 to 16 letters and
 * digits within {@code minLength}/{@code maxLength}.
 */
final class JsonRandomValues {
    private JsonRandomValues() {}

    static JsonValueMaker of(JsonNode schema, String type, String path, DefaultValues defaults) {
        return switch (type) {
            case "integer", "number" -> {
                NumberRange range = NumberRange.of(schema, "integer".equals(type), path);
                yield (json, context, depth) -> range.write(json, context.random());
            }
            case "boolean" ->
                (json, context, depth) -> json.writeBoolean(context.random().nextBoolean());
            case "null" -> (json, context, depth) -> json.writeNull();
            default -> string(schema, path, defaults);
        };
    }

    /** One of an enum's values (a const is an enum of one). */
    static JsonValueMaker enumeration(JsonNode values) {
        JsonNode[] choices = new JsonNode[values.size()];
        for (int i = 0; i < choices.length; i++) {
            choices[i] = values.get(i);
        }
        return (json, context, depth) -> writeNode(
                json, choices[choices.length == 1 ? 0 : context.random().nextInt(choices.length)]);
    }

    static void writeNode(JsonGenerator json, JsonNode node) throws IOException {
        if (node.isTextual()) {
            json.writeString(node.textValue());
        } else {
            json.writeTree(node);
        }
    }

    private static JsonValueMaker string(JsonNode schema, String path, DefaultValues defaults) {
        switch (schema.path("format").asText()) {
            case "date-time" -> {
                return (json, context, depth) ->
                        json.writeString(Instant.ofEpochMilli(defaults.timestamp(context.random(), 1))
                                .toString());
            }
            case "date" -> {
                return (json, context, depth) -> json.writeString(
                        LocalDate.ofEpochDay(defaults.date(context.random())).toString());
            }
            case "time" -> {
                return (json, context, depth) -> json.writeString(
                        LocalTime.ofNanoOfDay(DefaultValues.timeOfDay(context.random(), 1) * 1_000_000)
                                        .toString() + "Z");
            }
            case "email" -> {
                return (json, context, depth) -> json.writeString(lowerCase(context.random()) + "@example.com");
            }
            case "uuid" -> {
                return (json, context, depth) ->
                        json.writeString(DefaultValues.uuid(context.random()).toString());
            }
            case "uri" -> {
                return (json, context, depth) ->
                        json.writeString("https://example.com/" + DefaultValues.alphanumeric(context.random()));
            }
            case "hostname" -> {
                return (json, context, depth) -> json.writeString(lowerCase(context.random()) + ".example.com");
            }
            case "ipv4" -> {
                return (json, context, depth) -> json.writeString(ipv4(context.random()));
            }
            default -> {
                // no format of its own: a pattern or plain text below
            }
        }
        if (schema.hasNonNull("pattern")) {
            RgxGen pattern = pattern(schema.get("pattern").asText(), path);
            return (json, context, depth) -> json.writeString(pattern.generate(context.random()));
        }
        int min = schema.path("minLength")
                .asInt(Math.min(DefaultValues.MIN_TEXT, schema.path("maxLength").asInt(Integer.MAX_VALUE)));
        int max = schema.path("maxLength").asInt(Math.max(min, DefaultValues.MAX_TEXT));
        if (min > max || min < 0) {
            throw new InvalidInputException("field '" + path + "': no string is " + min + " to " + max + " long");
        }
        return (json, context, depth) -> json.writeString(DefaultValues.alphanumeric(context.random(), min, max));
    }

    private static RgxGen pattern(String regex, String path) {
        try {
            // RgxGen makes something of most broken patterns: Java's parser says what is wrong
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new InvalidInputException("field '" + path + "': pattern '" + regex
                    + "' is not a regular expression: " + e.getDescription() + " at index " + e.getIndex());
        }
        try {
            return RgxGen.parse(regex);
        } catch (RuntimeException e) {
            throw new InvalidInputException(
                    "field '" + path + "': pattern '" + regex + "' cannot be followed: " + e.getMessage());
        }
    }

    private static String lowerCase(SplittableRandom random) {
        return DefaultValues.alphanumeric(random, 6, 10).toLowerCase(Locale.ROOT);
    }

    private static String ipv4(SplittableRandom random) {
        return (1 + random.nextInt(223)) + "." + random.nextInt(256) + "." + random.nextInt(256) + "."
                + (1 + random.nextInt(254));
    }
}
