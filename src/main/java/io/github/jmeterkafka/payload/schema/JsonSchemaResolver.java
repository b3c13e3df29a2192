package io.github.jmeterkafka.payload.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.JsonRuleValues.Candidate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a JSON Schema says, read the way {@link JsonSchemaMakers} needs it: {@code $ref}s within the
 * schema looked up, {@code allOf} merged into one schema, the branches of a {@code oneOf} (else
 * {@code anyOf}) each merged with the keywords beside it, the types a schema allows. It never
 * changes the schema it was given: merged schemas are copies.
 */
final class JsonSchemaResolver {
    /** A schema that allows anything. */
    static final ObjectNode ANY = JsonNodeFactory.instance.objectNode();
    /** How deep a schema may nest where no $ref marks recursion (through allOf, or a merged oneOf). */
    static final int MAX_NESTING = 64;

    private static final List<String> TYPES =
            List.of("object", "array", "string", "integer", "number", "boolean", "null");
    // keywords that say nothing about a value: a oneOf beside only these needs no merging
    private static final Set<String> ANNOTATIONS = Set.of(
            "title",
            "description",
            "$comment",
            "$id",
            "$schema",
            "examples",
            "default",
            "definitions",
            "$defs",
            "oneOf",
            "anyOf");

    private final JsonNode root;

    JsonSchemaResolver(JsonNode root) {
        this.root = root;
    }

    JsonNode lookup(String ref, String path) {
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
                throw new InvalidInputException(
                        where(path) + ": $ref '" + schema.get("$ref").asText() + "' leads round in a circle");
            }
            resolved = lookup(resolved.get("$ref").asText(), path);
        }
        return resolved;
    }

    /** The schema with its allOf merged in: properties and required joined, other keywords the first found. */
    ObjectNode flatten(JsonNode schema, String path) {
        return flatten(schema, path, 0);
    }

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
            if ("properties".equals(field.getKey())
                    && mine instanceof ObjectNode properties
                    && field.getValue() instanceof ObjectNode more) {
                properties.setAll(more.deepCopy());
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
    List<JsonNode> branches(ObjectNode schema, String path) {
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
    List<Candidate> candidates(ObjectNode schema, String path) {
        return candidates(schema, path, 0);
    }

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
            candidates.add(
                    new Candidate("enum", JsonNodeFactory.instance.arrayNode().add(schema.get("const"))));
        } else if (schema.has("enum")) {
            candidates.add(new Candidate("enum", schema.get("enum")));
        } else {
            types(schema, path).forEach(type -> candidates.add(new Candidate(type, null)));
        }
        return candidates;
    }

    /** The schema's types; where it names none, the one its keywords suggest, else "any". */
    static List<String> types(JsonNode schema, String path) {
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
        if (schema.has("minimum")
                || schema.has("maximum")
                || schema.has("exclusiveMinimum")
                || schema.has("exclusiveMaximum")
                || schema.has("multipleOf")) {
            return "number";
        }
        if (schema.has("minLength") || schema.has("maxLength") || schema.has("pattern") || schema.has("format")) {
            return "string";
        }
        return "any";
    }

    /** Where a message says the problem is. */
    static String where(String path) {
        return path.isEmpty() ? "JSON schema" : "field '" + path + "'";
    }
}
