package io.github.jmeterkafka.metrics;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.measure.LimitSample;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads, once a second while a test runs, what may limit it: the load generator ({@link GeneratorLoad}), the clients
 * ({@link ClientLoad}), the replication of the topics they use ({@link ReplicationWatch}) and, where a Kafka Connection
 * lists a way in, the brokers' own metrics ({@link BrokerWatch}). One per JMeter process:
 * every sampler's summary takes the seconds of its own window from it. The seconds of the last test stay readable
 * after it stopped, until the next test starts.
 *
 * <p>Threads: {@link #start} and {@link #stop} run on JMeter's test start/end thread; the probe's own daemon thread
 * reads; {@link #samples} may be called from any thread.
 */
public final class LimitsProbe {
    private static final Logger log = LoggerFactory.getLogger(LimitsProbe.class);
    private static final long PERIOD_MS = 1000;
    // a day of seconds: a longer test keeps its last day
    private static final int KEPT = 86_400;

    private static Thread thread;
    private static final List<LimitSample> samples = new ArrayList<>();
    private static final Map<Integer, BrokerEndpoint> brokers = new TreeMap<>();

    private LimitsProbe() {}

    /** Starts reading, unless it already runs; forgets the last test's seconds. */
    public static synchronized void start(Supplier<Collection<Connection>> connections) {
        if (thread != null) {
            return;
        }
        synchronized (samples) {
            samples.clear();
        }
        GeneratorLoad generator = new GeneratorLoad();
        thread = new Thread(() -> run(generator, connections), "Kafka limits probe");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Adds brokers whose own metrics are read, as a Kafka Connection lists them; a node listed already keeps its first
     * endpoint. Forgotten when the probe stops.
     */
    public static void watch(List<BrokerEndpoint> endpoints) {
        synchronized (brokers) {
            endpoints.forEach(e -> brokers.putIfAbsent(e.node(), e));
        }
    }

    private static List<BrokerEndpoint> watched() {
        synchronized (brokers) {
            return List.copyOf(brokers.values());
        }
    }

    private static void run(GeneratorLoad generator, Supplier<Collection<Connection>> connections) {
        ClientLoad clients = new ClientLoad();
        ReplicationWatch replication = new ReplicationWatch(PERIOD_MS / 2);
        List<BrokerEndpoint> endpoints = List.of();
        BrokerWatch brokerWatch = new BrokerWatch(endpoints, PERIOD_MS / 2);
        long next = System.nanoTime() + PERIOD_MS * 1_000_000;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                long now = System.nanoTime();
                next = Math.max(next + PERIOD_MS * 1_000_000, now);
                // connections started after the probe add theirs
                if (!watched().equals(endpoints)) {
                    endpoints = watched();
                    brokerWatch.close();
                    brokerWatch = new BrokerWatch(endpoints, PERIOD_MS / 2);
                }
                try {
                    LimitSample.Generator g = generator.read(now);
                    ClientLoad.Reading r = clients.read(connections.get());
                    keep(new LimitSample(
                            now,
                            g,
                            r.client(),
                            r.nodes(),
                            replication.read(r.topics()),
                            brokerWatch.read(),
                            r.longest()));
                } catch (RuntimeException e) {
                    // a client closing under the reading: this second is missing from the limits, not the rest
                    log.debug("Kafka limits: a second was not read", e);
                }
            }
        } catch (InterruptedException e) {
            // stop() was called
        } finally {
            generator.close();
            brokerWatch.close();
        }
    }

    private static void keep(LimitSample s) {
        synchronized (samples) {
            if (samples.size() >= KEPT) {
                samples.remove(0);
            }
            samples.add(s);
        }
    }

    /** Stops reading, waiting at most {@code timeout} for the probe's thread. */
    public static synchronized void stop(Duration timeout) {
        if (thread == null) {
            return;
        }
        thread.interrupt();
        try {
            thread.join(Math.max(1, timeout.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        thread = null;
        synchronized (brokers) {
            brokers.clear();
        }
    }

    /** The second read last, or null: none yet in this test. */
    public static LimitSample latest() {
        synchronized (samples) {
            return samples.isEmpty() ? null : samples.get(samples.size() - 1);
        }
    }

    /** The seconds read so far in this test (or the last one), oldest first. */
    public static List<LimitSample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }
}
