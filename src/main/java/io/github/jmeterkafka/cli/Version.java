package io.github.jmeterkafka.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The jar's version, from its manifest; the kafka-clients version it bundles beside it. */
final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String own = Main.class.getPackage().getImplementationVersion();
        String kafka = kafkaClients();
        return new String[] {
            "jmeter-kafka " + (own == null ? "(not from its jar)" : own),
            "kafka-clients " + kafka,
            "Java " + Runtime.version()
        };
    }

    // the kafka-clients jar's own file: read without kafka-clients' classes, which need slf4j
    private static String kafkaClients() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // not known: said below
        }
        return p.getProperty("version", "(not known)");
    }
}
