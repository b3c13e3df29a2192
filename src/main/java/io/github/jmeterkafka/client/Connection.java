package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.RunRefusedException;
import io.github.jmeterkafka.payload.registry.RegistryConfig;
import io.github.jmeterkafka.payload.registry.SchemaRegistryClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The clients of one Kafka Connection element during one test.
 *
 * <p>Threads: the shared producer and the admin client are thread-safe; each is created once, under
 * this object's lock, by the first sampler thread that asks, and closed by {@link #close} at test end.
 * Per-thread producers and consumers are made here but belong to the calling JMeter thread, which
 * uses and closes them. A connection whose settings are invalid is "failed": every call throws
 * {@link InvalidInputException} with the reason, so each sample fails with it and the test goes on.
 */
public final class Connection {
    private static final Logger log = LoggerFactory.getLogger(Connection.class);
    // a client that could not be made (unresolvable host, bad class) is tried again at most this often:
    // every sample of every thread retrying would repeat Kafka's own warning thousands of times a second
    static final long CREATE_RETRY_NANOS = 1_000_000_000L;

    private final ConnectionSettings settings;
    private final String failure;
    private final boolean runRefused;
    private final ClientFactory factory;
    private final ClientIds ids;
    private final ClientMetrics metrics = new ClientMetrics();
    private final Map<String, CreateFailure> createFailures = new ConcurrentHashMap<>();
    private Producer<Object, Object> sharedProducer;
    private BufferFit sharedBufferFit;
    private Admin admin;
    // by reply topic and correlation header
    private Optional<SchemaRegistryClient> schemaRegistry;
    private final Map<String, ReplyReader> replyReaders = new HashMap<>();
    private boolean closed;

    private Connection(
            ConnectionSettings settings, String failure, boolean runRefused, ClientFactory factory, ClientIds ids) {
        this.settings = settings;
        this.failure = failure;
        this.runRefused = runRefused;
        this.factory = factory;
        this.ids = ids;
    }

    /** A connection for these settings, or a failed one that says why they cannot work. */
    public static Connection of(ConnectionSettings settings, ClientFactory factory, ClientIds ids) {
        var problems = settings.problems();
        String failure = problems.isEmpty()
                ? null
                : "Kafka Connection '" + settings.name() + "' is invalid: " + String.join("; ", problems);
        return new Connection(settings, failure, false, factory, ids);
    }

    public static Connection failed(String name, String reason) {
        return unusable(name, reason, false);
    }

    /** A connection the plugin cannot run with at all: each call throws {@link RunRefusedException}. */
    public static Connection refused(String name, String reason) {
        return unusable(name, reason, true);
    }

    private static Connection unusable(String name, String reason, boolean runRefused) {
        return new Connection(
                new ConnectionSettings(name, null, Map.of(), Map.of(), Map.of()),
                reason,
                runRefused,
                ClientFactory.KAFKA,
                null);
    }

    public String name() {
        return settings.name();
    }

    /** Why this connection cannot be used, or null. */
    public String failure() {
        return failure;
    }

    public ConnectionSettings settings() {
        return settings;
    }

    /** The metrics of the clients made here that are still open. */
    public ClientMetrics clientMetrics() {
        return metrics;
    }

    private void checkUsable() {
        if (failure != null) {
            throw runRefused ? new RunRefusedException(failure) : new InvalidInputException(failure);
        }
    }

    public synchronized Producer<Object, Object> sharedProducer() {
        checkUsable();
        if (closed) {
            throw new IllegalStateException("Kafka Connection '" + name() + "' is closed");
        }
        if (sharedProducer == null) {
            sharedProducer =
                    created("shared producer", settings.producerConfig(ids.next("producer")), factory::producer);
        }
        return sharedProducer;
    }

    /** How the samples of the threads sharing the producer fit its buffer. */
    public synchronized BufferFit sharedBufferFit() {
        if (sharedBufferFit == null) {
            Object memory = settings.producerConfig("").get(ProducerConfig.BUFFER_MEMORY_CONFIG);
            sharedBufferFit = new BufferFit(
                    name(),
                    memory == null
                            ? 32L * 1024 * 1024
                            : Long.parseLong(memory.toString().trim()));
        }
        return sharedBufferFit;
    }

    /** A producer that the calling thread owns and closes; {@code extra} goes over the settings. */
    public Producer<Object, Object> newProducer(Map<String, Object> extra) {
        checkUsable();
        Map<String, Object> config = settings.producerConfig(ids.next("producer"));
        config.putAll(extra);
        return created("producer", config, factory::producer);
    }

    /** A consumer that the calling thread owns and closes. */
    public Consumer<Object, Object> newConsumer(Map<String, Object> overrides) {
        checkUsable();
        return created("consumer", settings.consumerConfig(ids.next("consumer"), overrides), factory::consumer);
    }

    /** A share group member that the calling thread owns and closes. */
    public ShareConsumer<Object, Object> newShareConsumer(Map<String, Object> overrides) {
        checkUsable();
        return created(
                "share consumer",
                settings.shareConsumerConfig(ids.next("share-consumer"), overrides),
                factory::shareConsumer);
    }

