package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.client.BufferFit;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.client.SendBatch;
import io.github.jmeterkafka.input.PluginProperties;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The producer one JMeter thread sends with: the connection's shared producer, or one of its own
 * (per thread, or transactional) with that one's transactions.
 *
 * <p>Threads: one sampler clone's thread only. The shared producer belongs to the connection; the
 * own producer is created here on first use and closed by {@link #close}.
 */
public final class ThreadProducer {
    private Producer<Object, Object> own;
    // set while this thread sends through the shared producer
    private BufferFit bufferFit;
    private Producer<Object, Object> shared;
    private Connection sharedFrom;
    // topics whose metadata this thread's producer has
    private final Set<String> topicsReady = new HashSet<>();

    public Producer<Object, Object> get(Connection connection, ProducerScope scope, boolean transactional) {
        if (scope == ProducerScope.SHARED) {
            // kept by the thread: the connection hands it out under its lock, which every thread would take per sample
            if (shared != null && sharedFrom == connection) {
                return shared;
            }
            shared = connection.sharedProducer();
            sharedFrom = connection;
            if (bufferFit == null) {
                bufferFit = connection.sharedBufferFit();
                bufferFit.join();
            }
            return shared;
        }
        if (own == null) {
            Map<String, Object> extra = transactional
                    ? Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, connection.nextClientId("tx"))
                    : Map.of();
            Producer<Object, Object> p = connection.newProducer(extra);
            if (transactional) {
                try {
                    p.initTransactions();
                } catch (RuntimeException e) {
                    p.close(PluginProperties.closeTimeout());
                    throw e;
                }
            }
            own = p;
        }
        return own;
    }

    /** True the first time this thread's producer meets the topic: its metadata is still to fetch. */
    public boolean firstOnTopic(String topic) {
        return topicsReady.add(topic);
    }

    /** The metadata fetch failed: the next sample tries again. */
    public void notReady(String topic) {
        topicsReady.remove(topic);
    }

    /** Tells the shared producer's buffer check what a sample sent through it. */
    public void sampled(int records, long bytes) {
        if (bufferFit != null) {
            bufferFit.sampled(records, bytes);
        }
    }

    public void endTransaction(SendBatch batch, boolean commit) {
        try {
            if (commit) {
                own.commitTransaction();
            } else {
                own.abortTransaction();
            }
            batch.transactionEnded(commit, () -> "transaction aborted");
        } catch (RuntimeException e) {
            // what the broker wrote is not delivered: the acknowledged records count as failed
            batch.transactionEnded(
                    false,
                    () -> "transaction " + (commit ? "commit" : "abort") + " failed: " + FailureText.describe(e));
            // a producer whose transaction state is unknown is unusable: the next sample makes a new one
            close(PluginProperties.closeTimeout());
            throw e;
        }
    }

    /** Stops counting this thread in the shared producer's buffer check. */
    public void leaveShared() {
        shared = null;
        sharedFrom = null;
        if (bufferFit != null) {
            bufferFit.leave();
            bufferFit = null;
        }
    }

    public void close(Duration timeout) {
        Producer<Object, Object> p = own;
        own = null;
        topicsReady.clear();
        if (p != null) {
            p.close(timeout);
        }
    }
}
