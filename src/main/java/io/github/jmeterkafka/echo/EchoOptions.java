package io.github.jmeterkafka.echo;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** The echo's command line, in the style of Kafka's own tools. */
public final class EchoOptions {
    static final String USAGE = """
            Usage: EchoService --bootstrap-server HOST:PORT [options]
            Answers the Kafka Request-Reply sampler: reads requests, copies their correlation id and replies to
            the topic in their reply-topic header. With --transform it is a service that turns one topic into
            another: each request goes to the reply topic with its key, "status":"processed" added to its JSON
            object value, and no header copied (correlate by key or JSON path).
              --request-topic NAME        topic to read requests from (default jmeter-kafka-requests)
              --reply-topic NAME          topic to reply to when a request has no reply-topic header
                                          (default jmeter-kafka-replies)
              --partitions N              create both topics with N partitions if they do not exist
              --correlation-header NAME   default kafka_correlationId
              --reply-topic-header NAME   default kafka_replyTopic
              --delay-ms MS|MIN-MAX       wait before replying: fixed, or uniform in the range (default 0)
              --drop SHARE                drop this share of requests unanswered, e.g. 0.01 (default 0)
              --seed N                    seed of the delays and drops, for repeatable runs
              --group ID                  read as a member of this consumer group, sharing the requests with
                                          other echoes of the group (default: every partition, no group)
              --from-beginning            read the requests already in the topic too (default: new ones only)
              --transform                 write each request enriched to --reply-topic, key kept, no headers
              --http PORT                 also an HTTP service on 127.0.0.1:PORT (0: any free port): POST /orders
                                          with a JSON order answers 202 and writes the order to --events-topic,
                                          keyed by its orderId (after --delay-ms; --drop drops the event only)
              --http-host HOST            the address it listens on (default 127.0.0.1)
              --events-topic NAME         the topic the HTTP orders go to (default jmeter-kafka-events)
              --duration-s N              stop after N seconds (default: until Ctrl-C)
              --idle-exit-s N             stop after N seconds without a request
              --property KEY=VALUE        a client property for its consumer, producer and admin (repeatable),
                                          e.g. security.protocol=SASL_SSL
              --command-config FILE       client properties from a file, as Kafka's tools take them
              --help                      this text
            """;

    private String bootstrapServers;
    private String requestTopic = "jmeter-kafka-requests";
    private String replyTopic = "jmeter-kafka-replies";
    private int partitions;
    private String correlationHeader = "kafka_correlationId";
    private String replyTopicHeader = "kafka_replyTopic";
    private DelayRange delay = DelayRange.NONE;
    private double drop;
    private Long seed;
    private String group;
    private boolean fromBeginning;
    private boolean transform;
    private Integer httpPort;
    private String httpHost = "127.0.0.1";
    private String eventsTopic = "jmeter-kafka-events";
    private Duration duration;
    private Duration idleExit;
    private final Map<String, String> properties = new LinkedHashMap<>();
    private boolean help;

    private EchoOptions() {}

    /**
     * Reads the arguments as Kafka's tools take them.
     *
     * @throws IllegalArgumentException an unknown option, a missing or bad value, no bootstrap server
     */
    public static EchoOptions parse(String... args) {
        EchoOptions o = new EchoOptions();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("--help")) {
                o.help = true;
                return o;
            }
            if (name.equals("--from-beginning")) {
                o.fromBeginning = true;
                continue;
            }
            if (name.equals("--transform")) {
                o.transform = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            String value = args[++i];
            switch (name) {
                case "--bootstrap-server" -> o.bootstrapServers = value;
                case "--request-topic" -> o.requestTopic = value;
                case "--reply-topic" -> o.replyTopic = value;
                case "--partitions" -> o.partitions = positive(name, value);
                case "--http" -> o.httpPort = port(value);
                case "--http-host" -> o.httpHost = value;
                case "--events-topic" -> o.eventsTopic = value;
                case "--correlation-header" -> o.correlationHeader = value;
                case "--reply-topic-header" -> o.replyTopicHeader = value;
                case "--delay-ms" -> o.delay = DelayRange.parse(value);
                case "--drop" -> o.drop = share(value);
                case "--seed" -> o.seed = number(name, value);
                case "--group" -> o.group = value;
                case "--duration-s" -> o.duration = Duration.ofSeconds(positive(name, value));
                case "--idle-exit-s" -> o.idleExit = Duration.ofSeconds(positive(name, value));
                case "--property" -> o.property(value);
                case "--command-config" -> o.commandConfig(Path.of(value));
                default -> throw new IllegalArgumentException("unknown option " + name);
            }
        }
        if (o.bootstrapServers == null || o.bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("--bootstrap-server is required");
        }
        return o;
    }

    private void property(String keyValue) {
        int eq = keyValue.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("--property: '" + keyValue + "' is not KEY=VALUE");
        }
        properties.put(
                keyValue.substring(0, eq).trim(), keyValue.substring(eq + 1).trim());
    }

    private void commandConfig(Path file) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("--command-config: cannot read " + file + ": " + e.getMessage(), e);
        }
        p.stringPropertyNames().forEach(k -> properties.put(k, p.getProperty(k)));
    }

    private static long number(String name, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": '" + value + "' is not a whole number");
        }
    }

    private static int positive(String name, String value) {
        long n = number(name, value);
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + ": '" + value + "' must be 1 or more");
        }
        return (int) n;
    }

    private static int port(String value) {
        long n = number("--http", value);
        if (n < 0 || n > 65535) {
            throw new IllegalArgumentException("--http: '" + value + "' is not a port (0 to 65535)");
        }
        return (int) n;
    }

    private static double share(String value) {
        try {
            double d = Double.parseDouble(value.trim());
            if (d >= 0 && d < 1) {
                return d;
            }
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw new IllegalArgumentException("--drop: '" + value + "' must be a share from 0 up to, not including, 1");
    }

    public boolean help() {
        return help;
    }

    String bootstrapServers() {
        return bootstrapServers;
    }

    String requestTopic() {
        return requestTopic;
    }

    String replyTopic() {
        return replyTopic;
    }

    /** 0: the topics must exist. */
    int partitions() {
        return partitions;
    }

    String correlationHeader() {
        return correlationHeader;
    }

    String replyTopicHeader() {
        return replyTopicHeader;
    }

    DelayRange delay() {
        return delay;
    }

    double drop() {
        return drop;
    }

    /** null: a new seed each run. */
    Long seed() {
        return seed;
    }

    /** null: no group, every partition assigned. */
    String group() {
        return group;
    }

    boolean fromBeginning() {
        return fromBeginning;
    }

    /** Enrich and forward, keeping the key, instead of replying with the correlation id. */
    boolean transform() {
        return transform;
    }

    /** The HTTP front's port (0: any free one); null: no HTTP front. */
    Integer httpPort() {
        return httpPort;
    }

    String httpHost() {
        return httpHost;
    }

    String eventsTopic() {
        return eventsTopic;
    }

    /** null: until closed. */
    Duration duration() {
        return duration;
    }

    /** null: never idle out. */
    Duration idleExit() {
        return idleExit;
    }

    Map<String, String> properties() {
        return properties;
    }
}
