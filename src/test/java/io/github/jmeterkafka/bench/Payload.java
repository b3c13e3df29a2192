package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.payload.KeyMode;
import io.github.jmeterkafka.payload.RecordSpec;
import io.github.jmeterkafka.payload.SchemaOutput;
import io.github.jmeterkafka.payload.source.ValueMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What the template and avro cases send, and the random letters they are measured against: the
 * template {@code bench/plans/event.json}, the schema {@code bench/plans/event.avsc} with the field
 * rules of {@code bench/plans/producer-payload.jmx}. The plugin's runs (through that plan) and
 * {@link GeneratorRates} (in this JVM) make the same values from these files.
 */
final class Payload {
    static final String PLAN = "producer-payload.jmx";
    static final String TEMPLATE = "event.json";
    static final String SCHEMA = "event.avsc";
    static final int RANDOM_SIZE = 1000;
    /**
     * The template and avro cases' target: at least this share of the plugin's rate with random letters; the
     * registry case's: this share of the avro case's rate.
     */
    static final double MIN_RATIO = 0.8;

    final String id;
    final String title;
    final ValueMode mode;
    /** The template's text, or empty. */
    final String template;
    /** The schema file, or null. */
    final Path schema;
    /** The schema registry the values are framed for (the built-in output), or null. */
    final String registryUrl;

    private Payload(String id, String title, ValueMode mode, String template, Path schema, String registryUrl) {
        this.id = id;
        this.title = title;
        this.mode = mode;
        this.template = template;
        this.schema = schema;
        this.registryUrl = registryUrl;
    }

    static Payload random() {
        return new Payload("random", "random letters, " + RANDOM_SIZE + " B", ValueMode.RANDOM, "", null, null);
    }

    static Payload template(Path plans) {
        return new Payload(
                "template",
                "JSON template " + TEMPLATE + ", 10 placeholders (2 Datafaker)",
                ValueMode.TEXT,
                readTemplate(plans.resolve(TEMPLATE)),
                null,
                null);
    }

    static Payload avro(Path plans) {
        return new Payload(
                "avro",
                "Avro binary of " + SCHEMA + ", 10 fields with rules",
                ValueMode.AVRO,
                "",
                plans.resolve(SCHEMA),
                null);
    }

    /** The avro case's values in a schema registry's wire format, written by the plugin (no serializer). */
    static Payload avroThroughRegistry(Path plans, String registryUrl) {
        return new Payload(
                "registry",
                "the same Avro in the registry wire format (built in), its id asked once",
                ValueMode.AVRO,
                "",
                plans.resolve(SCHEMA),
                registryUrl);
    }

    /** The plugin sending these values through {@link #PLAN}, 1 thread, 1 partition, as case {@code caseId}. */
    ProducerCase producerCase(String caseId, long records, int recordsPerSample) {
        String title = Bench.count(records) + " records, 1 partition, 1 thread, no compression";
        return ProducerCase.unthrottled(
                        caseId, title, records, mode == ValueMode.RANDOM ? RANDOM_SIZE : 0, 1, recordsPerSample)
                .plan(PLAN, planProperties())
                .measuringStoredBytes();
    }

    /** -J properties for {@link #PLAN}: the value mode, the template, the random size. */
    Map<String, String> planProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("value.mode", mode.tag());
        p.put("value.template", template);
        p.put("record.size", Integer.toString(RANDOM_SIZE));
        if (registryUrl != null) {
            p.put("schema.output", SchemaOutput.REGISTRY.tag());
            p.put("registry.url", registryUrl);
        }
        return p;
    }

    /** The spec the plan's sampler builds, for making the same values without JMeter. */
    RecordSpec spec(Path plans) {
        return new RecordSpec(
                new RecordSpec.Key(KeyMode.NONE, "", 100),
                new RecordSpec.Value(mode, template, Integer.toString(RANDOM_SIZE), "", "\\n"),
                new RecordSpec.Schema(
                        schema == null ? "" : schema.toString(), SchemaOutput.BINARY, fieldRules(plans.resolve(PLAN))),
                List.of());
    }

    /** The template file's text without its final line break (which an editor adds and a record need not hold). */
    static String readTemplate(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).replaceFirst("\r?\n$", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rows of the producer sampler's field rules table in a plan, in order. */
    static List<Map.Entry<String, String>> fieldRules(Path plan) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            NodeList tables = f.newDocumentBuilder().parse(plan.toFile()).getElementsByTagName("collectionProp");
            List<Map.Entry<String, String>> rules = new ArrayList<>();
            for (int i = 0; i < tables.getLength(); i++) {
                Element table = (Element) tables.item(i);
                if (!"fieldRules".equals(table.getAttribute("name"))) {
                    continue;
                }
                NodeList rows = table.getElementsByTagName("elementProp");
                for (int r = 0; r < rows.getLength(); r++) {
                    Element row = (Element) rows.item(r);
                    rules.add(Map.entry(stringProp(row, "key"), stringProp(row, "value")));
                }
            }
            return rules;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("Cannot read " + plan + ": " + e, e);
        }
    }

    private static String stringProp(Element row, String name) {
        NodeList props = row.getElementsByTagName("stringProp");
        for (int i = 0; i < props.getLength(); i++) {
            Element p = (Element) props.item(i);
            if (name.equals(p.getAttribute("name"))) {
                return p.getTextContent();
            }
        }
        return "";
    }

    @Override
    public String toString() {
        return id + " (" + title + ")";
    }
}
