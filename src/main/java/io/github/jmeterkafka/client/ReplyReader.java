package io.github.jmeterkafka.client;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one reply topic for a whole connection, whatever correlates its records: a consumer with every partition assigned, positioned at
 * the end before the first request goes out, whose replies the {@link ReplyRegistry} hands to the waiting
 * samples by correlation id.
 *
 * <p>Threads: the consumer is made, polled and closed by the reader's own thread; samplers' threads wait
 * for {@link #ready}, use the registry, and any thread may {@link #close}.
 */
public final class ReplyReader {
    private static final Logger log = LoggerFactory.getLogger(ReplyReader.class);
    private static final Duration POLL = Duration.ofSeconds(1);

    private final String topic;
    private final ReplyRegistry registry;
    // 0: from the end; else from the records of this time on (ms since the epoch)
    private final long fromEpochMs;
    // when it was positioned: records written before were read in its catch-up
    private volatile long readyEpochMs;
    private volatile long readyNanos;
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final Thread thread;
    private final Duration closeTimeout;
    private volatile Consumer<Object, Object> consumer;
    private volatile boolean closing;
    private volatile RuntimeException failure;
    private volatile long failedAtNanos;

    private ReplyReader(Connection connection, String topic, Hold hold, long fromEpochMs, Timeouts timeouts) {
        this.topic = topic;
        this.fromEpochMs = fromEpochMs;
        this.registry = new ReplyRegistry(hold.window.toNanos(), hold.records);
        this.closeTimeout = timeouts.close;
        this.thread = new Thread(
                () -> run(connection, timeouts.start), "kafka-reply-reader-" + connection.name() + "-" + topic);
        thread.setDaemon(true);
    }

    /**
     * How long and how many records correlated by value are held for an await that has not started yet.
     *
     * @param window  e.g. 60 s: a record nobody awaited by then counts as unmatched
     * @param records at most this many held, the oldest dropped first
     */
    public record Hold(Duration window, int records) {}

    /** How long the reader may take to be positioned at the end of every partition, and to close. */
    public record Timeouts(Duration start, Duration close) {}

    /**
     * Starts reading {@code topic}; {@link #ready} says when it is positioned.
     *
     * @param fromEpochMs 0: from the end of every partition (replies to requests not sent yet); else from the first
     *                    record written at or after this time (an await's event may come before its await starts)
     * @param readBy      sets up the registry before the first record is read
     */
    static ReplyReader start(
            Connection connection,
            String topic,
            Hold hold,
            long fromEpochMs,
            java.util.function.Consumer<ReplyRegistry> readBy,
            Timeouts timeouts) {
        ReplyReader reader = new ReplyReader(connection, topic, hold, fromEpochMs, timeouts);
        readBy.accept(reader.registry);
        reader.thread.start();
        return reader;
    }

    public ReplyRegistry registry() {
        return registry;
    }

    /**
     * Waits until the reader is positioned at the end of every partition, at most {@code timeoutMs}.
     *
     * @throws TimeoutException      it was not within the time (the sample's connect part)
     * @throws IllegalStateException the reader failed, with its cause
     */
    public void ready(long timeoutMs) throws InterruptedException {
        try {
            ready.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new TimeoutException(
                    "the reply reader of topic '" + topic + "' was not positioned within " + timeoutMs + " ms");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        RuntimeException f = failure;
        if (f != null) {
            throw f;
        }
    }

    /** Why the reader stopped reading, or null while it reads. */
    RuntimeException failure() {
        return failure;
    }

    long failedAtNanos() {
        return failedAtNanos;
    }

    private void run(Connection connection, Duration startTimeout) {
        try {
            Consumer<Object, Object> c =
                    connection.newConsumer(Map.of(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest"));
            consumer = c;
            if (closing) {
                return;
            }
            position(c, startTimeout);
            ready.complete(null);
            while (!closing) {
                dispatch(c.poll(POLL));
            }
        } catch (WakeupException | InterruptException e) {
            if (!closing) {
                failed(e);
            }
        } catch (RuntimeException e) {
            failed(e);
        } finally {
            ready.complete(null);
            Consumer<Object, Object> c = consumer;
            if (c != null) {
                // this thread's own consumer: interrupt cleared so the close is not cut short
                Thread.interrupted();
                c.close(closeTimeout);
            }
        }
    }

    private void position(Consumer<Object, Object> c, Duration timeout) {
        List<PartitionInfo> partitions = c.partitionsFor(topic, timeout);
        if (partitions == null || partitions.isEmpty()) {
            throw new IllegalStateException("reply topic '" + topic + "' has no partitions");
        }
        List<TopicPartition> assigned = partitions.stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
        c.assign(assigned);
        if (fromEpochMs > 0) {
            // the ends first: a partition with no record since then is read from its end as it was before the
            // search, so a record written meanwhile (a test's first events) is not passed over
            Map<TopicPartition, Long> ends = c.endOffsets(assigned, timeout);
            Map<TopicPartition, OffsetAndTimestamp> from =
                    c.offsetsForTimes(assigned.stream().collect(Collectors.toMap(p -> p, p -> fromEpochMs)), timeout);
            for (TopicPartition p : assigned) {
                OffsetAndTimestamp o = from.get(p);
                c.seek(p, o == null ? ends.get(p) : o.offset());
            }
        } else {
            c.seekToEnd(assigned);
        }
        // the seek to the end is lazy: resolved now, so a reply to the first request cannot fall before the position
        for (TopicPartition p : assigned) {
            c.position(p, timeout);
        }
        readyEpochMs = System.currentTimeMillis();
        readyNanos = System.nanoTime();
        log.info(
                "Reply reader of topic '{}': {} partitions, positioned at {}",
                topic,
                assigned.size(),
                fromEpochMs > 0 ? "the records since " + Instant.ofEpochMilli(fromEpochMs) : "their end");
    }

    private void dispatch(ConsumerRecords<Object, Object> records) {
        if (records.isEmpty()) {
            return;
        }
        long now = System.nanoTime();
        for (ConsumerRecord<Object, Object> r : records) {
            // a record written before the reader was positioned arrived when it was written, not when read
            long arrived = r.timestamp() >= 0 && r.timestamp() < readyEpochMs
                    ? readyNanos - TimeUnit.MILLISECONDS.toNanos(readyEpochMs - r.timestamp())
                    : now;
            registry.dispatch(r, arrived);
        }
    }

    private void failed(RuntimeException e) {
        failedAtNanos = System.nanoTime();
        failure = e;
        if (ready.isDone()) {
            log.error("Reply reader of topic '{}' stopped reading: {}", topic, FailureText.describe(e));
        } else {
            ready.completeExceptionally(e);
        }
    }

    /** Stops reading and closes the consumer, waiting at most the close timeout and a second. */
    public void close() {
        closing = true;
        Consumer<Object, Object> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        try {
            thread.join(closeTimeout.toMillis() + 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
