package io.github.jmeterkafka.client;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;

/**
 * The Kafka Connection's Security fields, turned into Kafka client properties.
 *
 * <p>Blank fields add nothing. With the protocol PLAINTEXT or blank (plans saved before these
 * fields existed) nothing is added at all, so {@code security.protocol} and the rest may still come
 * from the client properties table; a Security text field filled in then is a problem, as it would
 * take no effect. SASL fields count only for SASL_* protocols, TLS fields only for SSL and SASL_SSL.
 * Problems name fields, never their values.
 */
public final class SecuritySettings {
    public static final String PLAINTEXT = "PLAINTEXT";
    public static final String SSL = "SSL";
    public static final String SASL_PLAINTEXT = "SASL_PLAINTEXT";
    public static final String SASL_SSL = "SASL_SSL";
    public static final List<String> PROTOCOLS = List.of(PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL);

    public static final String PLAIN = "PLAIN";
    public static final String SCRAM_SHA_256 = "SCRAM-SHA-256";
    public static final String SCRAM_SHA_512 = "SCRAM-SHA-512";
    public static final String OAUTHBEARER = "OAUTHBEARER";
    public static final String GSSAPI = "GSSAPI";
    public static final List<String> MECHANISMS = List.of(PLAIN, SCRAM_SHA_256, SCRAM_SHA_512, OAUTHBEARER, GSSAPI);

    public static final List<String> STORE_TYPES = List.of("JKS", "PKCS12", "PEM");

    static final String PLAIN_LOGIN_MODULE = "org.apache.kafka.common.security.plain.PlainLoginModule";
    static final String SCRAM_LOGIN_MODULE = "org.apache.kafka.common.security.scram.ScramLoginModule";
    // Krb5LoginModule's keyTab option, quoted (with Kafka's backslash escapes) or bare
    private static final Pattern KEYTAB_OPTION =
            Pattern.compile("\\bkeyTab\\s*=\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|([^\\s;\"]+))");

    public static final SecuritySettings NONE = builder().build();

    private final String protocol;
    private final String mechanism;
    private final String username;
    private final String password;
    private final String jaasConfig;
    private final TlsStore truststore;
    private final TlsStore keystore;
    private final String keyPassword;
    private final boolean disableHostnameVerification;

    private SecuritySettings(Builder b) {
        protocol = canonical(b.protocol, PROTOCOLS);
        mechanism = canonical(b.mechanism, MECHANISMS);
        username = trim(b.username);
        // trimmed like every value: Kafka trims its password settings too
        password = trim(b.password);
        jaasConfig = trim(b.jaasConfig);
        truststore = b.truststore;
        keystore = b.keystore;
        keyPassword = trim(b.keyPassword);
        disableHostnameVerification = b.disableHostnameVerification;
    }

    public static Builder builder() {
        return new Builder();
    }

    private boolean sasl() {
        return SASL_PLAINTEXT.equals(protocol) || SASL_SSL.equals(protocol);
    }

    private boolean tls() {
        return SSL.equals(protocol) || SASL_SSL.equals(protocol);
    }

