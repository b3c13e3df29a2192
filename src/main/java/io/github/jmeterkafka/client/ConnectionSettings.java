package io.github.jmeterkafka.client;

import io.github.jmeterkafka.payload.registry.RegistryConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * What a Kafka Connection element says, turned into the configs of each kind of client. Kafka
 * silently accepts unknown keys; this class does not: {@link #problems()} lists them, and every
 * value, those of the Security fields included, is checked by Kafka's own config parser before any
 * client is made. A key given both by the Security fields and in a properties table is a problem:
 * which one was meant cannot be known. What differs between kinds of client is a row of {@code ClientKind}; what
 * each properties table may hold, a row of {@code PropertiesTable}.
 */
public final class ConnectionSettings {
    private final String name;
    private final String clientIdPrefix;
    private final Map<PropertiesTable, Map<String, String>> tables = new EnumMap<>(PropertiesTable.class);
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
        tables.put(PropertiesTable.CLIENT, Collections.unmodifiableMap(new LinkedHashMap<>(common)));
        tables.put(PropertiesTable.PRODUCER, Collections.unmodifiableMap(new LinkedHashMap<>(producer)));
        tables.put(PropertiesTable.CONSUMER, Collections.unmodifiableMap(new LinkedHashMap<>(consumer)));
        this.security = security;
        this.securityProperties = Collections.unmodifiableMap(security.clientProperties());
        this.secrets = List.copyOf(secretValues());
    }

    /**
     * A setting of the consumer's table, else of the common one, else of the producer's, as a registry serde reads
     * {@code schema.registry.url} wherever the user put it; empty when none has it.
     */
    public Optional<String> serdeSetting(String key) {
        for (PropertiesTable table :
                List.of(PropertiesTable.CONSUMER, PropertiesTable.CLIENT, PropertiesTable.PRODUCER)) {
            String v = tables.get(table).get(key);
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
        String bootstrap = tables.get(PropertiesTable.CLIENT).get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        if (bootstrap == null || bootstrap.isBlank()) {
            problems.add("bootstrap servers are empty");
        }
        tables.forEach((table, props) -> table.unknownKeys(props, namesOwnClass(table), problems));
        tables.forEach((table, props) -> table.conflicts(props, securityProperties.keySet(), problems));
        tables.forEach((table, props) -> table.setElsewhere(props, problems));
        tables.forEach((table, props) -> table.bootstrapElsewhere(props, problems));
        if (problems.isEmpty()) {
            for (ClientKind kind : ClientKind.values()) {
                if (kind.parse != null) {
                    check(kind, problems);
                }
            }
        }
        problems.replaceAll(this::scrub);
        return problems;
    }

    /** {@code text} without any of these settings' secret values, for messages that quote Kafka's. */
    public String scrub(String text) {
        // every failed record of a sample is described: most connections have nothing to hide
        return secrets.isEmpty() ? text : Secrets.scrub(text, secrets);
    }

    /** The values of every secret setting, as typed. */
    private List<String> secretValues() {
        List<String> out = new ArrayList<>(security.secretValues());
        List<Map<String, String>> all = new ArrayList<>(tables.values());
        all.add(securityProperties);
        for (Map<String, String> props : all) {
            props.forEach((k, v) -> {
                if (Secrets.isSecret(k)) {
                    out.add(v);
                    out.addAll(Secrets.jaasSecretValues(v));
                }
            });
        }
        return out;
    }

    private boolean namesOwnClass(PropertiesTable table) {
        return table.namesOwnClass(tables.get(PropertiesTable.CLIENT), tables.get(table));
    }

    private void check(ClientKind kind, List<String> problems) {
        try {
            kind.parse.accept(config(kind, "check", Map.of()));
        } catch (ConfigException | IllegalArgumentException e) {
            problems.add(kind.title + " config: " + e.getMessage());
        }
    }

    public Map<String, Object> producerConfig(String clientId) {
        return config(ClientKind.PRODUCER, clientId, Map.of());
    }

    /**
     * The config of one consumer, without what only share consumers take (a consumer refuses to start with it).
     *
     * @param overrides what the consumer sampler sets (group id, offset reset), over the connection's
     */
    public Map<String, Object> consumerConfig(String clientId, Map<String, Object> overrides) {
        return config(ClientKind.CONSUMER, clientId, overrides);
    }

    /**
     * The config of one share consumer: the consumer's, without what only consumer groups take (a share consumer
     * refuses to start with any of them set; the connection's consumer table serves both kinds).
     */
    public Map<String, Object> shareConsumerConfig(String clientId, Map<String, Object> overrides) {
        return config(ClientKind.SHARE_CONSUMER, clientId, overrides);
    }

    public Map<String, Object> adminConfig(String clientId) {
        return config(ClientKind.ADMIN, clientId, Map.of());
    }

    private Map<String, Object> config(ClientKind kind, String clientId, Map<String, Object> overrides) {
        Map<String, Object> config = new LinkedHashMap<>(kind.defaults);
        // A common key reaches only the clients that know it, so Kafka never logs "isn't a known config".
        tables.get(PropertiesTable.CLIENT).forEach((k, v) -> {
            if (kind.known.contains(k)) {
                config.put(k, v);
            }
        });
        config.putAll(securityProperties);
        if (kind.own != null) {
            // the registry's settings only when a class of the user's (its serde) reads them
            boolean forClasses = namesOwnClass(kind.own);
            tables.get(kind.own).forEach((k, v) -> {
                if (forClasses || !RegistryConfig.KEYS.contains(k)) {
                    config.put(k, v);
                }
            });
        }
        config.putAll(overrides);
        config.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
        config.keySet().removeAll(kind.refused);
        kind.unlessSet.forEach(config::putIfAbsent);
        return config;
    }

    /** The settings for a log line, secrets masked. */
    public String describe() {
        return "common=" + masked(tables.get(PropertiesTable.CLIENT))
                + (securityProperties.isEmpty() ? "" : " security=" + masked(securityProperties)) + " producer="
                + masked(tables.get(PropertiesTable.PRODUCER)) + " consumer="
                + masked(tables.get(PropertiesTable.CONSUMER));
    }

    static Map<String, String> masked(Map<String, String> props) {
        Map<String, String> out = new TreeMap<>();
        props.forEach((k, v) -> out.put(k, Secrets.isSecret(k) ? Secrets.MASK : v));
        return out;
    }
}
