package io.github.jmeterkafka.payload.schema;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldOptions;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DurationProto;
import com.google.protobuf.EmptyProto;
import com.google.protobuf.StructProto;
import com.google.protobuf.TimestampProto;
import com.google.protobuf.WrappersProto;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.ProtoTokens.Kind;
import io.github.jmeterkafka.payload.schema.ProtoTokens.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a {@code .proto} text into a {@link Descriptors.FileDescriptor}, with no protoc: see the
 * package's notes for what it takes and what it refuses. Errors name the line.
 */
final class ProtoParser {
    private static final int MAX_FIELD_NUMBER = 536_870_911;
    private static final Map<String, FieldDescriptorProto.Type> SCALARS = scalars();
    private static final Map<String, Descriptors.FileDescriptor> WELL_KNOWN = Map.of(
            "google/protobuf/timestamp.proto", TimestampProto.getDescriptor(),
            "google/protobuf/duration.proto", DurationProto.getDescriptor(),
            "google/protobuf/wrappers.proto", WrappersProto.getDescriptor(),
            "google/protobuf/empty.proto", EmptyProto.getDescriptor(),
            "google/protobuf/struct.proto", StructProto.getDescriptor());

    private final ProtoTokens tokens;
    private final FileDescriptorProto.Builder file = FileDescriptorProto.newBuilder();
    private final List<Descriptors.FileDescriptor> imports = new ArrayList<>();
    private final ProtoTypes types;
    private boolean proto3;
    private String packagePrefix = "";

    private ProtoParser(String text, String origin) {
        this.tokens = new ProtoTokens(text, origin);
        this.types = new ProtoTypes(tokens);
    }

    /** @param origin where the text came from, for messages: "Protobuf schema file /a/b.proto" */
    static Descriptors.FileDescriptor parse(String text, String origin) {
        ProtoParser parser = new ProtoParser(text, origin);
        parser.file();
        try {
            return Descriptors.FileDescriptor.buildFrom(
                    parser.file.build(), parser.imports.toArray(new Descriptors.FileDescriptor[0]));
        } catch (Descriptors.DescriptorValidationException e) {
            throw new InvalidInputException(
                    origin + " is not valid: " + e.getProblemSymbolName() + ": " + e.getDescription());
        }
    }

    private void file() {
        file.setName("schema.proto");
        Token first = tokens.peek();
        if (first.is("edition")) {
            throw tokens.error(first.line(), "editions are not supported: give syntax = \"proto3\" or \"proto2\"");
        }
        if (first.is("syntax")) {
            tokens.take();
            tokens.expect("=", "after syntax");
            Token syntax = tokens.expect(Kind.STRING, "\"proto3\" or \"proto2\"");
            if (!syntax.text().equals("proto3") && !syntax.text().equals("proto2")) {
                throw tokens.error(syntax.line(), "syntax " + syntax.shown() + " is not proto3 or proto2");
            }
            tokens.expect(";", "after the syntax");
            proto3 = syntax.text().equals("proto3");
        }
        // no syntax statement means proto2, as for protoc
        file.setSyntax(proto3 ? "proto3" : "proto2");
        while (tokens.peek().kind() != Kind.END) {
            Token token = tokens.take();
            switch (token.kind() == Kind.STRING ? "" : token.text()) {
                case ";" -> {}
                case "package" -> packageStatement(token);
                case "import" -> importStatement(token);
                case "option", "service" -> tokens.skipStatement(token.line());
                case "message" -> message(file.addMessageTypeBuilder(), packagePrefix);
                case "enum" -> ProtoEnums.parse(tokens, types, proto3, file.addEnumTypeBuilder(), packagePrefix);
                case "extend" -> throw tokens.error(token.line(), "extensions (extend) are not supported");
                default ->
                    throw tokens.error(
                            token.line(), "expected message, enum, option, import or package, found " + token.shown());
            }
        }
        types.resolve();
    }

    private void packageStatement(Token keyword) {
        Token name = tokens.expect(Kind.NAME, "a package name");
        if (!file.getPackage().isEmpty() || file.getMessageTypeCount() + file.getEnumTypeCount() > 0) {
            throw tokens.error(keyword.line(), "the package must be given once, before any message or enum");
        }
        file.setPackage(name.text());
        packagePrefix = name.text() + ".";
        tokens.expect(";", "after the package name");
    }

    private void importStatement(Token keyword) {
        tokens.takeIf("public");
        tokens.takeIf("weak");
        Token name = tokens.expect(Kind.STRING, "the quoted name of the imported file");
        tokens.expect(";", "after the import");
        Descriptors.FileDescriptor known = WELL_KNOWN.get(name.text());
        if (known == null) {
            throw tokens.error(
                    keyword.line(),
                    "import " + name.shown() + " is not supported: only "
                            + String.join(
                                    ", ", WELL_KNOWN.keySet().stream().sorted().toList())
                            + " can be imported; put the other messages into this text");
        }
        if (!imports.contains(known)) {
            imports.add(known);
            file.addDependency(name.text());
            types.declareImported(known);
        }
    }

