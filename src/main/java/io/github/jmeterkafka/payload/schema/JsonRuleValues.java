package io.github.jmeterkafka.payload.schema;

import static io.github.jmeterkafka.payload.schema.RuleValues.isNull;
import static io.github.jmeterkafka.payload.schema.RuleValues.misfit;
import static io.github.jmeterkafka.payload.schema.RuleValues.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.jmeterkafka.input.InvalidInputException;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writers of a rule's value as the JSON type its field allows, one built per field. A field that
 * allows several (a type array, {@code oneOf}) takes null if it allows null, else the first type,
 * in the schema's order, that the value fits.
 */
final class JsonRuleValues {
    private JsonRuleValues() {}

    /**
     * One thing a field may hold.
     *
     * @param type   a JSON Schema type, or "any" for a schema that does not say
     * @param values an enum's values (a const as one), else null
     */
    record Candidate(String type, JsonNode values) {}

    /** Writes a rule's value as the field's type, or fails with an InvalidInputException. */
    @FunctionalInterface
    interface RuleWriter {
        void write(JsonGenerator json, Object value) throws IOException;
    }

    static RuleWriter writer(List<Candidate> candidates, String path) {
        boolean nullable = false;
        boolean container = false;
        List<RuleWriter> writers = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Candidate candidate : candidates) {
            if (candidate.values() != null) {
                nullable |= hasNull(candidate.values());
                writers.add(enumeration(candidate.values(), path));
                names.add("one of " + candidate.values());
            } else if ("null".equals(candidate.type())) {
                nullable = true;
            } else if ("object".equals(candidate.type()) || "array".equals(candidate.type())) {
                container = true;
            } else {
                writers.add(type(candidate.type(), path));
                names.add(candidate.type());
            }
        }
        if (writers.isEmpty() && (container || !nullable)) {
            throw new InvalidInputException("field rule '" + path + "': an object or array takes no rule: give rules"
                    + " to its properties, as '" + path + ".<property>', or items, as '" + path + "[]'");
        }
        String expected = names.isEmpty() ? "null" : String.join(" or ", names);
        boolean takesNull = nullable;
        return (json, value) -> {
            if (takesNull && isNull(value)) {
                json.writeNull();
                return;
            }
            if (writers.size() == 1) {
                writers.get(0).write(json, value);
                return;
            }
            for (RuleWriter writer : writers) {
                try {
                    writer.write(json, value);
                    return;
                } catch (InvalidInputException notThisType) {
                    // the next type may take it
                }
            }
            throw misfit(path, value, expected);
        };
    }

    private static RuleWriter type(String type, String path) {
        return switch (type) {
            case "integer" -> (json, value) -> json.writeNumber(RuleValues.toLong(path, value, type));
            case "number" -> (json, value) -> json.writeNumber(RuleValues.toDecimal(path, value, type));
            case "boolean" -> (json, value) -> json.writeBoolean(RuleValues.toBoolean(path, value));
            case "string" -> (json, value) -> json.writeString(RuleValues.toText(path, value, type));
            default ->
                // a schema that names no type: the value as it comes
                (json, value) -> {
                    if (value == null) {
                        json.writeNull();
                    } else if (value instanceof Long || value instanceof Integer) {
                        json.writeNumber(((Number) value).longValue());
                    } else if (value instanceof Number) {
                        json.writeNumber(RuleValues.toDecimal(path, value, "number"));
                    } else if (value instanceof Boolean bool) {
                        json.writeBoolean(bool);
                    } else {
                        json.writeString(text(value));
                    }
                };
        };
    }

    private static RuleWriter enumeration(JsonNode values, String path) {
        Map<String, JsonNode> byText = new HashMap<>();
        for (JsonNode value : values) {
            if (value.isValueNode() && !value.isNull()) {
                byText.put(value.isNumber() ? canonical(value.decimalValue()) : value.asText(), value);
            }
        }
        String expected = "one of " + values;
        return (json, value) -> {
            JsonNode match = value == null ? null : byText.get(text(value).trim());
            if (match == null && value != null) {
                try {
                    match = byText.get(canonical(new BigDecimal(text(value).trim())));
                } catch (NumberFormatException notNumber) {
                    // no match
                }
            }
            if (match == null) {
                throw misfit(path, value, expected);
            }
            JsonRandomValues.writeNode(json, match);
        };
    }

    private static String canonical(BigDecimal number) {
        return number.stripTrailingZeros().toPlainString();
    }

    private static boolean hasNull(JsonNode values) {
        for (JsonNode value : values) {
            if (value.isNull()) {
                return true;
            }
        }
        return false;
    }
}
