package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.LiveKafka.ok;
import static io.github.jmeterkafka.sampler.LiveKafka.sampler;
import static io.github.jmeterkafka.sampler.LiveKafka.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.bench.KafkaTool;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.StoredBytes;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Records made per record (templates, Avro from a schema, random letters) sent by the Kafka Producer
 * to a real broker and checked as a reader of the topic sees them: parsed with a JSON parser,
 * decoded with Avro's own reader, read back by the plugin's Kafka Consumer, and weighed in the
 * bytes the broker stores against Kafka's own producer-perf-test.
 */
class KafkaProducerPayloadsIT {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final Pattern UUID_V4 =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    private static final Pattern ISO_MILLIS = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");

    /** Ten fields: a nested record, an array, an enum, a nullable union, a decimal and a timestamp among them. */
    private static final String PAYMENT_SCHEMA = """
            {'type': 'record', 'name': 'Payment', 'namespace': 'it.payloads', 'fields': [
              {'name': 'id', 'type': {'type': 'string', 'logicalType': 'uuid'}},
              {'name': 'seq', 'type': 'long'},
              {'name': 'account', 'type': {'type': 'record', 'name': 'Account', 'fields': [
                {'name': 'iban', 'type': 'string'},
                {'name': 'holder', 'type': 'string'}]}},
              {'name': 'tags', 'type': {'type': 'array', 'items': 'string'}},
              {'name': 'status', 'type': {'type': 'enum', 'name': 'Status', 'symbols': ['NEW', 'PAID', 'FAILED']}},
              {'name': 'note', 'type': ['null', 'string'], 'default': null},
              {'name': 'amount', 'type': {'type': 'bytes', 'logicalType': 'decimal', 'precision': 10, 'scale': 2}},
              {'name': 'createdAt', 'type': {'type': 'long', 'logicalType': 'timestamp-millis'}},
              {'name': 'priority', 'type': 'int'},
              {'name': 'active', 'type': 'boolean'}]}\
            """.replace('\'', '"');

    private static final Schema PAYMENT = new Schema.Parser().parse(PAYMENT_SCHEMA);
    /** Rules for seven fields; id, account.iban, note and active get random values of their types. */
    private static final Map<String, String> PAYMENT_RULES = rules(
            "seq", "{{gseq}}",
            "account.holder", "{{faker Name.fullName}}",
            "tags[]", "t{{int 1 3}}",
            "status", "PAID",
            "amount", "{{decimal 10 20 2}}",
            "createdAt", "{{now}}",
            "priority", "7");

    @RegisterExtension
    final LiveKafka kafka = new LiveKafka(SharedBroker.get());

    private JMeterVariables vars;

    @BeforeEach
    void start() {
        vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
    }

    // ---- templates ----

    @Test
    void oneSampleOf1000RecordsCarries1000ConsecutiveCsvRows_keyValueAndHeaderOfARecordFromOneRow(@TempDir Path dir)
            throws IOException {
        StringBuilder csv = new StringBuilder("id,name\n");
        for (int i = 0; i < 1000; i++) {
            csv.append(i).append(",\"Name, ").append(i).append("\"\n");
        }
        Path file = Files.writeString(dir.resolve("customers.csv"), csv);
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("csv-rows", 1);
        KafkaProducerSampler s = sampler(unique("csv-rows"), connection, topic);
        String column = "{{csv '" + file + "' ";
        s.setKeyMode("text");
        s.setKey(column + "id}}");
        s.setValue("{\"id\":" + column + "id}},\"name\":\"" + column + "name}}\"}");
        s.getHeaders().add(new KeyValue("row", column + "id}}"));
        s.setRecordsPerSample("1000");

        SampleResult result = ok(s.sample(null));

        assertThat(result.getSampleCount()).isEqualTo(1000);
        List<Read> reads = consume(connection, topic, "", "kafka", 1000);
        assertThat(reads).hasSize(1000);
        for (Read r : reads) {
            JsonNode v = json(r.value);
            String row = Long.toString(r.offset);
            assertThat(r.key)
                    .as("record %s in send order has row %s", r.offset, row)
                    .isEqualTo(row);
            assertThat(v.get("id").asText()).isEqualTo(row);
            assertThat(v.get("name").asText()).isEqualTo("Name, " + row);
            assertThat(r.headers).containsExactly(Map.entry("row", row));
        }
    }

