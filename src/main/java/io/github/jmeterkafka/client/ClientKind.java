package io.github.jmeterkafka.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.ByteBufferDeserializer;

/** The kinds of client a connection configures, a row each: every rule in which they differ is a column. */
// unmodifiable sets and maps, and stateless parsers: error-prone knows only Guava's immutable types
@SuppressWarnings("ImmutableEnumChecker")
enum ClientKind {
    PRODUCER(
            "producer",
            ProducerConfig.configNames(),
            PropertiesTable.PRODUCER,
            classes(
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                    ByteArraySerializer.class),
            Set.of(),
            Map.of(),
            ProducerConfig::new),
    CONSUMER(
            "consumer",
            ConsumerConfig.configNames(),
            PropertiesTable.CONSUMER,
            viewDeserializers(),
            shareGroupOnly(),
            Map.of(),
            ConsumerConfig::new),
    SHARE_CONSUMER(
            "share consumer",
            ConsumerConfig.configNames(),
            PropertiesTable.CONSUMER,
            viewDeserializers(),
            consumerGroupOnly(),
            // max.poll.records is a hard limit, as "records per sample" says, unless the table asks otherwise
            Map.of(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit"),
            null),
    ADMIN("admin", AdminClientConfig.configNames(), null, Map.of(), Set.of(), Map.of(), AdminClientConfig::new);

    /** Its name in a problem. */
    final String title;
    /** The client properties it takes. */
    final Set<String> known;
    /** Its own table, over the client properties; null: none. */
    final PropertiesTable own;
    /** What it gets first, under all the user sets. */
    final Map<String, String> defaults;
    /** What it refuses to start with, taken out last. */
    final Set<String> refused;
    /** What it gets unless its table sets it. */
    final Map<String, String> unlessSet;
    /** Kafka's own parser of its config, which throws at a bad value; null: none of its own (its table is the consumer's). */
    final Consumer<Map<String, Object>> parse;

    ClientKind(
            String title,
            Set<String> known,
            PropertiesTable own,
            Map<String, String> defaults,
            Set<String> refused,
            Map<String, String> unlessSet,
            Consumer<Map<String, Object>> parse) {
        this.title = title;
        this.known = known;
        this.own = own;
        this.defaults = defaults;
        this.refused = refused;
        this.unlessSet = unlessSet;
        this.parse = parse;
    }

    private static Map<String, String> classes(String keyClass, String valueClass, Class<?> both) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(keyClass, both.getName());
        out.put(valueClass, both.getName());
        return Collections.unmodifiableMap(out);
    }

    // a view into the fetch response, where byte[] would copy every record (1 GB per 1M x 1000 B)
    private static Map<String, String> viewDeserializers() {
        return classes(
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteBufferDeserializer.class);
    }

    // what only a share consumer takes
    private static Set<String> shareGroupOnly() {
        return ConsumerConfig.configNames().stream()
                .filter(k -> k.startsWith("share."))
                .collect(Collectors.toUnmodifiableSet());
    }

    // what a share consumer refuses (ShareConsumerConfig's list, not public)
    private static Set<String> consumerGroupOnly() {
        return Set.of(
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                ConsumerConfig.GROUP_INSTANCE_ID_CONFIG,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
                ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG,
                ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
                ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG,
                ConsumerConfig.GROUP_PROTOCOL_CONFIG,
                ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG);
    }
}
