package io.github.jmeterkafka.client;

import io.github.jmeterkafka.payload.registry.RegistryConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.ByteBufferDeserializer;

/**
 * What a Kafka Connection element says, turned into the configs of each kind of client. Kafka
 * silently accepts unknown keys; this class does not: {@link #problems()} lists them, and every
 * value, those of the Security fields included, is checked by Kafka's own config parser before any
 * client is made. A key given both by the Security fields and in a properties table is a problem:
 * which one was meant cannot be known.
 */
public final class ConnectionSettings {
    private static final Set<String> PRODUCER_KEYS = ProducerConfig.configNames();
    private static final Set<String> CONSUMER_KEYS = ConsumerConfig.configNames();
    private static final Set<String> ADMIN_KEYS = AdminClientConfig.configNames();
    // Kafka's own prefix for config providers (config.providers.<name>.class, .param.*)
    private static final String CONFIG_PROVIDERS_PREFIX = "config.providers.";
    /** A schema registry's settings, read by the plugin itself (and by a registry serde, when one is set). */
    private static final List<String> PRODUCER_PLUGINS = List.of(
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
            ProducerConfig.INTERCEPTOR_CLASSES_CONFIG,
            ProducerConfig.PARTITIONER_CLASS_CONFIG);

    // what a share consumer refuses (ShareConsumerConfig's list, not public)
    private static final Set<String> CONSUMER_GROUP_ONLY = Set.of(
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
    // what only a share consumer takes
    private static final Set<String> SHARE_GROUP_ONLY = CONSUMER_KEYS.stream()
            .filter(k -> k.startsWith("share."))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());
    private static final List<String> CONSUMER_PLUGINS = List.of(
            ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
            ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG);
    // keys a table may not set, because something else always sets them, and what does
    private static final Map<String, String> SET_ELSEWHERE = Map.of(
            CommonClientConfigs.CLIENT_ID_CONFIG, "the plugin makes one per client from the Client id prefix field",
            ProducerConfig.TRANSACTIONAL_ID_CONFIG, "the Kafka Producer's Transactional option makes one per thread",
            ConsumerConfig.GROUP_ID_CONFIG, "it is the Kafka Consumer's Group id field",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "the Kafka Consumer's Commit field decides what is committed",
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "the Kafka Consumer's Start at field decides it");

    private final String name;
    private final String clientIdPrefix;
    private final Map<String, String> common;
    private final Map<String, String> producer;
    private final Map<String, String> consumer;
    private final SecuritySettings security;
    private final Map<String, String> securityProperties;
    private final List<String> secrets;

    /** Settings without Security fields (properties tables only). */
    public ConnectionSettings(
            String name,
            String clientIdPrefix,
            Map<String, String> common,
            Map<String, String> producer,
            Map<String, String> consumer) {
        this(name, clientIdPrefix, common, producer, consumer, SecuritySettings.NONE);
    }

    /**
     * @param common   properties for every client; {@code bootstrap.servers} among them
     * @param producer properties for producers only, over {@code common}
     * @param consumer properties for consumers only, over {@code common}
     * @param security the Security fields, for every client
     */
    public ConnectionSettings(
            String name,
            String clientIdPrefix,
            Map<String, String> common,
            Map<String, String> producer,
            Map<String, String> consumer,
            SecuritySettings security) {
        this.name = name;
        this.clientIdPrefix =
                clientIdPrefix == null || clientIdPrefix.isBlank() ? "jmeter-kafka" : clientIdPrefix.trim();
        this.common = Collections.unmodifiableMap(new LinkedHashMap<>(common));
        this.producer = Collections.unmodifiableMap(new LinkedHashMap<>(producer));
        this.consumer = Collections.unmodifiableMap(new LinkedHashMap<>(consumer));
        this.security = security;
        this.securityProperties = Collections.unmodifiableMap(security.clientProperties());
        this.secrets = List.copyOf(secretValues());
    }

    /**
     * A setting of the consumer's table, else of the common one, else of the producer's, as a registry serde reads
     * {@code schema.registry.url} wherever the user put it; empty when none has it.
     */
    public Optional<String> serdeSetting(String key) {
        for (Map<String, String> table : List.of(consumer, common, producer)) {
            String v = table.get(key);
            if (v != null && !v.isBlank()) {
                return Optional.of(v.trim());
            }
        }
        return Optional.empty();
    }

