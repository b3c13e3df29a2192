package io.github.jmeterkafka.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import io.github.jmeterkafka.payload.registry.RegistryConfig;
import io.github.jmeterkafka.payload.registry.SchemaRegistryClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registry's TLS and basic auth settings reach its HTTPS connection: an {@code https} endpoint that asks for a
 * client certificate (the JDK's HTTPS server with keytool's certificates) answers the plugin's registry client only
 * with the truststore and keystore named in {@link RegistryConfig}'s settings.
 */
class RegistryTlsTest {
    private static final String PASSWORD = "registry-secret";

    @TempDir
    static Path dir;

    private static TlsFiles tls;
    private static HttpsServer server;
    private static final List<String> authorizations = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws IOException, GeneralSecurityException {
        tls = TlsFiles.create(dir.resolve("tls"), PASSWORD);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        SSLContext context = SSLContext.getInstance("TLS");
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(load(tls.brokerKeystore()), PASSWORD.toCharArray());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(load(tls.truststore()));
        context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        server.setHttpsConfigurator(new HttpsConfigurator(context) {
            @Override
            public void configure(HttpsParameters params) {
                SSLParameters p = getSSLContext().getDefaultSSLParameters();
                p.setNeedClientAuth(true);
                params.setSSLParameters(p);
            }
        });
        server.createContext("/schemas/ids/1", exchange -> {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            byte[] body = "{\"schema\":\"{\\\"type\\\":\\\"object\\\"}\",\"schemaType\":\"JSON\"}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static KeyStore load(Path file) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, PASSWORD.toCharArray());
        }
        return store;
    }

    private static SchemaRegistryClient client(Map<String, String> settings) {
        return RegistryConfig.client(key -> Optional.ofNullable(settings.get(key)))
                .orElseThrow();
    }

    private static String url() {
        return "https://127.0.0.1:" + server.getAddress().getPort();
    }

    @Test
    void theTruststoreKeystoreAndBasicAuthOfTheSettingsReachTheRegistry() throws Exception {
        SchemaRegistryClient registry = client(Map.of(
                "schema.registry.url",
                url(),
                "basic.auth.user.info",
                "loader:s3cret",
                "schema.registry.ssl.truststore.location",
                tls.truststore().toString(),
                "schema.registry.ssl.truststore.password",
                PASSWORD,
                "schema.registry.ssl.truststore.type",
                "PKCS12",
                "schema.registry.ssl.keystore.location",
                tls.clientKeystore().toString(),
                "schema.registry.ssl.keystore.password",
                PASSWORD,
                "schema.registry.ssl.keystore.type",
                "PKCS12"));

        assertThat(registry.byId(1))
                .hasValueSatisfying(s -> assertThat(s.type()).isEqualTo(SchemaRegistryClient.Type.JSON));
        assertThat(authorizations).contains("Basic bG9hZGVyOnMzY3JldA==");
    }

    @Test
    void withoutTheClientsKeystoreOrTheTruststoreTheHandshakeFailsWithAClearMessage() {
        SchemaRegistryClient noKey = client(Map.of(
                "schema.registry.url", url(),
                "schema.registry.ssl.truststore.location", tls.truststore().toString(),
                "schema.registry.ssl.truststore.password", PASSWORD));
        SchemaRegistryClient noTrust = client(Map.of("schema.registry.url", url()));

        assertThatThrownBy(() -> noKey.byId(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("schema registry " + url() + " did not answer");
        assertThatThrownBy(() -> noTrust.byId(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("did not answer");
    }

    @Test
    void aTruststoreThatCannotBeReadIsABadInput() {
        assertThatThrownBy(() -> client(Map.of(
                        "schema.registry.url", url(),
                        "schema.registry.ssl.truststore.location",
                                dir.resolve("missing.p12").toString())))
                .hasMessageContaining("schema.registry.ssl.truststore.location")
                .hasMessageContaining("does not exist");
    }
}
