package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.AvroBinarySource;
import io.github.jmeterkafka.payload.schema.AvroJsonSource;
import io.github.jmeterkafka.payload.schema.AvroRecords;
import io.github.jmeterkafka.payload.schema.JsonSchemaRecords;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.ValueSource;
import io.github.jmeterkafka.payload.template.Template;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** Values built from a schema, with field rules written as templates. */
final class SchemaSources {
    private SchemaSources() {}

    static ValueSource avro(RecordSpec.Schema schema) {
        AvroRecords records = new AvroRecords(AvroRecords.parseAvroSchema(schema.text()), rules(schema));
        return switch (schema.output()) {
            case JSON -> new AvroJsonSource(records);
            case RECORD -> records;
            default -> new AvroBinarySource(records);
        };
    }

    static ValueSource jsonSchema(RecordSpec.Schema schema) {
        return new JsonSchemaRecords(JsonSchemaRecords.parseJsonSchema(schema.text()), rules(schema));
    }

    /** The schema's first top-level message. */
    static ValueSource protobuf(RecordSpec.Schema schema) {
        return new ProtobufRecords(ProtobufRecords.parseProtoSchema(schema.text(), ""), rules(schema));
    }

    private static Map<String, Function<RecordContext, Object>> rules(RecordSpec.Schema schema) {
        Map<String, Function<RecordContext, Object>> rules = new LinkedHashMap<>();
        for (Map.Entry<String, String> rule : schema.fieldRules()) {
            try {
                rules.put(rule.getKey(), Template.parse(rule.getValue())::renderValue);
            } catch (InvalidInputException e) {
                throw new InvalidInputException("field rule '" + rule.getKey() + "': " + e.getMessage());
            }
        }
        return rules;
    }
}