    /**
     * The schema registry of {@code schema.registry.url} in the connection's tables (see {@link RegistryConfig}),
     * made once; empty when none is set.
     *
     * @throws InvalidInputException its TLS stores cannot be read
     */
    public synchronized Optional<SchemaRegistryClient> schemaRegistry() {
        if (schemaRegistry == null) {
            schemaRegistry = RegistryConfig.client(settings::serdeSetting);
        }
        return schemaRegistry;
    }

    public synchronized Admin admin() {
        checkUsable();
        if (closed) {
            throw new IllegalStateException("Kafka Connection '" + name() + "' is closed");
        }
        if (admin == null) {
            admin = created("admin client", settings.adminConfig(ids.next("admin")), factory::admin);
        }
        return admin;
    }

    /**
     * The reader of {@code topic}'s records, started by the first sample that asks (from {@code fromEpochMs}, see
     * {@link ReplyReader#start}) and closed with the connection; one that stopped reading is replaced at most once
     * a second. {@code readBy} tells the registry what to match (its correlation) before a new reader reads its
     * first record, so the records of its catch-up are not passed over.
     */
    public synchronized ReplyReader replyReader(
            String topic,
            ReplyReader.Hold hold,
            long fromEpochMs,
            java.util.function.Consumer<ReplyRegistry> readBy,
            ReplyReader.Timeouts timeouts) {
        checkUsable();
        if (closed) {
            throw new IllegalStateException("Kafka Connection '" + name() + "' is closed");
        }
        ReplyReader reader = replyReaders.get(topic);
        if (reader != null
                && reader.failure() != null
                && System.nanoTime() - reader.failedAtNanos() >= CREATE_RETRY_NANOS) {
            reader.close();
            reader = null;
        }
        if (reader == null) {
            reader = ReplyReader.start(this, topic, hold, fromEpochMs, readBy, timeouts);
            replyReaders.put(topic, reader);
        } else {
            readBy.accept(reader.registry());
        }
        return reader;
    }

    // one line per client, so broker-side client ids can be traced to a JMeter process and thread
    private <T> T created(String what, Map<String, Object> config, Function<Map<String, Object>, T> create) {
        CreateFailure failed = createFailures.get(what);
        if (failed != null && System.nanoTime() - failed.atNanos < CREATE_RETRY_NANOS) {
            throw failed.cause;
        }
        T client;
        try {
            client = metrics.create(config, create);
        } catch (RuntimeException e) {
            createFailures.put(what, new CreateFailure(e, System.nanoTime()));
            throw e;
        }
        createFailures.remove(what);
        log.info(
                "Kafka Connection '{}': {} {} created on {}",
                name(),
                what,
                config.get(CommonClientConfigs.CLIENT_ID_CONFIG),
                Thread.currentThread().getName());
        return client;
    }

    public String nextClientId(String role) {
        checkUsable();
        return ids.next(role);
    }

    /**
     * Flushes and closes the shared producer within {@code timeout}; records still unsent then fail
     * and their callbacks count them. Idempotent.
     */
    public void closeSharedProducer(Duration timeout) {
        Producer<Object, Object> p;
        synchronized (this) {
            p = sharedProducer;
            sharedProducer = null;
        }
        closeQuietly(p, timeout);
    }

    public void close(Duration timeout) {
        Admin a;
        List<ReplyReader> readers;
        synchronized (this) {
            closed = true;
            if (schemaRegistry != null) {
                schemaRegistry.ifPresent(this::logUnknownIds);
            }
            a = admin;
            admin = null;
            readers = new ArrayList<>(replyReaders.values());
            replyReaders.clear();
        }
        readers.forEach(ReplyReader::close);
        closeSharedProducer(timeout);
        if (a != null) {
            try {
                a.close(timeout);
            } catch (RuntimeException e) {
                log.warn("Closing the admin client of Kafka Connection '{}' failed: {}", name(), e.toString());
            }
        }
    }

    private void logUnknownIds(SchemaRegistryClient registry) {
        Map<Integer, Long> unknown = registry.unknownValues();
        if (!unknown.isEmpty()) {
            log.info(
                    "Kafka Connection '{}': values by schema id that schema registry {} does not have, shown as bytes: {}",
                    name(),
                    registry.url(),
                    unknown);
        }
    }

    static void closeQuietly(Producer<?, ?> producer, Duration timeout) {
        if (producer == null) {
            return;
        }
        try {
            producer.close(timeout);
        } catch (RuntimeException e) {
            log.warn("Closing a Kafka producer failed: {}", e.toString());
        }
    }

    private static final class CreateFailure {
        final RuntimeException cause;
        final long atNanos;

        CreateFailure(RuntimeException cause, long atNanos) {
            this.cause = cause;
            this.atNanos = atNanos;
        }
    }

    @Override
    public String toString() {
        return "Connection[" + name() + (failure == null ? "" : ", failed: " + failure) + "]";
    }
}
