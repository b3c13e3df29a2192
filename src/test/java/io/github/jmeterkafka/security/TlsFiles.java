package io.github.jmeterkafka.security;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Keys and certificates for a secured test broker, made by keytool at test time: a CA; a broker
 * certificate naming 127.0.0.1 and localhost; one naming no host (for hostname verification); a
 * client certificate for mutual TLS (also as a PEM keystore); and an unrelated CA. Every store is
 * PKCS12 with one password; the CA and the client key are also in JKS stores.
 *
 * <p>keytool's commands run in one child JVM ({@link #main}): a JVM per command takes ~1 s each.
 */
final class TlsFiles {
    private static final String NEXT = "--next";

    private final Path dir;
    private final String password;

    private TlsFiles(Path dir, String password) {
        this.dir = dir;
        this.password = password;
    }

    String password() {
        return password;
    }

    /** The CA's certificate: the truststore clients need. */
    Path truststore() {
        return dir.resolve("truststore.p12");
    }

    /** The CA's certificate as a PEM truststore. */
    Path caPem() {
        return dir.resolve("ca.pem");
    }

    Path brokerKeystore() {
        return dir.resolve("broker.p12");
    }

    /** A broker certificate with no host name in it. */
    Path noHostKeystore() {
        return dir.resolve("nohost.p12");
    }

    Path clientKeystore() {
        return dir.resolve("client.p12");
    }

    /** The client's unencrypted key and certificate chain as a PEM keystore. */
    Path clientPem() {
        return dir.resolve("client.pem");
    }

    /** The CA's certificate in a truststore of that type, PKCS12 or JKS. */
    Path truststore(String type) {
        return "JKS".equals(type) ? dir.resolve("truststore.jks") : truststore();
    }

    /** The client's key and certificate in a keystore of that type, PKCS12 or JKS. */
    Path clientKeystore(String type) {
        return "JKS".equals(type) ? dir.resolve("client.jks") : clientKeystore();
    }

    /** A truststore with an unrelated CA: the broker's certificate does not chain to it. */
    Path otherTruststore() {
        return dir.resolve("other-truststore.p12");
    }

