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
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The echo's command line, in the style of Kafka's own tools: the jar's {@code echo} command. Each option's check
 * names it; the later of two options wins ({@code --command-config} then {@code --property}, as Kafka's tools read
 * them).
 */
@Command(
        name = "echo",
        header = "The echo service: answers the Kafka Request-Reply sampler, or turns one topic into another.",
        description = {
            "Answers the Kafka Request-Reply sampler: reads requests, copies their correlation id and replies to the"
                    + " topic in their reply-topic header. With --transform it is a service that turns one topic into"
                    + " another: each request goes to the reply topic with its key, \"status\":\"processed\" added to"
                    + " its JSON object value, and no header copied (correlate by key or JSON path).",
            "Exit code: 0 ended (Ctrl-C, --duration-s, --idle-exit-s), 1 stopped by an error, 2 a wrong command line."
        })
public final class EchoOptions implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--bootstrap-server",
            required = true,
            paramLabel = "HOST:PORT",
            description = "the cluster's bootstrap servers")
    private String bootstrapServers;

    @Option(
            names = "--request-topic",
            paramLabel = "NAME",
            description = "topic to read requests from (default: ${DEFAULT-VALUE})")
    private String requestTopic = "jmeter-kafka-requests";

    @Option(
            names = "--reply-topic",
            paramLabel = "NAME",
            description = "topic to reply to when a request has no reply-topic header (default: ${DEFAULT-VALUE})")
    private String replyTopic = "jmeter-kafka-replies";

    private int partitions;

    @Option(
            names = "--correlation-header",
            paramLabel = "NAME",
            description = "the request header with the correlation id (default: ${DEFAULT-VALUE})")
    private String correlationHeader = "kafka_correlationId";

    @Option(
            names = "--reply-topic-header",
            paramLabel = "NAME",
            description = "the request header naming the reply topic (default: ${DEFAULT-VALUE})")
    private String replyTopicHeader = "kafka_replyTopic";

    private DelayRange delay = DelayRange.NONE;
    private double drop;
    private Long seed;

    @Option(
            names = "--group",
            paramLabel = "ID",
            description = "read as a member of this consumer group, sharing the requests with other echoes of the"
                    + " group (default: every partition, no group)")
    private String group;

    @Option(
            names = "--from-beginning",
            description = "read the requests already in the topic too (default: new ones only)")
    private boolean fromBeginning;

    @Option(names = "--transform", description = "write each request enriched to --reply-topic, key kept, no headers")
    private boolean transform;

    private Integer httpPort;

    @Option(
            names = "--http-host",
            paramLabel = "HOST",
            description = "the address the HTTP service listens on (default: ${DEFAULT-VALUE})")
    private String httpHost = "127.0.0.1";

    @Option(
            names = "--events-topic",
            paramLabel = "NAME",
            description = "the topic the HTTP orders go to (default: ${DEFAULT-VALUE})")
    private String eventsTopic = "jmeter-kafka-events";

    private Duration duration;
    private Duration idleExit;
    private final Map<String, String> properties = new LinkedHashMap<>();

    /**
     * Reads the arguments as the {@code echo} command does.
     *
     * @throws IllegalArgumentException an unknown option, a missing or bad value, no bootstrap server
     */
    public static EchoOptions parse(String... args) {
        EchoOptions o = new EchoOptions();
        try {
            new CommandLine(o).parseArgs(args);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return o;
    }

    /** Serves until the end asked for (Ctrl-C, a duration, idle); the command's exit code. */
    @Override
    public Integer call() {
        return EchoService.serve(this);
    }

    @Option(
            names = "--partitions",
            paramLabel = "N",
            description = "create both topics with N partitions if they do not exist")
    void partitions(String value) {
        partitions = positive("--partitions", value);
    }

    @Option(
            names = "--delay-ms",
            paramLabel = "MS|MIN-MAX",
            description = "wait before replying: fixed, or uniform in the range (default: 0)")
    void delay(String value) {
        try {
            delay = DelayRange.parse(value);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    @Option(
            names = "--drop",
            paramLabel = "SHARE",
            description = "drop this share of requests unanswered, e.g. 0.01 (default: 0)")
    void drop(String value) {
        try {
            double d = Double.parseDouble(value.trim());
            if (d >= 0 && d < 1) {
                drop = d;
                return;
            }
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw bad("--drop: '" + value + "' must be a share from 0 up to, not including, 1");
    }

    @Option(names = "--seed", paramLabel = "N", description = "seed of the delays and drops, for repeatable runs")
    void seed(String value) {
        seed = number("--seed", value);
    }

    @Option(
            names = "--http",
            paramLabel = "PORT",
            description = "also an HTTP service on --http-host:PORT (0: any free port): POST /orders with a JSON"
                    + " order answers 202 and writes the order to --events-topic, keyed by its orderId (after"
                    + " --delay-ms; --drop drops the event only)")
    void http(String value) {
        long n = number("--http", value);
        if (n < 0 || n > 65535) {
            throw bad("--http: '" + value + "' is not a port (0 to 65535)");
        }
        httpPort = (int) n;
    }

    @Option(names = "--duration-s", paramLabel = "N", description = "stop after N seconds (default: until Ctrl-C)")
    void duration(String value) {
        duration = Duration.ofSeconds(positive("--duration-s", value));
    }

    @Option(names = "--idle-exit-s", paramLabel = "N", description = "stop after N seconds without a request")
    void idleExit(String value) {
        idleExit = Duration.ofSeconds(positive("--idle-exit-s", value));
    }

    @Option(
            names = "--property",
            paramLabel = "KEY=VALUE",
            description = "a client property for its consumer, producer and admin (repeatable), e.g."
                    + " security.protocol=SASL_SSL")
    void property(String keyValue) {
        int eq = keyValue.indexOf('=');
        if (eq <= 0) {
            throw bad("--property: '" + keyValue + "' is not KEY=VALUE");
        }
        properties.put(
                keyValue.substring(0, eq).trim(), keyValue.substring(eq + 1).trim());
    }

    @Option(
            names = "--command-config",
            paramLabel = "FILE",
            description = "client properties from a file, as Kafka's tools take them")
    void commandConfig(String file) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException e) {
            throw bad("--command-config: cannot read " + file + ": " + e.getMessage());
        }
        p.stringPropertyNames().forEach(k -> properties.put(k, p.getProperty(k)));
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    private long number(String name, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw bad(name + ": '" + value + "' is not a whole number");
        }
    }

    private int positive(String name, String value) {
        long n = number(name, value);
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw bad(name + ": '" + value + "' must be 1 or more");
        }
        return (int) n;
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
