package io.github.jmeterkafka.payload.schema;

import static io.github.jmeterkafka.payload.schema.DefaultValues.RECURSION_CAP;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.DynamicMessage;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Compiles a message type into a tree of {@link ProtoValueMaker}s, once: a field with a rule gets
 * the rule and its converter, every other field a random value of its type.
 */
final class ProtoMakers {
    // past the cap a required field that cannot stop keeps entering itself: give up after this many more
    private static final int RECURSION_LIMIT = RECURSION_CAP + 10;

    /** Sets one field, or one member of a oneof, of a message being built. */
    @FunctionalInterface
    private interface FieldFill {
        void fill(DynamicMessage.Builder message, RecordContext context, int depth);
    }

    private final FieldRules rules;
    private final Instant now;
    private final String rootName;
    // message types being compiled, by full name: meeting one of them again is recursion
    private final Map<String, MessageMaker> open = new HashMap<>();

    ProtoMakers(FieldRules rules, Instant now, String rootName) {
        this.rules = rules;
        this.now = now;
        this.rootName = rootName;
    }

    ProtoValueMaker compile(Descriptor type) {
        return message(type, "", false);
    }

    private ProtoValueMaker message(Descriptor type, String path, boolean required) {
        MessageMaker again = open.get(type.getFullName());
        if (again != null) {
            return (context, depth) -> {
                if (depth >= RECURSION_CAP && !required) {
                    return null;
                }
                if (depth >= RECURSION_LIMIT) {
                    throw new InvalidInputException("message " + rootName + ": " + type.getName()
                            + " contains itself through required fields, with no way to stop");
                }
                return again.make(context, depth + 1);
            };
        }
        ProtoValueMaker wellKnown =
                path.isEmpty() || rules.within(path) ? null : ProtoRandomValues.wellKnown(type, now);
        if (wellKnown != null) {
            // its fields are still named, so that rules on them are known
            type.getFields().forEach(field -> rules.at(path + "." + field.getName()));
            return wellKnown;
        }
        MessageMaker maker = new MessageMaker(type);
        open.put(type.getFullName(), maker);
        String prefix = path.isEmpty() ? "" : path + ".";
        List<FieldFill> fills = new ArrayList<>();
        for (OneofDescriptor oneof : type.getRealOneofs()) {
            fills.add(oneof(oneof, prefix));
        }
        for (FieldDescriptor field : type.getFields()) {
            if (field.getRealContainingOneof() == null) {
                fills.add(field(field, prefix + field.getName()));
            }
        }
        maker.fills = fills.toArray(new FieldFill[0]);
        open.remove(type.getFullName());
        return maker;
    }

    private static final class MessageMaker implements ProtoValueMaker {
        private final Descriptor type;
        // set once compiled; the message may be reached from its own fields before that
        private FieldFill[] fills;

        MessageMaker(Descriptor type) {
            this.type = type;
        }

        @Override
        public Object make(RecordContext context, int depth) {
            DynamicMessage.Builder message = DynamicMessage.newBuilder(type);
            for (FieldFill fill : fills) {
                fill.fill(message, context, depth);
            }
            return message.build();
        }
    }

    /** One member set: the first that a rule names, else any. */
    private FieldFill oneof(OneofDescriptor oneof, String prefix) {
        List<FieldFill> members = new ArrayList<>();
        int ruled = -1;
        for (FieldDescriptor field : oneof.getFields()) {
            String path = prefix + field.getName();
            if (ruled < 0 && rules.within(path)) {
                ruled = members.size();
            }
            members.add(field(field, path));
        }
        FieldFill[] fills = members.toArray(new FieldFill[0]);
        int chosen = ruled;
        return (message, context, depth) ->
                fills[chosen >= 0 ? chosen : context.random().nextInt(fills.length)].fill(message, context, depth);
    }

    private FieldFill field(FieldDescriptor field, String path) {
        if (field.isMapField()) {
            return map(field, path);
        }
        if (field.isRepeated()) {
            if (rules.at(path) != null) {
                throw new InvalidInputException(
                        "field '" + path + "' is repeated: a rule names its items, '" + path + "[]'");
            }
            ProtoValueMaker items = value(field, path + "[]");
            return (message, context, depth) -> {
                int n = depth >= RECURSION_CAP ? 0 : DefaultValues.itemCount(context.random());
                for (int i = 0; i < n; i++) {
                    Object item = items.make(context, depth);
                    if (item != null) {
                        message.addRepeatedField(field, item);
                    }
                }
            };
        }
        ProtoValueMaker value = value(field, path);
        return (message, context, depth) -> {
            Object made = value.make(context, depth);
            if (made != null) {
                message.setField(field, made);
            }
        };
    }

    /** A map: 1 to 3 entries with random keys; its values are named {@code path{}}. */
    private FieldFill map(FieldDescriptor field, String path) {
        if (rules.at(path) != null) {
            throw new InvalidInputException("field '" + path + "' is a map: a rule names its values, '" + path + "{}'");
        }
        Descriptor entry = field.getMessageType();
        FieldDescriptor keyField = entry.findFieldByNumber(1);
        FieldDescriptor valueField = entry.findFieldByNumber(2);
        ProtoValueMaker keys = ProtoRandomValues.of(keyField);
        ProtoValueMaker values = value(valueField, path + "{}");
        return (message, context, depth) -> {
            int n = depth >= RECURSION_CAP ? 0 : DefaultValues.itemCount(context.random());
            for (int i = 0; i < n; i++) {
                DynamicMessage.Builder pair =
                        DynamicMessage.newBuilder(entry).setField(keyField, keys.make(context, depth));
                Object value = values.make(context, depth);
                if (value != null) {
                    pair.setField(valueField, value);
                }
                message.addRepeatedField(field, pair.build());
            }
        };
    }

    /** The value of a singular field, or of one item of a repeated field or map. */
    private ProtoValueMaker value(FieldDescriptor field, String path) {
        Function<RecordContext, Object> rule = rules.at(path);
        if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
            if (rule != null) {
                throw new InvalidInputException("field '" + path + "' is a message: rules name the fields inside it");
            }
            return message(field.getMessageType(), path, field.isRequired());
        }
        if (rule != null) {
            UnaryOperator<Object> convert = ProtoRuleValues.converter(field, path);
            return (context, depth) -> convert.apply(rule.apply(context));
        }
        return ProtoRandomValues.of(field);
    }
}
