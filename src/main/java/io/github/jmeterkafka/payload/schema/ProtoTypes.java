package io.github.jmeterkafka.payload.schema;

import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.Descriptors;
import io.github.jmeterkafka.payload.schema.ProtoTokens.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The messages and enums of a {@code .proto} text and of its imports, by full name, and the fields
 * that name them: resolved once the whole text is read, since a type may be used before it is defined.
 */
final class ProtoTypes {
    /** A field whose type is a name, as written, with the scope it was written in. */
    private record TypeRef(FieldDescriptorProto.Builder field, String name, String scope, int line) {}

    private final ProtoTokens tokens;
    // full name (no leading dot): true for a message, false for an enum
    private final Map<String, Boolean> types = new HashMap<>();
    private final List<TypeRef> refs = new ArrayList<>();

    ProtoTypes(ProtoTokens tokens) {
        this.tokens = tokens;
    }

    /** Declares a type and returns its full name. */
    String declare(String prefix, Token name, boolean message) {
        if (name.text().contains(".")) {
            throw tokens.error(name.line(), "a type's name is one word, not " + name.shown());
        }
        String fullName = prefix + name.text();
        if (types.putIfAbsent(fullName, message) != null) {
            throw tokens.error(name.line(), name.shown() + " is defined twice");
        }
        return fullName;
    }

    void declareImported(Descriptors.FileDescriptor file) {
        file.getMessageTypes().forEach(this::declareImported);
        file.getEnumTypes().forEach(e -> types.put(e.getFullName(), false));
    }

    private void declareImported(Descriptors.Descriptor message) {
        types.put(message.getFullName(), true);
        message.getNestedTypes().forEach(this::declareImported);
        message.getEnumTypes().forEach(e -> types.put(e.getFullName(), false));
    }

    void refer(FieldDescriptorProto.Builder field, Token type, String scope) {
        refs.add(new TypeRef(field, type.text(), scope, type.line()));
    }

    /** Names are looked up from the field's scope outwards, as protoc does; a leading dot is a full name. */
    void resolve() {
        for (TypeRef ref : refs) {
            String found = find(ref);
            if (found == null) {
                throw tokens.error(
                        ref.line(),
                        "unknown type '" + ref.name() + "'"
                                + (ref.field().getName().isEmpty()
                                        ? ""
                                        : " of field " + ref.field().getName()));
            }
            FieldDescriptorProto.Type type =
                    types.get(found) ? FieldDescriptorProto.Type.TYPE_MESSAGE : FieldDescriptorProto.Type.TYPE_ENUM;
            ref.field().setType(type).setTypeName("." + found);
        }
    }

    private String find(TypeRef ref) {
        if (ref.name().startsWith(".")) {
            return types.containsKey(ref.name().substring(1)) ? ref.name().substring(1) : null;
        }
        String scope = ref.scope();
        while (true) {
            String candidate = scope.isEmpty() ? ref.name() : scope + "." + ref.name();
            if (types.containsKey(candidate)) {
                return candidate;
            }
            if (scope.isEmpty()) {
                return null;
            }
            int dot = scope.lastIndexOf('.');
            scope = dot < 0 ? "" : scope.substring(0, dot);
        }
    }

    /** protoc's name of a map's entry message: tag_counts becomes TagCountsEntry. */
    static String mapEntryName(String field) {
        StringBuilder name = new StringBuilder();
        boolean upper = true;
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '_') {
                upper = true;
            } else {
                name.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return name.append("Entry").toString();
    }
}
