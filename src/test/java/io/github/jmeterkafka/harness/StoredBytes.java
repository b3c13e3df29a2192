package io.github.jmeterkafka.harness;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.common.Node;

/**
 * The bytes the broker keeps on disk for a topic: the sizes of its replicas' logs (record batches
 * with their headers, compressed as stored; no index files), summed over partitions and log dirs,
 * from {@code Admin.describeLogDirs}.
 */
public final class StoredBytes {
    private static final long TIMEOUT_S = 60;
    /** Between two readings; the size has settled when two in a row agree. */
    static final Duration STEP = Duration.ofMillis(300);

    public static final Duration MAX_WAIT = Duration.ofSeconds(15);

    private final Admin admin;

    public StoredBytes(Admin admin) {
        this.admin = admin;
    }

    /** The topic's size once two readings {@link #STEP} apart agree; -1 if it never did within {@link #MAX_WAIT}. */
    public long settled(String topic) {
        return settle(() -> now(topic), STEP, MAX_WAIT, StoredBytes::sleep);
    }

    /** The topic's size on every broker's log dirs, now. */
    long now(String topic) {
        Set<Integer> brokers =
                get(admin.describeCluster().nodes()).stream().map(Node::id).collect(Collectors.toSet());
        long bytes = 0;
        for (Map<String, LogDirDescription> dirs :
                get(admin.describeLogDirs(brokers).allDescriptions()).values()) {
            for (LogDirDescription dir : dirs.values()) {
                bytes += dir.replicaInfos().entrySet().stream()
                        .filter(e -> e.getKey().topic().equals(topic))
                        .mapToLong(e -> e.getValue().size())
                        .sum();
            }
        }
        return bytes;
    }

    interface Sleeper {
        void sleep(Duration d);
    }

    /**
     * Reads {@code size} every {@code step} until two readings in a row are equal and not 0 (a topic
     * just written holds something); -1 if that takes longer than {@code maxWait}.
     */
    static long settle(LongSupplier size, Duration step, Duration maxWait, Sleeper sleeper) {
        long last = size.getAsLong();
        for (long waited = 0; waited < maxWait.toMillis(); waited += step.toMillis()) {
            sleeper.sleep(step);
            long now = size.getAsLong();
            if (now == last && now > 0) {
                return now;
            }
            last = now;
        }
        return -1;
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }

    /** An Admin answer, waited for at most a minute. */
    public static <T> T get(org.apache.kafka.common.KafkaFuture<T> future) {
        try {
            return future.get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(e.getCause() != null ? e.getCause().toString() : e.toString(), e);
        }
    }
}
