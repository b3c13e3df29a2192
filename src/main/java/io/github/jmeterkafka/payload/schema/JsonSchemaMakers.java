package io.github.jmeterkafka.payload.schema;

import static io.github.jmeterkafka.payload.schema.DefaultValues.RECURSION_CAP;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.github.jmeterkafka.client.InvalidInputException;
import io.github.jmeterkafka.payload.RecordContext;
import io.github.jmeterkafka.payload.schema.JsonRuleValues.Candidate;

/**
 * Compiles a JSON Schema into a tree of {@link JsonValueMaker}s, once: a field with a rule gets the
 * rule and its writer, every other field a random value its schema allows. {@code $ref}s within the
 * schema are followed, {@code allOf} is merged into one schema, {@code oneOf}/{@code anyOf} pick one
 * branch per value; the keywords this does not follow (not, if/then/else, patternProperties,
 * dependencies, uniqueItems...) are ignored.
 */
final class JsonSchemaMakers {
    private static final ObjectNode ANY = JsonNodeFactory.instance.objectNode();
    private static final Set<String> TYPES = Set.of("object", "array", "string", "integer", "number", "boolean", "null");
    // keywords that say nothing about a value: a oneOf beside only these needs no merging
    private static final Set<String> ANNOTATIONS = Set.of("title", "description", "$comment", "$id", "$schema",
            "examples", "default", "definitions", "$defs", "oneOf", "anyOf");
    // past the cap a path that cannot stop keeps entering itself: give up after this many more tries
    private static final int RECURSION_LIMIT = RECURSION_CAP + 10;
    // a schema that contains itself where no $ref marks it (through allOf, or a oneOf merged with
    // its neighbours) would be compiled for ever
    private static final int MAX_NESTING = 64;

    private final JsonNode root;
    private final FieldRules rules;
    private final DefaultValues defaults;
    // $refs being compiled: meeting one of them again is recursion
    private final Map<String, Deferred> open = new HashMap<>();
    private int nesting;

    private static final class Deferred {
        private JsonValueMaker maker;
    }

    private record Property(SerializableString name, JsonValueMaker maker, boolean always) {
    }

    JsonSchemaMakers(JsonNode root, FieldRules rules, DefaultValues defaults) {
        this.root = root;
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
        ObjectNode effective = flatten(schema, path, 0);
        Function<RecordContext, Object> rule = path.isEmpty() ? null : rules.at(path);
        if (rule != null) {
            JsonRuleValues.RuleWriter writer = JsonRuleValues.writer(candidates(effective, path, 0), path);
            return (json, context, depth) -> writer.write(json, rule.apply(context));
        }
        List<JsonNode> branches = branches(effective, path);
        if (branches != null) {
            JsonValueMaker[] makers = new JsonValueMaker[branches.size()];
            for (int i = 0; i < makers.length; i++) {
                makers[i] = compile(branches.get(i), path);
            }
            return (json, context, depth) -> makers[context.random().nextInt(makers.length)].write(json, context, depth);
        }
        if (effective.has("const")) {
            return JsonRandomValues.enumeration(JsonNodeFactory.instance.arrayNode().add(effective.get("const")));
        }
        if (effective.has("enum")) {
            JsonNode values = effective.get("enum");
            if (!values.isArray() || values.isEmpty()) {
                throw new InvalidInputException(where(path) + ": enum " + values + " holds no value");
            }
            return JsonRandomValues.enumeration(values);
        }
        List<String> types = types(effective, path);
        return types.size() == 1 ? typed(effective, types.get(0), path) : union(effective, types, path);
    }

