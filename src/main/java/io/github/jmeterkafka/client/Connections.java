package io.github.jmeterkafka.client;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The connections of the running test, by name: Kafka Connection elements bind theirs at test
 * start and unbind them at test end; samplers look them up by name (as JMeter's JDBC samplers find
 * a pool). One JVM runs one test at a time, in GUI and in server mode alike.
 */
public final class Connections {
    private static final ConcurrentMap<String, Connection> BOUND = new ConcurrentHashMap<>();

    private Connections() {
    }

    /**
     * Binds a connection under its name. A second element with the same name makes the name
     * unusable: samplers cannot know which was meant.
     */
    public static void bind(Connection connection) {
        String name = connection.name();
        Connection previous = BOUND.putIfAbsent(name, connection);
        if (previous != null) {
            BOUND.put(name, Connection.failed(name,
                    "more than one Kafka Connection element is named '" + name + "'; give each a unique name"));
            previous.close(Duration.ZERO);
        }
    }

    /** The connection of that name; throws {@link InvalidInputException} when there is none. */
    public static Connection get(String name) {
        Connection c = BOUND.get(name);
        if (c == null) {
            throw new InvalidInputException("no Kafka Connection element is named '" + name
                    + "' (add one to the test plan, or correct the sampler's connection name)");
        }
        return c;
    }

    /** {@code text} without a secret value of any bound connection. */
    static String scrub(String text) {
        String out = text;
        for (Connection c : BOUND.values()) {
            out = c.settings().scrub(out);
        }
        return out;
    }

    /** The connections bound now, for the Kafka Metrics listener. */
    public static Collection<Connection> all() {
        return List.copyOf(BOUND.values());
    }

    public static void unbind(String name, Duration closeTimeout) {
        Connection c = BOUND.remove(name);
        if (c != null) {
            c.close(closeTimeout);
        }
    }
}
