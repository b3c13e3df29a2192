package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.LiveKafka.ok;
import static io.github.jmeterkafka.sampler.LiveKafka.sampler;
import static io.github.jmeterkafka.sampler.LiveKafka.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.registry.ConfluentAvroSerializer;
import io.github.jmeterkafka.registry.SchemaRegistry;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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

    private static SchemaRegistry registry;
    private LiveKafka kafka;

    @BeforeAll
    static void startRegistry() {
        registry = SchemaRegistry.start();
    }

    @AfterAll
    static void stopRegistry() {
        if (registry != null) {
            registry.close();
        }
    }

    @BeforeEach
    void start() {
        kafka = new LiveKafka(SharedBroker.get());
    }

    @AfterEach
    void stop() {
        kafka.close();
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
                    .contains("has no schema id 999999");
        } finally {
            c.threadFinished();
        }
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
