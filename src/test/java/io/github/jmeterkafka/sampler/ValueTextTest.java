package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.payload.RecordContext;
import io.github.jmeterkafka.payload.schema.AvroBinarySource;
import io.github.jmeterkafka.payload.schema.AvroRecords;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;

class ValueTextTest {
    private static final String SCHEMA = "{\"type\":\"record\",\"name\":\"R\",\"fields\":["
            + "{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"city\",\"type\":\"string\"}]}";

    @Test
    void avroBinaryWithTheSchemaIsShownAsJson() {
        AvroRecords records =
                new AvroRecords(AvroRecords.parseAvroSchema(SCHEMA), Map.of("id", c -> 7L, "city", c -> "Lyon"));
        byte[] bytes = new AvroBinarySource(records).next(new RecordContext(1L, 1, new AtomicLong()));
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
}
