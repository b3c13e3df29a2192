package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.payload.RecordMaker;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import io.github.jmeterkafka.payload.source.ValueMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.junit.jupiter.api.Test;

/** The template and schema in bench/plans, and the rules of the plan that sends them, fit together. */
class PayloadTest {
    private final Path plans = Harness.projectDir().resolve("bench").resolve("plans");

    @Test
    void theTemplateMakesAboutOneKilobyteOfJsonWithTenPlaceholders() throws Exception {
        Payload template = Payload.template(plans);
        assertThat(template.template).doesNotEndWith("\n");
        assertThat(template.template.split("\\{\\{", -1)).hasSize(11);
        assertThat(template.template).contains("{{faker Name.fullName}}", "{{faker Address.city}}");
        byte[] value = make(template);
        assertThat(value.length).isBetween(950, 1100);
        new ObjectMapper().readTree(value);
    }

    @Test
    void thePlansFieldRulesGiveEachOfTheSchemasTenFieldsAValue() throws Exception {
        List<Map.Entry<String, String>> rules = Payload.fieldRules(plans.resolve(Payload.PLAN));
        Schema schema = new Schema.Parser().parse(plans.resolve(Payload.SCHEMA).toFile());
        assertThat(rules.stream().map(Map.Entry::getKey).collect(Collectors.toList()))
                .containsExactlyElementsOf(
                        schema.getFields().stream().map(Schema.Field::name).collect(Collectors.toList()));
        assertThat(rules).contains(Map.entry("customerName", "{{faker Name.fullName}}"));

        byte[] value = make(Payload.avro(plans));
        GenericRecord record = new GenericDatumReader<GenericRecord>(schema)
                .read(null, DecoderFactory.get().binaryDecoder(value, null));
        assertThat(record.get("sequence")).isEqualTo(0L);
        assertThat(((Number) record.get("quantity")).intValue()).isBetween(1, 5);
    }

    @Test
    void thePlanGetsTheValueModeAndTemplateAsProperties() {
        Payload template = Payload.template(plans);
        assertThat(template.planProperties())
                .containsEntry("value.mode", ValueMode.TEXT.tag())
                .containsEntry("value.template", template.template)
                .containsEntry("record.size", "1000");
        ProducerCase c = template.producerCase("template", 200_000, 10_000);
        assertThat(c.planFile()).isEqualTo(Payload.PLAN);
        assertThat(c.storedBytes).isTrue();
        assertThat(c.planProperties).containsEntry("value.mode", "valueMode.text");
        assertThat(Payload.random().producerCase("template-random", 1, 1).planProperties)
                .containsEntry("value.mode", "valueMode.random")
                .containsEntry("value.template", "");
    }

    @Test
    void aTemplateFileLosesOnlyItsLastLineBreak() throws Exception {
        Path file = Files.createTempFile("template", ".json");
        try {
            Files.writeString(file, "{\"a\":1,\n\"b\":2}\n", StandardCharsets.UTF_8);
            assertThat(Payload.readTemplate(file)).isEqualTo("{\"a\":1,\n\"b\":2}");
        } finally {
            Files.delete(file);
        }
    }

    private byte[] make(Payload payload) {
        RecordMaker maker = RecordMaker.of(payload.spec(plans));
        RecordContext context = new RecordContext(7L, 1, new SamplerCounters());
        context.nextRecord();
        return (byte[]) maker.value(context);
    }
}
