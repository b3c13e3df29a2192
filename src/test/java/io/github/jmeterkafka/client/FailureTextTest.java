package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.MockConnections;
import io.github.jmeterkafka.input.InvalidInputException;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FailureTextTest {
    private static final String SECRET = "pw-in-a-message-4711";

    @AfterEach
    void unbind() {
        MockConnections.unbind("failures-test");
    }

    @Test
    void describesTheCauseUnderFutureWrappers() {
        Exception e = new ExecutionException(new SaslAuthenticationException("Authentication failed"));
        assertThat(FailureText.describe(e)).isEqualTo("SaslAuthenticationException: Authentication failed");
        assertThat(FailureText.describe(new InvalidInputException("records per sample must be at least 1")))
                .isEqualTo("records per sample must be at least 1");
    }

    @Test
    void aMessageOrTraceQuotingABoundConnectionsSecretShowsTheMaskInstead() {
        MockConnections.bind(MockConnections.of(
                "failures-test", Map.of("ssl.truststore.password", SECRET), Map.of(), Map.of(), ClientFactory.KAFKA));
        Exception e = new KafkaException("Failed to load SSL keystore with password " + SECRET);

        assertThat(FailureText.describe(e))
                .isEqualTo("KafkaException: Failed to load SSL keystore with password " + Secrets.MASK);
        assertThat(FailureText.stackTrace(e)).contains(Secrets.MASK).doesNotContain(SECRET);
    }
}
