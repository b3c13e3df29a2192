package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.LiveKafka.ok;
import static io.github.jmeterkafka.sampler.LiveKafka.sampler;
import static io.github.jmeterkafka.sampler.LiveKafka.unique;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.payload.registry.RegistryConfig;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.payload.schema.WireFormat;
import io.github.jmeterkafka.payload.source.Bytes;
import io.github.jmeterkafka.registry.ConfluentAvroSerializer;
import io.github.jmeterkafka.registry.SchemaRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Kafka Producer hands Avro records to a schema registry's serializer named in the connection's
 * producer properties, with the registry settings beside it, and what reaches the topic is
 * Confluent's wire format against a real registry (Apicurio's Confluent API).
 */
class SchemaRegistryIT {

    private static final String SCHEMA = """
            {"type": "record", "name": "Payment", "namespace": "shop", "fields": [
              {"name": "id", "type": "long"},
              {"name": "customer", "type": "string"},
              {"name": "status", "type": {"type": "enum", "name": "Status", "symbols": ["NEW", "PAID", "SHIPPED"]}},
              {"name": "qty", "type": "int"},
              {"name": "amount", "type": {"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2}},
              {"name": "note", "type": ["null", "string"]},
              {"name": "created", "type": {"type": "long", "logicalType": "timestamp-millis"}}
            ]}
            """;

    private static final String AVRO_ORDER = """
            {"type": "record", "name": "Order", "namespace": "shop", "fields": [
              {"name": "seq", "type": "long"},
              {"name": "customer", "type": "string"},
              {"name": "amount", "type": "double"}
            ]}
            """;
    private static final String JSON_ORDER = """
            {"$schema": "http://json-schema.org/draft-07/schema#", "title": "shop.Order", "type": "object",
             "properties": {
               "seq": {"type": "integer"},
               "customer": {"type": "string", "minLength": 3},
               "amount": {"type": "number", "minimum": 0}
             },
             "required": ["seq", "customer", "amount"], "additionalProperties": false}
            """;
    private static final String PROTO_ORDER = """
            syntax = "proto3";
            package shop;
            message Order {
              int64 seq = 1;
              string customer = 2;
              double amount = 3;
            }
            """;

    private static SchemaRegistry registry;

    @RegisterExtension
    final LiveKafka kafka = new LiveKafka(SharedBroker.get());

    @BeforeAll
    static void startRegistry() {
        registry = SchemaRegistry.shared();
    }

