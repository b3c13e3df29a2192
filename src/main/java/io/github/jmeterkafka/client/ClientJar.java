package io.github.jmeterkafka.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarFile;
import org.apache.kafka.clients.producer.KafkaProducer;

/**
 * Which kafka-clients the plugin's clients run with. The plugin jar carries its own; another jar in
 * JMeter's lib/ or lib/ext/ (other Kafka plugins and backend listeners ship one) can be loaded first,
 * and then every client runs as that version without a word: its behaviour and figures would depend
 * on class path order. The plugin refuses that.
 */
public final class ClientJar {
    private static final String KAFKA_CLASS = "org/apache/kafka/clients/producer/KafkaProducer.class";
    private static final String VERSION_FILE = "kafka/kafka-version.properties";

    private ClientJar() {}

    /** Why the plugin cannot run with the Kafka classes JMeter loaded; empty when they are its own. */
    public static Optional<String> clash() {
        Path own = location(ClientJar.class);
        Path loaded = location(KafkaProducer.class);
        // outside the plugin jar (its own build and tests) the Kafka classes come from their own jar
        if (own == null
                || loaded == null
                || own.equals(loaded)
                || !own.toString().endsWith(".jar")
                || !contains(own, KAFKA_CLASS)) {
            return Optional.empty();
        }
        String loadedInstead = " and was loaded instead of the plugin's own: " + loaded + " (Kafka " + version(loaded)
                + "; the plugin's is " + version(own) + "). The plugin's clients would run as that version. ";
        if (loaded.getParent() != null
                && (loaded.getParent().endsWith("lib") || loaded.getParent().endsWith(Path.of("lib", "ext")))) {
            return Optional.of("Another kafka-clients is on JMeter's class path" + loadedInstead + "Remove "
                    + loaded.getFileName() + " from JMeter's lib/ or lib/ext/ (a Kafka plugin or backend listener may"
                    + " have brought it; it can keep its own copy outside JMeter's class path), then restart JMeter.");
        }
        // JMeter run in process (jmeter-java-dsl, a JUnit test) beside an application's own kafka-clients
        return Optional.of("Another kafka-clients is on the class path before the plugin's jar" + loadedInstead + "Put "
                + own.getFileName() + " before it on the class path (in Maven or Gradle: declare jmeter-kafka before"
                + " kafka-clients and whatever brings it; then the Kafka " + version(own) + " classes are loaded for"
                + " both), or run the load test where that kafka-clients is not on the class path.");
    }

    private static Path location(Class<?> c) {
        try {
            CodeSource source = c.getProtectionDomain().getCodeSource();
            URL url = source == null ? null : source.getLocation();
            return url == null ? null : Path.of(url.toURI()).toAbsolutePath().normalize();
        } catch (Exception e) {
            return null;
        }
    }

    private static boolean contains(Path jar, String entry) {
        try (JarFile f = new JarFile(jar.toFile())) {
            return f.getEntry(entry) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** The Kafka version a jar states, or "unknown". */
    static String version(Path jar) {
        try (JarFile f = new JarFile(jar.toFile())) {
            var entry = f.getEntry(VERSION_FILE);
            return entry == null ? "unknown" : version(f.getInputStream(entry));
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The version of the Kafka classes in use (what their log's "Kafka version" says). */
    public static String loadedVersion() {
        return version(KafkaProducer.class.getResourceAsStream("/" + VERSION_FILE));
    }

    private static String version(InputStream properties) {
        if (properties == null) {
            return "unknown";
        }
        try (InputStream in = properties) {
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown").trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