    private JsonValueMaker typed(ObjectNode schema, String type, String path) {
        switch (type) {
            case "object":
                return object(schema, path);
            case "array":
                return array(schema, path);
            default:
                return JsonRandomValues.of(schema, type, path, defaults);
        }
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
                if (property.always() || depth < RECURSION_CAP && DefaultValues.isPresent(context.random())) {
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
        if (items != null && items.isArray() || schema.has("prefixItems")) {
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
        int max = Math.min(most, Math.max(min, 1) + 2);
        return (json, context, depth) -> {
            int n = depth >= RECURSION_CAP ? fewest : min == max ? min : context.random().nextInt(min, max + 1);
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
        deferred.maker = compile(lookup(ref, path), path);
        open.remove(ref);
        return deferred.maker;
    }

    private JsonNode lookup(String ref, String path) {
        if (!ref.startsWith("#")) {
            throw new InvalidInputException(where(path) + ": $ref '" + ref + "' points outside the schema: only"
                    + " refs within it ('#/definitions/...', '#/$defs/...') are followed");
        }
        JsonNode target;
        try {
            target = root.at(ref.substring(1));
        } catch (IllegalArgumentException e) {
            target = null;
        }
        if (target == null || target.isMissingNode()) {
            throw new InvalidInputException(where(path) + ": $ref '" + ref + "' names nothing in the schema");
        }
        if (!target.isObject() && !target.isBoolean()) {
            throw new InvalidInputException(where(path) + ": $ref '" + ref + "' names " + target + ", not a schema");
        }
        return target.isBoolean() ? ANY : target;
    }

    /** A schema without its $ref chain. */
    private JsonNode resolve(JsonNode schema, String path) {
        JsonNode resolved = schema;
        for (int hops = 0; resolved.has("$ref"); hops++) {
            if (hops > MAX_NESTING) {
                throw new InvalidInputException(where(path) + ": $ref '" + schema.get("$ref").asText()
                        + "' leads round in a circle");
            }
            resolved = lookup(resolved.get("$ref").asText(), path);
        }
        return resolved;
    }

    /** The schema with its allOf merged in: properties and required joined, other keywords the first found. */
    private ObjectNode flatten(JsonNode schema, String path, int level) {
        if (schema.isBoolean()) {
            if (!schema.asBoolean()) {
                throw new InvalidInputException(where(path) + ": the schema false allows no value");
            }
            return ANY;
        }
        if (!schema.isObject()) {
            throw new InvalidInputException(where(path) + ": " + schema + " is not a schema");
        }
        if (!schema.has("allOf")) {
            return (ObjectNode) schema;
        }
        if (level > MAX_NESTING) {
            throw new InvalidInputException(where(path) + ": allOf contains itself");
        }
        ObjectNode merged = ((ObjectNode) schema).deepCopy();
        for (JsonNode part : merged.remove("allOf")) {
            merge(merged, flatten(resolve(part, path), path, level + 1));
        }
        return merged;
    }

    private static void merge(ObjectNode target, JsonNode source) {
        Iterator<Map.Entry<String, JsonNode>> fields = source.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode mine = target.get(field.getKey());
            if ("properties".equals(field.getKey()) && mine instanceof ObjectNode properties) {
                properties.setAll((ObjectNode) field.getValue().deepCopy());
            } else if ("required".equals(field.getKey()) && mine instanceof ArrayNode required) {
                field.getValue().forEach(name -> {
                    if (!contains(required, name)) {
                        required.add(name);
                    }
                });
            } else if (mine == null) {
                target.set(field.getKey(), field.getValue().deepCopy());
            }
        }
    }

    private static boolean contains(ArrayNode array, JsonNode value) {
        for (JsonNode element : array) {
            if (element.equals(value)) {
                return true;
            }
        }
        return false;
    }

    /** The schemas of a oneOf (else anyOf), each with the keywords beside it merged in; null if none. */
    private List<JsonNode> branches(ObjectNode schema, String path) {
        JsonNode alternatives = schema.has("oneOf") ? schema.get("oneOf") : schema.get("anyOf");
        if (alternatives == null) {
            return null;
        }
        if (!alternatives.isArray() || alternatives.isEmpty()) {
            throw new InvalidInputException(where(path) + ": oneOf/anyOf " + alternatives + " holds no schema");
        }
        ObjectNode base = schema.deepCopy();
        base.remove(ANNOTATIONS);
        List<JsonNode> branches = new ArrayList<>();
        for (JsonNode alternative : alternatives) {
            if (base.isEmpty()) {
                // compiled as it is, so that a $ref in it is followed as such
                branches.add(alternative);
            } else {
                ObjectNode merged = base.deepCopy();
                merge(merged, flatten(resolve(alternative, path), path, 0));
                branches.add(merged);
            }
        }
        return branches;
    }

    /** What a rule's value may be written as. */
    private List<Candidate> candidates(ObjectNode schema, String path, int level) {
        if (level > MAX_NESTING) {
            throw new InvalidInputException(where(path) + ": oneOf contains itself");
        }
        List<Candidate> candidates = new ArrayList<>();
        List<JsonNode> branches = branches(schema, path);
        if (branches != null) {
            for (JsonNode branch : branches) {
                candidates.addAll(candidates(flatten(resolve(branch, path), path, 0), path, level + 1));
            }
        } else if (schema.has("const")) {
            candidates.add(new Candidate("const", JsonNodeFactory.instance.arrayNode().add(schema.get("const"))));
        } else if (schema.has("enum")) {
            candidates.add(new Candidate("enum", schema.get("enum")));
        } else {
            types(schema, path).forEach(type -> candidates.add(new Candidate(type, null)));
        }
        return candidates;
    }

    /** The schema's types; where it names none, the one its keywords suggest, else "any". */
    private static List<String> types(JsonNode schema, String path) {
        JsonNode type = schema.get("type");
        if (type == null) {
            return List.of(inferredType(schema));
        }
        List<String> types = new ArrayList<>();
        if (type.isArray()) {
            type.forEach(name -> types.add(name.asText()));
        } else {
            types.add(type.asText());
        }
        for (String name : types) {
            if (!TYPES.contains(name)) {
                throw new InvalidInputException(where(path) + ": type '" + name + "' is not one of " + TYPES);
            }
        }
        if (types.isEmpty()) {
            throw new InvalidInputException(where(path) + ": type [] allows no value");
        }
        return types;
    }

    private static String inferredType(JsonNode schema) {
        if (schema.has("properties") || schema.has("required")) {
            return "object";
        }
        if (schema.has("items") || schema.has("minItems") || schema.has("maxItems")) {
            return "array";
        }
        if (schema.has("minimum") || schema.has("maximum") || schema.has("exclusiveMinimum")
                || schema.has("exclusiveMaximum") || schema.has("multipleOf")) {
            return "number";
        }
        if (schema.has("minLength") || schema.has("maxLength") || schema.has("pattern") || schema.has("format")) {
            return "string";
        }
        return "any";
    }

    private static String where(String path) {
        return path.isEmpty() ? "JSON schema" : "field '" + path + "'";
    }
}
