package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.common.config.ConfigResource;

/**
 * The Kafka Admin sampler's config operations, part of {@link AdminOperations} (its deadline bounds and cancels
 * them): describe and incrementally alter the configs of topics or brokers. A topic or broker that does not exist
 * and a config name Kafka does not know for it are refused before anything changes.
 *
 * <p>Threads: as {@link AdminOperations}.
 */
public final class ConfigOperations {
    /** In the brokers field: the default every broker of the cluster takes. */
    public static final String ALL_BROKERS = "all";

    private final Admin admin;
    private final AdminDeadline deadline;
    private final ClusterOperations cluster;

    ConfigOperations(Admin admin, AdminDeadline deadline, ClusterOperations cluster) {
        this.admin = admin;
        this.deadline = deadline;
        this.cluster = cluster;
    }

    /**
     * The configs of {@code brokers} (ids, comma-separated, or {@value #ALL_BROKERS} for the cluster-wide default)
     * when given, else of {@code topics}.
     */
    public Map<ConfigResource, Config> describe(Collection<String> topics, String brokers)
            throws InterruptedException, ExecutionException {
        deadline.begin();
        return describe(resources(topics, brokers, "nothing described"));
    }

    /**
     * Sets each config of {@code changes} with a value and removes (back to its default) each with a blank one, on
     * {@code brokers} when given, else on {@code topics}; returns their configs after.
     */
    public Map<ConfigResource, Config> alter(Collection<String> topics, String brokers, Map<String, String> changes)
            throws InterruptedException, ExecutionException {
        deadline.begin();
        String unchanged = "nothing changed";
        if (changes.isEmpty()) {
            throw new InvalidInputException("configs is empty: name the configs to set (or to remove, with no value)");
        }
        List<ConfigResource> resources = resources(topics, brokers, unchanged);
        Map<ConfigResource, Config> known = describe(resources);
        Map<ConfigResource, Collection<AlterConfigOp>> request = new LinkedHashMap<>();
        for (ConfigResource r : resources) {
            Set<String> names = new TreeSet<>();
            // the cluster-wide default lists only what was set there: a broker lists every name
            Config listing = r.type() == ConfigResource.Type.BROKER && r.name().isEmpty()
                    ? describe(List.of(anyBroker())).values().iterator().next()
                    : known.get(r);
            listing.entries().forEach(e -> names.add(e.name()));
            List<AlterConfigOp> ops = new ArrayList<>();
            changes.forEach((name, value) -> {
                if (!names.contains(name) && !dynamicOnly(r, name)) {
                    throw new InvalidInputException(
                            "Kafka knows no config " + name + " for " + describe(r) + ": " + unchanged);
                }
                ops.add(
                        value.isBlank()
                                ? new AlterConfigOp(new ConfigEntry(name, ""), AlterConfigOp.OpType.DELETE)
                                : new AlterConfigOp(new ConfigEntry(name, value.trim()), AlterConfigOp.OpType.SET));
            });
            request.put(r, ops);
        }
        // Kafka checks values (and what a broker may change while it runs) for every resource before any changes
        deadline.await(
                admin.incrementalAlterConfigs(
                                request,
                                new AlterConfigsOptions().validateOnly(true).timeoutMs(deadline.remainingMsInt()))
                        .all(),
                "checking the configs");
        return applyAndAwait(request, "altering the configs");
    }

