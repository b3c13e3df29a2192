package io.github.jmeterkafka.payload.schema;

import static io.github.jmeterkafka.payload.schema.OrderSchemas.context;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonSchemaRecordsTest {
    private static final Instant NOW = Instant.parse("2026-12-02T09:00:00Z");
    private static final JsonNode ORDER = JsonSchemaRecords.parseJsonSchema(OrderSchemas.JSON);
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final Set<String> PROPERTIES = Set.of(
            "id",
            "price",
            "name",
            "email",
            "created",
            "day",
            "ref",
            "ip",
            "site",
            "code",
            "status",
            "kind",
            "tags",
            "address",
            "billing",
            "note",
            "discount",
            "payment",
            "audit",
            "legacy",
            "flag");

    private static JsonSchemaRecords orders(Map<String, Function<RecordContext, Object>> rules) {
        return new JsonSchemaRecords(ORDER, rules, NOW);
    }

    private static List<JsonNode> make(JsonSchemaRecords records, int n) throws Exception {
        RecordContext context = context(42, 1);
        List<JsonNode> documents = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            context.nextRecord();
            documents.add(JSON.readTree(records.next(context)));
        }
        return documents;
    }

    @Test
    void everyDocumentFollowsTheSchema() throws Exception {
        Map<String, Integer> present = new HashMap<>();
        Set<String> payments = new HashSet<>();
        int nullNotes = 0;
        for (JsonNode order : make(orders(null), 1_000)) {
            order.fieldNames().forEachRemaining(name -> {
                assertThat(PROPERTIES).contains(name);
                present.merge(name, 1, Integer::sum);
            });
            assertThat(order.get("id").isIntegralNumber()).isTrue();
            assertThat(order.get("id").asInt()).isBetween(1, 999);
            BigDecimal price = order.get("price").decimalValue();
            assertThat(price).isGreaterThanOrEqualTo(BigDecimal.ZERO).isLessThan(new BigDecimal(100));
            assertThat(price.remainder(new BigDecimal("0.05"))).isZero();
            assertThat(order.get("name").asText()).hasSizeBetween(3, 5);
            assertThat(order.get("email").asText()).matches("[a-z0-9]{6,10}@example\\.com");
            assertThat(Instant.parse(order.get("created").asText())).isBetween(NOW.minus(1, ChronoUnit.HOURS), NOW);
            assertThat(LocalDate.parse(order.get("day").asText()))
                    .isBetween(LocalDate.parse("2025-12-03"), LocalDate.parse("2026-12-02"));
            assertThat(UUID.fromString(order.get("ref").asText()).version()).isEqualTo(4);
            assertThat(order.get("ip").asText()).matches("(\\d{1,3}\\.){3}\\d{1,3}");
            assertThat(order.get("site").asText()).startsWith("https://example.com/");
            assertThat(order.get("code").asText()).matches("[A-Z]{3}-[0-9]{4}");
            assertThat(order.get("status").asText()).isIn("NEW", "PAID", "SHIPPED");
            assertThat(order.get("kind").asText()).isEqualTo("order");
            assertThat(order.get("tags").size()).isBetween(2, 4);
            order.get("tags").forEach(tag -> assertThat(tag.asText()).hasSizeBetween(1, 4));
            assertAddress(order.get("address"));
            if (order.has("billing")) {
                assertAddress(order.get("billing"));
            }
            nullNotes += order.get("note").isNull() ? 1 : 0;
            assertThat(order.get("note").isNull() || order.get("note").isTextual())
                    .isTrue();
            if (order.has("discount")) {
                assertThat(order.get("discount").asInt()).isBetween(1, 9);
            }
            JsonNode payment = order.get("payment");
            if (payment.has("card")) {
                assertThat(payment.get("card").asText()).matches("[0-9]{16}");
            } else {
                assertThat(payment.get("iban").asText()).hasSizeBetween(15, 34);
            }
            payment.fieldNames().forEachRemaining(payments::add);
            assertThat(payment.size()).isEqualTo(1);
            Instant.parse(order.get("audit").get("at").asText());
            assertThat(order.get("audit").get("by").isTextual()).isTrue();
            assertThat(order.get("legacy").asInt()).isBetween(11, 12);
        }
        assertThat(payments).containsExactlyInAnyOrder("card", "iban");
        assertThat(nullNotes).isBetween(50, 150);
        // optional properties most of the time
        assertThat(present.get("billing")).isBetween(700, 900);
        assertThat(present.get("flag")).isBetween(700, 900);
        assertThat(present.get("id")).isEqualTo(1_000);
    }

    /** An oracle of its own, as ProtoParserTest has protoc's descriptors: networknt's validator. */
    @Test
    void everyDocumentPassesAnIndependentValidator() throws Exception {
        // legacy's draft 4 bound (minimum 10, exclusiveMinimum true), which the records follow too, as draft 7 says it
        ObjectNode draft7 = ORDER.deepCopy();
        ((ObjectNode) draft7.at("/properties/legacy"))
                .put("exclusiveMinimum", 10)
                .remove("minimum");
        JsonSchema schema =
                JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(draft7);
        for (JsonNode order : make(orders(null), 1_000)) {
            assertThat(schema.validate(order)).as("%s", order).isEmpty();
        }
        // the oracle can say no
        ObjectNode misfit = (ObjectNode) make(orders(null), 1).get(0);
        misfit.put("kind", "invoice");
        assertThat(schema.validate(misfit)).isNotEmpty();
    }

    private static void assertAddress(JsonNode address) {
        assertThat(address.get("street").isTextual()).isTrue();
        assertThat(address.get("city").isTextual()).isTrue();
        if (address.has("zip")) {
            assertThat(address.get("zip").asText()).matches("[0-9]{5}");
        }
    }

    @Test
    void rulesOverrideTheDefaults() throws Exception {
        Map<String, Function<RecordContext, Object>> rules = Map.of(
                "id", RecordContext::threadSequence,
                "price", c -> "19.95",
                "address.city", c -> "Paris",
                "billing.zip", c -> 75001L,
                "tags[]", c -> "x",
                "status", c -> "PAID",
                "note", c -> "null",
                "discount", c -> "3",
                "payment.card", c -> "4111111111111111",
                "flag", c -> "false");
        List<JsonNode> documents = make(orders(rules), 100);
        for (int i = 0; i < documents.size(); i++) {
            JsonNode order = documents.get(i);
            assertThat(order.get("id").asLong()).isEqualTo(i);
            assertThat(order.get("price").decimalValue()).isEqualTo(new BigDecimal("19.95"));
            assertThat(order.get("address").get("city").asText()).isEqualTo("Paris");
            // an optional property with a rule is always there
            assertThat(order.get("billing").get("zip").asText()).isEqualTo("75001");
            order.get("tags").forEach(tag -> assertThat(tag.asText()).isEqualTo("x"));
            assertThat(order.get("status").asText()).isEqualTo("PAID");
            assertThat(order.get("note").isNull()).isTrue();
            assertThat(order.get("discount").isIntegralNumber()).isTrue();
            assertThat(order.get("discount").asInt()).isEqualTo(3);
            if (order.get("payment").has("card")) {
                assertThat(order.get("payment").get("card").asText()).isEqualTo("4111111111111111");
            }
            assertThat(order.get("flag").isBoolean()).isTrue();
            assertThat(order.get("flag").asBoolean()).isFalse();
        }
    }

    @Test
    void aSeedAndThreadRepeatTheirDocuments() {
        JsonSchemaRecords first = orders(null);
        JsonSchemaRecords second = orders(null);
        RecordContext a = context(42, 3);
        RecordContext b = context(42, 3);
        RecordContext otherThread = context(42, 4);
        Set<ByteBuffer> distinct = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            byte[] document = first.next(a);
            assertThat(second.next(b)).isEqualTo(document);
            assertThat(first.next(otherThread)).isNotEqualTo(document);
            distinct.add(ByteBuffer.wrap(document));
        }
        assertThat(distinct).hasSize(100);
    }

    @Test
    void aRecursiveSchemaStops() throws Exception {
        JsonSchemaRecords trees = new JsonSchemaRecords(
                JsonSchemaRecords.parseJsonSchema(OrderSchemas.JSON_TREE), Map.of("name", c -> "n"), NOW);
        RecordContext context = context(1, 1);
        int deepest = 0;
        for (int i = 0; i < 1_000; i++) {
            deepest = Math.max(deepest, depth(JSON.readTree(trees.next(context))));
        }
        assertThat(deepest).isEqualTo(1 + DefaultValues.RECURSION_CAP);
    }

    private static int depth(JsonNode node) {
        assertThat(node.get("name").asText()).isEqualTo("n");
        int below = 0;
        for (JsonNode child : node.get("children")) {
            below = Math.max(below, depth(child));
        }
        return 1 + below;
    }

    @Test
    void aSchemaThatMustContainItselfFailsClearly() {
        JsonSchemaRecords loops = new JsonSchemaRecords(
                JsonSchemaRecords.parseJsonSchema(
                        "{\"type\": \"object\", \"required\": [\"self\"], \"properties\": {\"self\": {\"$ref\": \"#\"}}}"),
                null,
                NOW);

        assertThatThrownBy(() -> loops.next(context(1, 1)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("JSON schema: $ref '#' contains itself with no way to stop (no optional property, array"
                        + " or null type on the way)");
    }

    @Test
    void typesFollowFromKeywordsWhereTheSchemaNamesNone() throws Exception {
        JsonSchemaRecords records = new JsonSchemaRecords(JsonSchemaRecords.parseJsonSchema("""
                {"properties": {
                  "count": {"minimum": 5, "maximum": 5},
                  "list": {"items": {"type": "boolean"}, "maxItems": 0},
                  "anything": {},
                  "nothing": {"type": "null"},
                  "ratio": {"type": "number", "minimum": 0.001, "maximum": 0.002},
                  "step": {"type": "integer", "multipleOf": 0.5, "minimum": 1, "maximum": 1}
                 },
                 "required": ["count", "list", "anything", "nothing", "ratio", "step", "extra"]}
                """), null, NOW);

        JsonNode document = JSON.readTree(records.next(context(1, 1)));

        assertThat(document.get("count").decimalValue()).isEqualByComparingTo("5");
        assertThat(document.get("list").isArray()).isTrue();
        assertThat(document.get("list")).isEmpty();
        assertThat(document.get("anything").isTextual()).isTrue();
        assertThat(document.get("nothing").isNull()).isTrue();
        assertThat(document.get("ratio").decimalValue()).isBetween(new BigDecimal("0.001"), new BigDecimal("0.002"));
        assertThat(document.get("step").asInt()).isEqualTo(1);
        assertThat(document.get("extra").isTextual()).isTrue();
    }

    @Test
    void aSchemaFileIsRead(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("order.json"), OrderSchemas.JSON);

        assertThat(JsonSchemaRecords.parseJsonSchema(file.toString())).isEqualTo(ORDER);
    }

    @Test
    void badSchemasFailWithTheirPlace(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> JsonSchemaRecords.parseJsonSchema("{\"type\": "))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("JSON schema text does not parse: ");
        Path missing = dir.resolve("missing.json");
        assertThatThrownBy(() -> JsonSchemaRecords.parseJsonSchema(missing.toString()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("JSON schema file " + missing + " does not exist");
        Path list = Files.writeString(dir.resolve("list.json"), "[1, 2]");
        assertThatThrownBy(() -> JsonSchemaRecords.parseJsonSchema(list.toString()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("JSON schema file " + list + " is not a JSON object");
        assertSchemaFails(
                "{\"properties\": {\"a\": {\"$ref\": \"other.json#/A\"}}}",
                "field 'a': $ref 'other.json#/A' points outside the schema: only refs within it"
                        + " ('#/definitions/...', '#/$defs/...') are followed");
        assertSchemaFails(
                "{\"properties\": {\"a\": {\"$ref\": \"#/definitions/Nope\"}}}",
                "field 'a': $ref '#/definitions/Nope' names nothing in the schema");
        assertSchemaFails(
                "{\"properties\": {\"a\": {\"type\": \"integer\", \"minimum\": 5, \"maximum\": 3}}}",
                "field 'a': no integer lies from 5 to 3");
        assertSchemaFails(
                "{\"properties\": {\"a\": {\"type\": \"number\", \"exclusiveMinimum\": 1, \"maximum\": 2,"
                        + " \"multipleOf\": 3}}}",
                "field 'a': no number lies above 1 to 2 as a multiple of 3");
        assertSchemaFails("{\"properties\": {\"a\": {\"type\": \"strng\"}}}", "field 'a': type 'strng' is not one of ");
        assertSchemaFails(
                "{\"properties\": {\"a\": {\"type\": \"array\", \"minItems\": 3, \"maxItems\": 2}}}",
                "field 'a': no array has 3 to 2 items");
        assertSchemaFails(
                "{\"properties\": {\"a\": {\"type\": \"array\", \"items\": [{\"type\": \"string\"}]}}}",
                "field 'a': tuples (prefixItems, or items as an array) are not supported: give items one schema");
        assertSchemaFails(
                "{\"properties\": {\"a\": {\"type\": \"string\", \"pattern\": \"(unclosed\"}}}",
                "field 'a': pattern '(unclosed' is not a regular expression: Unclosed group");
    }

    private static void assertSchemaFails(String schema, String messageStart) {
        assertThatThrownBy(() -> new JsonSchemaRecords(JsonSchemaRecords.parseJsonSchema(schema), null, NOW))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(messageStart);
    }

    @Test
    void aRuleForAFieldThatIsNotThereNamesTheNearestOne() {
        assertThatThrownBy(() -> orders(Map.of("address.ctiy", c -> "x")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("field rule 'address.ctiy': no such field in schema Order (did you mean 'address.city'?)");
        assertThatThrownBy(() -> orders(Map.of("address", c -> "x")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("field rule 'address': an object or array takes no rule: give rules to its properties,"
                        + " as 'address.<property>', or items, as 'address[]'");
    }

    @Test
    void aValueThatDoesNotFitItsFieldFailsTheDocumentAndTheNextOneIsWhole() throws Exception {
        assertMisfit("id", "abc", "field 'id': 'abc' does not fit integer");
        assertMisfit("price", "cheap", "field 'price': 'cheap' does not fit number");
        assertMisfit("flag", "maybe", "field 'flag': 'maybe' does not fit boolean");
        assertMisfit("status", "LOST", "field 'status': 'LOST' does not fit one of [\"NEW\",\"PAID\",\"SHIPPED\"]");
        assertMisfit("kind", "invoice", "field 'kind': 'invoice' does not fit one of [\"order\"]");
        assertMisfit("name", null, "field 'name': null does not fit string");

        boolean[] fail = {true};
        JsonSchemaRecords records = orders(Map.of(
                "address.city",
                c -> fail[0]
                        ? new Object() {
                            @Override
                            public String toString() {
                                throw new InvalidInputException("rule failed");
                            }
                        }
                        : "Paris"));
        RecordContext context = context(1, 1);
        assertThatThrownBy(() -> records.next(context)).hasMessage("rule failed");
        fail[0] = false;
        assertThat(JSON.readTree(records.next(context))
                        .get("address")
                        .get("city")
                        .asText())
                .isEqualTo("Paris");
    }

    private static void assertMisfit(String path, Object value, String message) {
        JsonSchemaRecords records = orders(Map.of(path, c -> value));
        assertThatThrownBy(() -> records.next(context(1, 1)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(message);
    }
}