    public String name() {
        return name;
    }

    public String clientIdPrefix() {
        return clientIdPrefix;
    }

    /** Whether the producer's serializer for keys (or values) takes byte[]; else it gets text. */
    public boolean serializesBytes(String serializerKey) {
        return ByteArraySerializer.class.getName().equals(serializer(serializerKey));
    }

    /** The class name of the producer's serializer for keys (or values). */
    public String serializer(String serializerKey) {
        Object serializer = producerConfig("").get(serializerKey);
        return serializer instanceof Class
                ? ((Class<?>) serializer).getName()
                : String.valueOf(serializer).trim();
    }

    /**
     * Every reason these settings cannot work; empty when they can. Makes no connection. No secret
     * is in them: Kafka's messages are scrubbed of every secret value.
     */
    public List<String> problems() {
        List<String> problems = new ArrayList<>(security.problems());
        String bootstrap = common.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        if (bootstrap == null || bootstrap.isBlank()) {
            problems.add("bootstrap servers are empty");
        }
        unknownKeys(common, null, false, problems, "client properties");
        unknownKeys(producer, PRODUCER_KEYS, hasPlugin(PRODUCER_PLUGINS, producer), problems, "producer properties");
        unknownKeys(consumer, CONSUMER_KEYS, hasPlugin(CONSUMER_PLUGINS, consumer), problems, "consumer properties");
        conflicts(common, problems, "client properties");
        conflicts(producer, problems, "producer properties");
        conflicts(consumer, problems, "consumer properties");
        setElsewhere(common, problems, "client properties");
        setElsewhere(producer, problems, "producer properties");
        setElsewhere(consumer, problems, "consumer properties");
        for (Map.Entry<String, Map<String, String>> table : Map.of(
                        "producer properties", producer, "consumer properties", consumer)
                .entrySet()) {
            if (table.getValue().containsKey(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)) {
                problems.add("'bootstrap.servers' in " + table.getKey()
                        + " would send some clients to another cluster: it is the Bootstrap servers field");
            }
        }
        if (problems.isEmpty()) {
            check(() -> new ProducerConfig(producerConfig("check")), "producer", problems);
            check(() -> new ConsumerConfig(consumerConfig("check", Map.of())), "consumer", problems);
            check(() -> new AdminClientConfig(adminConfig("check")), "admin", problems);
        }
        problems.replaceAll(this::scrub);
        return problems;
    }

    /** {@code text} without any of these settings' secret values, for messages that quote Kafka's. */
    public String scrub(String text) {
        // every failed record of a sample is described: most connections have nothing to hide
        return secrets.isEmpty() ? text : Secrets.scrub(text, secrets);
    }

    private void conflicts(Map<String, String> table, List<String> problems, String tableName) {
        for (String key : securityProperties.keySet()) {
            if (table.containsKey(key)) {
                problems.add("'" + key + "' is set both by the Security fields and in " + tableName + "; keep one");
            }
        }
    }

    private static void setElsewhere(Map<String, String> table, List<String> problems, String tableName) {
        SET_ELSEWHERE.forEach((key, why) -> {
            if (table.containsKey(key)) {
                problems.add("'" + key + "' in " + tableName + " would be overridden: " + why);
            }
        });
    }

    /** The values of every secret setting, as typed. */
    private List<String> secretValues() {
        List<String> out = new ArrayList<>(security.secretValues());
        for (Map<String, String> props : List.of(common, producer, consumer, securityProperties)) {
            props.forEach((k, v) -> {
                if (Secrets.isSecret(k)) {
                    out.add(v);
                    out.addAll(Secrets.jaasSecretValues(v));
                }
            });
        }
        return out;
    }

    /** A client's own table; the registry's settings only when a class of the user's (its serde) reads them. */
    private static void putOwn(Map<String, Object> config, Map<String, String> table, boolean forPlugins) {
        table.forEach((k, v) -> {
            if (forPlugins || !RegistryConfig.KEYS.contains(k)) {
                config.put(k, v);
            }
        });
    }

