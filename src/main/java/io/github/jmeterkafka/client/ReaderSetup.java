package io.github.jmeterkafka.client;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;

/**
 * A consumer's settings for one {@link ReadSpec}, and the {@link RecordReader} made with them. The
 * consumer never commits on its own: the reader commits only what it handed out.
 */
public final class ReaderSetup {
    private final Connection connection;
    private final ReadSpec spec;
    private final Map<String, Object> overrides = new HashMap<>();
    private final long autoCommitIntervalMs;

    /** @param group the group id, or null in assign mode; fails on settings the consumer cannot take */
    public ReaderSetup(Connection connection, ReadSpec spec, String group) {
        this.connection = connection;
        this.spec = spec;
        overrides.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        overrides.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, spec.offsetReset());
        if (group != null) {
            overrides.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        }
        Map<String, Object> config = connection.settings().consumerConfig("", overrides);
        autoCommitIntervalMs = Long.parseLong(
                String.valueOf(config.getOrDefault(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, 5000)));
    }

    /**
     * A new consumer and its reader; with no group (assign mode) nothing is committed.
     *
     * @param started      where the group's partitions start and go on, see {@link RecordReader}
     * @param closeTimeout bounds the close of a consumer whose positioning failed
     */
    public RecordReader open(
            CommitMode mode, Map<TopicPartition, Long> started, RecordReader.Listener listener, Duration closeTimeout) {
        Consumer<Object, Object> consumer = connection.newConsumer(overrides);
        try {
            return new RecordReader(
                    consumer, spec, spec.usesGroup() ? mode : CommitMode.NONE, autoCommitIntervalMs, started, listener);
        } catch (RuntimeException e) {
            // assign mode positions in the constructor (offsetsForTimes may fail): the next sample makes another
            consumer.close(closeTimeout);
            throw e;
        }
    }
}