    static TlsFiles create(Path dir, String password) {
        TlsFiles f = new TlsFiles(dir, password);
        try {
            Files.createDirectories(dir);
            f.runKeytool();
            f.writeClientPem();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        return f;
    }

    private void runKeytool() throws IOException {
        String ca = dir.resolve("ca.p12").toString();
        String other = dir.resolve("other-ca.p12").toString();
        List<String> args = new ArrayList<>();
        add(args, "-genkeypair", "-alias", "ca", "-dname", "CN=jmeter-kafka test CA", "-ext", "bc:c", "-keystore", ca);
        add(
                args,
                "-genkeypair",
                "-alias",
                "broker",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=ip:127.0.0.1,dns:localhost",
                "-signer",
                "ca",
                "-signerkeypass",
                password,
                "-keystore",
                ca);
        add(
                args,
                "-genkeypair",
                "-alias",
                "nohost",
                "-dname",
                "CN=jmeter-kafka test broker",
                "-signer",
                "ca",
                "-signerkeypass",
                password,
                "-keystore",
                ca);
        add(
                args,
                "-genkeypair",
                "-alias",
                "client",
                "-dname",
                "CN=jmeter-client",
                "-signer",
                "ca",
                "-signerkeypass",
                password,
                "-keystore",
                ca);
        for (String alias : List.of("broker", "nohost", "client")) {
            args.addAll(List.of(
                    "-importkeystore",
                    "-noprompt",
                    "-srckeystore",
                    ca,
                    "-srcstorepass",
                    password,
                    "-srcalias",
                    alias,
                    "-destkeystore",
                    dir.resolve(alias + ".p12").toString(),
                    "-deststorepass",
                    password,
                    "-deststoretype",
                    "PKCS12",
                    NEXT));
        }
        args.addAll(List.of(
                "-exportcert",
                "-rfc",
                "-alias",
                "ca",
                "-keystore",
                ca,
                "-storepass",
                password,
                "-file",
                caPem().toString(),
                NEXT));
        args.addAll(List.of(
                "-importcert",
                "-noprompt",
                "-alias",
                "ca",
                "-file",
                caPem().toString(),
                "-keystore",
                truststore().toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                password,
                NEXT));
        args.addAll(List.of(
                "-importcert",
                "-noprompt",
                "-alias",
                "ca",
                "-file",
                caPem().toString(),
                "-keystore",
                truststore("JKS").toString(),
                "-storetype",
                "JKS",
                "-storepass",
                password,
                NEXT));
        args.addAll(List.of(
                "-importkeystore",
                "-noprompt",
                "-srckeystore",
                ca,
                "-srcstorepass",
                password,
                "-srcalias",
                "client",
                "-destkeystore",
                clientKeystore("JKS").toString(),
                "-deststorepass",
                password,
                "-destkeypass",
                password,
                "-deststoretype",
                "JKS",
                NEXT));
        add(args, "-genkeypair", "-alias", "other", "-dname", "CN=unrelated CA", "-ext", "bc:c", "-keystore", other);
        Path otherPem = dir.resolve("other-ca.pem");
        args.addAll(List.of(
                "-exportcert",
                "-rfc",
                "-alias",
                "other",
                "-keystore",
                other,
                "-storepass",
                password,
                "-file",
                otherPem.toString(),
                NEXT));
        args.addAll(List.of(
                "-importcert",
                "-noprompt",
                "-alias",
                "other",
                "-file",
                otherPem.toString(),
                "-keystore",
                otherTruststore().toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                password));

        List<String> cmd = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports",
                "java.base/sun.security.tools.keytool=ALL-UNNAMED",
                "-cp",
                classesDir().toString(),
                TlsFiles.class.getName()));
        cmd.addAll(args);
        Path log = dir.resolve("keytool.log");
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("keytool did not finish in 60 s; see " + log);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException("keytool failed:\n" + Files.readString(log));
        }
    }

    /** A key pair command with the settings every key here shares. */
    private void add(List<String> args, String... command) {
        args.addAll(List.of(command));
        args.addAll(List.of(
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-storepass",
                password,
                "-keypass",
                password,
                NEXT));
    }

    private void writeClientPem() throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(clientKeystore())) {
            ks.load(in, password.toCharArray());
        }
        Key key = ks.getKey("client", password.toCharArray());
        StringBuilder pem = new StringBuilder(pem("PRIVATE KEY", key.getEncoded()));
        for (Certificate c : ks.getCertificateChain("client")) {
            pem.append(pem("CERTIFICATE", c.getEncoded()));
        }
        Files.writeString(clientPem(), pem, StandardCharsets.US_ASCII);
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static Path classesDir() {
        try {
            return Paths.get(TlsFiles.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs keytool commands separated by {@value #NEXT}, in this JVM; exits non-zero on the first failure. */
    public static void main(String[] args) throws ReflectiveOperationException {
        var keytool = Class.forName("sun.security.tools.keytool.Main").getMethod("main", String[].class);
        List<String> command = new ArrayList<>();
        for (int i = 0; i <= args.length; i++) {
            if (i == args.length || NEXT.equals(args[i])) {
                // the command's name and alias only: the rest holds passwords
                int alias = Math.max(command.indexOf("-alias"), command.indexOf("-srcalias"));
                System.out.println("keytool " + command.get(0) + (alias < 0 ? "" : " " + command.get(alias + 1)));
                try {
                    // keytool exits the JVM with 1 when a command fails
                    keytool.invoke(null, (Object) command.toArray(new String[0]));
                } catch (InvocationTargetException e) {
                    e.getCause().printStackTrace();
                    System.exit(2);
                }
                command.clear();
            } else {
                command.add(args[i]);
            }
        }
    }
}