    /** The field numbers and names a message has used so far, each with the line that used it: none twice. */
    private record UsedFields(Map<Integer, Integer> numbers, Map<String, Integer> names) {}

    private void message(DescriptorProto.Builder message, String prefix) {
        Token name = tokens.expect(Kind.NAME, "a message name");
        String fullName = types.declare(prefix, name, true);
        message.setName(name.text());
        tokens.expect("{", "after message " + name.text());
        UsedFields used = new UsedFields(new HashMap<>(), new HashMap<>());
        List<FieldDescriptorProto.Builder> optionals = new ArrayList<>();
        while (!tokens.takeIf("}")) {
            Token token = tokens.take();
            switch (token.kind() == Kind.NAME || token.kind() == Kind.SYMBOL ? token.text() : "") {
                case ";" -> {}
                case "message" -> message(message.addNestedTypeBuilder(), fullName + ".");
                case "enum" -> ProtoEnums.parse(tokens, types, proto3, message.addEnumTypeBuilder(), fullName + ".");
                case "option", "reserved", "extensions" -> tokens.skipStatement(token.line());
                case "extend" -> throw tokens.error(token.line(), "extensions (extend) are not supported");
                case "oneof" -> oneof(message, fullName, used);
                case "map" -> {
                    if (tokens.peek().is("<")) {
                        map(message, fullName, used);
                        break;
                    }
                    // a field of a type named map
                    field(message, fullName, token, null, used, optionals);
                }
                default -> {
                    if (token.kind() == Kind.END) {
                        throw tokens.error(
                                token.line(),
                                "message " + name.text() + " (line " + name.line() + ") is missing its closing '}'");
                    }
                    if (token.kind() != Kind.NAME) {
                        throw tokens.error(
                                token.line(),
                                "expected a field in message " + name.text() + ", found " + token.shown());
                    }
                    field(message, fullName, token, null, used, optionals);
                }
            }
        }
        // proto3 optional: each field in a oneof of its own, after the real ones
        for (FieldDescriptorProto.Builder field : optionals) {
            field.setOneofIndex(message.getOneofDeclCount());
            message.addOneofDeclBuilder().setName("_" + field.getName());
        }
    }

    private void oneof(DescriptorProto.Builder message, String scope, UsedFields used) {
        Token name = tokens.expect(Kind.NAME, "a oneof name");
        int index = message.getOneofDeclCount();
        message.addOneofDeclBuilder().setName(name.text());
        tokens.expect("{", "after oneof " + name.text());
        while (!tokens.takeIf("}")) {
            Token token = tokens.take();
            if (token.is("option")) {
                tokens.skipStatement(token.line());
            } else if (token.is(";")) {
                // an empty statement
            } else if (token.kind() == Kind.NAME) {
                if (token.is("repeated") || token.is("optional") || token.is("required") || token.is("map")) {
                    throw tokens.error(token.line(), "a field of oneof " + name.text() + " cannot be " + token.text());
                }
                field(message, scope, token, index, used, null);
            } else {
                throw tokens.error(
                        token.line(),
                        token.kind() == Kind.END
                                ? "oneof " + name.text() + " (line " + name.line() + ") is missing its closing '}'"
                                : "expected a field in oneof " + name.text() + ", found " + token.shown());
            }
        }
    }

    /** A field, its first token taken: a label or its type. */
    private void field(
            DescriptorProto.Builder message,
            String scope,
            Token first,
            Integer oneof,
            UsedFields used,
            List<FieldDescriptorProto.Builder> optionals) {
        Label label = Label.LABEL_OPTIONAL;
        boolean explicitOptional = false;
        Token type = first;
        if (first.is("repeated") || first.is("optional") || first.is("required")) {
            if (first.is("required") && proto3) {
                throw tokens.error(first.line(), "required fields are not allowed in proto3");
            }
            label = first.is("repeated")
                    ? Label.LABEL_REPEATED
                    : first.is("required") ? Label.LABEL_REQUIRED : Label.LABEL_OPTIONAL;
            explicitOptional = first.is("optional");
            type = tokens.expect(Kind.NAME, "the field's type");
        }
        if (type.is("group")) {
            throw tokens.error(type.line(), "groups are not supported: use a nested message");
        }
        FieldDescriptorProto.Builder field = message.addFieldBuilder().setLabel(label);
        setType(field, type, scope);
        nameNumberOptions(field, used);
        if (oneof != null) {
            field.setOneofIndex(oneof);
        } else if (explicitOptional && proto3) {
            field.setProto3Optional(true);
            optionals.add(field);
        }
    }

