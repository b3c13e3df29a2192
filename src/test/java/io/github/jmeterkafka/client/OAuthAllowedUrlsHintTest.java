package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule;
import org.junit.jupiter.api.Test;

/** A token endpoint missing from Kafka's allowed URLs: the message says where JMeter takes that list. */
class OAuthAllowedUrlsHintTest {
    private static final String URL = "http://127.0.0.1:9/oauth2/token";

    @Test
    void kafkasRefusalOfAnUnlistedTokenEndpointGetsTheJMeterHint() {
        // Kafka's own check: this JVM lists no allowed URL
        assertThat(System.getProperty("org.apache.kafka.sasl.oauthbearer.allowed.urls"))
                .isNull();
        // configured as a client configures it: every setting with its default
        Map<String, ?> config = new AdminClientConfig(Map.of(
                        "bootstrap.servers",
                        "127.0.0.1:9",
                        "sasl.oauthbearer.token.endpoint.url",
                        URL,
                        "sasl.oauthbearer.client.credentials.client.id",
                        "load-test",
                        "sasl.oauthbearer.client.credentials.client.secret",
                        "client-secret"))
                .values();
        Throwable refused = catchThrowable(() -> new OAuthBearerLoginCallbackHandler()
                .configure(
                        config,
                        "OAUTHBEARER",
                        List.of(new AppConfigurationEntry(
                                OAuthBearerLoginModule.class.getName(),
                                AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                                Map.of()))));
        assertThat(refused).isInstanceOf(ConfigException.class);

        assertThat(FailureText.describe(refused))
                .startsWith("ConfigException: ")
                .contains(URL)
                .endsWith("'org.apache.kafka.sasl.oauthbearer.allowed.urls' to allow the URL to be accessed."
                        + " In JMeter: add it to org.apache.kafka.sasl.oauthbearer.allowed.urls in bin/system.properties"
                        + " (comma-separated, exactly as configured) or start JMeter with"
                        + " -Dorg.apache.kafka.sasl.oauthbearer.allowed.urls=..., then restart JMeter.");
    }

    @Test
    void otherMessagesGetNoHint() {
        assertThat(FailureText.describe(new ConfigException("Invalid url in bootstrap.servers: x")))
                .isEqualTo("ConfigException: Invalid url in bootstrap.servers: x");
    }
}
