package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.HlogFiles;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JmeterPluginsSet;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.PageData;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.IntervalLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** test-plans/quickstart.jmx in a real JMeter against a real broker: every record produced is consumed. */
class QuickstartPlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/quickstart.jmx");
    private static final String PRODUCER = "Produce 1 KB records";
    private static final String CONSUMER = "Consume all records";

    /**
     * Also what a runner that drops every Result Collector (Azure Load Testing) leaves: the plan holds none, and
     * the samplers' own summaries, kafka.summary.file and the interval logs carry the figures.
     */
    @Test
    void everyRecordProducedIsAcknowledgedStoredAndConsumed() throws Exception {
        String topic = "quickstart-" + System.nanoTime();
        assertThat(Files.readString(PLAN)).doesNotContain("<ResultCollector");
        JMeter.Result result = jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("kafka.summary.file", "kafka-summary.csv")
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        List<Jtl.Row> produced = jtl.rows(PRODUCER);
        assertThat(produced).hasSize(1000).allSatisfy(r -> {
            assertThat(r.sampleCount()).isEqualTo(10);
            assertThat(r.sentBytes()).isGreaterThan(10 * 1000);
            assertThat(r.responseCode()).isEqualTo("200");
        });
        assertThat(produced.stream().map(Jtl.Row::threadName).distinct()).hasSize(4);
        assertThat(jtl.rows(CONSUMER).stream().mapToLong(Jtl.Row::sampleCount).sum())
                .isEqualTo(10_000);
        assertThat(jtl.rows(CONSUMER).stream().mapToLong(Jtl.Row::bytes).sum()).isGreaterThan(10_000L * 1000);
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(10_000);

        SummaryText producerSummary = result.summary("Kafka Producer summary for '" + PRODUCER + "':");
        assertThat(producerSummary.producer().records()).isEqualTo(10_000);
        assertThat(producerSummary.lines()).contains("0 records failed.");
        SummaryText consumerSummary = result.summary("Kafka Consumer summary for '" + CONSUMER + "':");
        assertThat(consumerSummary.consumer().records()).isEqualTo(10_000);
        assertThat(consumerSummary.delivery()).isEqualTo(new SummaryText.Delivery(10_000, 4, 0, 0, 0));
        assertThat(jtl.rows("Create topic"))
                .singleElement()
                .satisfies(r -> assertThat(r.success()).isTrue());
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
        Path run = result.log().getParent();
        assertThat(Files.readAllLines(run.resolve("kafka-summary.csv")))
                .anyMatch(l -> l.startsWith("producer," + PRODUCER + ",all,10000,0,"))
                .anyMatch(l -> l.startsWith("consumer," + CONSUMER + ",all,10000,"));
        assertThat(HlogFiles.total(run.resolve("kafka-hlog").resolve(IntervalLog.fileName(PRODUCER)))
                        .getTotalCount())
                .isEqualTo(10_000);
        assertThat(HlogFiles.total(run.resolve("kafka-hlog").resolve(IntervalLog.fileName(CONSUMER)))
                        .getTotalCount())
                .isEqualTo(10_000);
    }

    /**
     * As a user runs it, with none of the tests' settings: JMeter's default result columns (no
     * sample count) and log levels (the plugin quiets Kafka's client logs itself). JMeter's
     * summariser counts records, its dashboard counts JTL rows, the Kafka page counts records.
     */
    @Test
    void runsWithJMetersDefaultSettings() throws Exception {
        String topic = "quickstart-defaults-" + System.nanoTime();
        JMeter.Result result = jmeter.plan(PLAN)
                .name("quickstart-jmeter-defaults")
                .jmeterDefaults()
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("records", "2000")
                .htmlReport()
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        List<Jtl.Row> rows = result.samples().rows();
        assertThat(rows).allMatch(Jtl.Row::success);
        // 2000 records produced, 2000 consumed, one topic created
        assertThat(result.stdout()).containsPattern("\\nsummary = +4001 in .* Err: +0 ");
        Path report = result.reportDir().orElseThrow();
        JsonNode total = new ObjectMapper()
                .readTree(report.resolve("statistics.json").toFile())
                .path("Total");
        assertThat(total.path("sampleCount").asLong()).isEqualTo(rows.size());
        assertThat(total.path("errorCount").asLong()).isZero();
        PageData.assertSamplers(report.resolve("kafka.html"), 2000, "Produce 1 KB records", "Consume all records");
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(2000);
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
        assertThat(Files.readString(result.log()))
                .as("Kafka's client config stays out of jmeter.log")
                .doesNotContain("ProducerConfig values:")
                .doesNotContain("ConsumerConfig values:");
    }

    /**
     * The jmeter-plugins most plans carry, where the Plugins Manager puts them: their common jar and cmdrunner in
     * lib/, the Plugins Manager, Custom Thread Groups and Basic Graphs in lib/ext/. No class is in both their jars and
     * ours, and the quick start runs with its producers in a Concurrency Thread Group.
     */
    @Test
    void runsBesideTheCommonJMeterPluginsSetInAConcurrencyThreadGroup() throws Exception {
        JmeterPluginsSet jpgc = JmeterPluginsSet.common();
        Set<String> ours = classes(Harness.pluginJar());
        for (Path jar : jpgc.jars()) {
            Set<String> both = new TreeSet<>(classes(jar));
            both.retainAll(ours);
            assertThat(both)
                    .as("classes in both %s and the plugin's jar", jar.getFileName())
                    .isEmpty();
        }
        jpgc.installInto(jmeter);
        Path plan = Harness.targetDir().resolve("quickstart-concurrency-thread-group.jmx");
        String quickstart = Files.readString(PLAN, StandardCharsets.UTF_8);
        String producers = quickstart.substring(
                quickstart.indexOf(
                        "      <ThreadGroup guiclass=\"ThreadGroupGui\" testclass=\"ThreadGroup\" testname=\"Produce\">"),
                quickstart.indexOf("      </ThreadGroup>") + "      </ThreadGroup>\n".length());
        Files.writeString(plan, quickstart.replace(producers, CONCURRENCY_THREAD_GROUP), StandardCharsets.UTF_8);
        try {
            JMeter.Result result = runs2000Records(plan, "quickstart-with-jmeter-plugins");
            assertThat(result.samples().rows(PRODUCER))
                    .allMatch(r -> r.threadName().startsWith("Produce"));
            assertThat(result.samples().rows(CONSUMER).stream()
                            .mapToLong(Jtl.Row::sampleCount)
                            .sum())
                    .isEqualTo(2000);
        } finally {
            jpgc.removeFrom(jmeter);
        }
    }

    /** jpgc's Concurrency Thread Group: 4 threads in 2 steps over 1 s, held 5 s (the records take about 1 s). */
    private static final String CONCURRENCY_THREAD_GROUP = """
                  <com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup \
            guiclass="com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroupGui" \
            testclass="com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup" testname="Produce">
                    <elementProp name="ThreadGroup.main_controller" \
            elementType="com.blazemeter.jmeter.control.VirtualUserController"/>
                    <stringProp name="ThreadGroup.on_sample_error">continue</stringProp>
                    <stringProp name="TargetLevel">4</stringProp>
                    <stringProp name="RampUp">1</stringProp>
                    <stringProp name="Steps">2</stringProp>
                    <stringProp name="Hold">5</stringProp>
                    <stringProp name="LogFilename"></stringProp>
                    <stringProp name="Iterations"></stringProp>
                    <stringProp name="Unit">S</stringProp>
                  </com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup>
            """;

    private static Set<String> classes(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.stream()
                    .map(JarEntry::getName)
                    .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                    .collect(Collectors.toSet());
        }
    }

    /**
     * kafka-clients 2.8.2 in lib/ext/, as a backend listener ships it: JMeter's class loader takes
     * lib/ext/ jars in name order, so the plugin's jar (jmeter-kafka-...) comes first and its own
     * Kafka classes are the ones loaded; the plugin runs as usual.
     */
    @Test
    void runsWithItsOwnKafkaClassesBesideAnotherKafkaClientsInLibExt() {
        Path other =
                JMeter.jars(Harness.jmeterExtraDir(), "kafka-clients-2.8.2").get(0);
        jmeter.addLibExt(other);
        try {
            JMeter.Result result = runs2000Records("quickstart-with-kafka-clients-2.8.2-in-lib-ext");
            // the plan's 4 threads start over 1 s: a fast run may spend 2000 records before the last one starts
            assertThat(result.stdout())
                    .containsPattern("delivery: 2000 records verified from [1-4] producers, 0 missing,");
        } finally {
            jmeter.removeLibExt(other.getFileName().toString());
        }
    }

    /** The quick start with 2000 records, checked to end well with all of them on the broker. */
    private JMeter.Result runs2000Records(String name) {
        return runs2000Records(PLAN, name);
    }

    private JMeter.Result runs2000Records(Path plan, String name) {
        String topic = name + "-" + System.nanoTime();
        JMeter.Result result = jmeter.plan(plan)
                .name(name)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("records", "2000")
                .run();
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(2000);
        assertThat(result.logErrors()).as("ERROR in %s", result.log()).isEmpty();
        return result;
    }

    @Test
    void refusesToRunWithAnotherKafkaClientsInLib_withOneErrorNamingTheJar() {
        Path other =
                JMeter.jars(Harness.jmeterExtraDir(), "kafka-clients-3.3.1").get(0);
        jmeter.addLib(other);
        try {
            JMeter.Result result = jmeter.plan(PLAN)
                    .name("quickstart-with-kafka-clients-3.3.1")
                    .property("kafka.bootstrap", broker.bootstrapServers())
                    .property("topic", "quickstart-clash-" + System.nanoTime())
                    .property("records", "100")
                    .run();

            assertThat(result.exitCode()).as(result.describe()).isZero();
            List<String> errors = result.logErrors();
            assertThat(errors)
                    .as(result.describe())
                    .filteredOn(e -> e.contains("KafkaConnection"))
                    .singleElement()
                    .satisfies(e -> assertThat(e)
                            .contains(
                                    "Another kafka-clients is on JMeter's class path and was loaded instead of the plugin's own: ")
                            .contains("kafka-clients-3.3.1.jar (Kafka 3.3.1; the plugin's is 4.")
                            .contains("Remove kafka-clients-3.3.1.jar from JMeter's lib/ or lib/ext/"));
            // the first samples fail with the reason and stop the test: the JTL says the run failed
            assertThat(errors).allMatch(e -> e.contains("Another kafka-clients is on JMeter's class path"));
            assertThat(result.samples().rows())
                    .isNotEmpty()
                    .allSatisfy(r -> assertThat(r.responseMessage()).contains("Another kafka-clients"))
                    .allSatisfy(r -> assertThat(r.responseCode()).isEqualTo("400"));
            assertThat(result.samples().failures()).isNotEmpty();
            assertThat(result.stdout()).contains("\n0 records sent, ");
        } finally {
            jmeter.removeLib(other.getFileName().toString());
        }
    }
}
