package io.github.jmeterkafka.payload.registry;

import io.github.jmeterkafka.input.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A schema registry's settings in the connection's property tables, under the names Confluent's serializers read,
 * so one table serves the plugin's own registry output and reader and a user's serializer alike.
 */
public final class RegistryConfig {
    public static final String URL = "schema.registry.url";
    public static final String USER_INFO = "basic.auth.user.info";
    public static final String SUBJECT_STRATEGY = "value.subject.name.strategy";
    public static final String AUTO_REGISTER = "auto.register.schemas";
    public static final String USE_LATEST = "use.latest.version";
    private static final String CREDENTIALS_SOURCE = "basic.auth.credentials.source";
    private static final String TLS = "schema.registry.ssl.";
    private static final String TRUSTSTORE = TLS + "truststore.";
    private static final String KEYSTORE = TLS + "keystore.";

    /** Every key of these settings: not Kafka client properties, kept from the clients unless a serializer reads them. */
    public static final Set<String> KEYS = Set.of(
            URL,
            USER_INFO,
            CREDENTIALS_SOURCE,
            SUBJECT_STRATEGY,
            AUTO_REGISTER,
            USE_LATEST,
            TRUSTSTORE + "location",
            TRUSTSTORE + "password",
            TRUSTSTORE + "type",
            KEYSTORE + "location",
            KEYSTORE + "password",
            KEYSTORE + "type",
            TLS + "key.password");

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private RegistryConfig() {}

    /**
     * The registry that {@link #URL} names, its basic auth and TLS stores from the same settings; empty when no URL
     * is set.
     *
     * @param setting a key's value, empty when unset or blank
     * @throws InvalidInputException a TLS store that cannot be read
     */
    public static Optional<SchemaRegistryClient> client(Function<String, Optional<String>> setting) {
        return setting.apply(URL)
                .map(url -> new SchemaRegistryClient(
                        url, setting.apply(USER_INFO).orElse(""), tls(setting).orElse(null), TIMEOUT));
    }

    /** Whether a setting that takes true or false is on. */
    public static boolean flag(Function<String, Optional<String>> setting, String key, boolean unset) {
        Optional<String> v = setting.apply(key).map(s -> s.toLowerCase(Locale.ROOT));
        if (v.isEmpty()) {
            return unset;
        }
        return switch (v.get()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidInputException(key + " takes true or false, not '" + v.get() + "'");
        };
    }

    private static Optional<SSLContext> tls(Function<String, Optional<String>> setting) {
        Optional<String> trust = setting.apply(TRUSTSTORE + "location");
        Optional<String> key = setting.apply(KEYSTORE + "location");
        if (trust.isEmpty() && key.isEmpty()) {
            return Optional.empty();
        }
        try {
            TrustManagerFactory tmf = null;
            if (trust.isPresent()) {
                tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(store(trust.get(), TRUSTSTORE, setting));
            }
            KeyManagerFactory kmf = null;
            if (key.isPresent()) {
                kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                String password = setting.apply(TLS + "key.password")
                        .or(() -> setting.apply(KEYSTORE + "password"))
                        .orElse("");
                kmf.init(store(key.get(), KEYSTORE, setting), password.toCharArray());
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf == null ? null : kmf.getKeyManagers(), tmf == null ? null : tmf.getTrustManagers(), null);
            return Optional.of(context);
        } catch (GeneralSecurityException e) {
            throw new InvalidInputException("the schema registry's TLS settings (" + TLS + "*) do not work: " + e);
        }
    }

    private static KeyStore store(String location, String prefix, Function<String, Optional<String>> setting)
            throws GeneralSecurityException {
        char[] password = setting.apply(prefix + "password").orElse("").toCharArray();
        KeyStore store = KeyStore.getInstance(setting.apply(prefix + "type").orElse(KeyStore.getDefaultType()));
        try (InputStream in = Files.newInputStream(Path.of(location))) {
            store.load(in, password);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(prefix + "location " + location + " does not exist");
        } catch (IOException e) {
            throw new InvalidInputException(prefix + "location " + location + " cannot be read: " + e.getMessage());
        }
        return store;
    }
}
