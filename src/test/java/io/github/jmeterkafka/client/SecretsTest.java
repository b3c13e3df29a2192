package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SecretsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sasl.jaas.config",
                "ssl.keystore.password",
                "ssl.truststore.password",
                "ssl.key.password",
                "ssl.keystore.key",
                "ssl.keystore.certificate.chain",
                "ssl.truststore.certificates",
                "sasl.oauthbearer.client.credentials.client.secret",
                "sasl.oauthbearer.assertion.private.key.passphrase",
                "basic.auth.user.info",
                "SSL.KEYSTORE.PASSWORD"
            })
    void secretKeys(String key) {
        assertThat(Secrets.isSecret(key)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "bootstrap.servers",
                "security.protocol",
                "sasl.mechanism",
                "ssl.truststore.location",
                "ssl.keystore.type",
                "ssl.endpoint.identification.algorithm",
                "sasl.oauthbearer.token.endpoint.url",
                "sasl.kerberos.service.name"
            })
    void plainKeys(String key) {
        assertThat(Secrets.isSecret(key)).isFalse();
    }

    @Test
    void scrubMasksTheLongestSecretFirstAndLeavesShortOnesAlone() {
        String jaas = "x required password=\"hunter2\";";
        assertThat(Secrets.scrub("config " + jaas + " and hunter2, abc", List.of("hunter2", jaas, "abc")))
                .isEqualTo("config " + Secrets.MASK + " and " + Secrets.MASK + ", abc");
    }

    @Test
    void aRawJaasConfigsSecretOptionsAreSecretsOfTheirOwn() {
        String jaas =
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required clientId=\"loadtest\""
                        + " clientSecret=\"s3cr3t-value\" scope=openid password=unquoted-pw;";

        assertThat(Secrets.jaasSecretValues(jaas)).containsExactly("s3cr3t-value", "unquoted-pw");
        ConnectionSettings settings = new ConnectionSettings(
                "kafka", "p", Map.of("bootstrap.servers", "b:9092", "sasl.jaas.config", jaas), Map.of(), Map.of());
        assertThat(settings.scrub("invalid_client: client secret 's3cr3t-value' rejected for loadtest"))
                .isEqualTo("invalid_client: client secret '" + Secrets.MASK + "' rejected for loadtest");
        assertThat(SecuritySettings.builder()
                        .protocol("SASL_SSL")
                        .sasl("OAUTHBEARER", "", "", jaas)
                        .build()
                        .secretValues())
                .as("the Security group's JAAS config field")
                .contains("s3cr3t-value", "unquoted-pw");
    }
}