    @Test
    void avroRecordsReachTheTopicInConfluentWireFormatWithARegisteredSchema() throws IOException {
        String connection = kafka.connect(Map.of(
                "value.serializer",
                ConfluentAvroSerializer.class.getName(),
                ConfluentAvroSerializer.URL_CONFIG,
                registry.confluentUrl()));
        // one partition: the records come back in the order they were made
        String topic = kafka.topic("registry", 1);
        KafkaProducerSampler s = sampler(unique("registry"), connection, topic);
        s.setValueMode("valueMode.avro");
        s.setValueSchema(SCHEMA);
        s.setSchemaOutput("schemaOutput.record");
        s.getFieldRules().add(new KeyValue("id", "{{seq}}"));
        s.getFieldRules().add(new KeyValue("customer", "customer-{{int 1 50}}"));
        s.getFieldRules().add(new KeyValue("status", "{{pick NEW PAID}}"));
        s.getFieldRules().add(new KeyValue("qty", "{{int 1 5}}"));
        s.getFieldRules().add(new KeyValue("amount", "{{decimal 1 100 2}}"));
        s.setRecordsPerSample("50");

        long counted = 0;
        for (int i = 0; i < 4; i++) {
            counted += ok(s.sample(null)).getSampleCount();
        }

        assertThat(counted).isEqualTo(200);
        List<ConsumerRecord<byte[], byte[]>> records = kafka.read(topic);
        assertThat(records).hasSize(200);
        Set<Integer> ids = new HashSet<>();
        for (ConsumerRecord<byte[], byte[]> record : records) {
            assertThat(record.value()).hasSizeGreaterThan(ConfluentAvroSerializer.HEADER_SIZE);
            assertThat(record.value()[0]).isEqualTo(ConfluentAvroSerializer.MAGIC_BYTE);
            ids.add(ByteBuffer.wrap(record.value(), 1, 4).getInt());
        }
        assertThat(ids).as("one schema, one id").hasSize(1);
        int id = ids.iterator().next();
        Schema registered = new Schema.Parser().parse(registry.schemaById(id));
        assertThat(registered).isEqualTo(new Schema.Parser().parse(SCHEMA));
        assertThat(registry.subjects()).contains(topic + "-value");
        assertThat(registry.versions(topic + "-value")).hasSize(1);

        Schema.Field amountField = registered.getField("amount");
        Conversions.DecimalConversion decimals = new Conversions.DecimalConversion();
        GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(registered);
        List<Long> seqs = new ArrayList<>();
        Set<String> statuses = new HashSet<>();
        BinaryDecoder decoder = null;
        for (ConsumerRecord<byte[], byte[]> record : records) {
            byte[] value = record.value();
            decoder = DecoderFactory.get()
                    .binaryDecoder(
                            value,
                            ConfluentAvroSerializer.HEADER_SIZE,
                            value.length - ConfluentAvroSerializer.HEADER_SIZE,
                            decoder);
            GenericRecord decoded = reader.read(null, decoder);
            assertThat(decoder.isEnd()).as("every byte is the record's").isTrue();
            assertThat(GenericData.get().validate(registered, decoded))
                    .as("%s", decoded)
                    .isTrue();

            seqs.add((Long) decoded.get("id"));
            assertThat(decoded.get("customer").toString()).matches("customer-[0-9]+");
            assertThat(Integer.parseInt(decoded.get("customer").toString().substring("customer-".length())))
                    .isBetween(1, 50);
            statuses.add(decoded.get("status").toString());
            assertThat((Integer) decoded.get("qty")).isBetween(1, 5);
            BigDecimal amount = decimals.fromBytes(
                    (ByteBuffer) decoded.get("amount"), amountField.schema(), LogicalTypes.decimal(10, 2));
            assertThat(amount.scale()).isEqualTo(2);
            assertThat(amount).isBetween(BigDecimal.ONE, new BigDecimal(100));
        }
        assertThat(seqs)
                .as("{{seq}} counts this thread's records from 0")
                .containsExactlyElementsOf(LongStream.range(0, 200).boxed().toList());
        assertThat(statuses).isSubsetOf("NEW", "PAID").hasSize(2);
    }

