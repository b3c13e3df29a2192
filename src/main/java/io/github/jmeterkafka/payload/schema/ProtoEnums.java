package io.github.jmeterkafka.payload.schema;

import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumOptions;
import io.github.jmeterkafka.payload.schema.ProtoTokens.Kind;
import io.github.jmeterkafka.payload.schema.ProtoTokens.Token;

/** Reads an enum of a {@code .proto} text into its descriptor, checking what protoc checks. */
final class ProtoEnums {
    private ProtoEnums() {}

    /** An enum, its keyword taken: its name, values and options, up to its closing brace. */
    static void parse(
            ProtoTokens tokens,
            ProtoTypes types,
            boolean proto3,
            EnumDescriptorProto.Builder enumeration,
            String prefix) {
        Token name = tokens.expect(Kind.NAME, "an enum name");
        types.declare(prefix, name, false);
        enumeration.setName(name.text());
        tokens.expect("{", "after enum " + name.text());
        while (!tokens.takeIf("}")) {
            Token token = tokens.take();
            if (token.kind() == Kind.END) {
                throw tokens.error(
                        token.line(), "enum " + name.text() + " (line " + name.line() + ") is missing its closing '}'");
            } else if (token.is(";")) {
                // an empty statement
            } else if (token.is("option")) {
                if (tokens.peek().is("allow_alias")) {
                    enumeration.setOptions(EnumOptions.newBuilder().setAllowAlias(true));
                }
                tokens.skipStatement(token.line());
            } else if (token.is("reserved")) {
                tokens.skipStatement(token.line());
            } else if (token.kind() == Kind.NAME) {
                tokens.expect("=", "after enum value " + token.text());
                boolean negative = tokens.takeIf("-");
                Token number = tokens.expect(Kind.NUMBER, "the number of enum value " + token.text());
                int value;
                try {
                    value = Math.toIntExact(Long.decode((negative ? "-" : "") + number.text()));
                } catch (NumberFormatException | ArithmeticException e) {
                    throw tokens.error(number.line(), number.shown() + " is not an enum number");
                }
                if (proto3 && enumeration.getValueCount() == 0 && value != 0) {
                    throw tokens.error(
                            number.line(), "enum " + name.text() + ": in proto3 the first value is 0, not " + value);
                }
                enumeration.addValueBuilder().setName(token.text()).setNumber(value);
                if (tokens.peek().is("[")) {
                    tokens.options(tokens.take().line());
                }
                tokens.expect(";", "after enum value " + token.text());
            } else {
                throw tokens.error(
                        token.line(), "expected a value of enum " + name.text() + ", found " + token.shown());
            }
        }
        if (enumeration.getValueCount() == 0) {
            throw tokens.error(name.line(), "enum " + name.text() + " has no values");
        }
    }
}