    @Test
    void templatedJsonRecordsReadBackByThePluginsConsumerHoldWhatTheirPlaceholdersMake() {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("json-template", 3);
        KafkaProducerSampler s = sampler(unique("json-template"), connection, topic);
        s.setKeyMode("text");
        s.setKey("cust-{{int 1 50}}");
        s.setValue(("{'id':'{{uuid}}','n':{{gseq}},'seq':{{seq}},'customer':'{{key}}','qty':{{int 1 5}},"
                        + "'amount':{{decimal 5 900 2}},'currency':'{{pick EUR:60 USD:40}}',"
                        + "'name':'{{faker Name.fullName}}','at':'{{now iso}}'}")
                .replace('\'', '"'));
        s.getHeaders().add(new KeyValue("seq", "{{seq}}"));
        s.setRecordsPerSample("50");
        Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        for (int i = 0; i < 4; i++) {
            ok(s.sample(null));
        }
        Instant after = Instant.now();
        assertThat(kafka.endOffsets(topic)).isEqualTo(200);

        List<Read> reads = consume(connection, topic, "", "kafka", 200);

        assertThat(reads).hasSize(200);
        Set<String> ids = new TreeSet<>();
        Set<Long> globalSequences = new TreeSet<>();
        Set<Long> threadSequences = new TreeSet<>();
        Set<String> keys = new TreeSet<>();
        Set<Integer> quantities = new TreeSet<>();
        Set<String> names = new TreeSet<>();
        Map<String, Integer> currencies = new HashMap<>();
        for (Read r : reads) {
            JsonNode v = json(r.value);
            assertThat(fieldNames(v))
                    .as(r.value)
                    .containsExactly("id", "n", "seq", "customer", "qty", "amount", "currency", "name", "at");
            assertThat(v.get("id").asText()).matches(UUID_V4);
            ids.add(v.get("id").asText());
            globalSequences.add(v.get("n").longValue());
            long seq = v.get("seq").longValue();
            threadSequences.add(seq);
            assertThat(r.headers)
                    .as("the header's {{seq}} is the value's")
                    .containsExactly(Map.entry("seq", Long.toString(seq)));
            assertThat(r.key).matches("cust-([1-9]|[1-4][0-9]|50)");
            assertThat(v.get("customer").asText())
                    .as("{{key}} is the record's key")
                    .isEqualTo(r.key);
            keys.add(r.key);
            assertThat(v.get("qty").isIntegralNumber()).isTrue();
            quantities.add(v.get("qty").intValue());
            // the decimal's text as written: two digits after the point, no exponent
            Matcher amount = Pattern.compile("\"amount\":(\\d+\\.\\d{2}),").matcher(r.value);
            assertThat(amount.find()).as(r.value).isTrue();
            assertThat(new BigDecimal(amount.group(1))).isBetween(new BigDecimal("5.00"), new BigDecimal("899.99"));
            currencies.merge(v.get("currency").asText(), 1, Integer::sum);
            assertThat(v.get("name").asText()).isNotBlank();
            names.add(v.get("name").asText());
            assertThat(v.get("at").asText()).matches(ISO_MILLIS);
            assertThat(Instant.parse(v.get("at").asText())).isBetween(before, after);
        }
        assertThat(ids).as("distinct uuids").hasSize(200);
        assertThat(globalSequences).containsExactlyElementsOf(range(200));
        assertThat(threadSequences).containsExactlyElementsOf(range(200));
        // 200 picks of 50 keys: about 49 distinct ones
        assertThat(keys).hasSizeGreaterThan(30);
        assertThat(quantities).containsExactly(1, 2, 3, 4, 5);
        assertThat(names).hasSizeGreaterThan(100);
        assertThat(currencies.keySet()).containsExactlyInAnyOrder("EUR", "USD");
        // 60 % of 200 is 120, one standard deviation about 7
        assertThat(currencies.get("EUR")).isBetween(80, 160);
    }

    // ---- Avro ----

