package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.github.jmeterkafka.harness.Chromium;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterLog;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.PageData;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.payload.schema.WireFormat;
import io.github.jmeterkafka.payload.source.Bytes;
import io.github.jmeterkafka.registry.SchemaRegistry;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The scenario plans of test-plans/ run headless in a real JMeter against the shared broker, each
 * with a few hundred records so that it takes seconds; the results that do not depend on timing
 * (labels, counts, codes, the broker's end offsets, delivery verification) are checked exactly.
 */
class ScenarioPlansIT extends BrokerAndJMeter {
    private static final Path PLANS = Harness.projectDir().resolve("test-plans");
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final Pattern UUID_V4 =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    private static final Pattern JOINED = Pattern.compile(
            "Consumer \\d+ has its partitions: it joined the group in \\d+ ms \\(read ended at (\\d+) ms since the epoch\\)");

    // a consumer's poll timeout once the producers start (the plans start them only when every consumer
    // has its partitions, so no group join falls in it), and the time each consumer waits after the
    // producers are done before it stops: at 100 records/s a consumer, 2 s without one is no healthy run
    private static final String DRAIN_TIMEOUT = "2000";
    // consumer-throughput's consumers stop on their record budget: a long timeout costs nothing
    private static final String JOIN_TIMEOUT = "30000";

    @Test
    void fixedRatePacesTheRecordsAndAppliesTheProducerProperties() {
        String topic = "fixed-rate-" + System.nanoTime();
        // 4 s at 100 records/s: long enough that a busy machine's slow first second does not make the
        // achieved rate fall short of the expected one (which the plugin would rightly warn about)
        JMeter.Result result = run("producer-fixed-rate.jmx", topic)
                .property("records", "400")
                .property("rate", "100")
                .property("records.per.sample", "10")
                .property("threads", "4")
                .property("partitions", "3")
                .property("acks", "1")
                .property("compression", "lz4")
                .run();

        Jtl jtl = healthy(result);
        assertCreated(jtl);
        List<Jtl.Row> produced = jtl.rows("Produce at a fixed rate");
        // a sample sends the records whose time has come, at most records.per.sample
        assertThat(produced).allSatisfy(r -> assertThat(r.sampleCount()).isBetween(1, 10));
        assertThat(produced.stream().mapToLong(Jtl.Row::sampleCount).sum()).isEqualTo(400);
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(400);
        assertThat(producerSummary(result, "Produce at a fixed rate")).isEqualTo(400);
        // 400 records at 100 per second take 4 s; unthrottled they would take a fraction of one
        long first = produced.stream().mapToLong(Jtl.Row::timeStamp).min().orElseThrow();
        long last = produced.stream().mapToLong(Jtl.Row::timeStamp).max().orElseThrow();
        assertThat(last - first).as("span of the sample starts in ms").isGreaterThanOrEqualTo(3900);
        assertThat(result.stdout()).contains("\nsend delay (intended to actual send): ");
        assertThat(logText(result)).contains("acks=1").contains("compression.type=lz4");
        assertThat(jtl.rows("Delete topic")).isEmpty();
    }

    @Test
    void consumerThroughputReadsWhatTheMaxThroughputPlanWrote() {
        String topic = "max-then-consume-" + System.nanoTime();
        JMeter.Result produced = run("producer-max-throughput.jmx", topic)
                .property("records", "2000")
                .property("record.size", "100")
                .property("records.per.sample", "500")
                .property("threads", "2")
                .property("partitions", "2")
                .run();

        Jtl producerJtl = healthy(produced);
        assertCreated(producerJtl);
        assertThat(producerJtl.rows("Produce at maximum throughput"))
                .hasSize(4)
                .allSatisfy(r -> assertThat(r.sampleCount()).isEqualTo(500));
        assertThat(producerSummary(produced, "Produce at maximum throughput")).isEqualTo(2000);
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(2000);

        JMeter.Result consumed = run("consumer-throughput.jmx", topic)
                .property("records", "2000")
                .property("consumers", "2")
                // below the plan's 10000, so that the cap shows in 2000 records
                .property("consumer.records.per.sample", "500")
                .property("timeout", JOIN_TIMEOUT)
                .run();

        Jtl jtl = healthy(consumed);
        assertThat(jtl.rows("Create topic"))
                .singleElement()
                .satisfies(r -> assertThat(r.responseMessage()).isEqualTo(topic + " already existed"));
        assertThat(jtl.rows("Fill the topic")).isEmpty();
        List<Jtl.Row> reads = jtl.rows("Consume");
        assertThat(reads).allSatisfy(r -> assertThat(r.sampleCount()).isBetween(1, 500));
        assertThat(reads.stream().mapToLong(Jtl.Row::sampleCount).sum()).isEqualTo(2000);
        assertThat(reads.stream().mapToLong(Jtl.Row::bytes).sum()).isEqualTo(2000L * 100);
        assertThat(consumed.stdout())
                .contains("Kafka Consumer summary for 'Consume':")
                .containsPattern(", [0-9.]+, [0-9.]+, 2000, [0-9.]+, \\d+, \\d+, [0-9.]+, [0-9.]+\\n");
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(2000);
    }

    @Test
    void consumerThroughputFillsTheTopicItselfAndDeletesIt() throws Exception {
        String topic = "fill-consume-" + System.nanoTime();
        JMeter.Result result = run("consumer-throughput.jmx", topic)
                .property("fill", "true")
                .property("records", "1500")
                .property("threads", "2")
                .property("partitions", "3")
                .property("delete.topic", "true")
                .property("timeout", JOIN_TIMEOUT)
                .run();

        Jtl jtl = healthy(result);
        assertCreated(jtl);
        assertThat(jtl.rows("Fill the topic").stream()
                        .mapToLong(Jtl.Row::sampleCount)
                        .sum())
                .isEqualTo(1500);
        assertThat(jtl.rows("Fill the topic").stream().map(Jtl.Row::threadName).distinct())
                .hasSize(2);
        assertThat(jtl.rows("Consume").stream().mapToLong(Jtl.Row::sampleCount).sum())
                .isEqualTo(1500);
        // the fill group ends before the consumers start
        long filled = jtl.rows("Fill the topic").stream()
                .mapToLong(r -> r.timeStamp() + r.elapsed())
                .max()
                .orElseThrow();
        assertThat(jtl.rows("Consume"))
                .allSatisfy(r -> assertThat(r.timeStamp()).isGreaterThanOrEqualTo(filled));
        assertThat(producerSummary(result, "Fill the topic")).isEqualTo(1500);
        assertThat(jtl.rows("Delete topic"))
                .singleElement()
                .satisfies(r -> assertThat(r.responseMessage()).isEqualTo("deleted topic " + topic));
        assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).doesNotContain(topic);
    }

    @Test
    void endToEndPlanVerifiesDeliveryAndItsReportDrawsTheLatencyOverTime() throws Exception {
        String topic = "e2e-" + System.nanoTime();
        JMeter.RunBuilder run = run("produce-consume-e2e.jmx", topic)
                .properties(reportProperties())
                .property("jmeter.reportgenerator.overall_granularity", "1000")
                // 10 s: in a run of 1 s the last acks' latency alone makes the rate fall short
                .property("records", "2000")
                .property("rate", "200")
                .property("threads", "2")
                .property("records.per.sample", "10")
                .property("consumers", "2")
                .property("partitions", "2")
                .property("duration", "30")
                .property("timeout", DRAIN_TIMEOUT)
                .htmlReport();
        JMeter.Result result = run.run();

        Jtl jtl = healthy(result);
        assertCreated(jtl);
        List<Jtl.Row> produced = jtl.rows("Produce with sequence numbers");
        assertThat(produced).allSatisfy(r -> assertThat(r.sampleCount()).isBetween(1, 10));
        assertThat(produced.stream().mapToLong(Jtl.Row::sampleCount).sum()).isEqualTo(2000);
        assertThat(produced.stream().map(Jtl.Row::threadName).distinct()).hasSize(2);
        List<Jtl.Row> consumed = jtl.rows("Consume and verify");
        assertThat(consumed.stream().mapToLong(Jtl.Row::sampleCount).sum()).isEqualTo(2000);
        assertThat(consumed).allSatisfy(r -> assertThat(r.get("kafka_e2e_max")).matches("\\d+"));
        assertThat(produced).allSatisfy(r -> assertThat(r.get("kafka_e2e_max")).isIn("", "null"));
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(2000);
        assertThat(producerSummary(result, "Produce with sequence numbers")).isEqualTo(2000);
        assertThat(result.stdout())
                .contains("delivery: 2000 records verified from 2 producers, 0 missing, 0 duplicated, 0 out of order.");
        assertProducersWaitedForTheConsumers(result, produced, 2);

        Path report = result.reportDir().orElseThrow();
        assertThat(report.resolve("index.html")).exists();
        assertThat(Files.readString(report.resolve("content/pages/CustomsGraphs.html"), StandardCharsets.UTF_8))
                .contains("custom_kafka_e2e");
        Map<Long, Double> graph = customGraphPoints(report, "custom_kafka_e2e", "kafka_e2e_max");
        assertThat(graph).isNotEmpty();
        // the graph's points are the mean per second (by sample end) of the JTL's kafka_e2e_max
        Map<Long, Double> expected = consumed.stream()
                .collect(Collectors.groupingBy(
                        r -> (r.timeStamp() + r.elapsed()) / 1000 * 1000,
                        TreeMap::new,
                        Collectors.averagingLong(r -> Long.parseLong(r.get("kafka_e2e_max")))));
        assertThat(graph.keySet()).isEqualTo(expected.keySet());
        expected.forEach(
                (t, mean) -> assertThat(graph.get(t)).as("point at %d", t).isCloseTo(mean, within(1e-6)));

        // the Kafka page: its series count what the broker holds
        PageData.assertSamplers(
                report.resolve("kafka.html"), 2000, "Produce with sequence numbers", "Consume and verify");
        assertThat(Files.readString(report.resolve("index.html"), StandardCharsets.UTF_8))
                .contains("href=\"kafka.html\"");
        // docs/report.md's picture of the page, from this real run
        Chromium.in(result.runDir())
                .screenshot(report.resolve("kafka.html"), Harness.targetDir().resolve("screenshots/kafka-page.png"));
    }

    @Test
    void soakRunsForItsDurationAndTheConsumersDrainEverything() {
        String topic = "soak-" + System.nanoTime();
        JMeter.Result result = run("soak.jmx", topic)
                .property("duration", "6")
                .property("ramp.up", "3")
                .property("rate", "300")
                .property("threads", "2")
                .property("consumers", "2")
                .property("partitions", "2")
                .property("timeout", DRAIN_TIMEOUT)
                .run();

        Jtl jtl = healthy(result);
        assertCreated(jtl);
        long produced =
                jtl.rows("Produce").stream().mapToLong(Jtl.Row::sampleCount).sum();
        assertThat(produced).isPositive();
        assertThat(jtl.rows("Produce").stream().map(Jtl.Row::threadName).distinct())
                .hasSize(2);
        assertThat(jtl.rows("Consume and verify").stream()
                        .mapToLong(Jtl.Row::sampleCount)
                        .sum())
                .isEqualTo(produced);
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(produced);
        assertThat(producerSummary(result, "Produce")).isEqualTo(produced);
        assertThat(result.stdout())
                .contains("delivery: " + produced
                        + " records verified from 2 producers, 0 missing, 0 duplicated, 0 out of order.");
        assertProducersWaitedForTheConsumers(result, jtl.rows("Produce"), 2);
        // producers stop at the end of the duration, whatever the rate
        long first =
                jtl.rows("Produce").stream().mapToLong(Jtl.Row::timeStamp).min().orElseThrow();
        assertThat(jtl.rows("Produce"))
                .allSatisfy(r -> assertThat(r.timeStamp() - first).isLessThan(6000));
    }

    @Test
    void endToEndLatencyPlanReadsBackEachRecordBeforeItSendsTheNext() {
        String topic = "e2e-latency-" + System.nanoTime();
        JMeter.Result result =
                run("end-to-end-latency.jmx", topic).property("records", "300").run();

        Jtl jtl = healthy(result);
        assertCreated(jtl);
        List<Jtl.Row> produced = jtl.rows("Produce one");
        List<Jtl.Row> consumed = jtl.rows("Consume it");
        assertThat(produced)
                .hasSize(300)
                .allSatisfy(r -> assertThat(r.sampleCount()).isEqualTo(1));
        // the positioning read before the first send found nothing and is not in the JTL
        assertThat(consumed)
                .hasSize(300)
                .allSatisfy(r -> assertThat(r.sampleCount()).isEqualTo(1));
        for (int i = 0; i < 300; i++) {
            Jtl.Row send = produced.get(i);
            Jtl.Row read = consumed.get(i);
            assertThat(read.timeStamp())
                    .as("read %d starts after its send", i)
                    .isGreaterThanOrEqualTo(send.timeStamp() + send.elapsed());
            if (i > 0) {
                Jtl.Row before = consumed.get(i - 1);
                assertThat(send.timeStamp())
                        .as("send %d starts after the read before", i)
                        .isGreaterThanOrEqualTo(before.timeStamp() + before.elapsed());
            }
        }
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(300);
        assertThat(producerSummary(result, "Produce one")).isEqualTo(300);
        SummaryText summary = result.summary("Kafka Consumer summary for 'Consume it':");
        assertThat(summary.consumer().records()).isEqualTo(300);
        assertThat(summary.endToEnd().avgMs()).as("%s", summary).isPositive();
        assertThat(summary.delivery()).isEqualTo(new SummaryText.Delivery(300, 1, 0, 0, 0));
    }

    @Test
    void realisticEventsSendsJsonOrderEventsKeyedByTheirCustomers() {
        String topic = "events-json-" + System.nanoTime();
        long before = System.currentTimeMillis();
        // 10 records per sample, the plan's default
        JMeter.Result result = realisticEvents(topic, "json", 300, 3, 20);
        long after = System.currentTimeMillis();

        Jtl jtl = healthy(result);
        assertCreated(jtl);
        assertThat(jtl.rows("Produce order events"))
                .hasSize(30)
                .allSatisfy(r -> assertThat(r.sampleCount()).isEqualTo(10));
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(300);
        assertThat(producerSummary(result, "Produce order events")).isEqualTo(300);
        List<ConsumerRecord<byte[], byte[]>> records = Topics.read(broker.bootstrapServers(), topic);
        assertThat(records).hasSize(300);
        Set<Long> sequences = new TreeSet<>();
        Set<String> orderIds = new TreeSet<>();
        for (ConsumerRecord<byte[], byte[]> rec : records) {
            String key = utf8(rec.key());
            JsonNode event = json(utf8(rec.value()));
            assertThat(key).matches("cust-([1-9]|1[0-9]|20)");
            orderIds.add(event.get("orderId").asText());
            sequences.add(assertOrderEvent(jsonField(event), key, before, after));
            assertThat(utf8(rec.headers().lastHeader("event-type").value())).isEqualTo("order-json");
        }
        // 300 picks of 20 customers miss one with a probability of about 4e-6
        Set<String> keys = records.stream().map(rec -> utf8(rec.key())).collect(Collectors.toSet());
        assertThat(keys)
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.rangeClosed(1, 20).mapToObj(i -> "cust-" + i).collect(Collectors.toList()));
        assertThat(sequences)
                .containsExactlyElementsOf(LongStream.range(0, 300).boxed().collect(Collectors.toList()));
        assertThat(orderIds).hasSize(300);
    }

    @Test
    void realisticEventsInAvroDecodeWithThePlansSchema() throws IOException {
        assertSchemaEvents("avro", null, avroEvents());
    }

    @Test
    void realisticEventsInJsonSchemaAreJsonDocumentsOfThePlansSchema() throws IOException {
        assertSchemaEvents("jsonschema", null, jsonSchemaEvents());
    }

    @Test
    void realisticEventsInProtobufParseWithThePlansProto() throws IOException {
        assertSchemaEvents("protobuf", null, protobufEvents());
    }

    @Test
    void realisticEventsThroughARegistryCarryTheIdOfThePlansSchemaBeforeEachValue() throws IOException {
        SchemaRegistry registry = SchemaRegistry.shared();
        Map<String, EventReader> formats = Map.of(
                "avro", avroEvents(),
                "jsonschema", jsonSchemaEvents(),
                "protobuf", protobufEvents(),
                // JSON text has no schema: through a registry it goes as JSON Schema
                "json", jsonSchemaEvents());
        for (Map.Entry<String, EventReader> format : formats.entrySet()) {
            Set<Integer> ids = new HashSet<>();
            assertSchemaEvents(format.getKey(), registry.confluentUrl(), value -> {
                WireFormat framed = WireFormat.of(ByteBuffer.wrap(value));
                ids.add(framed.schemaId());
                ByteBuffer payload = framed.payload();
                if (format.getKey().equals("protobuf")) {
                    assertThat(WireFormat.messageIndexes(payload)).containsExactly(0);
                }
                return format.getValue().read(Bytes.copy(payload));
            });
            assertThat(ids).as(format.getKey()).hasSize(1);
            String file = switch (format.getKey()) {
                case "avro" -> "order-event.avsc";
                case "protobuf" -> "order-event.proto";
                default -> "order-event.schema.json";
            };
            String registered = registry.schemaById(ids.iterator().next());
            if (file.endsWith(".avsc")) {
                assertThat(new Schema.Parser().parse(registered))
                        .isEqualTo(new Schema.Parser().parse(PLANS.resolve(file).toFile()));
            } else {
                assertThat(registered.strip())
                        .isEqualTo(Files.readString(PLANS.resolve(file)).strip());
            }
        }
    }

    private static EventReader avroEvents() throws IOException {
        Schema schema =
                new Schema.Parser().parse(PLANS.resolve("order-event.avsc").toFile());
        GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(schema);
        return value -> {
            BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(value, null);
            GenericRecord event = reader.read(null, decoder);
            assertThat(decoder.isEnd()).as("bytes left after the record").isTrue();
            return avroField(event);
        };
    }

    private static EventReader jsonSchemaEvents() {
        return value -> {
            JsonNode event = json(utf8(value));
            assertThat(event.fieldNames())
                    .toIterable()
                    .containsExactly(
                            "orderId",
                            "sequence",
                            "customerId",
                            "customer",
                            "items",
                            "amount",
                            "currency",
                            "channel",
                            "status",
                            "createdAt");
            return jsonField(event);
        };
    }

    private static EventReader protobufEvents() {
        Descriptor type = ProtobufRecords.parseProtoSchema(
                PLANS.resolve("order-event.proto").toString(), "");
        return value -> {
            DynamicMessage event = DynamicMessage.parseFrom(type, value);
            assertThat(event.getUnknownFields().asMap())
                    .as("fields the .proto lacks")
                    .isEmpty();
            return path -> protoField(event, path);
        };
    }

    @Test
    void realisticEventsRefuseAnUnknownFormatBeforeSendingAnything() throws Exception {
        assertRefusedAtStart(
                "realistic-events.jmx",
                "format",
                "xml",
                "realistic-events.jmx: -Jformat=xml is not one of json, avro, jsonschema, protobuf");
    }

    @Test
    void fixedRateRefusesAnUnknownBehindScheduleBeforeSendingAnything() throws Exception {
        assertRefusedAtStart(
                "producer-fixed-rate.jmx",
                "behind.schedule",
                "later",
                "producer-fixed-rate.jmx: -Jbehind.schedule=later is not one of catchUp, skip, behindSchedule.catchUp,"
                        + " behindSchedule.skip");
    }

    @Test
    void fixedRateRefusedAtStartLogsNoShortfallOfARunThatNeverSent() throws Exception {
        // the producer's group never sends: its summary says 0 records, with no WARN blaming the cluster or the CPU
        assertRefusedAtStart(
                "producer-fixed-rate.jmx",
                "transactional",
                "yes",
                "producer-fixed-rate.jmx: -Jtransactional=yes is not one of true, false");
    }

    @Test
    void realisticEventsWithTheSameSeedRepeatTheirEventsButForTheirTimes() {
        Map<Long, String> first = seededEvents("events-seed-a-" + System.nanoTime());
        Map<Long, String> second = seededEvents("events-seed-b-" + System.nanoTime());

        assertThat(first).hasSize(150);
        // random uuids, names and amounts: equal only because the seed repeats them
        assertThat(second).isEqualTo(first);
    }

    /** A seeded run's events by sequence number, each as its key and its value without createdAt. */
    private static Map<Long, String> seededEvents(String topic) {
        JMeter.Result result = run("realistic-events.jmx", topic)
                .property("seed", "42")
                .property("records", "150")
                .property("rate", "-1")
                // one thread: with more, which thread takes which sequence number depends on timing
                .property("threads", "1")
                .property("partitions", "2")
                .property("customers", "30")
                .run();
        healthy(result);
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(150);
        Map<Long, String> events = new TreeMap<>();
        for (ConsumerRecord<byte[], byte[]> rec : Topics.read(broker.bootstrapServers(), topic)) {
            ObjectNode event = (ObjectNode) json(utf8(rec.value()));
            assertThat(event.remove("createdAt")).isNotNull();
            events.put(event.get("sequence").longValue(), utf8(rec.key()) + " " + event);
        }
        return events;
    }

    /** realistic-events.jmx as fast as it goes, from 2 threads. */
    private static JMeter.Result realisticEvents(
            String topic, String format, int records, int partitions, int customers) {
        return realisticEvents(topic, format, null, records, partitions, customers);
    }

    /** @param registryUrl null: no registry */
    private static JMeter.Result realisticEvents(
            String topic, String format, String registryUrl, int records, int partitions, int customers) {
        JMeter.RunBuilder run = run("realistic-events.jmx", topic).property("format", format);
        if (registryUrl != null) {
            run.property("registry.url", registryUrl);
        }
        return run.property("records", Integer.toString(records))
                .property("rate", "-1")
                .property("threads", "2")
                .property("partitions", Integer.toString(partitions))
                .property("customers", Integer.toString(customers))
                .run();
    }

    /** An event's value read back, each field as text by its path (see {@link #assertOrderEvent}). */
    @FunctionalInterface
    private interface EventReader {
        Function<String, String> read(byte[] value) throws IOException;
    }

    /**
     * realistic-events.jmx in a schema format (through the registry at {@code registryUrl} unless null) sends
     * 200 events, all with the values of the plan's field rules as {@code reader} reads them back, and
     * sequence numbers 0 to 199.
     */
    private static void assertSchemaEvents(String format, String registryUrl, EventReader reader) throws IOException {
        String topic = "events-" + format + "-" + System.nanoTime();
        long before = System.currentTimeMillis();
        JMeter.Result result = realisticEvents(topic, format, registryUrl, 200, 2, 10);
        long after = System.currentTimeMillis();
        Jtl jtl = healthy(result);
        assertCreated(jtl);
        assertThat(producerSummary(result, "Produce order events")).isEqualTo(200);
        List<ConsumerRecord<byte[], byte[]>> records = Topics.read(broker.bootstrapServers(), topic);
        assertThat(records).hasSize(200);
        Set<Long> sequences = new TreeSet<>();
        for (ConsumerRecord<byte[], byte[]> rec : records) {
            String key = utf8(rec.key());
            assertThat(key).matches("cust-([1-9]|10)");
            assertThat(utf8(rec.headers().lastHeader("event-type").value())).isEqualTo("order-" + format);
            sequences.add(assertOrderEvent(reader.read(rec.value()), key, before, after));
        }
        assertThat(sequences)
                .containsExactlyElementsOf(LongStream.range(0, 200).boxed().collect(Collectors.toList()));
    }

    /**
     * The values the plan's template and field rules give an order event, each read as text by its path
     * ({@code customer.name}, {@code items.0.price}; null when absent); returns its sequence number.
     */
    private static long assertOrderEvent(Function<String, String> field, String key, long before, long after) {
        assertThat(field.apply("customerId")).isEqualTo(key);
        assertThat(field.apply("orderId")).matches(UUID_V4);
        assertThat(field.apply("customer.name")).isNotBlank();
        assertThat(field.apply("customer.city")).isNotBlank();
        assertThat(field.apply("customer.email")).isNull();
        assertThat(Integer.parseInt(field.apply("items.0.quantity"))).isBetween(1, 5);
        assertThat(new BigDecimal(field.apply("items.0.price"))).isBetween(new BigDecimal("1"), new BigDecimal("200"));
        assertThat(new BigDecimal(field.apply("amount"))).isBetween(new BigDecimal("5"), new BigDecimal("900"));
        assertThat(field.apply("currency")).isIn("EUR", "USD", "GBP", "JPY");
        assertThat(field.apply("channel")).isIn("WEB", "MOBILE", "STORE");
        assertThat(field.apply("status")).isIn("CREATED", "PAID", "SHIPPED", "CANCELLED");
        assertThat(Instant.parse(field.apply("createdAt")).toEpochMilli()).isBetween(before, after);
        return Long.parseLong(field.apply("sequence"));
    }

    /** Decimals as decimal text, createdAt (timestamp-millis) as an ISO instant. */
    private static Function<String, String> avroField(GenericRecord event) {
        return path -> {
            Object value = event;
            GenericRecord record = event;
            String name = null;
            for (String part : path.split("\\.", -1)) {
                if (value instanceof List<?> items) {
                    value = items.get(Integer.parseInt(part));
                } else {
                    record = (GenericRecord) value;
                    name = part;
                    value = record.get(part);
                }
            }
            if (value instanceof ByteBuffer) {
                return decimal(record, name).toPlainString();
            }
            if ("createdAt".equals(name)) {
                return Instant.ofEpochMilli((Long) value).toString();
            }
            return value == null ? null : value.toString();
        };
    }

    private static Function<String, String> jsonField(JsonNode event) {
        return path -> {
            JsonNode node = event.at("/" + path.replace('.', '/'));
            return node.isMissingNode() || node.isNull() ? null : node.asText();
        };
    }

    /** A field of a message by its path (an index after a repeated field); null when not set. */
    private static String protoField(Message message, String path) {
        Object value = message;
        String[] parts = path.split("\\.", -1);
        for (int i = 0; i < parts.length; i++) {
            Message m = (Message) value;
            FieldDescriptor f = m.getDescriptorForType().findFieldByName(parts[i]);
            if (f.isRepeated()) {
                value = m.getRepeatedField(f, Integer.parseInt(parts[++i]));
            } else if (f.hasPresence() && !m.hasField(f)) {
                return null;
            } else {
                value = m.getField(f);
            }
        }
        return value instanceof EnumValueDescriptor symbol ? symbol.getName() : String.valueOf(value);
    }

    /**
     * The plan given {@code -Jproperty=value} stops at its property check: one failed sample and one
     * ERROR line, both the {@code line}, nothing else logged at WARN or ERROR, and no topic made, so
     * nothing sent.
     */
    private static void assertRefusedAtStart(String plan, String property, String value, String line) throws Exception {
        String topic = "refused-" + System.nanoTime();
        JMeter.Result result = run(plan, topic)
                .property(property, value)
                .property("records", "100")
                .run();
        assertThat(result.samples().rows())
                .as(result.describe())
                .singleElement()
                .satisfies(r -> {
                    assertThat(r.label()).isEqualTo("Check the properties");
                    assertThat(r.success()).isFalse();
                    assertThat(r.responseCode()).isEqualTo("400");
                    assertThat(r.responseMessage()).isEqualTo(line);
                });
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .singleElement()
                .satisfies(e -> assertThat(e).contains(" ERROR ").contains(": " + line));
        assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).doesNotContain(topic);
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text + "\n" + e, e);
        }
    }

    private static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static BigDecimal decimal(GenericRecord record, String field) {
        Schema schema = record.getSchema().getField(field).schema();
        return new Conversions.DecimalConversion()
                .fromBytes((ByteBuffer) record.get(field), schema, schema.getLogicalType());
    }

    private static JMeter.RunBuilder run(String plan, String topic) {
        return jmeter.plan(PLANS.resolve(plan))
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic);
    }

    /** Exit 0, every sample successful, nothing at WARN or ERROR in jmeter.log. */
    private static Jtl healthy(JMeter.Result result) {
        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
        return jtl;
    }

    private static void assertCreated(Jtl jtl) {
        assertThat(jtl.rows("Create topic"))
                .singleElement()
                .satisfies(r -> assertThat(r.responseMessage()).startsWith("created topic "));
    }

    /** Records sent in the producer summary printed for {@code label}, which must count no failed record. */
    private static long producerSummary(JMeter.Result result, String label) {
        SummaryText summary = result.summary("Kafka Producer summary for '" + label + "':");
        assertThat(summary.lines()).as("%s", summary).contains("0 records failed.");
        return summary.producer().records();
    }

    /**
     * jmeter.log has one line per consumer when it has its partitions, then one when the producers
     * start; the first producer sample starts after the reads in which both consumers joined ended.
     */
    private static void assertProducersWaitedForTheConsumers(
            JMeter.Result result, List<Jtl.Row> produced, int consumers) {
        List<JMeterLog.Entry> log = JMeterLog.read(result.log()).entries();
        List<Integer> joinLines = new ArrayList<>();
        List<Long> joinEnds = new ArrayList<>();
        List<Integer> goLines = new ArrayList<>();
        for (int i = 0; i < log.size(); i++) {
            String text = log.get(i).text();
            Matcher joined = JOINED.matcher(text);
            if (joined.find()) {
                joinLines.add(i);
                joinEnds.add(Long.parseLong(joined.group(1)));
            } else if (text.contains("All " + consumers + " consumers have their partitions: producing")) {
                goLines.add(i);
            }
        }
        assertThat(joinEnds).as("joins in %s", result.log()).hasSize(consumers);
        assertThat(goLines)
                .as("start of the producers in %s", result.log())
                .singleElement()
                .satisfies(go -> assertThat(go).isGreaterThan(Collections.max(joinLines)));
        long firstSend = produced.stream().mapToLong(Jtl.Row::timeStamp).min().orElseThrow();
        // each JMeter result reads the clock through an offset it takes in whole ms: two may differ by 1
        assertThat(firstSend).as("first producer sample").isGreaterThanOrEqualTo(Collections.max(joinEnds) - 1);
    }

    private static String logText(JMeter.Result result) {
        try {
            return Files.readString(result.log(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("Cannot read " + result.log(), e);
        }
    }

    /** The JMeter properties of test-plans/kafka-report.properties, as -q would load them. */
    private static Map<String, String> reportProperties() throws IOException {
        Properties p = new Properties();
        try (Reader in =
                Files.newBufferedReader(PLANS.resolve("kafka-report.properties"), StandardCharsets.ISO_8859_1)) {
            p.load(in);
        }
        Map<String, String> out = new TreeMap<>();
        p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
        assertThat(out).containsEntry("sample_variables", "kafka_e2e_max");
        return out;
    }

    /** Points (x = interval start in ms, y) of one series of a custom graph in the dashboard's customGraph.js. */
    private static Map<Long, Double> customGraphPoints(Path report, String graph, String series) throws IOException {
        String js = Files.readString(report.resolve("content/js/customGraph.js"), StandardCharsets.UTF_8);
        int start = js.indexOf("response" + graph + "Infos = {");
        assertThat(start).as("%s in customGraph.js", graph).isNotNegative();
        int label = js.indexOf("\"label\": \"" + series + "\"", start);
        assertThat(label).as("series %s of %s", series, graph).isPositive();
        int data = js.lastIndexOf("\"data\": [", label);
        assertThat(data).isGreaterThan(start);
        Map<Long, Double> points = new TreeMap<>();
        Matcher m = Pattern.compile("\\[([0-9.E+-]+), ([0-9.E+-]+)\\]").matcher(js.substring(data, label));
        while (m.find()) {
            points.put((long) Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)));
        }
        return points;
    }
}
