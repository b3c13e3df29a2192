package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import javax.security.auth.login.LoginException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.Test;

/** Failed Kerberos logins as a Kafka client's constructor reports them (messages as the JDK 17 gives them). */
class KerberosHintsTest {
    private static final String NO_KEY = "Could not login: the client is being asked for a password, but the Kafka "
            + "client code does not currently support obtaining a password from the user. not available to garner  "
            + "authentication information from the user";

    @Test
    void aKeytabWithoutThePrincipalsKey() {
        assertThat(FailureText.describe(constructorFailure(new LoginException(NO_KEY))))
                .isEqualTo("KafkaException: javax.security.auth.login.LoginException: " + NO_KEY
                        + " (Kerberos login: no key for the principal; the JAAS config's keyTab must hold a key of its"
                        + " principal, realm included: klist -kt <keytab> lists them)");
        assertThat(KerberosHints.of(new LoginException("Unable to obtain password from user\n")))
                .startsWith(" (Kerberos login: no key for the principal;");
    }

    @Test
    void aStaleKey() {
        assertThat(FailureText.describe(constructorFailure(
                        new LoginException("Integrity check on decrypted field failed (31) - PREAUTH_FAILED"))))
                .endsWith("PREAUTH_FAILED (Kerberos login: the KDC refused the keytab's key; the principal's key has"
                        + " changed since the keytab was exported: export it again)");
        assertThat(KerberosHints.of(new LoginException("Pre-authentication information was invalid (24)")))
                .contains("the KDC refused the keytab's key");
    }

    @Test
    void noKrb5Conf() {
        assertThat(FailureText.describe(constructorFailure(new LoginException("Cannot locate KDC"))))
                .endsWith("Cannot locate KDC (Kerberos login: this JVM knows no KDC for the realm; set"
                        + " java.security.krb5.conf, for JMeter in bin/system.properties)");
    }

    @Test
    void anUnreachableKdc() {
        LoginException refused = new LoginException("Connection refused");
        refused.initCause(new ConnectException("Connection refused"));
        assertThat(FailureText.describe(constructorFailure(refused)))
                .endsWith("Connection refused (Kerberos login: the KDC"
                        + " that java.security.krb5.conf names for the realm could not be reached)");
    }

    @Test
    void otherFailuresGetNoHint() {
        assertThat(FailureText.describe(new SaslAuthenticationException("Authentication failed")))
                .isEqualTo("SaslAuthenticationException: Authentication failed");
        assertThat(KerberosHints.of(new LoginException("Client not found in Kerberos database (6)")))
                .isEmpty();
    }

    /** As KafkaProducer's constructor wraps a failed login. */
    private static Exception constructorFailure(LoginException login) {
        return new KafkaException(
                "Failed to construct kafka producer",
                new KafkaException("Failed to create new NetworkClient", new KafkaException(login)));
    }
}
