package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.JaasContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Security fields of a Kafka Connection, as client properties, for each protocol and mechanism. */
class SecuritySettingsTest {
    private static final String PASSWORD = "s3cret-Pw";

    @TempDir
    Path dir;

    private String truststore;
    private String keystore;

    @BeforeEach
    void stores() throws IOException {
        // only their existence is checked before connecting
        truststore = Files.createFile(dir.resolve("truststore.p12")).toString();
        keystore = Files.createFile(dir.resolve("keystore.p12")).toString();
    }

    private static SecuritySettings.Builder guiDefaults() {
        return SecuritySettings.builder()
                .protocol("PLAINTEXT")
                .sasl("PLAIN", "", "", "")
                .truststore("JKS", "", "")
                .keystore("JKS", "", "", "");
    }

    @Test
    void plansWithoutSecurityFieldsAndGuiDefaultsAddNothing() {
        assertThat(SecuritySettings.NONE.clientProperties()).isEmpty();
        assertThat(SecuritySettings.NONE.problems()).isEmpty();
        // a plan saved before the fields existed: TestBean gives "" and false
        SecuritySettings old = SecuritySettings.builder()
                .protocol("")
                .sasl("", "", "", "")
                .truststore("", "", "")
                .keystore("", "", "", "")
                .build();
        assertThat(old.clientProperties()).isEmpty();
        assertThat(old.problems()).isEmpty();
        assertThat(guiDefaults().build().clientProperties()).isEmpty();
        assertThat(guiDefaults().build().problems()).isEmpty();
    }

    @Test
    void fieldsThatCannotTakeEffectUnderPlaintextAreProblemsNamingThemNotTheirValues() {
        SecuritySettings s = guiDefaults()
                .sasl("PLAIN", "alice", PASSWORD, "")
                .truststore("JKS", truststore, PASSWORD)
                .disableHostnameVerification(true)
                .build();
        assertThat(s.clientProperties()).isEmpty();
        assertThat(s.problems())
                .containsExactly(
                        "Username, Password take effect only with SASL_PLAINTEXT or SASL_SSL, and the security protocol is "
                                + "PLAINTEXT: choose a SASL protocol or clear them",
                        "Truststore location, Truststore password, Disable hostname verification take effect only with SSL or "
                                + "SASL_SSL, and the security protocol is PLAINTEXT: choose a TLS protocol or clear them");
        assertThat(String.join("\n", s.problems())).doesNotContain(PASSWORD, "alice", truststore);
    }

    @ParameterizedTest
    @CsvSource({
        "PLAIN,         org.apache.kafka.common.security.plain.PlainLoginModule",
        "SCRAM-SHA-256, org.apache.kafka.common.security.scram.ScramLoginModule",
        "SCRAM-SHA-512, org.apache.kafka.common.security.scram.ScramLoginModule",
    })
    void usernameAndPasswordBuildTheJaasConfigOfPlainAndScram(String mechanism, String module) {
        SecuritySettings s = guiDefaults()
                .protocol("SASL_SSL")
                .sasl(mechanism, "alice", PASSWORD, "")
                .truststore("PKCS12", truststore, "trust-pw")
                .build();
        assertThat(s.problems()).isEmpty();
        assertThat(s.clientProperties())
                .containsExactly(
                        entry("security.protocol", "SASL_SSL"),
                        entry("sasl.mechanism", mechanism),
                        entry(
                                "sasl.jaas.config",
                                module + " required username=\"alice\" password=\"" + PASSWORD + "\";"),
                        entry("ssl.truststore.location", truststore),
                        entry("ssl.truststore.type", "PKCS12"),
                        entry("ssl.truststore.password", "trust-pw"));
    }

    @Test
    void quotesAndBackslashesSurviveKafkasJaasParser() {
        String user = "a\"l\\ice";
        String password = "p\"w\\\\d;x=y";
        String jaas = SecuritySettings.builder()
                .protocol("SASL_PLAINTEXT")
                .sasl("SCRAM-SHA-512", user, password, "")
                .build()
                .clientProperties()
                .get("sasl.jaas.config");
        AppConfigurationEntry entry = JaasContext.loadClientContext(Map.of("sasl.jaas.config", new Password(jaas)))
                .configurationEntries()
                .get(0);
        assertThat(entry.getLoginModuleName()).isEqualTo("org.apache.kafka.common.security.scram.ScramLoginModule");
        assertThat(entry.getControlFlag()).isEqualTo(AppConfigurationEntry.LoginModuleControlFlag.REQUIRED);
        assertThat(Map.copyOf(entry.getOptions())).isEqualTo(Map.of("username", user, "password", password));
    }

