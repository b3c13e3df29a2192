package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.SamplerCounters;

/** The schemas the tests make records from, and a seeded context for them. */
final class OrderSchemas {
    /** Nested record, array, map, enum, unions, fixed, bytes, every primitive and logical type. */
    static final String AVRO = """
            {"type": "record", "name": "Order", "namespace": "shop", "fields": [
              {"name": "id", "type": "long"},
              {"name": "customer", "type": {"type": "record", "name": "Customer", "fields": [
                {"name": "name", "type": "string"},
                {"name": "address", "type": {"type": "record", "name": "Address", "fields": [
                  {"name": "city", "type": "string"},
                  {"name": "zip", "type": ["null", "string"]}]}}]}},
              {"name": "lines", "type": {"type": "array", "items": {"type": "record", "name": "Line", "fields": [
                {"name": "sku", "type": "string"},
                {"name": "qty", "type": "int"},
                {"name": "price", "type": {"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2}}]}}},
              {"name": "tags", "type": {"type": "map", "values": "string"}},
              {"name": "status", "type": {"type": "enum", "name": "Status", "symbols": ["NEW", "PAID", "SHIPPED"]}},
              {"name": "note", "type": ["null", "string"]},
              {"name": "checksum", "type": {"type": "fixed", "name": "Checksum", "size": 8}},
              {"name": "paid", "type": "boolean"},
              {"name": "weight", "type": "float"},
              {"name": "score", "type": "double"},
              {"name": "payload", "type": "bytes"},
              {"name": "choice", "type": ["int", "string", "boolean"]},
              {"name": "day", "type": {"type": "int", "logicalType": "date"}},
              {"name": "at", "type": {"type": "int", "logicalType": "time-millis"}},
              {"name": "atMicros", "type": {"type": "long", "logicalType": "time-micros"}},
              {"name": "created", "type": {"type": "long", "logicalType": "timestamp-millis"}},
              {"name": "updated", "type": {"type": "long", "logicalType": "timestamp-micros"}},
              {"name": "local", "type": {"type": "long", "logicalType": "local-timestamp-millis"}},
              {"name": "total", "type": {"type": "fixed", "name": "Amount", "size": 8,
                "logicalType": "decimal", "precision": 12, "scale": 3}},
              {"name": "ref", "type": {"type": "string", "logicalType": "uuid"}}
            ]}
            """;

    /** A tree: children in an array, a sibling in a nullable union. */
    static final String AVRO_TREE = """
            {"type": "record", "name": "Node", "fields": [
              {"name": "name", "type": "string"},
              {"name": "children", "type": {"type": "array", "items": "Node"}},
              {"name": "next", "type": ["null", "Node"]}
            ]}
            """;

    static final String JSON = """
            {
              "title": "Order",
              "type": "object",
              "required": ["id", "price", "name", "email", "created", "day", "ref", "ip", "site", "code",
                           "status", "kind", "tags", "address", "note", "payment", "audit", "legacy"],
              "properties": {
                "id": {"type": "integer", "minimum": 1, "maximum": 999},
                "price": {"type": "number", "minimum": 0, "exclusiveMaximum": 100, "multipleOf": 0.05},
                "name": {"type": "string", "minLength": 3, "maxLength": 5},
                "email": {"type": "string", "format": "email"},
                "created": {"type": "string", "format": "date-time"},
                "day": {"type": "string", "format": "date"},
                "ref": {"type": "string", "format": "uuid"},
                "ip": {"type": "string", "format": "ipv4"},
                "site": {"type": "string", "format": "uri"},
                "code": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$"},
                "status": {"enum": ["NEW", "PAID", "SHIPPED"]},
                "kind": {"const": "order"},
                "tags": {"type": "array", "items": {"type": "string", "maxLength": 4}, "minItems": 2, "maxItems": 4},
                "address": {"$ref": "#/definitions/Address"},
                "billing": {"$ref": "#/$defs/Billing"},
                "note": {"type": ["string", "null"]},
                "discount": {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10},
                "payment": {"oneOf": [{"$ref": "#/definitions/Card"}, {"$ref": "#/definitions/Iban"}]},
                "audit": {"allOf": [{"$ref": "#/definitions/Stamp"},
                                    {"properties": {"by": {"type": "string"}}, "required": ["by"]}]},
                "legacy": {"type": "integer", "minimum": 10, "exclusiveMinimum": true, "maximum": 12},
                "flag": {"type": "boolean"}
              },
              "additionalProperties": false,
              "definitions": {
                "Address": {"type": "object", "required": ["street", "city"], "properties": {
                  "street": {"type": "string"}, "city": {"type": "string"},
                  "zip": {"type": "string", "pattern": "^[0-9]{5}$"}}},
                "Card": {"type": "object", "required": ["card"], "additionalProperties": false,
                  "properties": {"card": {"type": "string", "pattern": "^[0-9]{16}$"}}},
                "Iban": {"type": "object", "required": ["iban"], "additionalProperties": false,
                  "properties": {"iban": {"type": "string", "minLength": 15, "maxLength": 34}}},
                "Stamp": {"type": "object", "required": ["at"], "properties": {"at": {"type": "string", "format": "date-time"}}}
              },
              "$defs": {"Billing": {"$ref": "#/definitions/Address"}}
            }
            """;

    static final String JSON_TREE = """
            {"type": "object", "required": ["name", "children"], "properties": {
              "name": {"type": "string"},
              "children": {"type": "array", "items": {"$ref": "#"}}}}
            """;

    private OrderSchemas() {}

    static RecordContext context(long seed, int thread) {
        return new RecordContext(seed, thread, new SamplerCounters());
    }
}
