package io.github.jmeterkafka.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.ConnectionSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.jmeter.testbeans.TestBeanHelper;
import org.apache.jmeter.testelement.property.CollectionProperty;
import org.apache.jmeter.testelement.property.TestElementProperty;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Security fields as JMeter fills them from a saved plan. */
class KafkaConnectionSecurityTest {

    @BeforeAll
    static void locale() {
        JMeterUtils.setLocale(Locale.ENGLISH);
    }

    /** A Kafka Connection as a plan saved before the Security fields stores it. */
    private static KafkaConnection savedWithout(String... clientProperties) {
        KafkaConnection el = new KafkaConnection();
        el.setProperty("connectionName", "kafka");
        el.setProperty("bootstrapServers", "127.0.0.1:9093");
        el.setProperty("clientIdPrefix", "old");
        List<TestElementProperty> rows = new ArrayList<>();
        for (int i = 0; i < clientProperties.length; i += 2) {
            rows.add(new TestElementProperty(
                    clientProperties[i], new KeyValue(clientProperties[i], clientProperties[i + 1])));
        }
        el.setProperty(new CollectionProperty("clientProperties", rows));
        el.setProperty(new CollectionProperty("producerProperties", new ArrayList<>()));
        el.setProperty(new CollectionProperty("consumerProperties", new ArrayList<>()));
        TestBeanHelper.prepare(el);
        return el;
    }

    @Test
    void anOldPlanConnectsInPlaintext() {
        KafkaConnection el = savedWithout();
        assertThat(el.getSecurityProtocol()).isEmpty();
        assertThat(el.isSslDisableHostnameVerification()).isFalse();
        ConnectionSettings s = el.settings("kafka");
        assertThat(s.problems()).isEmpty();
        assertThat(s.adminConfig("id"))
                .doesNotContainKeys(
                        "security.protocol",
                        "sasl.mechanism",
                        "ssl.endpoint.identification.algorithm",
                        "ssl.truststore.type");
    }

    @Test
    void anOldPlanKeepsTheSecurityOfItsClientPropertiesTable() {
        String jaas =
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"u\" password=\"pw\";";
        ConnectionSettings s = savedWithout(
                        "security.protocol",
                        "SASL_PLAINTEXT",
                        "sasl.mechanism",
                        "SCRAM-SHA-512",
                        "sasl.jaas.config",
                        jaas)
                .settings("kafka");
        assertThat(s.problems()).isEmpty();
        assertThat(s.producerConfig("id"))
                .containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                .containsEntry("sasl.jaas.config", jaas);
    }

    @Test
    void theFieldsReachTheClients() {
        KafkaConnection el = savedWithout();
        el.setSecurityProtocol("SASL_PLAINTEXT");
        el.setSaslMechanism("SCRAM-SHA-256");
        el.setSaslUsername("alice");
        el.setSaslPassword("alice-pw");
        ConnectionSettings s = el.settings("kafka");
        assertThat(s.problems()).isEmpty();
        assertThat(s.consumerConfig("id", java.util.Map.of()))
                .containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-256")
                .containsEntry(
                        "sasl.jaas.config",
                        "org.apache.kafka.common.security.scram.ScramLoginModule required "
                                + "username=\"alice\" password=\"alice-pw\";");
    }

    @Test
    void aNewElementStartsInPlaintext() {
        KafkaConnection el = new KafkaConnection();
        assertThat(el.getSecurityProtocol()).isEqualTo("PLAINTEXT");
        assertThat(el.security().clientProperties()).isEmpty();
        assertThat(el.security().problems()).isEmpty();
    }
}
