package io.github.jmeterkafka.payload.schema;

import static io.github.jmeterkafka.payload.schema.OrderSchemas.context;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AvroRecordsTest {
    private static final Instant NOW = Instant.parse("2026-12-02T09:00:00Z");
    private static final Schema ORDER = AvroRecords.parseAvroSchema(OrderSchemas.AVRO);

    private static AvroRecords orders(Map<String, Function<RecordContext, Object>> rules) {
        return new AvroRecords(ORDER, rules, NOW);
    }

    private static List<GenericData.Record> make(AvroRecords records, int n) {
        RecordContext context = context(42, 1);
        List<GenericData.Record> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            context.nextRecord();
            out.add(records.next(context));
        }
        return out;
    }

    @Test
    void everyRecordIsValidForItsSchema() {
        for (GenericData.Record record : make(orders(null), 1_000)) {
            assertThat(GenericData.get().validate(ORDER, record))
                    .as("%s", record)
                    .isTrue();
        }
    }

    @Test
    void binaryRoundTripsToAnEqualRecordAndRecordsDiffer() {
        AvroRecords records = orders(Map.of());
        AvroBinarySource binary = new AvroBinarySource(records);
        AvroDecoder decoder = new AvroDecoder(ORDER);
        // two contexts on one seed: the same records, one kept and one encoded
        RecordContext kept = context(7, 1);
        RecordContext encoded = context(7, 1);
        Set<ByteBuffer> distinct = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            GenericData.Record record = records.next(kept);
            byte[] bytes = binary.next(encoded);
            assertThat(decoder.decode(bytes)).isEqualTo(record);
            distinct.add(ByteBuffer.wrap(bytes));
        }
        assertThat(distinct).hasSize(1_000);
    }

    @Test
    void defaultsLookLikeData() {
        List<GenericData.Record> records = make(orders(null), 1_000);
        int nullNotes = 0;
        Set<Object> statuses = new HashSet<>();
        for (GenericData.Record record : records) {
            assertThat((Long) record.get("id")).isBetween(0L, 1_000_000_000_000L);
            assertThat(record.get("customer").toString()).contains("city");
            assertThat(((GenericRecord) record.get("customer")).get("name").toString())
                    .hasSizeBetween(8, 16)
                    .matches("[A-Za-z0-9]+");
            assertThat((List<?>) record.get("lines")).hasSizeBetween(1, 3);
            assertThat((Map<?, ?>) record.get("tags")).hasSizeBetween(1, 3);
            statuses.add(record.get("status").toString());
            nullNotes += record.get("note") == null ? 1 : 0;
            assertThat(LocalDate.ofEpochDay((Integer) record.get("day")))
                    .isBetween(LocalDate.parse("2025-12-03"), LocalDate.parse("2026-12-02"));
            assertThat((Integer) record.get("at")).isBetween(0, 86_399_999);
            assertThat(Instant.ofEpochMilli((Long) record.get("created")))
                    .isBetween(NOW.minus(1, ChronoUnit.HOURS), NOW);
            assertThat(Instant.EPOCH.plus((Long) record.get("updated"), ChronoUnit.MICROS))
                    .isBetween(NOW.minus(1, ChronoUnit.HOURS), NOW);
            assertThat(UUID.fromString(record.get("ref").toString()).version()).isEqualTo(4);
            BigDecimal total = new Conversions.DecimalConversion()
                    .fromFixed(
                            (GenericFixed) record.get("total"),
                            ORDER.getField("total").schema(),
                            ORDER.getField("total").schema().getLogicalType());
            assertThat(total.scale()).isEqualTo(3);
            assertThat(total.precision()).isLessThanOrEqualTo(12);
        }
        assertThat(statuses).containsExactlyInAnyOrder("NEW", "PAID", "SHIPPED");
        assertThat(nullNotes).isBetween(50, 150);
    }

    @Test
    void rulesOverrideTheDefaults() {
        Map<String, Function<RecordContext, Object>> rules = Map.ofEntries(
                Map.entry("id", RecordContext::threadSequence),
                Map.entry("customer.name", c -> "Alice"),
                Map.entry("customer.address.zip", c -> "null"),
                Map.entry("lines[].qty", c -> String.valueOf(1 + c.random().nextInt(5))),
                Map.entry("lines[].price", c -> new BigDecimal("19.9")),
                Map.entry("tags{}", c -> 7L),
                Map.entry("status", c -> "SHIPPED"),
                Map.entry("note", c -> null),
                Map.entry("paid", c -> "true"),
                Map.entry("choice", c -> "42"),
                Map.entry("day", c -> "2026-12-02"),
                Map.entry("created", c -> "2026-12-02T10:00:00Z"),
                Map.entry("updated", c -> 5L),
                Map.entry("local", c -> "2026-12-02T10:00:00"),
                Map.entry("at", c -> "10:00"),
                Map.entry("total", c -> 12.5),
                Map.entry("ref", c -> "123e4567-e89b-12d3-a456-426614174000"));
        List<GenericData.Record> records = make(orders(rules), 100);
        for (int i = 0; i < records.size(); i++) {
            GenericData.Record record = records.get(i);
            assertThat(GenericData.get().validate(ORDER, record)).isTrue();
            assertThat(record.get("id")).isEqualTo((long) i);
            GenericRecord customer = (GenericRecord) record.get("customer");
            assertThat(customer.get("name")).isEqualTo("Alice");
            assertThat(((GenericRecord) customer.get("address")).get("zip")).isNull();
            for (Object line : (List<?>) record.get("lines")) {
                assertThat((Integer) ((GenericRecord) line).get("qty")).isBetween(1, 5);
                assertThat(((GenericRecord) line).get("price"))
                        .isEqualTo(ByteBuffer.wrap(new byte[] {0x07, (byte) 0xC6}));
            }
            assertThat(((Map<?, ?>) record.get("tags")).values()).allMatch("7"::equals);
            assertThat(record.get("status").toString()).isEqualTo("SHIPPED");
            assertThat(record.get("note")).isNull();
            assertThat(record.get("paid")).isEqualTo(true);
            assertThat(record.get("choice")).isEqualTo(42);
            assertThat(record.get("day"))
                    .isEqualTo((int) LocalDate.parse("2026-12-02").toEpochDay());
            assertThat(record.get("created"))
                    .isEqualTo(Instant.parse("2026-12-02T10:00:00Z").toEpochMilli());
            assertThat(record.get("updated")).isEqualTo(5L);
            assertThat(record.get("local"))
                    .isEqualTo(Instant.parse("2026-12-02T10:00:00Z").toEpochMilli());
            assertThat(record.get("at")).isEqualTo(36_000_000);
            assertThat(((GenericFixed) record.get("total")).bytes())
                    .isEqualTo(new byte[] {0, 0, 0, 0, 0, 0, 0x30, (byte) 0xD4});
            assertThat(record.get("ref")).isEqualTo("123e4567-e89b-12d3-a456-426614174000");
        }
    }

    @Test
    void aSeedAndThreadRepeatTheirRecords() {
        AvroRecords records = orders(null);
        AvroBinarySource first = new AvroBinarySource(records);
        AvroBinarySource second = new AvroBinarySource(new AvroRecords(ORDER, null, NOW));
        RecordContext a = context(42, 3);
        RecordContext b = context(42, 3);
        RecordContext otherThread = context(42, 4);
        for (int i = 0; i < 100; i++) {
            byte[] bytes = first.next(a);
            assertThat(second.next(b)).isEqualTo(bytes);
            assertThat(first.next(otherThread)).isNotEqualTo(bytes);
        }
    }

    @Test
    void aRecursiveSchemaStops() {
        Schema tree = AvroRecords.parseAvroSchema(OrderSchemas.AVRO_TREE);
        AvroRecords records = new AvroRecords(tree, Map.of("name", c -> "n"), NOW);
        RecordContext context = context(1, 1);
        int deepest = 0;
        for (int i = 0; i < 1_000; i++) {
            GenericData.Record record = records.next(context);
            assertThat(GenericData.get().validate(tree, record)).isTrue();
            deepest = Math.max(deepest, depth(record));
        }
        // the root and three repetitions below it
        assertThat(deepest).isEqualTo(1 + DefaultValues.RECURSION_CAP);
    }

    private static int depth(GenericRecord node) {
        assertThat(node.get("name")).isEqualTo("n");
        int below = node.get("next") == null ? 0 : depth((GenericRecord) node.get("next"));
        for (Object child : (List<?>) node.get("children")) {
            below = Math.max(below, depth((GenericRecord) child));
        }
        return 1 + below;
    }

    @Test
    void aRecordThatMustContainItselfFailsClearly() {
        Schema loop = AvroRecords.parseAvroSchema(
                "{\"type\": \"record\", \"name\": \"Loop\", \"fields\": [{\"name\": \"self\", \"type\": \"Loop\"}]}");
        AvroRecords records = new AvroRecords(loop, null, NOW);

        assertThatThrownBy(() -> records.next(context(1, 1)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(
                        "schema Loop: record Loop contains itself with no way to stop (no null, array or map on the way)");
    }

    @Test
    void aSchemaFileIsRead(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("order.avsc"), OrderSchemas.AVRO);

        assertThat(AvroRecords.parseAvroSchema(" " + file + " ")).isEqualTo(ORDER);
    }

    @Test
    void badSchemasFailWithTheirPlaceAndAvrosMessage(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> AvroRecords.parseAvroSchema("{\"type\": \"record\", \"name\": \"Order\"}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("Avro schema text does not parse: ")
                .hasMessageContaining("fields");
        Path broken = Files.writeString(dir.resolve("broken.avsc"), "{\"type\": \"record\", ");
        assertThatThrownBy(() -> AvroRecords.parseAvroSchema(broken.toString()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("Avro schema file " + broken + " does not parse: ");
        Path missing = dir.resolve("missing.avsc");
        assertThatThrownBy(() -> AvroRecords.parseAvroSchema(missing.toString()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Avro schema file " + missing + " does not exist");
        assertThatThrownBy(() -> AvroRecords.parseAvroSchema("  "))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Avro schema is empty: give its text or the path of a file");
        assertThatThrownBy(() -> new AvroRecords(AvroRecords.parseAvroSchema("\"string\""), null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(
                        "Avro schema of type string is not a record: records are made from a schema of type record");
    }

    @Test
    void aRuleForAFieldThatIsNotThereNamesTheNearestOne() {
        assertThatThrownBy(() -> orders(Map.of("customer.nmae", c -> "x")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(
                        "field rule 'customer.nmae': no such field in schema Order (did you mean 'customer.name'?)");
        assertThatThrownBy(() -> orders(Map.of("warehouse", c -> "x")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("field rule 'warehouse': no such field in schema Order");
    }

    @Test
    void aRuleOnARecordArrayOrMapIsRefused() {
        assertThatThrownBy(() -> orders(Map.of("customer", c -> "x")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("field rule 'customer': record Customer takes no rule: give rules to its fields,"
                        + " as 'customer.<field>'");
        assertThatThrownBy(() -> orders(Map.of("lines", c -> "x")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("field rule 'lines': array takes no rule: give rules to its items, as 'lines[]'");
    }

    @Test
    void aValueThatDoesNotFitItsFieldFailsTheRecord() {
        assertMisfit("lines[].qty", "abc", "field 'lines[].qty': 'abc' does not fit int");
        assertMisfit("lines[].qty", 3_000_000_000L, "field 'lines[].qty': '3000000000' does not fit int");
        assertMisfit("id", "4.5", "field 'id': '4.5' does not fit long");
        assertMisfit("status", "LOST", "field 'status': 'LOST' does not fit enum Status [NEW, PAID, SHIPPED]");
        assertMisfit("lines[].price", "19.999", "field 'lines[].price': '19.999' does not fit decimal(10,2)");
        assertMisfit("lines[].price", "123456789", "field 'lines[].price': '123456789' does not fit decimal(10,2)");
        assertMisfit(
                "day", "02/12/2026", "field 'day': '02/12/2026' does not fit date (ISO date or days since 1970-01-01)");
        assertMisfit(
                "created",
                "yesterday",
                "field 'created': 'yesterday' does not fit timestamp-millis (ISO instant or millis since 1970)");
        assertMisfit("ref", "not-a-uuid", "field 'ref': 'not-a-uuid' does not fit uuid");
        assertMisfit("checksum", "short", "field 'checksum': 'short' does not fit fixed Checksum (8 bytes)");
        assertMisfit("paid", "yes", "field 'paid': 'yes' does not fit boolean");
        assertMisfit("id", null, "field 'id': null does not fit long");
        assertMisfit("customer.name", null, "field 'customer.name': null does not fit string");
    }

    private static void assertMisfit(String path, Object value, String message) {
        AvroRecords records = orders(Map.of(path, c -> value));
        assertThatThrownBy(() -> records.next(context(1, 1)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(message);
    }

    @Test
    void anyValueFitsAStringAndAUnionTakesTheFirstBranchThatFits() {
        AvroRecords records = orders(
                Map.of("customer.name", c -> new BigDecimal("1E+3"), "checksum", c -> "8 bytes!", "choice", c -> 1.5));
        GenericData.Record record = records.next(context(1, 1));

        assertThat(((GenericRecord) record.get("customer")).get("name")).isEqualTo("1000");
        assertThat(((GenericFixed) record.get("checksum")).bytes()).isEqualTo("8 bytes!".getBytes(UTF_8));
        // not an int: the next branch, string, takes it
        assertThat(record.get("choice")).isEqualTo("1.5");
    }
}