    @Test
    void avroBinaryRecordsDecodeWithAvrosOwnReader_andThePluginsConsumerShowsThemAsJson() {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("avro-binary", 1);
        KafkaProducerSampler s = avroSampler(connection, topic, "binary");
        s.setRecordsPerSample("40");
        long before = System.currentTimeMillis();
        for (int i = 0; i < 5; i++) {
            ok(s.sample(null));
        }
        long after = System.currentTimeMillis();

        List<ConsumerRecord<byte[], byte[]>> stored = kafka.read(topic);
        assertThat(stored).hasSize(200);
        Map<Long, GenericRecord> byOffset = new LinkedHashMap<>();
        for (ConsumerRecord<byte[], byte[]> rec : stored) {
            GenericRecord p = decode(PAYMENT, rec.value());
            assertPaymentFollowsTheRules(p, before, after);
            byOffset.put(rec.offset(), p);
        }
        assertThat(byOffset.values().stream().map(p -> p.get("id").toString()).distinct())
                .hasSize(200);
        Set<Long> sequences =
                byOffset.values().stream().map(p -> (Long) p.get("seq")).collect(Collectors.toCollection(TreeSet::new));
        assertThat(sequences).containsExactlyElementsOf(range(200));
        // the fields without rules still vary: not one value copied into every record
        assertThat(byOffset.values().stream()
                        .map(p -> ((GenericRecord) p.get("account")).get("iban").toString())
                        .distinct())
                .hasSizeGreaterThan(190);
        assertThat(byOffset.values().stream().map(p -> p.get("active")).distinct())
                .hasSize(2);

        List<Read> reads = consume(connection, topic, PAYMENT_SCHEMA, "avro", 200);

        assertThat(reads).hasSize(200);
        for (Read r : reads) {
            JsonNode v = json(r.value);
            GenericRecord binary = byOffset.get(r.offset);
            assertThat(v.get("id").asText()).isEqualTo(binary.get("id").toString());
            assertThat(v.get("seq").longValue()).isEqualTo(binary.get("seq"));
            assertThat(v.get("status").asText()).isEqualTo("PAID");
            assertThat(v.get("priority").intValue()).isEqualTo(7);
            assertThat(v.get("amount").isNumber()).as(r.value).isTrue();
            assertThat(v.get("amount").decimalValue()).isEqualByComparingTo(decimal(binary, "amount"));
            assertThat(Instant.parse(v.get("createdAt").asText()).toEpochMilli())
                    .isEqualTo(binary.get("createdAt"));
            assertThat(v.get("account").get("holder").asText())
                    .isEqualTo(((GenericRecord) binary.get("account"))
                            .get("holder")
                            .toString());
            assertThat(v.get("tags")).allSatisfy(t -> assertThat(t.asText()).matches("t[1-3]"));
            assertThat(v.get("note").isNull() || v.get("note").isTextual()).isTrue();
        }
    }

    private static void assertPaymentFollowsTheRules(GenericRecord p, long before, long after) {
        assertThat(p.get("id").toString()).matches(UUID_V4);
        GenericRecord account = (GenericRecord) p.get("account");
        assertThat(account.get("iban").toString()).matches("[A-Za-z0-9]{8,16}");
        assertThat(account.get("holder").toString()).isNotBlank();
        @SuppressWarnings("unchecked")
        List<Object> tags = (List<Object>) p.get("tags");
        assertThat(tags)
                .hasSizeBetween(1, 3)
                .allSatisfy(t -> assertThat(t.toString()).matches("t[1-3]"));
        assertThat(p.get("status").toString()).isEqualTo("PAID");
        Object note = p.get("note");
        assertThat(note == null || note.toString().matches("[A-Za-z0-9]{8,16}"))
                .as("note %s", note)
                .isTrue();
        BigDecimal amount = decimal(p, "amount");
        assertThat(amount.scale()).isEqualTo(2);
        assertThat(amount).isBetween(new BigDecimal("10.00"), new BigDecimal("19.99"));
        assertThat((Long) p.get("createdAt")).isBetween(before, after);
        assertThat(p.get("priority")).isEqualTo(7);
        assertThat(p.get("active")).isInstanceOf(Boolean.class);
    }