    @Test
    void theConsumerReadsAvroProtobufAndJsonSchemaValuesInWireFormatWithNoDeserializer() throws Exception {
        String topic = kafka.topic("framed", 1);
        int avroId = registry.register(
                topic + "-avro",
                "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\",\"fields\":["
                        + "{\"name\":\"id\",\"type\":\"string\"},{\"name\":\"qty\",\"type\":\"int\"}]}",
                "AVRO");
        String proto = "syntax = \"proto3\"; package shop; message Other { string x = 1; }"
                + " message Order { string id = 1; int32 qty = 2; }";
        int protoId = registry.register(topic + "-proto", proto, "PROTOBUF");
        int jsonId = registry.register(
                topic + "-json", "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"}}}", "JSON");

        GenericData.Record avro = new GenericData.Record(new Schema.Parser().parse(registry.schemaById(avroId)));
        avro.put("id", "o-1");
        avro.put("qty", 2);
        java.io.ByteArrayOutputStream avroBytes = new java.io.ByteArrayOutputStream();
        org.apache.avro.io.BinaryEncoder encoder =
                org.apache.avro.io.EncoderFactory.get().binaryEncoder(avroBytes, null);
        new org.apache.avro.generic.GenericDatumWriter<GenericRecord>(avro.getSchema()).write(avro, encoder);
        encoder.flush();
        var type = io.github.jmeterkafka.payload.schema.ProtobufRecords.parseProtoSchema(proto, "Order");
        byte[] protoBytes = com.google.protobuf.DynamicMessage.newBuilder(type)
                .setField(type.findFieldByName("id"), "o-2")
                .setField(type.findFieldByName("qty"), 3)
                .build()
                .toByteArray();
        try (var producer = new org.apache.kafka.clients.producer.KafkaProducer<byte[], byte[]>(
                Map.of("bootstrap.servers", SharedBroker.get().bootstrapServers()),
                new org.apache.kafka.common.serialization.ByteArraySerializer(),
                new org.apache.kafka.common.serialization.ByteArraySerializer())) {
            for (byte[] value : List.of(
                    framed(avroId, new byte[0], avroBytes.toByteArray()),
                    // the second message of the file: indexes [1], a count of 1 and the index, zigzag
                    framed(protoId, new byte[] {2, 2}, protoBytes),
                    framed(jsonId, new byte[0], "{\"id\":\"o-3\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                    framed(999_999, new byte[0], new byte[] {1, 2, 3}))) {
                producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>(topic, value))
                        .get();
            }
        }
        KafkaConsumerSampler c = new KafkaConsumerSampler();
        c.setName("framed");
        c.setConnectionName(kafka.connect(Map.of(ConfluentAvroSerializer.URL_CONFIG, registry.confluentUrl())));
        c.setTopics(topic);
        c.setGroupId(unique("framed"));
        c.setStartAt("startAt.earliest");
        c.setRecordsPerSample("4");
        c.setPollTimeout("20000");
        try {
            SampleResult r = ok(c.sample(null));

            assertThat(r.getSampleCount()).isEqualTo(4);
            assertThat(r.getResponseDataAsString())
                    .contains("{\"id\":\"o-1\",\"qty\":2}", "{\"id\":\"o-2\",\"qty\":3}", "{\"id\":\"o-3\"}")
                    .as("an unknown id: the value's bytes, counted")
                    .contains("\u0001\u0002\u0003");
            assertThat(Connections.get(c.getConnectionName())
                            .schemaRegistry()
                            .orElseThrow()
                            .unknownValues())
                    .as("values shown with an unknown id, by id")
                    .containsOnlyKeys(999_999);
        } finally {
            c.threadFinished();
        }
    }

    static Stream<Arguments> formats() {
        return Stream.of(
                Arguments.of("valueMode.avro", AVRO_ORDER, "AVRO"),
                Arguments.of("valueMode.jsonSchema", JSON_ORDER, "JSON"),
                Arguments.of("valueMode.protobuf", PROTO_ORDER, "PROTOBUF"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("formats")
    void theBuiltInOutputWritesConfluentWireFormatWithNoSerializer(String mode, String schema, String type)
            throws Exception {
        String topic = kafka.topic("builtin", 1);
        KafkaProducerSampler s =
                sampler(unique("builtin"), kafka.connect(Map.of(RegistryConfig.URL, registry.confluentUrl())), topic);
        s.setValueMode(mode);
        s.setValueSchema(schema);
        s.setSchemaOutput("schemaOutput.registry");
        s.getFieldRules().add(new KeyValue("seq", "{{seq}}"));
        s.setRecordsPerSample("100");
        for (int i = 0; i < 3; i++) {
            ok(s.sample(null));
        }

        List<ConsumerRecord<byte[], byte[]>> records = kafka.read(topic);
        assertThat(records).hasSize(300);
        Set<Integer> ids = new HashSet<>();
        records.forEach(r -> ids.add(WireFormat.of(ByteBuffer.wrap(r.value())).schemaId()));
        assertThat(ids).as("one schema, one id").hasSize(1);
        int id = ids.iterator().next();
        assertThat(registry.subjects()).contains(topic + "-value");
        assertThat(registry.versions(topic + "-value")).hasSize(1);
        Function<ByteBuffer, Long> decode = decoder(type, registry.schemaById(id));
        List<Long> seqs = new ArrayList<>();
        for (ConsumerRecord<byte[], byte[]> record : records) {
            seqs.add(decode.apply(WireFormat.of(ByteBuffer.wrap(record.value())).payload()));
        }
        assertThat(seqs)
                .containsExactlyElementsOf(LongStream.range(0, 300).boxed().toList());
    }

    /** Each value decoded by the format's own library with the schema the registry has: its seq field. */
    private static Function<ByteBuffer, Long> decoder(String type, String registered) {
        return switch (type) {
            case "AVRO" -> {
                Schema avro = new Schema.Parser().parse(registered);
                GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(avro);
                yield payload -> {
                    try {
                        byte[] bytes = Bytes.copy(payload);
                        BinaryDecoder d = DecoderFactory.get().binaryDecoder(bytes, null);
                        GenericRecord r = reader.read(null, d);
                        assertThat(d.isEnd()).isTrue();
                        assertThat(GenericData.get().validate(avro, r)).isTrue();
                        return (Long) r.get("seq");
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                };
            }
            case "PROTOBUF" -> {
                Descriptor message = ProtobufRecords.parseProtoSchema(registered, "");
                yield payload -> {
                    assertThat(WireFormat.messageIndexes(payload)).containsExactly(0);
                    try {
                        DynamicMessage m = DynamicMessage.parseFrom(message, Bytes.copy(payload));
                        assertThat(m.getUnknownFields().asMap()).isEmpty();
                        return (Long) m.getField(message.findFieldByName("seq"));
                    } catch (InvalidProtocolBufferException e) {
                        throw new IllegalStateException(e);
                    }
                };
            }
            default -> {
                JsonSchema jsonSchema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7)
                        .getSchema(registered);
                ObjectMapper mapper = new ObjectMapper();
                yield payload -> {
                    try {
                        JsonNode document = mapper.readTree(Bytes.copy(payload));
                        assertThat(jsonSchema.validate(document))
                                .as("%s", document)
                                .isEmpty();
                        return document.get("seq").asLong();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                };
            }
        };
    }

    @Test
    void theSubjectFollowsTheStrategyAndAnIncompatibleSchemaFailsWithTheRegistrysMessage() throws Exception {
        String topic = kafka.topic("subjects", 1);
        String connection = kafka.connect(Map.of(
                RegistryConfig.URL,
                registry.confluentUrl(),
                RegistryConfig.SUBJECT_STRATEGY,
                "io.confluent.kafka.serializers.subject.TopicRecordNameStrategy"));
        KafkaProducerSampler s = sampler(unique("subjects"), connection, topic);
        s.setValueMode("valueMode.avro");
        s.setValueSchema(AVRO_ORDER);
        s.setSchemaOutput("schemaOutput.registry");
        s.setRecordsPerSample("10");
        ok(s.sample(null));
        String subject = topic + "-shop.Order";
        assertThat(registry.subjects()).contains(subject).doesNotContain(topic + "-value");

        registry.compatibility(subject, "BACKWARD");
        KafkaProducerSampler changed = sampler(unique("changed"), connection, topic);
        changed.setValueMode("valueMode.avro");
        // a new field without a default: old records cannot be read with it
        changed.setValueSchema(AVRO_ORDER.replace(
                "{\"name\": \"seq\", \"type\": \"long\"}",
                "{\"name\": \"seq\", \"type\": \"long\"}, {\"name\": \"region\", \"type\": \"string\"}"));
        changed.setSchemaOutput("schemaOutput.registry");
        SampleResult refused = changed.sample(null);

        assertThat(refused.isSuccessful()).isFalse();
        assertThat(refused.getResponseCode()).isEqualTo("400");
        assertThat(refused.getResponseMessage()).contains("refused the schema for subject " + subject + " (409)");
        assertThat(registry.versions(subject)).hasSize(1);
    }

    @Test
    void aRegistryThatIsDownFailsEachSampleClearlyAndIsNotAskedAgainAtOnce() {
        String topic = kafka.topic("down", 1);
        String url = "http://127.0.0.1:" + Loopback.freePort() + "/apis/ccompat/v6";
        KafkaProducerSampler s = sampler(unique("down"), kafka.connect(Map.of(RegistryConfig.URL, url)), topic);
        s.setValueMode("valueMode.avro");
        s.setValueSchema(AVRO_ORDER);
        s.setSchemaOutput("schemaOutput.registry");

        SampleResult first = s.sample(null);
        SampleResult second = s.sample(null);

        assertThat(first.isSuccessful()).isFalse();
        assertThat(first.getResponseMessage()).contains("schema registry " + url + " did not answer");
        assertThat(second.isSuccessful()).isFalse();
        assertThat(second.getResponseMessage()).contains("not asked again for 5 s");
        assertThat(kafka.read(topic)).isEmpty();
    }

    private static byte[] framed(int id, byte[] indexes, byte[] payload) {
        return ByteBuffer.allocate(5 + indexes.length + payload.length)
                .put((byte) 0)
                .putInt(id)
                .put(indexes)
                .put(payload)
                .array();
    }
}
