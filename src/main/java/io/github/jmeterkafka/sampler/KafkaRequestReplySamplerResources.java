package io.github.jmeterkafka.sampler;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Locale;
import java.util.PropertyResourceBundle;
import java.util.ResourceBundle;
import java.util.Set;

/**
 * The Kafka Request-Reply's GUI texts: its own (RequestReplyTexts.properties), then the Kafka Producer's for the
 * request record fields both samplers share, so those texts exist once.
 */
public class KafkaRequestReplySamplerResources extends ResourceBundle {
    private final ResourceBundle own;
    private final ResourceBundle producer = ResourceBundle.getBundle(
            KafkaProducerSampler.class.getName() + "Resources",
            Locale.ROOT,
            KafkaProducerSampler.class.getClassLoader());

    public KafkaRequestReplySamplerResources() {
        try (InputStream in =
                KafkaRequestReplySamplerResources.class.getResourceAsStream("RequestReplyTexts.properties")) {
            own = new PropertyResourceBundle(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected Object handleGetObject(String key) {
        return own.containsKey(key) ? own.getObject(key) : producer.containsKey(key) ? producer.getObject(key) : null;
    }

    @Override
    protected Set<String> handleKeySet() {
        Set<String> keys = new HashSet<>(own.keySet());
        keys.addAll(producer.keySet());
        return keys;
    }

    @Override
    public Enumeration<String> getKeys() {
        return Collections.enumeration(handleKeySet());
    }
}
