package io.github.jmeterkafka.client;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import org.apache.kafka.clients.producer.KafkaProducer;

/** The version of the Kafka clients the plugin runs with, as their jar states it (what their log's "Kafka version" says). */
public final class KafkaVersion {
    private static final String VERSION = read();

    private KafkaVersion() {
    }

    public static String get() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = KafkaProducer.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown").trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
