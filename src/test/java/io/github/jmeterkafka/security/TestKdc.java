package io.github.jmeterkafka.security;

import io.github.jmeterkafka.harness.Loopback;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.kerby.kerberos.kerb.KrbException;
import org.apache.kerby.kerberos.kerb.server.SimpleKdcServer;

/**
 * A Kerberos KDC (Apache Kerby) in this JVM on 127.0.0.1, TCP only, with principals and keytab
 * files made on demand, and the krb5.conf that leads the JDK's Kerberos login to it. Other JVMs (a
 * broker, JMeter) take that file as {@code -Djava.security.krb5.conf}; this JVM's Kerberos settings
 * are left as they were.
 */
final class TestKdc implements AutoCloseable {
    static final String REALM = "EXAMPLE.COM";
    /**
     * The broker's service principal. A Kafka client names the service it asks a ticket for after
     * the host it connected to, by reverse lookup of the address: 127.0.0.1 gives "localhost", so a
     * broker listening on 127.0.0.1 is kafka/localhost, never kafka/127.0.0.1.
     */
    static final String BROKER = "kafka/localhost@" + REALM;

    static final String CLIENT = "client@" + REALM;

    private final Path dir;
    private final SimpleKdcServer kdc;
    private final Path krb5Conf;

    private TestKdc(Path dir, SimpleKdcServer kdc, Path krb5Conf) {
        this.dir = dir;
        this.kdc = kdc;
        this.krb5Conf = krb5Conf;
    }

    /** Starts a KDC for {@link #REALM} with its files in {@code dir}. */
    static TestKdc start(Path dir) {
        try {
            Files.createDirectories(dir.resolve("kdc"));
            int port = Loopback.freePort();
            SimpleKdcServer kdc = new SimpleKdcServer();
            kdc.setWorkDir(dir.resolve("kdc").toFile());
            kdc.setKdcRealm(REALM);
            kdc.setKdcHost("127.0.0.1");
            kdc.setAllowUdp(false);
            kdc.setKdcTcpPort(port);
            // init() points this JVM's java.security.krb5.conf at a file of its own: put it back
            String before = System.getProperty("java.security.krb5.conf");
            try {
                kdc.init();
            } finally {
                if (before == null) {
                    System.clearProperty("java.security.krb5.conf");
                } else {
                    System.setProperty("java.security.krb5.conf", before);
                }
            }
            kdc.start();
            Path conf = dir.resolve("krb5.conf");
            Files.writeString(
                    conf,
                    String.join(
                            "\n",
                            "[libdefaults]",
                            "    default_realm = " + REALM,
                            // the KDC listens on TCP only; the JDK tries UDP first unless told otherwise
                            "    udp_preference_limit = 1",
                            "    dns_lookup_kdc = false",
                            "    dns_lookup_realm = false",
                            "[realms]",
                            "    " + REALM + " = {",
                            "        kdc = 127.0.0.1:" + port,
                            "    }",
                            ""),
                    StandardCharsets.US_ASCII);
            return new TestKdc(dir, kdc, conf);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (KrbException e) {
            throw new IllegalStateException("Cannot start the KDC in " + dir, e);
        }
    }

    Path krb5Conf() {
        return krb5Conf;
    }

    /** Creates a principal with a random key. */
    void createPrincipal(String principal) {
        try {
            kdc.createPrincipal(principal);
        } catch (KrbException e) {
            throw new IllegalStateException("Cannot create " + principal, e);
        }
    }

    /** A new keytab file, readable by its owner only, with the principal's current keys. */
    Path exportKeytab(String principal, String fileName) {
        Path keytab = dir.resolve(fileName);
        try {
            Files.deleteIfExists(keytab);
            kdc.exportPrincipal(principal, keytab.toFile());
            Files.setPosixFilePermissions(keytab, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (KrbException e) {
            throw new IllegalStateException("Cannot export " + principal, e);
        }
        return keytab;
    }

    /** Gives the principal new keys, as a password change does: keytabs exported before hold stale ones. */
    void rekey(String principal) {
        try {
            kdc.getKadmin().updateKeys(principal);
        } catch (KrbException e) {
            throw new IllegalStateException("Cannot re-key " + principal, e);
        }
    }

    @Override
    public void close() {
        try {
            kdc.stop();
        } catch (KrbException e) {
            throw new IllegalStateException("Cannot stop the KDC", e);
        }
    }
}
