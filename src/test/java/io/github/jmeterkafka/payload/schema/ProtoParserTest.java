package io.github.jmeterkafka.payload.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.AnyProto;
import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DurationProto;
import com.google.protobuf.EmptyProto;
import com.google.protobuf.FieldMaskProto;
import com.google.protobuf.SourceContextProto;
import com.google.protobuf.StructProto;
import com.google.protobuf.TimestampProto;
import com.google.protobuf.WrappersProto;
import io.github.jmeterkafka.input.InvalidInputException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProtoParserTest {

    private static FileDescriptor parse(String text) {
        return ProtoParser.parse(text, "schema");
    }

    @Test
    void theDescriptorIsWhatProtocWouldMake() {
        FileDescriptor file = parse(ProtobufRecordsTest.ORDER);
        assertThat(file.getPackage()).isEqualTo("shop.v1");
        Descriptor order = file.findMessageTypeByName("Order");
        assertThat(order.findFieldByName("customer").getMessageType().getFullName())
                .isEqualTo("shop.v1.Customer");
        assertThat(order.findFieldByName("status").getEnumType().getFullName()).isEqualTo("shop.v1.Order.Status");
        assertThat(order.findFieldByName("lines").isRepeated()).isTrue();
        Descriptor line = order.findNestedTypeByName("Line");
        assertThat(line.findFieldByName("sizes").isPacked()).isFalse();
        FieldDescriptor tags = order.findFieldByName("tags");
        assertThat(tags.isMapField()).isTrue();
        assertThat(tags.getMessageType().getName()).isEqualTo("TagsEntry");
        assertThat(order.findFieldByName("lines_by_number").getMessageType().getName())
                .isEqualTo("LinesByNumberEntry");
        assertThat(order.findFieldByName("lines_by_number")
                        .getMessageType()
                        .findFieldByName("value")
                        .getMessageType()
                        .getFullName())
                .isEqualTo("shop.v1.Order.Line");
        assertThat(order.getRealOneofs())
                .singleElement()
                .satisfies(oneof -> assertThat(oneof.getFields())
                        .extracting(FieldDescriptor::getName)
                        .containsExactly("iban", "card"));
        assertThat(order.findFieldByName("note").hasPresence()).isTrue();
        assertThat(order.findFieldByName("note").getRealContainingOneof()).isNull();
        assertThat(order.findFieldByName("created_at").getMessageType().getFullName())
                .isEqualTo("google.protobuf.Timestamp");
        assertThat(file.findMessageTypeByName("Card").findFieldByName("status").getEnumType())
                .isSameAs(order.findFieldByName("status").getEnumType());
        assertThat(file.findMessageTypeByName("Scalars").getFields())
                .extracting(field -> field.getType().name())
                .containsExactly(
                        "DOUBLE",
                        "FLOAT",
                        "INT32",
                        "INT64",
                        "UINT32",
                        "UINT64",
                        "SINT32",
                        "SINT64",
                        "FIXED32",
                        "FIXED64",
                        "SFIXED32",
                        "SFIXED64",
                        "BOOL",
                        "STRING",
                        "BYTES");
        assertThat(file.getServices()).isEmpty();
    }

    @Test
    void namesResolveFromTheInnermostScopeOutwards() {
        FileDescriptor file = parse("""
                syntax = "proto3";
                package a.b;
                message Item { string x = 1; }
                message Outer {
                  message Item { int32 y = 1; }
                  Item inner = 1;
                  .a.b.Item outer = 2;
                  b.Item qualified = 3;
                  Outer.Item nested = 4;
                }
                """);
        Descriptor outer = file.findMessageTypeByName("Outer");
        assertThat(outer.findFieldByName("inner").getMessageType().getFullName())
                .isEqualTo("a.b.Outer.Item");
        assertThat(outer.findFieldByName("outer").getMessageType().getFullName())
                .isEqualTo("a.b.Item");
        assertThat(outer.findFieldByName("qualified").getMessageType().getFullName())
                .isEqualTo("a.b.Item");
        assertThat(outer.findFieldByName("nested").getMessageType().getFullName())
                .isEqualTo("a.b.Outer.Item");
    }

    /** protobuf's own .proto files, shipped in its jar, read as protoc read them. */
    @ParameterizedTest
    @CsvSource({
        "timestamp",
        "duration",
        "wrappers",
        "empty",
        "struct",
        "any",
        "field_mask",
        "source_context",
        "descriptor"
    })
    void protobufsOwnSchemasReadAsProtocReadThem(String name) throws Exception {
        String path = "google/protobuf/" + name + ".proto";
        String text;
        try (InputStream in = ClassLoader.getSystemResourceAsStream(path)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        FileDescriptor ours = ProtoParser.parse(text, path);
        FileDescriptor protocs = WELL_KNOWN.stream()
                .filter(file -> file.getName().equals(path))
                .findFirst()
                .orElseThrow();
        assertThat(summary(ours)).isEqualTo(summary(protocs));
    }

    private static final List<FileDescriptor> WELL_KNOWN = List.of(
            TimestampProto.getDescriptor(),
            DurationProto.getDescriptor(),
            WrappersProto.getDescriptor(),
            EmptyProto.getDescriptor(),
            StructProto.getDescriptor(),
            AnyProto.getDescriptor(),
            FieldMaskProto.getDescriptor(),
            SourceContextProto.getDescriptor(),
            DescriptorProtos.getDescriptor());

    private static String summary(FileDescriptor file) {
        StringBuilder out = new StringBuilder(file.getPackage()).append('\n');
        file.getMessageTypes().forEach(message -> summary(message, out));
        file.getEnumTypes().forEach(e -> summary(e, out));
        return out.toString();
    }

    private static void summary(Descriptor message, StringBuilder out) {
        out.append("message ")
                .append(message.getFullName())
                .append(message.getOptions().getMapEntry() ? " map" : "")
                .append('\n');
        for (FieldDescriptor field : message.getFields()) {
            out.append("  ")
                    .append(field.getName())
                    .append('=')
                    .append(field.getNumber())
                    .append(' ')
                    .append(field.isRepeated() ? "repeated " : field.isRequired() ? "required " : "")
                    .append(field.getType())
                    .append(
                            field.getType() == FieldDescriptor.Type.MESSAGE
                                    ? " " + field.getMessageType().getFullName()
                                    : field.getType() == FieldDescriptor.Type.ENUM
                                            ? " " + field.getEnumType().getFullName()
                                            : "")
                    .append(
                            field.getRealContainingOneof() == null
                                    ? ""
                                    : " in " + field.getRealContainingOneof().getName())
                    .append(field.hasPresence() ? " present" : "")
                    .append(field.isPacked() ? " packed" : "")
                    .append('\n');
        }
        message.getNestedTypes().forEach(nested -> summary(nested, out));
        message.getEnumTypes().forEach(e -> summary(e, out));
    }

    private static void summary(EnumDescriptor enumeration, StringBuilder out) {
        out.append("enum ")
                .append(enumeration.getFullName())
                .append(' ')
                .append(enumeration.getValues().stream()
                        .map(v -> v.getName() + "=" + v.getNumber())
                        .toList())
                .append('\n');
    }

    @Test
    void noSyntaxIsProto2() {
        FileDescriptor file = parse("message A { optional int32 a = 1; required string b = 2; }");
        assertThat(file.findMessageTypeByName("A").findFieldByName("b").isRequired())
                .isTrue();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            message A {\\n  int32 a = 1;\\n                             | line 2: message A (line 1) is missing its closing '}'
            message A {\\n  Adress a = 1;\\n}                           | line 2: unknown type 'Adress' of field a
            message A {\\n  int32 a = 1;\\n  string b = 1;\\n}          | line 3: field 'b': number 1 is already used at line 2
            message A {\\n  int32 a = 1;\\n  string a = 2;\\n}          | line 3: field 'a' is defined twice (first at line 2)
            message A {\\n  int32 a = 1\\n}                             | line 3: expected ';' after field a, found '}'
            message A {\\n  int32 a = 0;\\n}                            | line 2: field a: number 0 is outside 1 to 536870911 or in 19000 to 19999, kept for protobuf itself
            message A { int32 a = 1; }\\nmessage A { int32 b = 1; }     | line 2: 'A' is defined twice
            syntax = "proto4";                                           | line 1: syntax "proto4" is not proto3 or proto2
            edition = "2023";                                            | line 1: editions are not supported: give syntax = "proto3" or "proto2"
            import "other.proto";                                        | line 1: import "other.proto" is not supported: only google/protobuf/duration.proto, google/protobuf/empty.proto, google/protobuf/struct.proto, google/protobuf/timestamp.proto, google/protobuf/wrappers.proto can be imported; put the other messages into this text
            message A {\\n  map<double, string> m = 1;\\n}              | line 2: a map's key is an integer type, bool or string, not 'double'
            syntax = "proto3";\\nenum E {\\n  A = 1;\\n}                 | line 3: enum E: in proto3 the first value is 0, not 1
            syntax = "proto3";\\nmessage A { required int32 a = 1; }     | line 2: required fields are not allowed in proto3
            message A {\\n  optional group G = 1 { }\\n}                 | line 2: groups are not supported: use a nested message
            message A { oneof o { repeated int32 a = 1; } }              | line 1: a field of oneof o cannot be repeated
            extend A { int32 b = 2; }                                    | line 1: extensions (extend) are not supported
            /* never\\nclosed                                            | line 1: a comment opened by /* is never closed
            message A {\\n  string s = 1 [default = "x];\\n}             | line 2: a string opened by " is not closed on its line
            """)
    void errorsNameTheLine(String text, String message) {
        assertThatThrownBy(() -> parse(text.replace("\\n", "\n")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("schema " + message);
    }

    @Test
    void whatOnlyTheDescriptorCheckFindsIsReportedToo() {
        // a field and a nested message of one name
        assertThatThrownBy(() -> parse("""
                syntax = "proto3";
                message A { message B { } int32 B = 1; }
                """))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("schema is not valid: A.B: ");
        assertThatThrownBy(() -> parse("message A { repeated string s = 1 [packed = true]; }"))
                .hasMessage(
                        "schema is not valid: A.s: [packed = true] can only be specified for repeated primitive fields.");
    }
}
