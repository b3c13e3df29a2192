package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Collectors;

/**
 * The connections of the running test, by name: Kafka Connection elements bind theirs at test
 * start and unbind them at test end; samplers look them up by name (as JMeter's JDBC samplers find
 * a pool). One JVM runs one test at a time, in GUI and in server mode alike.
 */
public final class Connections {
    private static final ConcurrentMap<String, Bound> BOUND = new ConcurrentHashMap<>();

    /** A connection and the test that bound it. */
    private static final class Bound {
        final Connection connection;
        final long test;

        Bound(Connection connection, long test) {
            this.connection = connection;
            this.test = test;
        }
    }

    private Connections() {}

    public static void bind(Connection connection) {
        bind(connection, 0);
    }

    /**
     * Binds a connection under its name for the test that started at {@code test}. A second element
     * with the same name in that test makes the name unusable: samplers cannot know which was meant.
     * One left by an earlier test, whose end never came (a test that failed to start), is replaced.
     */
    public static void bind(Connection connection, long test) {
        String name = connection.name();
        Bound previous = BOUND.putIfAbsent(name, new Bound(connection, test));
        if (previous != null) {
            BOUND.put(
                    name,
                    new Bound(
                            previous.test != test
                                    ? connection
                                    : Connection.failed(
                                            name,
                                            "more than one Kafka Connection element is named '" + name
                                                    + "'; give each a unique name"),
                            test));
            previous.connection.close(Duration.ZERO);
        }
    }

    /** The connection of that name; throws {@link InvalidInputException} when there is none. */
    public static Connection get(String name) {
        Bound b = BOUND.get(name);
        if (b == null) {
            throw new InvalidInputException("no Kafka Connection element is named '" + name
                    + "' (add one to the test plan, or correct the sampler's connection name)");
        }
        return b.connection;
    }

    /** {@code text} without a secret value of any bound connection. */
    static String scrub(String text) {
        String out = text;
        for (Bound b : BOUND.values()) {
            out = b.connection.settings().scrub(out);
        }
        return out;
    }

    /** The connections bound now, for the Kafka Metrics listener. */
    public static Collection<Connection> all() {
        return BOUND.values().stream().map(b -> b.connection).collect(Collectors.toList());
    }

    public static void unbind(String name, Duration closeTimeout) {
        Bound b = BOUND.remove(name);
        if (b != null) {
            b.connection.close(closeTimeout);
        }
    }
}