    /**
     * Makes the changes of {@code request} and waits until the brokers answer with them (the controller takes them
     * first); returns the configs after.
     */
    Map<ConfigResource, Config> applyAndAwait(Map<ConfigResource, Collection<AlterConfigOp>> request, String what)
            throws InterruptedException, ExecutionException {
        deadline.await(
                admin.incrementalAlterConfigs(request, new AlterConfigsOptions().timeoutMs(deadline.remainingMsInt()))
                        .all(),
                what);
        Map<ConfigResource, Map<String, String>> expected = new LinkedHashMap<>();
        request.forEach((r, ops) -> {
            Map<String, String> values = new LinkedHashMap<>();
            ops.forEach(o -> values.put(
                    o.configEntry().name(),
                    o.opType() == AlterConfigOp.OpType.DELETE
                            ? ""
                            : o.configEntry().value()));
            expected.put(r, values);
        });
        List<ConfigResource> resources = new ArrayList<>(request.keySet());
        while (true) {
            Map<ConfigResource, Config> now = describe(resources);
            if (now.entrySet().stream().allMatch(e -> applied(e.getKey(), e.getValue(), expected.get(e.getKey())))) {
                return now;
            }
            deadline.pause(what);
        }
    }

    /** Whether {@code config} shows {@code changes} (a blank value: removed) as {@code r}'s own settings. */
    private static boolean applied(ConfigResource r, Config config, Map<String, String> changes) {
        ConfigEntry.ConfigSource own = r.type() == ConfigResource.Type.TOPIC
                ? ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG
                : r.name().isEmpty()
                        ? ConfigEntry.ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG
                        : ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG;
        return changes.entrySet().stream().allMatch(c -> {
            ConfigEntry e = config.get(c.getKey());
            if (c.getValue().isBlank()) {
                return e == null || e.source() != own;
            }
            return e != null
                    && e.source() == own
                    && (e.isSensitive() || c.getValue().trim().equals(e.value()));
        });
    }

    /** How the sample names a resource: {@code topic orders}, {@code broker 1}, {@code every broker}. */
    public static String describe(ConfigResource r) {
        if (r.type() == ConfigResource.Type.BROKER) {
            return r.name().isEmpty() ? "every broker" : "broker " + r.name();
        }
        return "topic " + r.name();
    }

    private Map<ConfigResource, Config> describe(List<ConfigResource> resources)
            throws InterruptedException, ExecutionException {
        Map<ConfigResource, Config> found = deadline.await(
                admin.describeConfigs(resources, new DescribeConfigsOptions().timeoutMs(deadline.remainingMsInt()))
                        .all(),
                "describing the configs");
        Map<ConfigResource, Config> ordered = new LinkedHashMap<>();
        resources.forEach(r -> ordered.put(r, found.get(r)));
        return ordered;
    }

    private ConfigResource anyBroker() throws InterruptedException, ExecutionException {
        return new ConfigResource(
                ConfigResource.Type.BROKER,
                Integer.toString(cluster.nodeIds().iterator().next()));
    }

    private List<ConfigResource> resources(Collection<String> topics, String brokers, String unchanged)
            throws InterruptedException, ExecutionException {
        List<ConfigResource> out = new ArrayList<>();
        if (!brokers.isBlank()) {
            if (brokers.trim().equals(ALL_BROKERS)) {
                out.add(new ConfigResource(ConfigResource.Type.BROKER, ""));
            } else {
                cluster.brokers(brokers, unchanged)
                        .forEach(id -> out.add(new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(id))));
            }
            return out;
        }
        List<String> names = AdminNames.topics(topics);
        Set<String> existing = deadline.await(
                admin.listTopics(new ListTopicsOptions().listInternal(true).timeoutMs(deadline.remainingMsInt()))
                        .names(),
                "listing topics");
        for (String name : names) {
            if (!existing.contains(name)) {
                throw new InvalidInputException("no topic " + name + " in the cluster: " + unchanged);
            }
            out.add(new ConfigResource(ConfigResource.Type.TOPIC, name));
        }
        return out;
    }

    // broker throttles are dynamic configs only: a broker does not list them until they are set
    private static boolean dynamicOnly(ConfigResource r, String name) {
        return r.type() == ConfigResource.Type.BROKER
                && (name.equals(ReplicaMoves.LEADER_RATE) || name.equals(ReplicaMoves.FOLLOWER_RATE));
    }
}
