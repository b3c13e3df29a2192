package io.github.jmeterkafka.security;

import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.auth.PlainClientSecret;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;
import no.nav.security.mock.oauth2.OAuth2Exception;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import no.nav.security.mock.oauth2.token.OAuth2TokenProvider;

/**
 * A real OAuth 2 authorization server on 127.0.0.1 and a free port (navikt's mock-oauth2-server,
 * in this JVM): a token endpoint for the client-credentials grant that accepts one client id and
 * secret, and the JWKS endpoint a broker verifies the signed tokens with. Its tokens live
 * {@code lifetime}; it keeps when it issued each token and counts the requests it refused.
 *
 * <p>Threads: the server answers on its own threads; the counters may be read from any thread.
 */
final class OAuthTokenServer implements AutoCloseable {
    private static final String HOST = "127.0.0.1";
    private static final String ISSUER_ID = "kafka";

    private final MockOAuth2Server server;
    private final List<Instant> issued = new CopyOnWriteArrayList<>();
    private final AtomicInteger refused = new AtomicInteger();

    private OAuthTokenServer(String clientId, String clientSecret, String audience, Duration lifetime) {
        ClientCredentials callback = new ClientCredentials(clientId, clientSecret, audience, lifetime);
        server = new MockOAuth2Server(
                new OAuth2Config(false, null, null, false, new OAuth2TokenProvider(), Set.of(callback)));
    }

    // an IP literal: there is no host name to resolve
    @SuppressWarnings("AddressSelection")
    static OAuthTokenServer start(String clientId, String clientSecret, String audience, Duration lifetime) {
        OAuthTokenServer s = new OAuthTokenServer(clientId, clientSecret, audience, lifetime);
        try {
            s.server.start(InetAddress.getByName(HOST), 0);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
        return s;
    }

    /** The URLs clients are given; the tokens' issuer follows the host a client asked for, so it is 127.0.0.1 here too. */
    private String base() {
        return "http://" + HOST + ":" + server.baseUrl().port() + "/" + ISSUER_ID;
    }

    String tokenEndpoint() {
        return base() + "/token";
    }

    String jwksEndpoint() {
        return base() + "/jwks";
    }

    /** The {@code iss} claim of the tokens it issues to clients that call {@link #tokenEndpoint()}. */
    String issuer() {
        return base();
    }

    /** A URL on this server that is not its token endpoint: the same host and port, another issuer. */
    String otherTokenEndpoint() {
        return "http://" + HOST + ":" + server.baseUrl().port() + "/other/token";
    }

    /** When each token was issued, oldest first. */
    List<Instant> issueTimes() {
        return List.copyOf(issued);
    }

    int refusedRequests() {
        return refused.get();
    }

    @Override
    public void close() {
        server.shutdown();
    }

    /** Issues a token to the one known client, as a real server would; refuses any other credentials. */
    private final class ClientCredentials extends DefaultOAuth2TokenCallback {
        private final String clientId;
        private final String clientSecret;

        ClientCredentials(String clientId, String clientSecret, String audience, Duration lifetime) {
            super(ISSUER_ID, clientId, "JWT", List.of(audience), Map.of(), lifetime.toSeconds());
            this.clientId = clientId;
            this.clientSecret = clientSecret;
        }

        /** Called once per token request, before the token is made. */
        @Override
        public String subject(TokenRequest request) {
            ClientAuthentication auth = request.getClientAuthentication();
            if (!(auth instanceof PlainClientSecret plainClientSecret)
                    || !clientId.equals(auth.getClientID().getValue())
                    || !clientSecret.equals(plainClientSecret.getClientSecret().getValue())) {
                refused.incrementAndGet();
                throw new OAuth2Exception(OAuth2Error.INVALID_CLIENT, "Client authentication failed");
            }
            issued.add(Instant.now());
            return super.subject(request);
        }
    }
}
