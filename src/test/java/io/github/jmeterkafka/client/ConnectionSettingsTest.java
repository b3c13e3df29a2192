package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionSettingsTest {

    private static ConnectionSettings settings(Map<String, String> common, Map<String, String> producer) {
        Map<String, String> c = new LinkedHashMap<>(common);
        c.putIfAbsent("bootstrap.servers", "localhost:9092");
        return new ConnectionSettings("kafka", "p", c, producer, Map.of());
    }

    @Test
    void validSettingsHaveNoProblem() {
        assertThat(settings(Map.of("request.timeout.ms", "5000"), Map.of("acks", "all"))
                        .problems())
                .isEmpty();
    }

    @Test
    void theConsumerTableServesBothKinds_eachGetsWhatItTakes() {
        ConnectionSettings s = new ConnectionSettings(
                "kafka",
                "p",
                Map.of("bootstrap.servers", "localhost:9092"),
                Map.of(),
                Map.of("share.acquire.mode", "batch_optimized", "isolation.level", "read_committed"));
        assertThat(s.problems()).isEmpty();
        assertThat(s.consumerConfig("c", Map.of()))
                .containsEntry("isolation.level", "read_committed")
                .doesNotContainKey("share.acquire.mode");
        assertThat(s.shareConsumerConfig("s", Map.of()))
                .containsEntry("share.acquire.mode", "batch_optimized")
                .doesNotContainKey("isolation.level");
        // max.poll.records a hard limit unless the table says otherwise
        assertThat(new ConnectionSettings(
                                "kafka", "p", Map.of("bootstrap.servers", "localhost:9092"), Map.of(), Map.of())
                        .shareConsumerConfig("s", Map.of()))
                .containsEntry("share.acquire.mode", "record_limit");
    }

    @Test
    void unknownKeysAreRefusedByName() {
        assertThat(settings(Map.of("request.timeout", "5000"), Map.of("ack", "1"))
                        .problems())
                .containsExactly(
                        "'request.timeout' in client properties is not a Kafka client property",
                        "'ack' in producer properties is not a Kafka client property (settings of your own serializer,"
                                + " interceptor or partitioner are taken once its class is set)");
    }

    @Test
    void aSerializerOfYourOwnGetsItsOwnSettings_andConfigProvidersTheirs() {
        Map<String, String> producer = Map.of(
                "value.serializer", TestSerializer.class.getName(), "schema.registry.url", "http://registry:8081");
        ConnectionSettings s = settings(
                Map.of(
                        "config.providers",
                        "env",
                        "config.providers.env.class",
                        "org.apache.kafka.common.config.provider.EnvVarConfigProvider"),
                producer);
        assertThat(s.problems()).isEmpty();
        assertThat(s.producerConfig("id")).containsEntry("schema.registry.url", "http://registry:8081");
        // without a class of its own, another key is a typo
        assertThat(settings(Map.of(), Map.of("value.subject.nam.strategy", "x")).problems())
                .hasSize(1);
        // the registry's own settings the plugin reads itself (to show framed values), kept from Kafka's clients
        ConnectionSettings plain = settings(Map.of(), Map.of("schema.registry.url", "http://registry:8081"));
        assertThat(plain.problems()).isEmpty();
        assertThat(plain.producerConfig("id")).doesNotContainKey("schema.registry.url");
        assertThat(plain.serdeSetting("schema.registry.url")).contains("http://registry:8081");
        // as are those of the plugin's own registry output
        assertThat(settings(Map.of(), Map.of("value.subject.name.strategy", "RecordNameStrategy"))
                        .problems())
                .isEmpty();
    }

    /** A serializer that is not Kafka's own. */
    public static final class TestSerializer extends org.apache.kafka.common.serialization.ByteArraySerializer {}

    @Test
    void badValuesAreRefusedByKafkasOwnParser() {
        assertThat(settings(Map.of(), Map.of("acks", "banana")).problems())
                .singleElement()
                .asString()
                .startsWith("producer config: ")
                .contains("acks");
        assertThat(settings(Map.of(), Map.of("value.serializer", "no.such.Serializer"))
                        .problems())
                .singleElement()
                .asString()
                .contains("no.such.Serializer");
    }

    @Test
    void emptyBootstrapIsAProblem() {
        assertThat(settings(Map.of("bootstrap.servers", " "), Map.of()).problems())
                .contains("bootstrap servers are empty");
    }

    @Test
    void keysSomethingElseAlwaysSetsAreRefused_notSilentlyOverridden() {
        ConnectionSettings s = new ConnectionSettings(
                "kafka",
                "p",
                Map.of("bootstrap.servers", "localhost:9092", "client.id", "mine"),
                Map.of("transactional.id", "tx", "bootstrap.servers", "other:9092"),
                Map.of("group.id", "g", "enable.auto.commit", "true", "auto.offset.reset", "latest"));
        assertThat(s.problems())
                .containsExactlyInAnyOrder(
                        "'client.id' in client properties would be overridden: the plugin makes one per client from the Client id prefix field",
                        "'transactional.id' in producer properties would be overridden: the Kafka Producer's Transactional option makes one per thread",
                        "'group.id' in consumer properties would be overridden: it is the Kafka Consumer's Group id field",
                        "'enable.auto.commit' in consumer properties would be overridden: the Kafka Consumer's Commit field decides what is committed",
                        "'auto.offset.reset' in consumer properties would be overridden: the Kafka Consumer's Start at field decides it",
                        "'bootstrap.servers' in producer properties would send some clients to another cluster: it is the Bootstrap servers field");
    }

    @Test
    void commonKeysReachOnlyTheClientsThatKnowThem() {
        ConnectionSettings s = settings(Map.of("fetch.min.bytes", "1", "linger.ms", "7"), Map.of());
        assertThat(s.producerConfig("id"))
                .containsEntry("linger.ms", "7")
                .doesNotContainKey("fetch.min.bytes")
                .containsEntry("client.id", "id");
        assertThat(s.consumerConfig("id", Map.of()))
                .containsEntry("fetch.min.bytes", "1")
                .doesNotContainKey("linger.ms");
        assertThat(s.adminConfig("id")).doesNotContainKeys("fetch.min.bytes", "linger.ms");
    }

    @Test
    void secretsAreMaskedInTheDescription() {
        String text = settings(
                        Map.of(
                                "ssl.truststore.password",
                                "hunter2",
                                "sasl.jaas.config",
                                "x required password=\"hunter2\";"),
                        Map.of())
                .describe();
        assertThat(text).doesNotContain("hunter2").contains("ssl.truststore.password=" + Secrets.MASK);
    }

    @Test
    void clientIdsDifferPerClientAndNameTheHostAndProcess() {
        ClientIds ids = new ClientIds("p", "host1");
        String a = ids.next("producer");
        String b = ids.next("producer");
        assertThat(a)
                .isNotEqualTo(b)
                .startsWith("p-host1-" + ProcessHandle.current().pid() + "-producer-");
    }
}