    /** The rest of a field after its type: {@code name = number [options];}. */
    private void nameNumberOptions(FieldDescriptorProto.Builder field, UsedFields used) {
        Token name = tokens.expect(Kind.NAME, "the field's name");
        if (name.text().contains(".")) {
            throw tokens.error(name.line(), "a field's name is one word, not " + name.shown());
        }
        Integer sameName = used.names().putIfAbsent(name.text(), name.line());
        if (sameName != null) {
            throw tokens.error(
                    name.line(), "field " + name.shown() + " is defined twice (first at line " + sameName + ")");
        }
        field.setName(name.text());
        tokens.expect("=", "after field " + name.text());
        int number = fieldNumber(name);
        Integer sameNumber = used.numbers().putIfAbsent(number, name.line());
        if (sameNumber != null) {
            throw tokens.error(
                    name.line(),
                    "field " + name.shown() + ": number " + number + " is already used at line " + sameNumber);
        }
        field.setNumber(number);
        if (tokens.peek().is("[")) {
            // packed changes the encoding; the other options are ignored
            for (List<Token> option : tokens.options(tokens.take().line())) {
                if (option.size() == 3
                        && option.get(0).is("packed")
                        && option.get(1).is("=")) {
                    field.setOptions(
                            FieldOptions.newBuilder().setPacked(option.get(2).is("true")));
                }
            }
        }
        tokens.expect(";", "after field " + name.text());
    }

    private int fieldNumber(Token name) {
        Token number = tokens.expect(Kind.NUMBER, "the number of field " + name.text());
        long value;
        try {
            value = Long.decode(number.text());
        } catch (NumberFormatException e) {
            throw tokens.error(number.line(), number.shown() + " is not a field number");
        }
        if (value < 1 || value > MAX_FIELD_NUMBER || (value >= 19_000 && value <= 19_999)) {
            throw tokens.error(
                    number.line(),
                    "field " + name.text() + ": number " + value + " is outside 1 to " + MAX_FIELD_NUMBER
                            + " or in 19000 to 19999, kept for protobuf itself");
        }
        return (int) value;
    }

    private void setType(FieldDescriptorProto.Builder field, Token type, String scope) {
        FieldDescriptorProto.Type scalar = SCALARS.get(type.text());
        if (scalar != null) {
            field.setType(scalar);
        } else if (type.kind() == Kind.NAME) {
            types.refer(field, type, scope);
        } else {
            throw tokens.error(type.line(), "expected a field's type, found " + type.shown());
        }
    }

    /** {@code map<K, V> name = n;}: a repeated field of a nested entry message, as protoc makes it. */
    private void map(DescriptorProto.Builder message, String scope, UsedFields used) {
        tokens.expect("<", "after map");
        Token key = tokens.expect(Kind.NAME, "the map's key type");
        FieldDescriptorProto.Type keyType = SCALARS.get(key.text());
        if (keyType == null
                || keyType == FieldDescriptorProto.Type.TYPE_FLOAT
                || keyType == FieldDescriptorProto.Type.TYPE_DOUBLE
                || keyType == FieldDescriptorProto.Type.TYPE_BYTES) {
            throw tokens.error(key.line(), "a map's key is an integer type, bool or string, not '" + key.text() + "'");
        }
        tokens.expect(",", "after the map's key type");
        Token value = tokens.expect(Kind.NAME, "the map's value type");
        tokens.expect(">", "after the map's value type");
        Token name = tokens.peek();
        FieldDescriptorProto.Builder field = message.addFieldBuilder().setLabel(Label.LABEL_REPEATED);
        nameNumberOptions(field, used);
        String entryName = ProtoTypes.mapEntryName(field.getName());
        types.declare(scope + ".", new Token(Kind.NAME, entryName, name.line()), true);
        field.setType(FieldDescriptorProto.Type.TYPE_MESSAGE).setTypeName("." + scope + "." + entryName);
        DescriptorProto.Builder entry = message.addNestedTypeBuilder()
                .setName(entryName)
                .setOptions(MessageOptions.newBuilder().setMapEntry(true));
        entry.addFieldBuilder()
                .setName("key")
                .setNumber(1)
                .setLabel(Label.LABEL_OPTIONAL)
                .setType(keyType);
        FieldDescriptorProto.Builder valueField =
                entry.addFieldBuilder().setName("value").setNumber(2).setLabel(Label.LABEL_OPTIONAL);
        setType(valueField, value, scope);
    }

    private static Map<String, FieldDescriptorProto.Type> scalars() {
        Map<String, FieldDescriptorProto.Type> scalars = new HashMap<>();
        for (FieldDescriptorProto.Type type : FieldDescriptorProto.Type.values()) {
            if (type != FieldDescriptorProto.Type.TYPE_MESSAGE
                    && type != FieldDescriptorProto.Type.TYPE_ENUM
                    && type != FieldDescriptorProto.Type.TYPE_GROUP) {
                scalars.put(type.name().substring("TYPE_".length()).toLowerCase(Locale.ROOT), type);
            }
        }
        return Map.copyOf(scalars);
    }
}
