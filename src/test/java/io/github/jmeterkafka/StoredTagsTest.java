package io.github.jmeterkafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.jmeter.testbeans.BeanInfoSupport;
import org.apache.jmeter.testbeans.TestBeanHelper;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The drop-down tags saved plans hold still load: every tag stored in the project's .jmx files is
 * one the plugin accepts. The accepted tags are written out here, not read from the code, so that
 * renaming a tag (which breaks users' saved plans) fails this test.
 */
class StoredTagsTest {
    private static final String PKG = "io.github.jmeterkafka.";

    /** Element class, then property, then its tags in drop-down order (the first is the default). */
    private static final List<String> KEY_MODES = List.of("keyMode.none", "keyMode.text", "keyMode.random");

    private static final List<String> VALUE_MODES = List.of(
            "valueMode.text",
            "valueMode.random",
            "valueMode.randomBytes",
            "valueMode.randomOnce",
            "valueMode.file",
            "valueMode.fileInOrder",
            "valueMode.avro",
            "valueMode.jsonSchema",
            "valueMode.protobuf");
    private static final List<String> SCHEMA_OUTPUTS =
            List.of("schemaOutput.binary", "schemaOutput.json", "schemaOutput.record", "schemaOutput.registry");
    private static final List<String> BEHIND_SCHEDULE = List.of("behindSchedule.catchUp", "behindSchedule.skip");
    private static final List<String> CORRELATE_BY =
            List.of("correlateBy.header", "correlateBy.key", "correlateBy.jsonPath");
    private static final Map<String, Map<String, List<String>>> TAGS = Map.of(
            PKG + "sampler.KafkaProducerSampler",
                    Map.of(
                            "keyMode", KEY_MODES,
                            "valueMode", VALUE_MODES,
                            "schemaOutput", SCHEMA_OUTPUTS,
                            "producerScope", List.of("producerScope.shared", "producerScope.thread"),
                            "behindSchedule", BEHIND_SCHEDULE),
            PKG + "sampler.KafkaConsumerSampler",
                    Map.of(
                            "subscription",
                                    List.of("subscription.topics", "subscription.pattern", "subscription.assign"),
                            "startAt",
                                    List.of(
                                            "startAt.committedOrEarliest",
                                            "startAt.committedOrLatest",
                                            "startAt.earliest",
                                            "startAt.latest",
                                            "startAt.offset",
                                            "startAt.timestamp"),
                            "commitMode",
                                    List.of(
                                            "commitMode.auto",
                                            "commitMode.sync",
                                            "commitMode.async",
                                            "commitMode.none")),
            PKG + "sampler.KafkaAdminSampler",
                    Map.of(
                            "operation",
                            List.of(
                                    "operation.createTopic",
                                    "operation.deleteTopic",
                                    "operation.describeTopic",
                                    "operation.listTopics",
                                    "operation.addPartitions",
                                    "operation.consumerGroupLag",
                                    "operation.waitForLag",
                                    "operation.shareGroup",
                                    "operation.shareGroupStart",
                                    "operation.describeCluster",
                                    "operation.electPreferred",
                                    "operation.electUnclean",
                                    "operation.waitForInSync",
                                    "operation.reassignPartitions",
                                    "operation.moveLeaders",
                                    "operation.waitForLeaderChange",
                                    "operation.alterConfigs",
                                    "operation.describeConfigs")),
            PKG + "sampler.KafkaShareConsumerSampler",
                    Map.of("acknowledgement", List.of("acknowledgement.implicit", "acknowledgement.explicit")),
            PKG + "sampler.KafkaRequestReplySampler",
                    Map.of(
                            "keyMode", KEY_MODES,
                            "valueMode", VALUE_MODES,
                            "schemaOutput", SCHEMA_OUTPUTS,
                            "correlateBy", CORRELATE_BY,
                            "behindSchedule", BEHIND_SCHEDULE),
            PKG + "sampler.KafkaAwaitSampler", Map.of("correlateBy", CORRELATE_BY),
            PKG + "config.KafkaConnection", Map.of());

    // what a value made by a JMeter function can become
    private static final Pattern P_DEFAULT = Pattern.compile("__P\\([^,()]+,([^()]*)\\)");
    // each quoted result of a JEXL ternary, or of a chain of them: "a" == x ? "b" : (y ? "c" : "d")
    private static final Pattern TERNARY = Pattern.compile("[?:]\\s*\"([^\"]*)\"");

    @BeforeAll
    static void locale() {
        // BeanInfoSupport loads the bundle for JMeter's locale, which is unset outside JMeter
        JMeterUtils.setLocale(Locale.ENGLISH);
    }

    @Test
    void everyStoredTagIsAccepted() throws Exception {
        List<String> refused = new ArrayList<>();
        Map<String, Integer> seen = new TreeMap<>();
        for (Path plan : plans()) {
            NodeList all = DocumentBuilderFactory.newInstance()
                    .newDocumentBuilder()
                    .parse(plan.toFile())
                    .getElementsByTagName("*");
            for (int i = 0; i < all.getLength(); i++) {
                Element element = (Element) all.item(i);
                Map<String, List<String>> byProperty = TAGS.get(element.getAttribute("testclass"));
                if (byProperty == null) {
                    continue;
                }
                for (Element prop : stringProps(element)) {
                    String name = prop.getAttribute("name");
                    List<String> tags = byProperty.get(name);
                    if (tags == null) {
                        continue;
                    }
                    seen.merge(name, 1, Integer::sum);
                    String value = prop.getTextContent();
                    for (String candidate : candidates(value)) {
                        if (!accepted(tags, candidate)) {
                            refused.add(Harness.projectDir().relativize(plan) + ": " + name + "=" + value);
                        }
                    }
                }
            }
        }
        assertThat(refused).as("stored tags the plugin does not accept").isEmpty();
        // the scan found the elements: each pinned drop-down is stored in some plan
        assertThat(seen.keySet())
                .containsExactlyInAnyOrderElementsOf(TAGS.values().stream()
                        .flatMap(m -> m.keySet().stream())
                        .distinct()
                        .collect(Collectors.toList()));
    }

    @Test
    void everyDropDownIsPinnedWithItsTagsInOrder() throws Exception {
        for (Map.Entry<String, Map<String, List<String>>> bean : TAGS.entrySet()) {
            Map<String, List<String>> shown = new TreeMap<>();
            for (PropertyDescriptor p :
                    Introspector.getBeanInfo(Class.forName(bean.getKey())).getPropertyDescriptors()) {
                Object tags = p.getValue(BeanInfoSupport.TAGS);
                // an editable drop-down stores what is typed (e.g. PLAINTEXT), not a tag
                if (!TestBeanHelper.isDescriptorIgnored(p)
                        && tags != null
                        && Boolean.TRUE.equals(p.getValue(BeanInfoSupport.NOT_OTHER))) {
                    shown.put(p.getName(), List.of((String[]) tags));
                }
            }
            assertThat(shown).as(bean.getKey()).isEqualTo(new TreeMap<>(bean.getValue()));
        }
    }

    @Test
    void functionValuesAreCheckedByWhatTheyCanBecome() {
        assertThat(candidates("${__P(value.mode,valueMode.text)}")).containsExactly("valueMode.text");
        assertThat(candidates("${__jexl3(\"${__P(format,json)}\" == \"avro\" ? \"avro\" : \"text\",)}"))
                .containsExactly("avro", "text");
        assertThat(candidates("${__jexl3(\"${__P(format,json)}\" == \"avro\" ? \"avro\" : (\"${__P(url,)}\" == \"\""
                        + " ? \"text\" : \"jsonSchema\"),)}"))
                .containsExactly("avro", "text", "jsonSchema");
        assertThat(accepted(List.of("valueMode.text", "valueMode.avro"), "AVRO"))
                .isTrue();
        assertThat(accepted(List.of("valueMode.text", "valueMode.avro"), "valueMode.json"))
                .isFalse();
    }

    private static List<Path> plans() throws Exception {
        List<Path> plans = new ArrayList<>();
        for (String dir : List.of("test-plans", "src/test/resources", "bench")) {
            try (Stream<Path> files = Files.walk(Harness.projectDir().resolve(dir))) {
                files.filter(f -> f.toString().endsWith(".jmx")).sorted().forEach(plans::add);
            }
        }
        assertThat(plans).as("plans found").hasSizeGreaterThan(10);
        return plans;
    }

    private static List<Element> stringProps(Element element) {
        List<Element> out = new ArrayList<>();
        for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && ((Element) n).getTagName().equals("stringProp")) {
                out.add((Element) n);
            }
        }
        return out;
    }

    /**
     * The value itself; for a function, what it can give: a JEXL ternary's two results, else each
     * __P default. A function with neither is kept as it is, and refused.
     */
    private static Set<String> candidates(String value) {
        if (!value.contains("${")) {
            return Set.of(value);
        }
        for (Pattern p : List.of(TERNARY, P_DEFAULT)) {
            Set<String> out = new LinkedHashSet<>();
            Matcher m = p.matcher(value);
            while (m.find()) {
                for (int g = 1; g <= m.groupCount(); g++) {
                    out.add(m.group(g).trim());
                }
            }
            if (!out.isEmpty()) {
                return out;
            }
        }
        return Set.of(value);
    }

    /** As the samplers read a stored choice: blank is the default; the tag or its bare word, in any case. */
    private static boolean accepted(List<String> tags, String value) {
        String v = value.trim();
        return v.isEmpty()
                || tags.stream()
                        .anyMatch(t -> t.equalsIgnoreCase(v)
                                || t.substring(t.indexOf('.') + 1).equalsIgnoreCase(v));
    }
}