    @Test
    void saslPlaintextAddsNoTlsKeys() {
        SecuritySettings s = guiDefaults()
                .protocol("SASL_PLAINTEXT")
                .sasl("SCRAM-SHA-256", "alice", PASSWORD, "")
                .build();
        assertThat(s.problems()).isEmpty();
        assertThat(s.clientProperties()).containsOnlyKeys("security.protocol", "sasl.mechanism", "sasl.jaas.config");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "OAUTHBEARER | org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required clientId=\"c\";",
                "GSSAPI      | com.sun.security.auth.module.Krb5LoginModule required useTicketCache=true principal=\"u@R\";",
                "AWS_MSK_IAM | software.amazon.msk.auth.iam.IAMLoginModule required;",
            })
    void otherMechanismsTakeTheJaasConfigAsIs(String mechanism, String jaas) {
        SecuritySettings s =
                guiDefaults().protocol("SASL_SSL").sasl(mechanism, "", "", jaas).build();
        assertThat(s.problems()).isEmpty();
        assertThat(s.clientProperties())
                .containsExactly(
                        entry("security.protocol", "SASL_SSL"),
                        entry("sasl.mechanism", mechanism),
                        entry("sasl.jaas.config", jaas));
    }

    @Test
    void withoutJaasConfigAMechanismLeavesItToTheTableOrAJaasFile() {
        SecuritySettings s =
                guiDefaults().protocol("SASL_SSL").sasl("GSSAPI", "", "", "").build();
        assertThat(s.problems()).isEmpty();
        assertThat(s.clientProperties())
                .containsExactly(entry("security.protocol", "SASL_SSL"), entry("sasl.mechanism", "GSSAPI"));
    }

    @ParameterizedTest
    @CsvSource({"GSSAPI", "''"})
    void aKeytabNamedInAGssapiJaasConfigMustBeAReadableFile(String mechanism) throws IOException {
        String missing = dir.resolve("nope.keytab").toString();
        assertThat(guiDefaults()
                        .protocol("SASL_PLAINTEXT")
                        .sasl(mechanism, "", "", krb5(missing))
                        .build()
                        .problems())
                .containsExactly("JAAS config keyTab " + missing + " is not a readable file");

        // quoted with Kafka's escapes, or bare
        Path odd = Files.createFile(dir.resolve("a \\\"b\".keytab"));
        String quoted = krb5(odd.toString().replace("\\", "\\\\").replace("\"", "\\\""));
        assertThat(JaasContext.loadClientContext(Map.of("sasl.jaas.config", new Password(quoted)))
                        .configurationEntries()
                        .get(0)
                        .getOptions()
                        .get("keyTab"))
                .isEqualTo(odd.toString());
        assertThat(guiDefaults()
                        .protocol("SASL_PLAINTEXT")
                        .sasl(mechanism, "", "", quoted)
                        .build()
                        .problems())
                .isEmpty();
        Path plain = Files.createFile(dir.resolve("client.keytab"));
        assertThat(guiDefaults()
                        .protocol("SASL_PLAINTEXT")
                        .sasl(
                                mechanism,
                                "",
                                "",
                                "com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true keyTab=" + plain
                                        + " principal=u;")
                        .build()
                        .problems())
                .isEmpty();
    }

    private static String krb5(String keytab) {
        return "com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true storeKey=true keyTab=\"" + keytab
                + "\" principal=\"client@EXAMPLE.COM\";";
    }

    @Test
    void usernameAndPasswordForAnotherMechanismAreAProblem() {
        assertThat(guiDefaults()
                        .protocol("SASL_SSL")
                        .sasl("OAUTHBEARER", "alice", PASSWORD, "")
                        .build()
                        .problems())
                .containsExactly(
                        "Username and Password build a JAAS config for PLAIN and SCRAM only; for SASL mechanism "
                                + "'OAUTHBEARER' clear them and give the JAAS config");
        assertThat(guiDefaults()
                        .protocol("SASL_SSL")
                        .sasl("", "alice", PASSWORD, "")
                        .build()
                        .problems())
                .singleElement()
                .asString()
                .contains("'GSSAPI' (Kafka's default)");
    }

    @Test
    void credentialsAndJaasConfigTogetherOrHalfCredentialsAreProblems() {
        assertThat(guiDefaults()
                        .protocol("SASL_SSL")
                        .sasl("PLAIN", "alice", PASSWORD, "x required;")
                        .build()
                        .problems())
                .containsExactly("give either Username and Password or a JAAS config, not both");
        assertThat(guiDefaults()
                        .protocol("SASL_SSL")
                        .sasl("PLAIN", "alice", "", "")
                        .build()
                        .problems())
                .containsExactly("Password is empty: Username and Password go together");
        assertThat(guiDefaults()
                        .protocol("SASL_SSL")
                        .sasl("PLAIN", "", PASSWORD, "")
                        .build()
                        .problems())
                .containsExactly("Username is empty: Username and Password go together");
    }

    @Test
    void sslTakesNoSaslKeysAndRefusesSaslFields() {
        SecuritySettings ok = guiDefaults()
                .protocol("SSL")
                .truststore("JKS", truststore, "trust-pw")
                .build();
        assertThat(ok.problems()).isEmpty();
        assertThat(ok.clientProperties())
                .containsExactly(
                        entry("security.protocol", "SSL"),
                        entry("ssl.truststore.location", truststore),
                        entry("ssl.truststore.type", "JKS"),
                        entry("ssl.truststore.password", "trust-pw"));
        assertThat(guiDefaults()
                        .protocol("SSL")
                        .sasl("PLAIN", "alice", PASSWORD, "")
                        .build()
                        .problems())
                .singleElement()
                .asString()
                .startsWith("Username, Password take effect only with SASL_PLAINTEXT or SASL_SSL");
    }

    @Test
    void saslPlaintextRefusesTlsFields() {
        assertThat(guiDefaults()
                        .protocol("SASL_PLAINTEXT")
                        .sasl("PLAIN", "alice", PASSWORD, "")
                        .keystore("PKCS12", keystore, "k", "")
                        .build()
                        .problems())
                .containsExactly("Keystore location, Keystore password take effect only with SSL or SASL_SSL, and the "
                        + "security protocol is SASL_PLAINTEXT: choose a TLS protocol or clear them");
    }

    @Test
    void mutualTlsKeystoreWithKeyPassword() {
        SecuritySettings s = guiDefaults()
                .protocol("SSL")
                .truststore("PKCS12", truststore, "t")
                .keystore("PKCS12", keystore, "ks-pw", "key-pw")
                .build();
        assertThat(s.problems()).isEmpty();
        assertThat(s.clientProperties())
                .contains(
                        entry("ssl.keystore.location", keystore),
                        entry("ssl.keystore.type", "PKCS12"),
                        entry("ssl.keystore.password", "ks-pw"),
                        entry("ssl.key.password", "key-pw"));
    }

    @Test
    void aTruststoreAloneIsEnoughAndBlankTruststoreMeansTheJvmDefaults() {
        assertThat(guiDefaults()
                        .protocol("SSL")
                        .truststore("PEM", truststore, "")
                        .build()
                        .clientProperties())
                .containsExactly(
                        entry("security.protocol", "SSL"),
                        entry("ssl.truststore.location", truststore),
                        entry("ssl.truststore.type", "PEM"));
        assertThat(guiDefaults().protocol("SSL").build().clientProperties())
                .containsExactly(entry("security.protocol", "SSL"));
    }

    @Test
    void hostnameVerificationIsOnUnlessDisabled() {
        assertThat(guiDefaults().protocol("SASL_SSL").build().clientProperties())
                .doesNotContainKey("ssl.endpoint.identification.algorithm");
        assertThat(guiDefaults()
                        .protocol("SASL_SSL")
                        .disableHostnameVerification(true)
                        .build()
                        .clientProperties())
                .containsEntry("ssl.endpoint.identification.algorithm", "");
    }

    @Test
    void storeProblems() {
        String missing = dir.resolve("nope.jks").toString();
        assertThat(guiDefaults()
                        .protocol("SSL")
                        .truststore("JKS", missing, "")
                        .build()
                        .problems())
                .containsExactly("Truststore location " + missing + " is not a readable file");
        assertThat(guiDefaults()
                        .protocol("SSL")
                        .truststore("JKS", "", "t")
                        .keystore("JKS", "", "k", "kp")
                        .build()
                        .problems())
                .containsExactly(
                        "Truststore password is set but Truststore location is empty",
                        "Keystore password is set but Keystore location is empty",
                        "Key password is set but Keystore location is empty");
        assertThat(guiDefaults()
                        .protocol("SSL")
                        .truststore("PEM", truststore, "t")
                        .keystore("PEM", keystore, "k", "")
                        .build()
                        .problems())
                .containsExactly(
                        "Truststore password must be empty for type PEM",
                        "Keystore password must be empty for type PEM (an encrypted key takes the Key password)");
    }

    @Test
    void choicesAreTakenInAnyCaseAndAnUnknownProtocolIsAProblem() {
        Map<String, String> p = guiDefaults()
                .protocol(" sasl_ssl ")
                .sasl("scram-sha-512", "u", "password", "")
                .truststore("pkcs12", truststore, "")
                .build()
                .clientProperties();
        assertThat(p)
                .contains(
                        entry("security.protocol", "SASL_SSL"),
                        entry("sasl.mechanism", "SCRAM-SHA-512"),
                        entry("ssl.truststore.type", "PKCS12"));
        assertThat(guiDefaults().protocol("TLS").build().problems())
                .containsExactly("Security protocol 'TLS' is not one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL");
    }

    @Test
    void secretValuesHoldEverySecretFieldAndTheBuiltJaasConfig() {
        SecuritySettings s = guiDefaults()
                .protocol("SASL_SSL")
                .sasl("PLAIN", "alice", PASSWORD, "")
                .truststore("JKS", truststore, "trust-pw")
                .keystore("JKS", keystore, "ks-pw", "key-pw")
                .build();
        assertThat(s.secretValues())
                .contains(
                        PASSWORD,
                        "trust-pw",
                        "ks-pw",
                        "key-pw",
                        s.clientProperties().get("sasl.jaas.config"));
    }
}
