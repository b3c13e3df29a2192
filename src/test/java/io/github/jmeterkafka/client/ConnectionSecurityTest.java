package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Security fields within a connection's settings: every client gets them, tables may not repeat them. */
class ConnectionSecurityTest {
    private static final String PASSWORD = "alice-s3cret";

    private static final SecuritySettings SCRAM = SecuritySettings.builder()
            .protocol("SASL_PLAINTEXT")
            .sasl("SCRAM-SHA-512", "alice", PASSWORD, "")
            .build();

    private static ConnectionSettings settings(
            Map<String, String> common,
            Map<String, String> producer,
            Map<String, String> consumer,
            SecuritySettings security) {
        Map<String, String> c = new LinkedHashMap<>(common);
        c.put("bootstrap.servers", "localhost:9092");
        return new ConnectionSettings("kafka", "p", c, producer, consumer, security);
    }

    @Test
    void everyClientGetsTheSecurityProperties() {
        ConnectionSettings s = settings(Map.of(), Map.of(), Map.of(), SCRAM);
        assertThat(s.problems()).isEmpty();
        for (Map<String, Object> config :
                new Map[] {s.producerConfig("id"), s.consumerConfig("id", Map.of()), s.adminConfig("id")}) {
            assertThat(config)
                    .containsEntry("security.protocol", "SASL_PLAINTEXT")
                    .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                    .containsEntry(
                            "sasl.jaas.config",
                            "org.apache.kafka.common.security.scram.ScramLoginModule required "
                                    + "username=\"alice\" password=\"" + PASSWORD + "\";");
        }
    }

    @Test
    void aKeyInATableAndInTheSecurityFieldsIsAProblemThatShowsNoValue() {
        ConnectionSettings s = settings(
                Map.of("sasl.jaas.config", "other required password=\"table-secret\";"),
                Map.of("security.protocol", "SASL_SSL"),
                Map.of("sasl.mechanism", "PLAIN"),
                SCRAM);
        assertThat(s.problems())
                .containsExactly(
                        "'sasl.jaas.config' is set both by the Security fields and in client properties; keep one",
                        "'security.protocol' is set both by the Security fields and in producer properties; keep one",
                        "'sasl.mechanism' is set both by the Security fields and in consumer properties; keep one");
    }

    @Test
    void withPlaintextTheTableStillSetsSecurityAsInOlderPlans() {
        SecuritySettings guiDefaults = SecuritySettings.builder()
                .protocol("PLAINTEXT")
                .sasl("PLAIN", "", "", "")
                .truststore("JKS", "", "")
                .keystore("JKS", "", "", "")
                .build();
        ConnectionSettings s = settings(
                Map.of(
                        "security.protocol",
                        "SASL_PLAINTEXT",
                        "sasl.mechanism",
                        "PLAIN",
                        "sasl.jaas.config",
                        "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\" password=\"p\";"),
                Map.of(),
                Map.of(),
                guiDefaults);
        assertThat(s.problems()).isEmpty();
        assertThat(s.adminConfig("id"))
                .containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "PLAIN");
    }

    @Test
    void theDescriptionShowsTheSecuritySettingsWithSecretsMasked() {
        String text = settings(Map.of(), Map.of(), Map.of(), SCRAM).describe();
        assertThat(text)
                .contains("security={sasl.jaas.config=" + Secrets.MASK + ", sasl.mechanism=SCRAM-SHA-512, "
                        + "security.protocol=SASL_PLAINTEXT}")
                .doesNotContain(PASSWORD, "ScramLoginModule");
    }

    @Test
    void kafkasParserMessagesAreScrubbedOfSecrets() {
        // Kafka echoes invalid values: a secret typed into the wrong field must not come out
        ConnectionSettings s = settings(Map.of(), Map.of("acks", PASSWORD), Map.of(), SCRAM);
        assertThat(s.problems())
                .singleElement()
                .asString()
                .startsWith("producer config: Invalid value " + Secrets.MASK)
                .doesNotContain(PASSWORD);
    }

    @Test
    void aFailedConnectionSaysWhyWithoutSecrets() {
        SecuritySettings s = SecuritySettings.builder()
                .protocol("PLAINTEXT")
                .sasl("PLAIN", "alice", PASSWORD, "")
                .build();
        Connection c =
                Connection.of(settings(Map.of(), Map.of(), Map.of(), s), ClientFactory.KAFKA, new ClientIds("p", "h"));
        assertThat(c.failure())
                .startsWith("Kafka Connection 'kafka' is invalid: Username, Password take effect only with")
                .doesNotContain(PASSWORD);
    }
}