    /** The client properties these fields give; empty for PLAINTEXT. Meaningful when {@link #problems()} is empty. */
    public Map<String, String> clientProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        if (protocol.isEmpty() || PLAINTEXT.equals(protocol)) {
            return p;
        }
        p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, protocol);
        if (sasl()) {
            putIfSet(p, SaslConfigs.SASL_MECHANISM, mechanism);
            putIfSet(p, SaslConfigs.SASL_JAAS_CONFIG, jaasConfig.isEmpty() ? builtJaasConfig() : jaasConfig);
        }
        if (tls()) {
            truststore.putInto(
                    p,
                    SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG,
                    SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG,
                    SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG);
            keystore.putInto(
                    p,
                    SslConfigs.SSL_KEYSTORE_TYPE_CONFIG,
                    SslConfigs.SSL_KEYSTORE_LOCATION_CONFIG,
                    SslConfigs.SSL_KEYSTORE_PASSWORD_CONFIG);
            if (!keystore.location.isEmpty()) {
                putIfSet(p, SslConfigs.SSL_KEY_PASSWORD_CONFIG, keyPassword);
            }
            if (disableHostnameVerification) {
                p.put(SslConfigs.SSL_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG, "");
            }
        }
        return p;
    }

    /** The JAAS config for PLAIN and SCRAM from username and password; "" when they are not given. */
    private String builtJaasConfig() {
        if (username.isEmpty() || password.isEmpty()) {
            return "";
        }
        String module = PLAIN.equals(mechanism)
                ? PLAIN_LOGIN_MODULE
                : SCRAM_SHA_256.equals(mechanism) || SCRAM_SHA_512.equals(mechanism) ? SCRAM_LOGIN_MODULE : null;
        if (module == null) {
            return "";
        }
        return module + " required username=" + jaasQuoted(username) + " password=" + jaasQuoted(password) + ";";
    }

    /** A JAAS option value: Kafka's parser reads Java-style escapes inside double quotes. */
    static String jaasQuoted(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** Why these fields cannot work; empty when they can. Names fields, never values. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (!protocol.isEmpty() && !PROTOCOLS.contains(protocol)) {
            problems.add("Security protocol '" + protocol + "' is not one of " + String.join(", ", PROTOCOLS));
            return problems;
        }
        List<String> saslFields = new ArrayList<>();
        addIfSet(saslFields, "Username", username);
        addIfSet(saslFields, "Password", password);
        addIfSet(saslFields, "JAAS config", jaasConfig);
        List<String> tlsFields = new ArrayList<>();
        addIfSet(tlsFields, "Truststore location", truststore.location);
        addIfSet(tlsFields, "Truststore password", truststore.password);
        addIfSet(tlsFields, "Keystore location", keystore.location);
        addIfSet(tlsFields, "Keystore password", keystore.password);
        addIfSet(tlsFields, "Key password", keyPassword);
        if (disableHostnameVerification) {
            tlsFields.add("Disable hostname verification");
        }
        String shown = protocol.isEmpty() ? PLAINTEXT : protocol;
        if (!sasl() && !saslFields.isEmpty()) {
            problems.add(String.join(", ", saslFields) + " take effect only with SASL_PLAINTEXT or SASL_SSL, and the "
                    + "security protocol is " + shown + ": choose a SASL protocol or clear them");
        }
        if (!tls() && !tlsFields.isEmpty()) {
            problems.add(String.join(", ", tlsFields) + " take effect only with SSL or SASL_SSL, and the "
                    + "security protocol is " + shown + ": choose a TLS protocol or clear them");
        }
        if (sasl()) {
            saslProblems(problems);
        }
        if (tls()) {
            truststore.problems("Truststore", problems);
            keystore.problems("Keystore", problems);
            if (keystore.location.isEmpty() && !keyPassword.isEmpty()) {
                problems.add("Key password is set but Keystore location is empty");
            }
        }
        return problems;
    }

    private void saslProblems(List<String> problems) {
        boolean credentials = !username.isEmpty() || !password.isEmpty();
        if (!jaasConfig.isEmpty() && credentials) {
            problems.add("give either Username and Password or a JAAS config, not both");
        } else if (credentials && (username.isEmpty() || password.isEmpty())) {
            problems.add(
                    (username.isEmpty() ? "Username" : "Password") + " is empty: Username and Password go together");
        } else if (credentials
                && !PLAIN.equals(mechanism)
                && !SCRAM_SHA_256.equals(mechanism)
                && !SCRAM_SHA_512.equals(mechanism)) {
            problems.add("Username and Password build a JAAS config for PLAIN and SCRAM only; for SASL mechanism '"
                    + (mechanism.isEmpty() ? GSSAPI + "' (Kafka's default)" : mechanism + "'")
                    + " clear them and give the JAAS config");
        }
        if (GSSAPI.equals(mechanism) || mechanism.isEmpty()) {
            keytabProblem(problems);
        }
    }

    /**
     * A keytab named in the JAAS config must be a readable file: else the JDK's Kerberos login only
     * says it could not get a password, never which file it missed.
     */
    private void keytabProblem(List<String> problems) {
        Matcher m = KEYTAB_OPTION.matcher(jaasConfig);
        if (!m.find()) {
            return;
        }
        String keytab = m.group(1) != null ? m.group(1).replaceAll("\\\\(.)", "$1") : m.group(2);
        try {
            Path file = Paths.get(keytab);
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                problems.add("JAAS config keyTab " + keytab + " is not a readable file");
            }
        } catch (InvalidPathException e) {
            problems.add("JAAS config keyTab " + keytab + " is not a file name: " + e.getReason());
        }
    }

    /** Every value typed into a secret field, to scrub from messages. */
    public List<String> secretValues() {
        List<String> out = new ArrayList<>();
        for (String s : new String[] {password, jaasConfig, truststore.password, keystore.password, keyPassword}) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        String built = builtJaasConfig();
        if (!built.isEmpty()) {
            out.add(built);
        }
        out.addAll(Secrets.jaasSecretValues(jaasConfig));
        return out;
    }

    static void putIfSet(Map<String, String> p, String key, String value) {
        if (!value.isEmpty()) {
            p.put(key, value);
        }
    }

    private static void addIfSet(List<String> fields, String field, String value) {
        if (!value.isEmpty()) {
            fields.add(field);
        }
    }

    /** Known names in their canonical spelling (Kafka compares mechanisms case-sensitively); others as typed. */
    static String canonical(String value, List<String> known) {
        String v = trim(value);
        for (String k : known) {
            if (k.equalsIgnoreCase(v)) {
                return k;
            }
        }
        return v;
    }

    static String trim(String s) {
        return s == null ? "" : s.trim();
    }

    /** The fields as the Kafka Connection element holds them. */
    public static final class Builder {
        private String protocol;
        private String mechanism;
        private String username;
        private String password;
        private String jaasConfig;
        private TlsStore truststore = TlsStore.NONE;
        private TlsStore keystore = TlsStore.NONE;
        private String keyPassword;
        private boolean disableHostnameVerification;

        private Builder() {}

        public Builder protocol(String protocol) {
            this.protocol = protocol;
            return this;
        }

        public Builder sasl(String mechanism, String username, String password, String jaasConfig) {
            this.mechanism = mechanism;
            this.username = username;
            this.password = password;
            this.jaasConfig = jaasConfig;
            return this;
        }

        public Builder truststore(String type, String location, String password) {
            this.truststore = new TlsStore(type, location, password);
            return this;
        }

        public Builder keystore(String type, String location, String password, String keyPassword) {
            this.keystore = new TlsStore(type, location, password);
            this.keyPassword = keyPassword;
            return this;
        }

        public Builder disableHostnameVerification(boolean disable) {
            this.disableHostnameVerification = disable;
            return this;
        }

        public SecuritySettings build() {
            return new SecuritySettings(this);
        }
    }
}
