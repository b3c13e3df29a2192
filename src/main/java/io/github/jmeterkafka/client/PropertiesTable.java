package io.github.jmeterkafka.client;

import io.github.jmeterkafka.payload.registry.RegistryConfig;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * A Kafka Connection's properties tables, a row each: its name in a problem, the keys it may hold, and the class
 * settings that, naming a class of the user's, let that class take keys of its own from the table; and the rules
 * every table's keys are held to.
 */
// unmodifiable sets and lists: error-prone knows only Guava's immutable types
@SuppressWarnings("ImmutableEnumChecker")
enum PropertiesTable {
    /** Every client's (the Bootstrap servers field among them): a key reaches the clients that know it. */
    CLIENT("client properties", anyClientKey(), List.of()),
    PRODUCER(
            "producer properties",
            ProducerConfig.configNames(),
            List.of(
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                    ProducerConfig.INTERCEPTOR_CLASSES_CONFIG,
                    ProducerConfig.PARTITIONER_CLASS_CONFIG)),
    /** Consumers' and share consumers' alike. */
    CONSUMER(
            "consumer properties",
            ConsumerConfig.configNames(),
            List.of(
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                    ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG));

    // Kafka's own prefix for config providers (config.providers.<name>.class, .param.*)
    private static final String CONFIG_PROVIDERS_PREFIX = "config.providers.";
    // keys a table may not set, because something else always sets them, and what does
    private static final Map<String, String> SET_ELSEWHERE = Map.of(
            CommonClientConfigs.CLIENT_ID_CONFIG, "the plugin makes one per client from the Client id prefix field",
            ProducerConfig.TRANSACTIONAL_ID_CONFIG, "the Kafka Producer's Transactional option makes one per thread",
            ConsumerConfig.GROUP_ID_CONFIG, "it is the Kafka Consumer's Group id field",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "the Kafka Consumer's Commit field decides what is committed",
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "the Kafka Consumer's Start at field decides it");

    final String title;
    final Set<String> known;
    final List<String> classKeys;

    PropertiesTable(String title, Set<String> known, List<String> classKeys) {
        this.title = title;
        this.known = known;
        this.classKeys = classKeys;
    }

    /** Whether one of this table's class settings, in it or in the client properties, names a class not Kafka's. */
    boolean namesOwnClass(Map<String, String> client, Map<String, String> props) {
        for (String key : classKeys) {
            for (Map<String, String> table : List.of(client, props)) {
                String value = table.get(key);
                if (value != null && !value.isBlank() && !value.trim().startsWith("org.apache.kafka.")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Keys no client takes, unless {@code forClasses}: a class of the user's that the table names (a schema registry
     * serializer reading {@code schema.registry.url}) may read any key.
     */
    void unknownKeys(Map<String, String> props, boolean forClasses, List<String> problems) {
        for (String key : props.keySet()) {
            boolean ok = forClasses
                    || key.startsWith(CONFIG_PROVIDERS_PREFIX)
                    || RegistryConfig.KEYS.contains(key)
                    || known.contains(key);
            if (!ok) {
                problems.add("'" + key + "' in " + title + " is not a Kafka client property"
                        + (classKeys.isEmpty()
                                ? ""
                                : " (settings of your own serializer, interceptor or partitioner"
                                        + " are taken once its class is set)"));
            }
        }
    }

    /** Keys the Security fields set too: which one was meant cannot be known. */
    void conflicts(Map<String, String> props, Set<String> securityKeys, List<String> problems) {
        for (String key : securityKeys) {
            if (props.containsKey(key)) {
                problems.add("'" + key + "' is set both by the Security fields and in " + title + "; keep one");
            }
        }
    }

    void setElsewhere(Map<String, String> props, List<String> problems) {
        SET_ELSEWHERE.forEach((key, why) -> {
            if (props.containsKey(key)) {
                problems.add("'" + key + "' in " + title + " would be overridden: " + why);
            }
        });
    }

    /** {@code bootstrap.servers} anywhere but in the client properties, where the Bootstrap servers field is. */
    void bootstrapElsewhere(Map<String, String> props, List<String> problems) {
        if (this != CLIENT && props.containsKey(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)) {
            problems.add("'bootstrap.servers' in " + title
                    + " would send some clients to another cluster: it is the Bootstrap servers field");
        }
    }

    private static Set<String> anyClientKey() {
        return Stream.of(ProducerConfig.configNames(), ConsumerConfig.configNames(), AdminClientConfig.configNames())
                .flatMap(Set::stream)
                .collect(Collectors.toUnmodifiableSet());
    }
}
