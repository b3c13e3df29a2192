package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.apicurio.registry.serde.avro.AvroKafkaDeserializer;
import io.apicurio.registry.serde.jsonschema.JsonSchemaKafkaDeserializer;
import io.apicurio.registry.serde.protobuf.ProtobufKafkaDeserializer;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.payload.schema.WireFormat;
import io.github.jmeterkafka.registry.SchemaRegistry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Apicurio's own registry serializers, from Maven Central, in a real JMeter's lib/ext: the Kafka Producer hands each
 * the object it takes (an Avro GenericRecord, a Jackson JsonNode, a Protobuf DynamicMessage of the serializer's own
 * libraries), and Apicurio's deserializers read every record back here, equal to what the plugin sent; in JMeter
 * the Kafka Consumer shows what the deserializers return as JSON.
 */
class RegistrySerializersPlanIT {
    private static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/registry-serdes.jmx");
    private static final int LOOPS = 4;
    private static final int RECORDS = LOOPS * 50;
    private static final String SERDE = "io.apicurio.registry.serde.";

    private static SchemaRegistry registry;
    private static KafkaBroker broker;
    private static Admin admin;
    private static JMeter jmeter;
    private static final List<String> added = new ArrayList<>();

    @BeforeAll
    static void start() {
        registry = SchemaRegistry.shared();
        broker = SharedBroker.get();
        admin = broker.admin();
        jmeter = JMeter.fromSystemProperties().installPlugin();
        List<Path> jars = JMeter.jars(Harness.jmeterHome().getParent().resolve("jmeter-extra-apicurio"), "");
        assertThat(jars).as("Apicurio's serdes from src/test/homes/serdes").isNotEmpty();
        for (Path jar : jars) {
            String name = jar.getFileName().toString();
            assertThat(name).doesNotStartWith("kafka-clients").doesNotStartWith("avro-");
            assertThat(jmeter.libDir().resolve(name))
                    .as("a JMeter jar of that name")
                    .doesNotExist();
            jmeter.addLibExt(jar);
            added.add(name);
        }
    }

    @AfterAll
    static void stop() {
        added.forEach(jmeter::removeLibExt);
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
    }

    static Stream<Arguments> formats() {
        return Stream.of(
                Arguments.of("avro", "valueMode.avro", SERDE + "avro.AvroKafkaSerializer", """
                        {"type": "record", "name": "Order", "namespace": "shop", "fields": [
                          {"name": "seq", "type": "long"},
                          {"name": "customer", "type": "string"},
                          {"name": "amount", "type": "double"}]}
                        """),
                Arguments.of("jsonschema", "valueMode.jsonSchema", SERDE + "jsonschema.JsonSchemaKafkaSerializer", """
                        {"$schema": "http://json-schema.org/draft-07/schema#", "title": "Order", "type": "object",
                         "properties": {"seq": {"type": "integer"}, "customer": {"type": "string"},
                                        "amount": {"type": "number", "minimum": 0}},
                         "required": ["seq", "customer", "amount"], "additionalProperties": false}
                        """),
                Arguments.of("protobuf", "valueMode.protobuf", SERDE + "protobuf.ProtobufKafkaSerializer", """
                        syntax = "proto3";
                        package shop;
                        message Order {
                          int64 seq = 1;
                          string customer = 2;
                          double amount = 3;
                        }
                        """));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void everyRecordReadsBackThroughTheSerdesOwnDeserializer(
            String format, String valueMode, String serializer, String schema) throws IOException {
        String topic = "serdes-" + format + "-" + UUID.randomUUID();
        Topics.create(admin, 1, topic);
        Path schemaFile = Files.createTempFile(Harness.targetDir(), "order-", "." + format);
        Files.writeString(schemaFile, schema, StandardCharsets.UTF_8);
        // Apicurio's JSON Schema serializer takes no schema from the data: it uses the one registered for the topic
        boolean json = format.equals("jsonschema");
        if (json) {
            registry.register(topic + "-value", schema, "JSON");
        }

        JMeter.Result run = jmeter.plan(PLAN)
                .name("serdes-" + format)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("serializer", serializer)
                .property("registry.url", registry.url() + "/apis/registry/v2")
                .property("value.mode", valueMode)
                .property("schema", schemaFile.toString())
                .property("loops", Integer.toString(LOOPS))
                .property("auto.register", Boolean.toString(!json))
                .property("find.latest", Boolean.toString(json))
                .property("deserializer", serializer.replace("Serializer", "Deserializer"))
                .timeout(Duration.ofMinutes(2))
                .run();

        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(run.logErrors()).as(run.describe()).isEmpty();
        Jtl jtl = run.samples();
        assertThat(jtl.rows("Produce through the serializer"))
                .as(run.describe())
                .hasSize(LOOPS);
        // read back in JMeter through the serde's deserializer: shown as JSON, the Response Assertion says
        assertThat(jtl.rows("Consume through the deserializer")).hasSize(LOOPS);
        assertThat(jtl.rows())
                .as(run.describe())
                .allSatisfy(r -> assertThat(r.success())
                        .as("%s: %s %s", r.label(), r.responseMessage(), r.failureMessage())
                        .isTrue());

        List<ConsumerRecord<byte[], byte[]>> records = Topics.read(broker.bootstrapServers(), topic);
        assertThat(records).hasSize(RECORDS);
        Set<Integer> ids = new HashSet<>();
        List<Long> seqs = new ArrayList<>();
        try (Deserializer<Object> deserializer = deserializer(format)) {
            for (ConsumerRecord<byte[], byte[]> r : records) {
                ids.add(WireFormat.of(ByteBuffer.wrap(r.value())).schemaId());
                seqs.add(seq(deserializer.deserialize(topic, r.headers(), r.value())));
            }
        }
        assertThat(seqs)
                .containsExactlyElementsOf(LongStream.range(0, RECORDS).boxed().toList());
        assertThat(ids).as("one schema").hasSize(1);
        assertThat(registry.schemaById(ids.iterator().next()))
                .as("the id resolves in the registry")
                .contains("seq");
    }

    @SuppressWarnings("unchecked")
    private static Deserializer<Object> deserializer(String format) {
        Deserializer<?> d = switch (format) {
            case "avro" -> new AvroKafkaDeserializer<>();
            case "jsonschema" -> new JsonSchemaKafkaDeserializer<>();
            default -> new ProtobufKafkaDeserializer<>();
        };
        d.configure(
                Map.of(
                        "apicurio.registry.url", registry.url() + "/apis/registry/v2",
                        "apicurio.registry.headers.enabled", "false",
                        "apicurio.registry.id-handler", "io.apicurio.registry.serde.Legacy4ByteIdHandler",
                        "apicurio.registry.use-id", "contentId"),
                false);
        return (Deserializer<Object>) d;
    }

    private static long seq(Object value) {
        if (value instanceof GenericRecord avro) {
            return (Long) avro.get("seq");
        }
        if (value instanceof JsonNode node) {
            return node.get("seq").asLong();
        }
        Message message = (Message) value;
        assertThat(message).isInstanceOf(DynamicMessage.class);
        return (Long) message.getField(message.getDescriptorForType().findFieldByName("seq"));
    }
}
