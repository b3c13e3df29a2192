package io.github.jmeterkafka.payload;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.Correlation;
import io.github.jmeterkafka.payload.schema.AvroBinarySource;
import io.github.jmeterkafka.payload.schema.AvroRecords;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class ValueTextTest {
    private static final String SCHEMA = "{\"type\":\"record\",\"name\":\"R\",\"fields\":["
            + "{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"city\",\"type\":\"string\"}]}";

    @Test
    void avroBinaryWithTheSchemaIsShownAsJson() {
        AvroRecords records =
                new AvroRecords(AvroRecords.parseAvroSchema(SCHEMA), Map.of("id", c -> 7L, "city", c -> "Lyon"));
        byte[] bytes = new AvroBinarySource(records).next(new RecordContext(1L, 1, new SamplerCounters()));
        ValueText view = ValueText.of(SCHEMA);

        assertThat(view.text(ByteBuffer.wrap(bytes))).isEqualTo("{\"id\":7,\"city\":\"Lyon\"}");
        assertThat(StandardCharsets.UTF_8
                        .decode(view.bytes(ByteBuffer.wrap(bytes)))
                        .toString())
                .isEqualTo("{\"id\":7,\"city\":\"Lyon\"}");
    }

    @Test
    void aValueThatIsNotARecordOfTheSchemaSaysSoInPlace() {
        ValueText view = ValueText.of(SCHEMA);
        assertThat(view.text(ByteBuffer.wrap("plain text".getBytes(StandardCharsets.UTF_8))))
                .startsWith("(")
                .contains("is not a record of Avro schema R");
    }

    @Test
    void withoutASchemaValuesAreTextAndADeserializersRecordsJson() {
        ByteBuffer text = ByteBuffer.wrap("héllo".getBytes(StandardCharsets.UTF_8));
        assertThat(ValueText.UTF8.text(text)).isEqualTo("héllo");
        assertThat(ValueText.UTF8.bytes(text)).isEqualTo(text);
        GenericData.Record record = new GenericData.Record(AvroRecords.parseAvroSchema(SCHEMA));
        record.put("id", 1L);
        record.put("city", "Oslo");
        assertThat(ValueText.UTF8.text(record)).isEqualTo("{\"id\":1,\"city\":\"Oslo\"}");
    }

    @Test
    void protobufBinaryWithItsProtoSchemaIsShownAsJsonAndReadByASchemaFieldPath() {
        String proto = "syntax = \"proto3\"; message Order { string id = 1; Customer customer = 2; }"
                + " message Customer { string city = 1; }";
        ValueText view = ValueText.of(proto);
        // Order{id: "o-1", customer{city: "Lyon"}} in protobuf's binary encoding
        byte[] bytes = {0x0a, 3, 'o', '-', '1', 0x12, 6, 0x0a, 4, 'L', 'y', 'o', 'n'};

        assertThat(view.text(ByteBuffer.wrap(bytes))).isEqualTo("{\"id\":\"o-1\",\"customer\":{\"city\":\"Lyon\"}}");
        assertThat(Correlation.jsonPath("customer.city").of(null, bytes, new RecordHeaders(), view::text))
                .isEqualTo("Lyon");
        assertThat(view.text(ByteBuffer.wrap(new byte[] {(byte) 0xff})))
                .startsWith("(")
                .contains("is not a message of Protobuf type Order");
    }
}