    /**
     * @param forPlugins the client loads a class that may read settings of its own (a schema registry
     *                   serializer's {@code schema.registry.url}): any key of this table reaches it
     */
    private static void unknownKeys(
            Map<String, String> props, Set<String> known, boolean forPlugins, List<String> problems, String table) {
        for (String key : props.keySet()) {
            boolean ok = forPlugins
                    || key.startsWith(CONFIG_PROVIDERS_PREFIX)
                    || RegistryConfig.KEYS.contains(key)
                    || (known != null
                            ? known.contains(key)
                            : PRODUCER_KEYS.contains(key) || CONSUMER_KEYS.contains(key) || ADMIN_KEYS.contains(key));
            if (!ok) {
                problems.add("'" + key + "' in " + table + " is not a Kafka client property"
                        + (known == null
                                ? ""
                                : " (settings of your own serializer, interceptor or partitioner"
                                        + " are taken once its class is set)"));
            }
        }
    }

    /** Whether one of these class settings, in client properties or the client's own table, names a class not Kafka's own. */
    private boolean hasPlugin(List<String> classKeys, Map<String, String> own) {
        for (String key : classKeys) {
            for (Map<String, String> table : List.of(common, own)) {
                String value = table.get(key);
                if (value != null && !value.isBlank() && !value.trim().startsWith("org.apache.kafka.")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void check(Runnable parse, String client, List<String> problems) {
        try {
            parse.run();
        } catch (ConfigException | IllegalArgumentException e) {
            problems.add(client + " config: " + e.getMessage());
        }
    }

    public Map<String, Object> producerConfig(String clientId) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        putKnown(config, common, PRODUCER_KEYS);
        config.putAll(securityProperties);
        putOwn(config, producer, hasPlugin(PRODUCER_PLUGINS, producer));
        config.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
        return config;
    }

    /**
     * The config of one consumer, without what only share consumers take (a consumer refuses to start with it).
     *
     * @param overrides what the consumer sampler sets (group id, offset reset), over the connection's
     */
    public Map<String, Object> consumerConfig(String clientId, Map<String, Object> overrides) {
        Map<String, Object> config = eitherConsumerConfig(clientId, overrides);
        config.keySet().removeAll(SHARE_GROUP_ONLY);
        return config;
    }

    /** The consumer table serves consumers and share consumers alike. */
    private Map<String, Object> eitherConsumerConfig(String clientId, Map<String, Object> overrides) {
        Map<String, Object> config = new LinkedHashMap<>();
        // a view into the fetch response, where byte[] would copy every record (1 GB per 1M x 1000 B)
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteBufferDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteBufferDeserializer.class.getName());
        putKnown(config, common, CONSUMER_KEYS);
        config.putAll(securityProperties);
        putOwn(config, consumer, hasPlugin(CONSUMER_PLUGINS, consumer));
        config.putAll(overrides);
        config.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
        return config;
    }

    /**
     * The config of one share consumer: the consumer's, without what only consumer groups take (a share consumer
     * refuses to start with any of them set; the connection's consumer table serves both kinds).
     */
    public Map<String, Object> shareConsumerConfig(String clientId, Map<String, Object> overrides) {
        Map<String, Object> config = eitherConsumerConfig(clientId, overrides);
        config.keySet().removeAll(CONSUMER_GROUP_ONLY);
        // max.poll.records is a hard limit, as "records per sample" says, unless the table asks otherwise
        config.putIfAbsent(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit");
        return config;
    }

    public Map<String, Object> adminConfig(String clientId) {
        Map<String, Object> config = new LinkedHashMap<>();
        putKnown(config, common, ADMIN_KEYS);
        config.putAll(securityProperties);
        config.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
        return config;
    }

    // A common key reaches only the clients that know it, so Kafka never logs "isn't a known config".
    private static void putKnown(Map<String, Object> config, Map<String, String> props, Set<String> known) {
        props.forEach((k, v) -> {
            if (known.contains(k)) {
                config.put(k, v);
            }
        });
    }

    /** The settings for a log line, secrets masked. */
    public String describe() {
        return "common=" + masked(common)
                + (securityProperties.isEmpty() ? "" : " security=" + masked(securityProperties)) + " producer="
                + masked(producer) + " consumer=" + masked(consumer);
    }

    static Map<String, String> masked(Map<String, String> props) {
        Map<String, String> out = new TreeMap<>();
        props.forEach((k, v) -> out.put(k, Secrets.isSecret(k) ? Secrets.MASK : v));
        return out;
    }
}
