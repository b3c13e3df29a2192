package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the producer sampler's records are made of: every record its own. */
class KafkaProducerRecordsTest {
    private TestClients clients;

    @AfterEach
    void unbind() {
        TestClients.unbind();
    }

    private KafkaProducerSampler sampler(String valueMode, int perSample) {
        clients = new TestClients(true).bind();
        KafkaProducerSampler s = new KafkaProducerSampler();
        s.setName("records-" + System.nanoTime());
        s.setTopic("t");
        s.setValueMode(valueMode);
        s.setRecordsPerSample(Integer.toString(perSample));
        return s;
    }

    private List<String> values() {
        return clients.producer.history().stream()
                .map(r -> new String((byte[]) r.value(), StandardCharsets.UTF_8))
                .collect(Collectors.toList());
    }

    @Test
    void randomValuesAreNewForEveryRecordAndOnceOnlyWhenAskedFor() {
        KafkaProducerSampler s = sampler("random", 50);
        s.setRecordSize("100-200");
        assertThat(s.sample(null).isSuccessful()).isTrue();
        assertThat(new HashSet<>(values())).hasSize(50);
        assertThat(values()).allSatisfy(v -> assertThat(v).matches("[A-Z]{100,200}"));

        TestClients.unbind();
        KafkaProducerSampler once = sampler("randomOnce", 50);
        once.setRecordSize("100");
        once.sample(null);
        assertThat(new HashSet<>(values())).hasSize(1);
    }

    @Test
    void theValueKeyAndHeadersAreTemplatesRenderedPerRecord() {
        KafkaProducerSampler s = sampler("text", 20);
        s.setKeyMode("text");
        s.setKey("cust-{{int 1 3}}");
        s.setValue("{\"n\":{{seq}},\"customer\":\"{{key}}\"}");
        s.getHeaders().add(new KeyValue("id", "{{uuid}}"));

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isTrue();
        List<ProducerRecord<Object, Object>> sent = clients.producer.history();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < sent.size(); i++) {
            String key = new String((byte[]) sent.get(i).key(), StandardCharsets.UTF_8);
            assertThat(key).matches("cust-[1-3]");
            assertThat(values().get(i)).isEqualTo("{\"n\":" + i + ",\"customer\":\"" + key + "\"}");
            ids.add(new String(sent.get(i).headers().lastHeader("id").value(), StandardCharsets.UTF_8));
        }
        assertThat(ids).hasSize(20);
        // a second sample goes on counting
        s.sample(null);
        assertThat(values().get(20)).startsWith("{\"n\":20,");
    }

    @Test
    void aSeedRepeatsTheRecordsAndAnotherSeedMakesOthers() {
        List<String> first = seeded("42");
        assertThat(first).hasSize(10).doesNotHaveDuplicates();
        assertThat(seeded("42")).isEqualTo(first);
        assertThat(seeded("43")).hasSize(10).doesNotContainAnyElementsOf(first);
    }

    /** The values of one successful sample of 10 templated records made with {@code seed}. */
    private List<String> seeded(String seed) {
        TestClients.unbind();
        KafkaProducerSampler s = sampler("text", 10);
        s.setValue("{{uuid}} {{faker Name.fullName}} {{decimal 1 100 2}}");
        s.setSeed(seed);
        SampleResult r = s.sample(null);
        assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
        return values();
    }

    @Test
    void avroRecordsForTheSerializerNeedOneThatTakesThem() {
        KafkaProducerSampler s = sampler("avro", 1);
        s.setValueSchema("{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"}]}");
        s.setSchemaOutput("record");

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).contains("value.serializer").contains("ByteArraySerializer");
        assertThat(clients.producer.history()).isEmpty();
    }

    @Test
    void avroBinaryFollowsItsFieldRules() {
        KafkaProducerSampler s = sampler("avro", 5);
        s.setValueSchema("{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"},"
                + "{\"name\":\"s\",\"type\":\"string\"}]}");
        s.getFieldRules().add(new KeyValue("a", "{{int 7 7}}"));

        assertThat(s.sample(null).isSuccessful()).isTrue();
        // zig-zag 7 is 14; then the string's length and bytes
        assertThat(clients.producer.history())
                .allSatisfy(rec -> assertThat(((byte[]) rec.value())[0]).isEqualTo((byte) 14));
    }

    @Test
    void protobufMessagesFromInlineProtoText() throws Exception {
        String proto = """
                syntax = "proto3";
                package shop;
                message Order {
                  string id = 1;
                  int32 qty = 2;
                  repeated string tags = 3;
                }
                """;
        KafkaProducerSampler s = sampler("protobuf", 20);
        s.setValueSchema(proto);
        s.getFieldRules().add(new KeyValue("id", "ord-{{seq}}"));

        assertThat(s.sample(null).isSuccessful()).isTrue();

        Descriptors.Descriptor order = ProtobufRecords.parseProtoSchema(proto, "");
        for (int i = 0; i < 20; i++) {
            DynamicMessage m = DynamicMessage.parseFrom(
                    order, (byte[]) clients.producer.history().get(i).value());
            assertThat(m.getField(order.findFieldByName("id"))).isEqualTo("ord-" + i);
            assertThat((List<?>) m.getField(order.findFieldByName("tags"))).isNotEmpty();
        }
    }
}
