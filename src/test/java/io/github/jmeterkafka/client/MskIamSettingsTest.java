package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.security.auth.Subject;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.LoginContext;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.security.JaasContext;
import org.junit.jupiter.api.Test;
import software.amazon.msk.auth.iam.IAMClientCallbackHandler;
import software.amazon.msk.auth.iam.IAMLoginModule;

/**
 * A Kafka Connection set up for AWS MSK IAM (docs/security.md), taken the way Kafka's clients take it:
 * the settings pass the plugin's and Kafka's checks, JAAS finds the IAMLoginModule, the
 * IAMClientCallbackHandler accepts the client config and signs a first SASL message with credentials
 * from the AWS default chain. No network: what MSK answers is for MskIamIT's limits to say.
 */
class MskIamSettingsTest {
    private static final String HANDLER = IAMClientCallbackHandler.class.getName();
    private static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";

    private static ConnectionSettings settings(String jaasConfig) {
        SecuritySettings security = SecuritySettings.builder()
                .protocol("SASL_SSL")
                .sasl("AWS_MSK_IAM", "", "", jaasConfig)
                .build();
        return new ConnectionSettings(
                "msk",
                "p",
                Map.of("bootstrap.servers", "b-1.msk.example:9098", "sasl.client.callback.handler.class", HANDLER),
                Map.of(),
                Map.of(),
                security);
    }

    @Test
    void theSettingsAreValidAndEveryClientGetsTheMechanismAndTheHandler() {
        ConnectionSettings s = settings("software.amazon.msk.auth.iam.IAMLoginModule required;");
        // Kafka's parser loads the handler class: a missing jar would be a problem here
        assertThat(s.problems()).isEmpty();
        for (Map<String, Object> config :
                List.of(s.producerConfig("id"), s.consumerConfig("id", Map.of()), s.adminConfig("id"))) {
            assertThat(config)
                    .containsEntry("security.protocol", "SASL_SSL")
                    .containsEntry("sasl.mechanism", "AWS_MSK_IAM")
                    .containsEntry("sasl.client.callback.handler.class", HANDLER);
        }
    }

    @Test
    void jaasFindsTheLoginModuleAndTheHandlerSignsWithTheDefaultChainsCredentials() throws Exception {
        Map<String, String> saved = new HashMap<>();
        for (String[] p : new String[][] {
            {"aws.accessKeyId", ACCESS_KEY}, {"aws.secretAccessKey", "fake-secret-key"}, {"aws.region", "eu-west-1"}
        }) {
            saved.put(p[0], System.getProperty(p[0]));
            System.setProperty(p[0], p[1]);
        }
        try {
            Map<String, ?> config = new ProducerConfig(settings("software.amazon.msk.auth.iam.IAMLoginModule required;")
                            .producerConfig("id"))
                    .values();
            JaasContext jaas = JaasContext.loadClientContext(config);
            List<AppConfigurationEntry> entries = jaas.configurationEntries();
            assertThat(entries)
                    .singleElement()
                    .satisfies(e -> assertThat(e.getLoginModuleName()).isEqualTo(IAMLoginModule.class.getName()));
            // as Kafka's login does: JAAS loads and runs the module, which registers the SASL mechanism
            new LoginContext(jaas.name(), new Subject(), null, jaas.configuration()).login();

            IAMClientCallbackHandler handler = new IAMClientCallbackHandler();
            handler.configure(config, "AWS_MSK_IAM", entries);
            SaslClient client =
                    Sasl.createSaslClient(new String[] {"AWS_MSK_IAM"}, null, "kafka", "127.0.0.1", Map.of(), handler);
            assertThat(client).isNotNull();
            String first = new String(client.evaluateChallenge(new byte[0]), StandardCharsets.UTF_8);
            assertThat(first)
                    .contains("\"action\":\"kafka-cluster:Connect\"")
                    .contains("\"x-amz-algorithm\":\"AWS4-HMAC-SHA256\"")
                    .containsPattern(
                            "\"x-amz-credential\":\"" + ACCESS_KEY + "/\\d{8}/eu-west-1/kafka-cluster/aws4_request\"")
                    .doesNotContain("fake-secret-key");
            handler.close();
        } finally {
            saved.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }

    @Test
    void aRoleOrProfileInTheJaasOptionsIsAcceptedWithoutCallingAws() {
        for (String options : List.of(
                "awsRoleArn=\"arn:aws:iam::123456789012:role/msk-load-test\" awsStsRegion=\"eu-west-1\"",
                "awsProfileName=\"msk-load-test\"")) {
            ConnectionSettings s = settings("software.amazon.msk.auth.iam.IAMLoginModule required " + options + ";");
            assertThat(s.problems()).isEmpty();
            Map<String, ?> config = new AdminClientConfig(s.adminConfig("id")).values();
            IAMClientCallbackHandler handler = new IAMClientCallbackHandler();
            // a role builds its AWS STS client here; credentials are fetched only when a broker asks
            handler.configure(
                    config, "AWS_MSK_IAM", JaasContext.loadClientContext(config).configurationEntries());
            handler.close();
        }
    }
}
