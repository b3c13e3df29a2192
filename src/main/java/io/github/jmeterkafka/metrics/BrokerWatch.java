package io.github.jmeterkafka.metrics;

import io.github.jmeterkafka.measure.LimitSample;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The brokers' own figures, read each second from the endpoints the Kafka Connections list, all at once and within
 * a deadline: a broker not read in time is n/a for that second and is not asked again until its reading ends, so a
 * hung endpoint holds one thread, never the probe. An endpoint that cannot be read is said once, as a WARN naming it.
 *
 * <p>Threads: the probe's thread calls {@link #read} and {@link #close}; the readings run on daemon threads.
 */
final class BrokerWatch implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BrokerWatch.class);

    private final long deadlineMs;
    private final ExecutorService readers;
    private final List<Watched> watched = new ArrayList<>();

    private static final class Watched {
        final BrokerEndpoint endpoint;
        final BrokerSource source;
        final BrokerLoad load = new BrokerLoad();
        Future<BrokerLoad.Reading> pending;
        boolean warned;
        boolean checked;

        Watched(BrokerEndpoint endpoint) {
            this.endpoint = endpoint;
            this.source = BrokerSource.of(endpoint);
        }
    }

    BrokerWatch(Collection<BrokerEndpoint> endpoints, long deadlineMs) {
        this.deadlineMs = deadlineMs;
        endpoints.forEach(e -> watched.add(new Watched(e)));
        this.readers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "Kafka limits broker reader");
            t.setDaemon(true);
            return t;
        });
    }

    /** Each watched broker's figures of the second; NONE where it could not be read in time. */
    Map<Integer, LimitSample.Broker> read() throws InterruptedException {
        for (Watched w : watched) {
            if (w.pending == null) {
                w.pending = readers.submit(() -> {
                    long nanos = System.nanoTime();
                    return new BrokerLoad.Reading(nanos, w.source.read());
                });
            }
        }
        long end = System.nanoTime() + deadlineMs * 1_000_000;
        Map<Integer, LimitSample.Broker> brokers = new TreeMap<>();
        for (Watched w : watched) {
            brokers.put(w.endpoint.node(), figures(w, Math.max(0, end - System.nanoTime())));
        }
        return brokers;
    }

    private LimitSample.Broker figures(Watched w, long waitNanos) throws InterruptedException {
        try {
            BrokerLoad.Reading r = w.pending.get(waitNanos, TimeUnit.NANOSECONDS);
            w.pending = null;
            if (w.warned) {
                log.info("Kafka limits: {} answers again", w.endpoint);
                w.warned = false;
            }
            missing(w, r.values().keySet());
            return w.load.next(r);
        } catch (TimeoutException e) {
            w.load.lost();
            return LimitSample.Broker.NONE;
        } catch (ExecutionException e) {
            w.pending = null;
            w.load.lost();
            if (!w.warned) {
                w.warned = true;
                log.warn(
                        "Kafka limits: cannot read the metrics of {}: {}; its broker figures show as n/a while this"
                                + " lasts, the other limits go on",
                        w.endpoint,
                        e.getCause().toString());
            }
            return LimitSample.Broker.NONE;
        }
    }

    /** Says once which metrics an endpoint does not expose: those figures are n/a, not 0. */
    private static void missing(Watched w, Set<BrokerMetric> found) {
        if (w.checked) {
            return;
        }
        w.checked = true;
        EnumSet<BrokerMetric> absent = EnumSet.allOf(BrokerMetric.class);
        absent.removeAll(found);
        if (!absent.isEmpty()) {
            List<String> names = new ArrayList<>();
            absent.forEach(m -> names.add(m.objectName()));
            log.info("Kafka limits: {} does not expose {}: those figures show as n/a", w.endpoint, names);
        }
    }

    @Override
    public void close() {
        readers.shutdownNow();
        watched.forEach(w -> w.source.close());
    }
}
