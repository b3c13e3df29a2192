package io.github.jmeterkafka.payload.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Timestamp;
import io.github.jmeterkafka.input.InvalidInputException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProtoJsonTest {
    private static final Descriptor ORDER = ProtobufRecordsTest.TYPE;

    private static DynamicMessage.Builder builder(Descriptor type) {
        return DynamicMessage.newBuilder(type);
    }

    private static FieldDescriptor field(Descriptor type, String name) {
        return type.findFieldByName(name);
    }

    @Test
    void aMessageIsWrittenWithItsSchemasFieldNames() {
        Descriptor customer = field(ORDER, "customer").getMessageType();
        Descriptor address = field(customer, "address").getMessageType();
        Descriptor line = field(ORDER, "lines").getMessageType();
        Descriptor card = field(ORDER, "card").getMessageType();
        Descriptor scalars = field(ORDER, "scalars").getMessageType();
        DynamicMessage order = builder(ORDER)
                .setField(field(ORDER, "id"), 7L)
                .setField(
                        field(ORDER, "customer"),
                        builder(customer)
                                .setField(field(customer, "name"), "Ana")
                                .setField(
                                        field(customer, "address"),
                                        builder(address)
                                                .setField(field(address, "city"), "Lyon")
                                                .build())
                                .build())
                .addRepeatedField(
                        field(ORDER, "lines"),
                        builder(line)
                                .setField(field(line, "sku"), "A1")
                                .setField(field(line, "qty"), 2)
                                .build())
                .setField(
                        field(ORDER, "status"),
                        field(ORDER, "status").getEnumType().findValueByName("SHIPPED"))
                .setField(
                        field(ORDER, "card"),
                        builder(card).setField(field(card, "number"), "4111").build())
                .setField(
                        field(ORDER, "scalars"),
                        builder(scalars)
                                .setField(field(scalars, "u32"), -1)
                                .setField(field(scalars, "u64"), -1L)
                                .setField(field(scalars, "by"), ByteString.copyFrom(new byte[] {1, 2, 3}))
                                .setField(field(scalars, "b"), true)
                                .build())
                .setField(
                        field(ORDER, "created_at"),
                        Timestamp.newBuilder()
                                .setSeconds(1_796_400_000L)
                                .setNanos(5_000_000)
                                .build())
                .build();

        String json = new ProtoJson(ORDER).decode(order.toByteArray());

        assertThat(json)
                .startsWith("{\"id\":7,\"customer\":{\"name\":\"Ana\",\"address\":{\"city\":\"Lyon\",\"zip\":\"\"}},"
                        + "\"lines\":[{\"sku\":\"A1\",\"qty\":2}],\"status\":\"SHIPPED\",")
                .contains("\"card\":{\"number\":\"4111\",\"status\":\"NEW\"}")
                .contains("\"u32\":4294967295", "\"u64\":18446744073709551615", "\"by\":\"AQID\"", "\"b\":true")
                .contains("\"created_at\":\"2026-12-04T16:00:00.005Z\"")
                // unset: the other oneof member, a message, a proto3 optional, empty repeated fields and maps
                .doesNotContain("\"iban\"", "\"tree\"", "\"note\"", "\"tags\"", "\"codes\"");
    }

    @Test
    void bytesOfAnotherTypeSaySoAndATombstoneIsNull() {
        ProtoJson json = new ProtoJson(ORDER);
        assertThatThrownBy(() -> json.decode("not a message \u00ff".getBytes(StandardCharsets.ISO_8859_1)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is not a message of Protobuf type shop.v1.Order");
        assertThat(json.decode(null)).isNull();
    }

    @Test
    void aProtoSchemaIsToldFromAnAvroOne() {
        assertThat(ProtoJson.isProto(ProtobufRecordsTest.ORDER)).isTrue();
        assertThat(ProtoJson.isProto("schemas/order.proto")).isTrue();
        assertThat(ProtoJson.isProto("message Order { string id = 1; }")).isTrue();
        assertThat(ProtoJson.isProto("{\"type\":\"record\",\"name\":\"R\",\"fields\":[]}"))
                .isFalse();
        assertThat(ProtoJson.isProto("\"string\"")).isFalse();
        assertThat(ProtoJson.isProto("schemas/order.avsc")).isFalse();
    }
}
