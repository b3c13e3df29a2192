package io.github.jmeterkafka.payload.schema;

import static io.github.jmeterkafka.payload.schema.DefaultValues.RECURSION_CAP;
import static io.github.jmeterkafka.payload.schema.JsonSchemaResolver.ANY;
import static io.github.jmeterkafka.payload.schema.JsonSchemaResolver.MAX_NESTING;
import static io.github.jmeterkafka.payload.schema.JsonSchemaResolver.where;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Compiles a JSON Schema into a tree of {@link JsonValueMaker}s, once: a field with a rule gets the
 * rule and its writer, every other field a random value its schema allows. A {@code oneOf} or
 * {@code anyOf} picks one branch per value, so a value may fit several branches of a oneOf. The
 * keywords this does not follow (not, if/then/else, patternProperties, dependencies, uniqueItems,
 * minProperties..., and keywords beside a {@code $ref}, as in draft 7) are ignored.
 */
final class JsonSchemaMakers {
    // past the cap a path that cannot stop keeps entering itself: give up after this many more tries
    private static final int RECURSION_LIMIT = RECURSION_CAP + 10;

    private final JsonSchemaResolver schemas;
    private final FieldRules rules;
    private final DefaultValues defaults;
    // $refs being compiled: meeting one of them again is recursion
    private final Map<String, Deferred> open = new HashMap<>();
    private int nesting;

    private static final class Deferred {
        private JsonValueMaker maker;
    }

    private record Property(SerializableString name, JsonValueMaker maker, boolean always) {}

    JsonSchemaMakers(JsonNode root, FieldRules rules, DefaultValues defaults) {
        this.schemas = new JsonSchemaResolver(root);
        this.rules = rules;
        this.defaults = defaults;
    }

    /** The root is compiled as a $ref to it, so that a $ref to "#" inside it is recursion. */
    JsonValueMaker compileRoot() {
        return ref("#", "");
    }

    private JsonValueMaker compile(JsonNode schema, String path) {
        if (++nesting > MAX_NESTING) {
            throw new InvalidInputException(where(path) + ": the schema nests more than " + MAX_NESTING
                    + " levels deep (does it contain itself through allOf or oneOf?)");
        }
        JsonValueMaker maker = compileNested(schema, path);
        nesting--;
        return maker;
    }

    private JsonValueMaker compileNested(JsonNode schema, String path) {
        JsonNode ref = schema.get("$ref");
        if (ref != null) {
            return ref(ref.asText(), path);
        }
        ObjectNode effective = schemas.flatten(schema, path);
        Function<RecordContext, Object> rule = path.isEmpty() ? null : rules.at(path);
        if (rule != null) {
            JsonRuleValues.RuleWriter writer = JsonRuleValues.writer(schemas.candidates(effective, path), path);
            return (json, context, depth) -> writer.write(json, rule.apply(context));
        }
        List<JsonNode> branches = schemas.branches(effective, path);
        if (branches != null) {
            JsonValueMaker[] makers = new JsonValueMaker[branches.size()];
            for (int i = 0; i < makers.length; i++) {
                makers[i] = compile(branches.get(i), path);
            }
            return (json, context, depth) ->
                    makers[context.random().nextInt(makers.length)].write(json, context, depth);
        }
        if (effective.has("const")) {
            return JsonRandomValues.enumeration(
                    JsonNodeFactory.instance.arrayNode().add(effective.get("const")));
        }
        if (effective.has("enum")) {
            JsonNode values = effective.get("enum");
            if (!values.isArray() || values.isEmpty()) {
                throw new InvalidInputException(where(path) + ": enum " + values + " holds no value");
            }
            return JsonRandomValues.enumeration(values);
        }
        List<String> types = JsonSchemaResolver.types(effective, path);
        return types.size() == 1 ? typed(effective, types.get(0), path) : union(effective, types, path);
    }

    private JsonValueMaker typed(ObjectNode schema, String type, String path) {
        return switch (type) {
            case "object" -> object(schema, path);
            case "array" -> array(schema, path);
            default -> JsonRandomValues.of(schema, type, path, defaults);
        };
    }

