package io.github.jmeterkafka.payload.schema;

import static io.github.jmeterkafka.payload.schema.DefaultValues.RECURSION_CAP;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * Compiles an Avro schema into a tree of {@link AvroValueMaker}s, once: a field with a rule gets
 * the rule and its converter, every other field a random value of its type.
 */
final class AvroMakers {
    // past the cap a path that cannot stop keeps entering itself: give up after this many more tries
    private static final int RECURSION_LIMIT = RECURSION_CAP + 10;

    private final FieldRules rules;
    private final DefaultValues defaults;
    private final String rootName;
    // records being compiled, by full name: meeting one of them again is recursion
    private final Map<String, RecordMaker> open = new HashMap<>();

    AvroMakers(FieldRules rules, DefaultValues defaults, String rootName) {
        this.rules = rules;
        this.defaults = defaults;
        this.rootName = rootName;
    }

    AvroValueMaker compile(Schema schema, String path) {
        Function<RecordContext, Object> rule = path.isEmpty() ? null : rules.at(path);
        if (rule != null) {
            UnaryOperator<Object> convert = AvroRuleValues.converter(schema, path);
            return (context, depth) -> convert.apply(rule.apply(context));
        }
        return switch (schema.getType()) {
            case RECORD -> record(schema, path);
            case ARRAY -> array(schema, compile(schema.getElementType(), path + "[]"));
            case MAP -> map(compile(schema.getValueType(), path + "{}"));
            case UNION -> union(schema, path);
            default -> AvroRandomValues.of(schema, defaults);
        };
    }

    private AvroValueMaker record(Schema schema, String path) {
        RecordMaker again = open.get(schema.getFullName());
        if (again != null) {
            return (context, depth) -> {
                if (depth >= RECURSION_LIMIT) {
                    throw new InvalidInputException("schema " + rootName + ": record " + schema.getName()
                            + " contains itself with no way to stop (no null, array or map on the way)");
                }
                return again.make(context, depth + 1);
            };
        }
        RecordMaker maker = new RecordMaker(schema);
        open.put(schema.getFullName(), maker);
        List<Schema.Field> fields = schema.getFields();
        maker.fields = new AvroValueMaker[fields.size()];
        for (Schema.Field field : fields) {
            maker.fields[field.pos()] =
                    compile(field.schema(), path.isEmpty() ? field.name() : path + "." + field.name());
        }
        open.remove(schema.getFullName());
        return maker;
    }

    private static final class RecordMaker implements AvroValueMaker {
        private final Schema schema;
        // set once compiled; the record may be reached from its own fields before that
        private AvroValueMaker[] fields;

        RecordMaker(Schema schema) {
            this.schema = schema;
        }

        @Override
        public Object make(RecordContext context, int depth) {
            GenericData.Record record = new GenericData.Record(schema);
            for (int i = 0; i < fields.length; i++) {
                record.put(i, fields[i].make(context, depth));
            }
            return record;
        }
    }

    private static AvroValueMaker array(Schema schema, AvroValueMaker items) {
        return (context, depth) -> {
            int n = depth >= RECURSION_CAP ? 0 : DefaultValues.itemCount(context.random());
            GenericData.Array<Object> array = new GenericData.Array<>(n, schema);
            for (int i = 0; i < n; i++) {
                array.add(items.make(context, depth));
            }
            return array;
        };
    }

    private static AvroValueMaker map(AvroValueMaker values) {
        return (context, depth) -> {
            int n = depth >= RECURSION_CAP ? 0 : DefaultValues.itemCount(context.random());
            Map<String, Object> map = new HashMap<>(2 * n);
            for (int i = 0; i < n; i++) {
                map.put(DefaultValues.alphanumeric(context.random()), values.make(context, depth));
            }
            return map;
        };
    }

    /**
     * Null sometimes if the union holds null, else any other branch; past the recursion cap, null or
     * an array or map (empty there) if the union has one.
     */
    private AvroValueMaker union(Schema union, String path) {
        boolean nullable = false;
        int closing = -1;
        List<AvroValueMaker> branches = new ArrayList<>();
        for (Schema branch : union.getTypes()) {
            if (branch.getType() == Schema.Type.NULL) {
                nullable = true;
                continue;
            }
            if (closing < 0 && (branch.getType() == Schema.Type.ARRAY || branch.getType() == Schema.Type.MAP)) {
                closing = branches.size();
            }
            branches.add(compile(branch, path));
        }
        AvroValueMaker[] makers = branches.toArray(new AvroValueMaker[0]);
        boolean takesNull = nullable;
        int closingBranch = closing;
        return (context, depth) -> {
            boolean capped = depth >= RECURSION_CAP;
            if (makers.length == 0 || (takesNull && (capped || DefaultValues.isNull(context.random())))) {
                return null;
            }
            int branch = capped && closingBranch >= 0
                    ? closingBranch
                    : makers.length == 1 ? 0 : context.random().nextInt(makers.length);
            return makers[branch].make(context, depth);
        };
    }
}
