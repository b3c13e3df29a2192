package io.github.jmeterkafka.payload.schema;

import static io.github.jmeterkafka.payload.schema.OrderSchemas.context;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.junit.jupiter.api.Test;

class AvroCodecsTest {
    private static final Instant NOW = Instant.parse("2026-12-02T09:00:00Z");
    private static final Schema ORDER = AvroRecords.parseAvroSchema(OrderSchemas.AVRO);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void avroJsonIsReadBackByAvrosJsonDecoder() throws Exception {
        AvroRecords records = new AvroRecords(ORDER, null, NOW);
        AvroJsonSource json = new AvroJsonSource(records);
        RecordContext kept = context(5, 1);
        RecordContext encoded = context(5, 1);
        GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(ORDER);
        for (int i = 0; i < 100; i++) {
            GenericData.Record record = records.next(kept);
            String text = new String(json.next(encoded), StandardCharsets.UTF_8);

            assertThat(text).startsWith("{\"id\":");
            assertThat(reader.read(null, DecoderFactory.get().jsonDecoder(ORDER, text)))
                    .isEqualTo(record);
        }
    }

    @Test
    void toJsonWritesPlainJsonWithReadableLogicalTypes() throws Exception {
        Map<String, Function<RecordContext, Object>> rules = Map.of(
                "lines[].price", c -> "19.9",
                "total", c -> "12.5",
                "day", c -> "2026-12-02",
                "at", c -> "10:00:00.5",
                "created", c -> "2026-12-02T10:00:00.123Z",
                "updated", c -> "2026-12-02T10:00:00.000001Z",
                "local", c -> "2026-12-02T10:00:00",
                "checksum", c -> "12345678",
                "note", c -> "hello",
                "choice", c -> 7L);
        GenericData.Record record = new AvroRecords(ORDER, rules, NOW).next(context(1, 1));

        String text = AvroJson.toJson(record);
        JsonNode json = JSON.readTree(text);

        assertThat(json.get("id").isIntegralNumber()).isTrue();
        assertThat(json.get("customer").get("address").get("city").isTextual()).isTrue();
        // exact decimals, at their scale
        assertThat(text).contains("\"price\":19.90}").contains("\"total\":12.500,");
        assertThat(json.get("total").isNumber()).isTrue();
        assertThat(json.get("status").asText()).isIn("NEW", "PAID", "SHIPPED");
        assertThat(json.get("note").asText()).isEqualTo("hello");
        assertThat(json.get("choice").asInt()).isEqualTo(7);
        assertThat(json.get("checksum").asText())
                .isEqualTo(Base64.getEncoder().encodeToString("12345678".getBytes(UTF_8)));
        assertThat(json.get("day").asText()).isEqualTo("2026-12-02");
        assertThat(json.get("at").asText()).isEqualTo("10:00:00.500");
        assertThat(json.get("created").asText()).isEqualTo("2026-12-02T10:00:00.123Z");
        assertThat(json.get("updated").asText()).isEqualTo("2026-12-02T10:00:00.000001Z");
        assertThat(json.get("local").asText()).isEqualTo("2026-12-02T10:00");
        assertThat(json.get("ref").asText()).hasSize(36);
        assertThat(json.get("tags").isObject()).isTrue();
    }

    @Test
    void toJsonWritesValuesADeserializerAlreadyConverted() throws Exception {
        Schema schema = AvroRecords.parseAvroSchema("""
                {"type": "record", "name": "R", "fields": [
                  {"name": "day", "type": ["null", {"type": "int", "logicalType": "date"}]},
                  {"name": "amount", "type": {"type": "bytes", "logicalType": "decimal", "precision": 5, "scale": 2}}]}
                """);
        GenericData.Record record = new GenericData.Record(schema);
        record.put("day", LocalDate.parse("2026-12-02"));
        record.put("amount", new BigDecimal("1.50"));

        assertThat(AvroJson.toJson(record)).isEqualTo("{\"day\":\"2026-12-02\",\"amount\":1.50}");
    }

    @Test
    void theDecoderRefusesBytesThatAreNotOneRecordOfItsSchema() {
        AvroDecoder decoder = new AvroDecoder(ORDER);
        byte[] record = new AvroBinarySource(new AvroRecords(ORDER, null, NOW)).next(context(1, 1));
        byte[] longer = Arrays.copyOf(record, record.length + 3);

        assertThat(decoder.decode(null)).isNull();
        assertThatThrownBy(() -> decoder.decode(longer))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("a value of " + longer.length + " bytes is not a record of Avro schema shop.Order:"
                        + " bytes are left over after the record");
        assertThatThrownBy(() -> decoder.decode(Arrays.copyOf(record, 5)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("a value of 5 bytes is not a record of Avro schema shop.Order: ");
        assertThatThrownBy(() -> decoder.decode("not avro at all".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("a value of 15 bytes is not a record of Avro schema shop.Order: ");
        // it still decodes after a failure
        assertThat(decoder.decode(record)).isNotNull();
    }
}
