package io.github.jmeterkafka.payload.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Timestamp;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProtobufRecordsTest {
    private static final Instant NOW = Instant.parse("2026-12-02T09:00:00Z");

    /** Nested message, enum, repeated, map, oneof, every scalar type, a recursive message, an import. */
    static final String ORDER = """
            syntax = "proto3";
            package shop.v1;
            option java_package = "com.example.shop"; // ignored
            import "google/protobuf/timestamp.proto";

            /* an order,
               with everything in it */
            message Order {
              int64 id = 1;
              Customer customer = 2;
              repeated Line lines = 3;
              map<string, string> tags = 4;
              Status status = 5;
              oneof payment {
                string iban = 6;
                Card card = 7;
              }
              Scalars scalars = 8;
              Node tree = 9;
              optional string note = 10 [json_name = "remark"];
              google.protobuf.Timestamp created_at = 11;
              map<int32, Line> lines_by_number = 12;
              reserved 100 to 110;
              reserved "old";

              message Line {
                string sku = 1;
                uint32 qty = 2;
                repeated string codes = 3 [deprecated = true, (my.opt) = { a: 1, b: [2, 3] }];
                repeated sint32 sizes = 4 [packed = false];
              }
              enum Status {
                option allow_alias = true;
                NEW = 0;
                PAID = 1;
                SETTLED = 1;
                SHIPPED = 2;
              }
            }
            message Customer {
              string name = 1;
              Address address = 2;
              message Address { string city = 1; string zip = 2; }
            }
            message Card { string number = 1; shop.v1.Order.Status status = 2; }
            message Scalars {
              double d = 1; float f = 2; int32 i32 = 3; int64 i64 = 4; uint32 u32 = 5; uint64 u64 = 6;
              sint32 s32 = 7; sint64 s64 = 8; fixed32 f32 = 9; fixed64 f64 = 10; sfixed32 sf32 = 11;
              sfixed64 sf64 = 12; bool b = 13; string s = 14; bytes by = 15;
            }
            message Node {
              string name = 1;
              Node left = 2;
              repeated Node children = 3;
              map<string, Node> named = 4;
            }
            service Orders { rpc Place(Order) returns (Order) { option deprecated = true; } }
            """;

    static final Descriptor TYPE = ProtobufRecords.parseProtoSchema(ORDER, "");

    static RecordContext context(long seed, int thread) {
        return new RecordContext(seed, thread, new SamplerCounters());
    }

    private static ProtobufRecords orders(Map<String, Function<RecordContext, Object>> rules) {
        return new ProtobufRecords(TYPE, rules, NOW);
    }

    private static List<DynamicMessage> make(ProtobufRecords records, int n) throws InvalidProtocolBufferException {
        RecordContext context = context(42, 1);
        List<DynamicMessage> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            context.nextRecord();
            out.add(DynamicMessage.parseFrom(records.type(), records.next(context)));
        }
        return out;
    }

    private static Object get(DynamicMessage message, String dottedPath) {
        Object value = message;
        for (String name : dottedPath.split("\\.", -1)) {
            DynamicMessage current = (DynamicMessage) value;
            value = current.getField(current.getDescriptorForType().findFieldByName(name));
        }
        return value;
    }

    @Test
    void everyMessageParsesBackInitializedAndMessagesDiffer() throws InvalidProtocolBufferException {
        ProtobufRecords records = orders(null);
        RecordContext context = context(7, 1);
        Set<ByteBuffer> distinct = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            byte[] bytes = records.next(context);
            DynamicMessage message = DynamicMessage.parseFrom(TYPE, bytes);
            assertThat(message.isInitialized()).isTrue();
            assertThat(message.getUnknownFields().asMap()).isEmpty();
            assertThat(message.toByteArray()).isEqualTo(bytes);
            distinct.add(ByteBuffer.wrap(bytes));
        }
        assertThat(distinct).hasSize(1_000);
    }

    @Test
    void defaultsLookLikeData() throws InvalidProtocolBufferException {
        Set<Object> statuses = new HashSet<>();
        Set<String> payments = new HashSet<>();
        for (DynamicMessage order : make(orders(null), 1_000)) {
            assertThat((String) get(order, "customer.address.city")).matches("[A-Za-z0-9]{8,16}");
            assertThat((long) get(order, "id")).isBetween(0L, 1_000_000_000_000L);
            assertThat(order.getRepeatedFieldCount(field(TYPE, "lines"))).isBetween(1, 3);
            assertThat(order.getRepeatedFieldCount(field(TYPE, "tags"))).isBetween(1, 3);
            assertThat(order.getRepeatedFieldCount(field(TYPE, "lines_by_number")))
                    .isBetween(1, 3);
            assertThat(order.hasField(field(TYPE, "note"))).isTrue();
            payments.add(order.getOneofFieldDescriptor(TYPE.getOneofs().get(0)).getName());
            statuses.add(((EnumValueDescriptor) get(order, "status")).getNumber());
            DynamicMessage scalars = (DynamicMessage) get(order, "scalars");
            // a proto3 field at its default (false, 0) is not on the wire
            assertThat(scalars.getAllFields().size()).isBetween(14, 15);
            assertThat((double) get(order, "scalars.d")).isBetween(0d, 1_000d);
            assertThat(((ByteString) get(order, "scalars.by")).size()).isBetween(8, 16);
            long seconds = ((DynamicMessage) get(order, "created_at"))
                                    .getField(Timestamp.getDescriptor().findFieldByName("seconds"))
                            instanceof Long s
                    ? s
                    : -1;
            assertThat(seconds).isBetween(NOW.getEpochSecond() - 3_600, NOW.getEpochSecond());
        }
        assertThat(payments).containsExactlyInAnyOrder("iban", "card");
        assertThat(statuses).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void recursionStopsAtTheCap() throws InvalidProtocolBufferException {
        int deepest = 0;
        for (DynamicMessage order : make(orders(null), 200)) {
            deepest = Math.max(deepest, depth((DynamicMessage) get(order, "tree")));
        }
        // the tree's root and three levels below it
        assertThat(deepest).isEqualTo(4);
    }

    private static int depth(DynamicMessage node) {
        int below = 0;
        for (Map.Entry<FieldDescriptor, Object> field : node.getAllFields().entrySet()) {
            List<?> values = field.getKey().isRepeated() ? (List<?>) field.getValue() : List.of(field.getValue());
            for (Object value : values) {
                if (value instanceof DynamicMessage child) {
                    if (field.getKey().isMapField()) {
                        Object entryValue = get(child, "value");
                        if (entryValue instanceof DynamicMessage nested
                                && nested.getAllFields().isEmpty()) {
                            continue;
                        }
                        below = Math.max(below, depth((DynamicMessage) entryValue));
                    } else {
                        below = Math.max(below, depth(child));
                    }
                }
            }
        }
        return 1 + below;
    }

    private static FieldDescriptor field(Descriptor type, String name) {
        return type.findFieldByName(name);
    }

    @Test
    void sameSeedAndThreadRepeatTheBytes() {
        ProtobufRecords records = orders(null);
        RecordContext a = context(5, 3);
        RecordContext b = context(5, 3);
        RecordContext otherThread = context(5, 4);
        for (int i = 0; i < 100; i++) {
            byte[] fromA = records.next(a);
            assertThat(records.next(b)).isEqualTo(fromA);
            assertThat(records.next(otherThread)).isNotEqualTo(fromA);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void rulesGiveTheirFieldsConvertedToTheFieldType() throws InvalidProtocolBufferException {
        Map<String, Function<RecordContext, Object>> rules = Map.ofEntries(
                Map.entry("id", context -> context.threadSequence()),
                Map.entry("customer.address.city", context -> "Lyon"),
                Map.entry("lines[].sku", context -> 42L),
                Map.entry("lines[].qty", context -> "4294967295"),
                Map.entry("lines[].codes[]", context -> "C"),
                Map.entry("tags{}", context -> "t"),
                Map.entry("status", context -> "SHIPPED"),
                Map.entry("card.status", context -> 1L),
                Map.entry("scalars.d", context -> new BigDecimal("12.50")),
                Map.entry("scalars.f", context -> "1.5"),
                Map.entry("scalars.u64", context -> new BigDecimal("18446744073709551615")),
                Map.entry("scalars.b", context -> "true"),
                Map.entry("scalars.by", context -> "héllo"),
                Map.entry("scalars.i32", context -> "1e3"),
                Map.entry("note", context -> null),
                Map.entry("created_at.seconds", context -> 86_400L),
                Map.entry("tree.name", context -> "node"));
        int n = 0;
        for (DynamicMessage order : make(orders(rules), 100)) {
            assertThat(get(order, "id")).isEqualTo((long) n++);
            assertThat(get(order, "customer.address.city")).isEqualTo("Lyon");
            for (Object line : (List<?>) get(order, "lines")) {
                assertThat(get((DynamicMessage) line, "sku")).isEqualTo("42");
                assertThat(get((DynamicMessage) line, "qty")).isEqualTo(-1);
                assertThat((List<Object>) get((DynamicMessage) line, "codes")).containsOnly("C");
            }
            for (Object tag : (List<?>) get(order, "tags")) {
                assertThat(get((DynamicMessage) tag, "value")).isEqualTo("t");
            }
            assertThat(((EnumValueDescriptor) get(order, "status")).getName()).isEqualTo("SHIPPED");
            // a rule inside a oneof member chooses that member
            assertThat(order.hasField(field(TYPE, "card"))).isTrue();
            assertThat(((EnumValueDescriptor) get(order, "card.status")).getNumber())
                    .isEqualTo(1);
            assertThat(get(order, "scalars.d")).isEqualTo(12.5d);
            assertThat(get(order, "scalars.f")).isEqualTo(1.5f);
            assertThat(get(order, "scalars.u64")).isEqualTo(-1L);
            assertThat(get(order, "scalars.b")).isEqualTo(true);
            assertThat(get(order, "scalars.by")).isEqualTo(ByteString.copyFrom("héllo", StandardCharsets.UTF_8));
            assertThat(get(order, "scalars.i32")).isEqualTo(1000);
            assertThat(order.hasField(field(TYPE, "note"))).isFalse();
            assertThat(get(order, "created_at.seconds")).isEqualTo(86_400L);
            assertThat(get(order, "tree.name")).isEqualTo("node");
        }
    }

    @Test
    void aRuleThatNamesNoFieldIsRefusedWithTheNearestPath() {
        assertThatThrownBy(() -> orders(Map.of("customer.adress.city", context -> "x")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("field rule 'customer.adress.city': no such field in message shop.v1.Order"
                        + " (did you mean 'customer.address.city'?)");
    }

    @Test
    void rulesOnMessagesRepeatedFieldsAndMapsAreRefused() {
        assertThatThrownBy(() -> orders(Map.of("customer", context -> "x")))
                .hasMessage("field 'customer' is a message: rules name the fields inside it");
        assertThatThrownBy(() -> orders(Map.of("lines[].codes", context -> "x")))
                .hasMessage("field 'lines[].codes' is repeated: a rule names its items, 'lines[].codes[]'");
        assertThatThrownBy(() -> orders(Map.of("tags", context -> "x")))
                .hasMessage("field 'tags' is a map: a rule names its values, 'tags{}'");
    }

    @Test
    void aValueThatDoesNotFitNamesTheFieldAndTheValue() {
        RecordContext context = context(1, 1);
        List<Map.Entry<String, Object>> misfits = List.of(
                Map.entry("scalars.i32", "3000000000"),
                Map.entry("scalars.u32", -1L),
                Map.entry("scalars.u64", "-1"),
                Map.entry("scalars.b", "yes"),
                Map.entry("status", "LOST"),
                Map.entry("scalars.d", "abc"),
                Map.entry("customer.name", "null"));
        for (Map.Entry<String, Object> misfit : misfits) {
            ProtobufRecords records = orders(Map.of(misfit.getKey(), c -> misfit.getValue()));
            assertThatThrownBy(() -> records.next(context))
                    .as(misfit.getKey())
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith("field '" + misfit.getKey() + "': ")
                    .hasMessageContaining("does not fit");
        }
    }

    @Test
    void theMessageIsChosenByNameAndTheSchemaMayBeAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("order.proto");
        Files.writeString(file, ORDER);
        assertThat(ProtobufRecords.parseProtoSchema(file.toString(), "Customer").getFullName())
                .isEqualTo("shop.v1.Customer");
        assertThat(ProtobufRecords.parseProtoSchema(ORDER, "shop.v1.Order.Line").getFullName())
                .isEqualTo("shop.v1.Order.Line");
        assertThat(ProtobufRecords.parseProtoSchema(ORDER, "Customer.Address").getFullName())
                .isEqualTo("shop.v1.Customer.Address");
        assertThatThrownBy(() -> ProtobufRecords.parseProtoSchema(ORDER, "Invoice"))
                .hasMessage("Protobuf schema text has no message 'Invoice'; its top-level messages: "
                        + "Order, Customer, Card, Scalars, Node");
        assertThatThrownBy(() -> ProtobufRecords.parseProtoSchema(
                        dir.resolve("none.proto").toString(), ""))
                .hasMessage("Protobuf schema file " + dir.resolve("none.proto").toAbsolutePath() + " does not exist");
        Files.writeString(file, "syntax = \"proto3\";\nmessage A {\n  int32 a = 1;\n");
        assertThatThrownBy(() -> ProtobufRecords.parseProtoSchema(file.toString(), ""))
                .hasMessage("Protobuf schema file " + file.toAbsolutePath()
                        + " line 3: message A (line 2) is missing its closing '}'");
    }

    @Test
    void proto2RequiredAndOptionalFieldsAreSet() throws InvalidProtocolBufferException {
        Descriptor type = ProtobufRecords.parseProtoSchema("""
                syntax = "proto2";
                message Event {
                  required string id = 1;
                  optional int32 count = 2 [default = 5];
                  repeated Event children = 3;
                  optional Event parent = 4;
                }
                """, "");
        ProtobufRecords records = new ProtobufRecords(type, Map.of("count", context -> null), NOW);
        RecordContext context = context(3, 1);
        for (int i = 0; i < 100; i++) {
            DynamicMessage event = DynamicMessage.parseFrom(type, records.next(context));
            assertThat(event.isInitialized()).isTrue();
            assertThat(event.hasField(type.findFieldByName("id"))).isTrue();
            assertThat(event.hasField(type.findFieldByName("count"))).isFalse();
        }
    }

    @Test
    void aRecursionThroughRequiredFieldsFailsItsRecordsClearly() {
        Descriptor type = ProtobufRecords.parseProtoSchema("""
                syntax = "proto2";
                message Loop { required Loop next = 1; }
                """, "");
        ProtobufRecords records = new ProtobufRecords(type, null, NOW);
        assertThatThrownBy(() -> records.next(context(1, 1)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("message Loop: Loop contains itself through required fields, with no way to stop");
    }

    @Test
    void wellKnownTypesMayBeImported() throws InvalidProtocolBufferException {
        Descriptor type = ProtobufRecords.parseProtoSchema("""
                syntax = "proto3";
                import "google/protobuf/struct.proto";
                import public "google/protobuf/wrappers.proto";
                package ev;
                import "google/protobuf/duration.proto";
                import "google/protobuf/empty.proto";
                message Event {
                  google.protobuf.Struct attributes = 1;
                  google.protobuf.StringValue label = 2;
                  google.protobuf.Duration took = 3;
                  google.protobuf.Empty nothing = 4;
                  google.protobuf.NullValue none = 5;
                }
                """, "Event");
        ProtobufRecords records = new ProtobufRecords(type, Map.of("label.value", context -> "L"), NOW);
        RecordContext context = context(11, 1);
        for (int i = 0; i < 200; i++) {
            DynamicMessage event = DynamicMessage.parseFrom(type, records.next(context));
            assertThat(event.isInitialized()).isTrue();
            assertThat(get(event, "label.value")).isEqualTo("L");
            assertThat((long) get(event, "took.seconds")).isBetween(0L, 3_600L);
        }
    }

    @Test
    void returnedBytesAreTheCallersOwn() {
        // the bytes returned are the caller's: a later message does not change them
        ProtobufRecords records = orders(null);
        RecordContext context = context(9, 1);
        byte[] first = records.next(context);
        byte[] copy = Arrays.copyOf(first, first.length);
        records.next(context);
        assertThat(first).isEqualTo(copy);
    }
}