    @Test
    void withSchemaOutputRecordTheValueSerializerGetsOneGenericRecordPerRecord() {
        String connection = kafka.connect(Map.of("value.serializer", GenericRecordSerializer.class.getName()));
        String topic = kafka.topic("avro-record", 1);
        KafkaProducerSampler s = avroSampler(connection, topic, "record");
        s.setRecordsPerSample("25");
        long before = System.currentTimeMillis();
        long sentBytes = 0;
        for (int i = 0; i < 3; i++) {
            sentBytes += ok(s.sample(null)).getSentBytes();
        }
        long after = System.currentTimeMillis();

        assertThat(GenericRecordSerializer.serialized(topic)).isEqualTo(75);
        List<ConsumerRecord<byte[], byte[]>> stored = kafka.read(topic);
        assertThat(stored).hasSize(75);
        stored.forEach(rec -> assertPaymentFollowsTheRules(decode(PAYMENT, rec.value()), before, after));
        // no key, no headers: the sent bytes are the values as the serializer wrote them
        assertThat(sentBytes)
                .isEqualTo(stored.stream().mapToLong(rec -> rec.value().length).sum());
    }

    @Test
    void avroRecordsForTheDefaultByteArraySerializerFailWith400_andNothingIsSent() {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("avro-record-bytes", 1);
        KafkaProducerSampler s = avroSampler(connection, topic, "record");
        s.setRecordsPerSample("5");

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).contains("ByteArraySerializer").contains("value.serializer");
        assertThat(kafka.endOffsets(topic)).isZero();