    /** A type array: null sometimes if it holds null (always past the recursion cap), else any other. */
    private JsonValueMaker union(ObjectNode schema, List<String> types, String path) {
        List<JsonValueMaker> makers = new ArrayList<>();
        for (String type : types) {
            if (!"null".equals(type)) {
                makers.add(typed(schema, type, path));
            }
        }
        boolean nullable = makers.size() < types.size();
        JsonValueMaker[] choices = makers.toArray(new JsonValueMaker[0]);
        return (json, context, depth) -> {
            if (nullable && (choices.length == 0 || depth >= RECURSION_CAP || DefaultValues.isNull(context.random()))) {
                json.writeNull();
            } else {
                choices[choices.length == 1 ? 0 : context.random().nextInt(choices.length)].write(json, context, depth);
            }
        };
    }

    /**
     * Required properties always, optional ones most of the time (never past the recursion cap),
     * properties with rules always.
     */
    private JsonValueMaker object(ObjectNode schema, String path) {
        Set<String> required = new LinkedHashSet<>();
        schema.path("required").forEach(name -> required.add(name.asText()));
        List<Property> properties = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> fields = schema.path("properties").fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String name = field.getKey();
            boolean isRequired = required.remove(name);
            if (field.getValue().isBoolean() && !field.getValue().asBoolean()) {
                continue;
            }
            properties.add(property(name, field.getValue(), path, isRequired));
        }
        // required but not described: any value will do
        for (String name : required) {
            properties.add(property(name, ANY, path, true));
        }
        Property[] all = properties.toArray(new Property[0]);
        return (json, context, depth) -> {
            json.writeStartObject();
            for (Property property : all) {
                if (property.always() || (depth < RECURSION_CAP && DefaultValues.isPresent(context.random()))) {
                    json.writeFieldName(property.name());
                    property.maker().write(json, context, depth);
                }
            }
            json.writeEndObject();
        };
    }

    private Property property(String name, JsonNode schema, String path, boolean required) {
        String child = path.isEmpty() ? name : path + "." + name;
        // a property given a rule, or holding one that has, is always there: the rule is why it was named
        boolean always = required || rules.within(child);
        return new Property(new SerializedString(name), compile(schema, child), always);
    }

    private JsonValueMaker array(ObjectNode schema, String path) {
        JsonNode items = schema.get("items");
        if ((items != null && items.isArray()) || schema.has("prefixItems")) {
            throw new InvalidInputException(where(path) + ": tuples (prefixItems, or items as an array) are not"
                    + " supported: give items one schema");
        }
        JsonValueMaker item = compile(items == null ? ANY : items, path + "[]");
        int fewest = schema.path("minItems").asInt(0);
        int most = schema.path("maxItems").asInt(Integer.MAX_VALUE);
        if (fewest < 0 || fewest > most) {
            throw new InvalidInputException(where(path) + ": no array has " + fewest + " to " + most + " items");
        }
        // as Avro's arrays unless the schema says otherwise: 1 to 3 items
        int min = Math.max(fewest, Math.min(1, most));
        int max = Math.min(most, Math.max(min, 1) + DefaultValues.MAX_ITEMS - 1);
        return (json, context, depth) -> {
            int n = depth >= RECURSION_CAP
                    ? fewest
                    : min == max ? min : context.random().nextInt(min, max + 1);
            json.writeStartArray();
            for (int i = 0; i < n; i++) {
                item.write(json, context, depth);
            }
            json.writeEndArray();
        };
    }

    private JsonValueMaker ref(String ref, String path) {
        Deferred again = open.get(ref);
        if (again != null) {
            return (json, context, depth) -> {
                if (depth >= RECURSION_LIMIT) {
                    throw new InvalidInputException("JSON schema: $ref '" + ref + "' contains itself with no way to"
                            + " stop (no optional property, array or null type on the way)");
                }
                again.maker.write(json, context, depth + 1);
            };
        }
        Deferred deferred = new Deferred();
        open.put(ref, deferred);
        deferred.maker = compile(schemas.lookup(ref, path), path);
        open.remove(ref);
        return deferred.maker;
    }
}
