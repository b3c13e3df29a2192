package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.AvroBinarySource;
import io.github.jmeterkafka.payload.schema.AvroJsonSource;
import io.github.jmeterkafka.payload.schema.AvroRecords;
import io.github.jmeterkafka.payload.schema.JsonSchemaRecords;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.payload.template.Template;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** Values built from a schema, with field rules written as templates. */
final class SchemaSources {
    private SchemaSources() {}

    static ValueSource avro(RecordSpec spec) {
        AvroRecords records = new AvroRecords(AvroRecords.parseAvroSchema(spec.schema()), rules(spec));
        return switch (spec.schemaOutput()) {
            case JSON -> new AvroJsonSource(records);
            case RECORD -> records;
            default -> new AvroBinarySource(records);
        };
    }

    static ValueSource jsonSchema(RecordSpec spec) {
        return new JsonSchemaRecords(JsonSchemaRecords.parseJsonSchema(spec.schema()), rules(spec));
    }

    /** The schema's first top-level message. */
    static ValueSource protobuf(RecordSpec spec) {
        return new ProtobufRecords(ProtobufRecords.parseProtoSchema(spec.schema(), ""), rules(spec));
    }

    private static Map<String, Function<RecordContext, Object>> rules(RecordSpec spec) {
        Map<String, Function<RecordContext, Object>> rules = new LinkedHashMap<>();
        for (Map.Entry<String, String> rule : spec.fieldRules()) {
            try {
                rules.put(rule.getKey(), Template.parse(rule.getValue())::renderValue);
            } catch (InvalidInputException e) {
                throw new InvalidInputException("field rule '" + rule.getKey() + "': " + e.getMessage());
            }
        }
        return rules;
    }
}