        s.setSchemaOutput("binary");
        ok(s.sample(null));
        assertThat(kafka.endOffsets(topic)).isEqualTo(5);
    }

    @Test
    void aValueTheUsersSerializerRejectsFailsWithTheSerializersExceptionAsCode() {
        String connection = kafka.connect(Map.of("value.serializer", GenericRecordSerializer.class.getName()));
        String topic = kafka.topic("rejected", 1);
        KafkaProducerSampler s = sampler(unique("rejected"), connection, topic);
        s.setValue("text, not a record");
        s.setRecordsPerSample("5");

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("NotAGenericRecordException");
        assertThat(r.getResponseMessage())
                .isEqualTo(
                        "5 of 5 records failed: NotAGenericRecordException: "
                                + "GenericRecordSerializer takes org.apache.avro.generic.GenericRecord values, not java.lang.String");
        assertThat(kafka.endOffsets(topic)).isZero();
        assertThat(GenericRecordSerializer.serialized(topic)).isZero();

        s.setValueMode("avro");
        s.setValueSchema(PAYMENT_SCHEMA);
        s.setSchemaOutput("record");
        ok(s.sample(null));
        assertThat(GenericRecordSerializer.serialized(topic)).isEqualTo(5);
        assertThat(kafka.endOffsets(topic)).isEqualTo(5);
    }

    // ---- what the broker stores ----

    /**
     * lz4 finds almost nothing to gain in random letters, zstd's entropy coding stores each in under
     * 5 bits: both stores match perf-test's only if every record is fresh and drawn as perf-test draws it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"lz4", "zstd"})
    void randomLettersStoreAsManyBytesPerRecordAsProducerPerformance_andRandomOnceFarFewer(
            String codec, @TempDir Path dir) throws Exception {
        int records = 20_000;
        Map<String, String> producer =
                Map.of("acks", "1", "compression.type", codec, "batch.size", "16384", "linger.ms", "5");
        String perfTopic = kafka.topic(codec + "-perf-test", 1);
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap-server",
                kafka.broker.bootstrapServers(),
                "--topic",
                perfTopic,
                "--num-records",
                Integer.toString(records),
                "--record-size",
                "1000",
                "--throughput",
                "-1",
                "--command-property"));
        producer.forEach((k, v) -> args.add(k + "=" + v));
        String out = producerPerformance(args, dir);
        assertThat(out).contains(records + " records sent");

        String connection = kafka.connect(producer);
        String randomTopic = kafka.topic(codec + "-random", 1);
        produce(connection, randomTopic, "random", records);
        String onceTopic = kafka.topic(codec + "-random-once", 1);
        produce(connection, onceTopic, "randomOnce", records);

        double perfTest = storedPerRecord(perfTopic, records);
        double random = storedPerRecord(randomTopic, records);
        double once = storedPerRecord(onceTopic, records);
        System.out.printf(
                "bytes stored per 1000 B record with %s: perf-test %.1f, random %.1f, randomOnce %.1f%n",
                codec, perfTest, random, once);
        assertThat(random).isCloseTo(perfTest, withinPercentage(3));
        if (codec.equals("lz4")) {
            // no match worth a reference in fresh random letters: the raw 1000 B plus batch and frame headers
            assertThat(random).isBetween(1000.0, 1100.0);
        }
        // one payload sent again and again: the codec stores little more than a reference to the first
        assertThat(once).isLessThan(perfTest / 4);
    }

    private void produce(String connection, String topic, String valueMode, int records) {
        KafkaProducerSampler s = sampler(unique(valueMode), connection, topic);
        s.setValueMode(valueMode);
        s.setRecordSize("1000");
        s.setRecordsPerSample("1000");
        for (int i = 0; i < records / 1000; i++) {
            ok(s.sample(null));
        }
    }

    private double storedPerRecord(String topic, int records) {
        assertThat(kafka.endOffsets(topic)).isEqualTo(records);
        long stored = new StoredBytes(kafka.admin).settled(topic);
        // a size that never settled (-1) would let the comparisons pass on negative numbers
        assertThat(stored).as("settled size of %s", topic).isPositive();
        return stored / (double) records;
    }

    /** Kafka's ProducerPerformance in its own JVM, as the bench starts it; returns what the tool printed. */
    private static String producerPerformance(List<String> args, Path dir) {
        KafkaTool.Result result = KafkaTool.run(KafkaTool.PRODUCER_PERFORMANCE, args, dir, Duration.ofMinutes(3));
        assertThat(result.exitCode).as(result.stdout).isZero();
        return result.stdout;
    }

    // ---- bad input ----

    @Test
    void aTemplateWithAnUnknownPlaceholderIsRefused() {
        String topic = kafka.topic("bad-template", 1);
        KafkaProducerSampler s = sampler(unique("bad-template"), kafka.connect(Map.of()), topic);
        s.setValue("{\"id\": {{nope 3}}}");
        refusedThenSent(
                s,
                topic,
                "value: template placeholder {{nope 3}} at character 8: unknown placeholder 'nope'",
                x -> x.setValue("{\"id\": {{gseq}}}"));
        assertThat(kafka.read(topic))
                .extracting(rec -> new String(rec.value(), StandardCharsets.UTF_8))
                .containsExactly("{\"id\": 0}", "{\"id\": 1}", "{\"id\": 2}");
    }

    @Test
    void aFieldRuleForAFieldTheSchemaLacksIsRefused() {
        String topic = kafka.topic("bad-rule", 1);
        KafkaProducerSampler s = avroSampler(kafka.connect(Map.of()), topic, "binary");
        s.getFieldRules().add(new KeyValue("account.holdr", "x"));
        refusedThenSent(
                s,
                topic,
                "field rule 'account.holdr': no such field in schema Payment (did you mean 'account.holder'?)",
                x -> x.getFieldRules().removeIf(rule -> rule.getKey().equals("account.holdr")));
    }

    @Test
    void aSchemaThatDoesNotParseIsRefused() {
        String topic = kafka.topic("bad-schema", 1);
        KafkaProducerSampler s = avroSampler(kafka.connect(Map.of()), topic, "binary");
        s.getFieldRules().clear();
        s.setValueSchema("{'type': 'record', 'name': 'Broken', 'fields': [{'name': 'a', 'type': 'nosuchtype'}]}"
                .replace('\'', '"'));
        SampleResult refused =
                refusedThenSent(s, topic, "Avro schema text does not parse: ", x -> x.setValueSchema(PAYMENT_SCHEMA));
        assertThat(refused.getResponseMessage()).contains("nosuchtype");
        assertThat(kafka.read(topic)).allSatisfy(rec -> decode(PAYMENT, rec.value()));
    }

    /**
     * The sample fails with 400 and the reason, before anything reaches the broker; once the input
     * is fixed, the next sample sends its three records. Returns the refused sample.
     */
    private SampleResult refusedThenSent(
            KafkaProducerSampler s, String topic, String reason, Consumer<KafkaProducerSampler> fix) {
        s.setRecordsPerSample("3");

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).contains(reason);
        assertThat(kafka.endOffsets(topic)).as("records on the broker").isZero();

        fix.accept(s);
        ok(s.sample(null));
        assertThat(kafka.endOffsets(topic)).isEqualTo(3);
        return r;
    }

    // ---- helpers ----

    private static KafkaProducerSampler avroSampler(String connection, String topic, String schemaOutput) {
        KafkaProducerSampler s = sampler(unique("avro-" + schemaOutput), connection, topic);
        s.setValueMode("avro");
        s.setValueSchema(PAYMENT_SCHEMA);
        s.setSchemaOutput(schemaOutput);
        PAYMENT_RULES.forEach((path, rule) -> s.getFieldRules().add(new KeyValue(path, rule)));
        return s;
    }

    private static Map<String, String> rules(String... pathsAndRules) {
        Map<String, String> rules = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndRules.length; i += 2) {
            rules.put(pathsAndRules[i], pathsAndRules[i + 1]);
        }
        return rules;
    }

    /** One record of the schema from the whole value, as a reader with the schema decodes it. */
    private static GenericRecord decode(Schema schema, byte[] value) {
        BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(value, null);
        try {
            GenericRecord record = new GenericDatumReader<GenericRecord>(schema).read(null, decoder);
            assertThat(decoder.isEnd()).as("bytes left after the record").isTrue();
            assertThat(GenericData.get().validate(schema, record)).isTrue();
            return record;
        } catch (IOException e) {
            throw new AssertionError("not a record of " + schema.getFullName() + ": " + e, e);
        }
    }

    private static BigDecimal decimal(GenericRecord record, String field) {
        Schema schema = record.getSchema().getField(field).schema();
        return new Conversions.DecimalConversion()
                .fromBytes(((ByteBuffer) record.get(field)).duplicate(), schema, schema.getLogicalType());
    }

    private static JsonNode json(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            assertThat(node.isObject()).as(text).isTrue();
            return node;
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text + "\n" + e, e);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<Long> range(int n) {
        return LongStream.range(0, n).boxed().collect(Collectors.toList());
    }

    /** A record as the plugin's consumer put it into the JMeter variables. */
    private static final class Read {
        final long offset;
        final String key;
        final String value;
        final Map<String, String> headers;

        Read(long offset, String key, String value, Map<String, String> headers) {
            this.offset = offset;
            this.key = key;
            this.value = value;
            this.headers = headers;
        }
    }

    /**
     * The topic's first {@code records} records as the plugin's Kafka Consumer reads them, from its
     * variables ({@code <prefix>_value_i} ...), in a fresh group from the earliest offsets.
     */
    private List<Read> consume(String connection, String topic, String valueSchema, String prefix, int records) {
        KafkaConsumerSampler c = new KafkaConsumerSampler();
        c.setName(unique("consume"));
        c.setConnectionName(connection);
        c.setTopics(topic);
        c.setGroupId(unique("group"));
        c.setStartAt("earliest");
        c.setValueSchema(valueSchema);
        c.setVariablePrefix(prefix);
        c.setRecordsPerSample(Integer.toString(records));
        c.setPollTimeout("15000");
        List<Read> reads = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try {
            while (reads.size() < records && System.nanoTime() < deadline) {
                ok(c.sample(null));
                int count = Integer.parseInt(vars.get(prefix + "_count"));
                for (int i = 1; i <= count; i++) {
                    Map<String, String> headers = new LinkedHashMap<>();
                    String hs = vars.get(prefix + "_headers_" + i);
                    for (String h : hs.isEmpty() ? new String[0] : hs.split(",")) {
                        headers.put(h.substring(0, h.indexOf('=')), h.substring(h.indexOf('=') + 1));
                    }
                    reads.add(new Read(
                            Long.parseLong(vars.get(prefix + "_offset_" + i)),
                            vars.get(prefix + "_key_" + i),
                            vars.get(prefix + "_value_" + i),
                            headers));
                }
            }
        } finally {
            c.threadFinished();
        }
        return reads;
    }
}
