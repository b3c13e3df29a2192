package io.github.jmeterkafka.measure;

import java.io.Serializable;
import java.util.Map;

/**
 * One second of what may limit a run, read by the limits probe at {@code nanos} ({@link System#nanoTime}) about the
 * second before it. A figure that could not be read is NaN (a count: -1), never 0: "not available" is not "none".
 *
 * @param nodes request latency in ms per broker node id: the producers' request-latency-avg as read that second (Kafka
 *     averages it over its metrics window, 30 s by default), weighted by each producer's requests of the second
 * @param brokers per broker node id, its own figures, read where the Kafka Connection gives a way in (JMX or
 *     Prometheus); none without one
 * @param longest per broker node id, the longest request a producer saw answered during the second, where it was
 *     the longest of that producer's metrics window (its request-latency-max grew to it); a node without one is
 *     absent: a stall shows here the second it ends, where the window's average hardly moves
 */
public record LimitSample(
        long nanos,
        Generator generator,
        Client client,
        Map<Integer, Double> nodes,
        Replication replication,
        Map<Integer, Broker> brokers,
        Map<Integer, Double> longest)
        implements Serializable {

    /** A second without broker figures. */
    public LimitSample(
            long nanos, Generator generator, Client client, Map<Integer, Double> nodes, Replication replication) {
        this(nanos, generator, client, nodes, replication, Map.of());
    }

    /** A second without a request longer than its window's others. */
    public LimitSample(
            long nanos,
            Generator generator,
            Client client,
            Map<Integer, Double> nodes,
            Replication replication,
            Map<Integer, Broker> brokers) {
        this(nanos, generator, client, nodes, replication, brokers, Map.of());
    }

    /**
     * The JMeter process and its machine.
     *
     * @param coresBusy   share of the cores this process may run on that were busy, all processes together (0-1)
     * @param jvmCpu      share of those cores this JVM used (0-1)
     * @param cores       how many cores this process may run on
     * @param gcPauseMs   time the JVM stood in GC pauses during the second
     * @param gcLongestMs the longest of those pauses
     * @param waitMs      time this JVM's threads waited for a core during the second, summed over its threads (their
     *     run-queue delay); NaN where it cannot be read
     */
    public record Generator(
            double coresBusy, double jvmCpu, int cores, double gcPauseMs, double gcLongestMs, double waitMs)
            implements Serializable {
        /** Without the threads' wait (not read). */
        public Generator(double coresBusy, double jvmCpu, int cores, double gcPauseMs, double gcLongestMs) {
            this(coresBusy, jvmCpu, cores, gcPauseMs, gcLongestMs, Double.NaN);
        }
    }

    /**
     * The producers and consumers of the process, together.
     *
     * @param queueMs     record-queue-time-avg: time records waited in the producers' accumulators (largest producer)
     * @param bufferFull  bufferpool-wait-ratio: share of the time a send waited for buffer.memory (largest producer)
     * @param batchFill   batch-size-avg over batch.size (0-1, mean of the producers)
     * @param throttleMs  produce-throttle-time-max and fetch-throttle-time-max: the brokers' quota delay
     * @param retries     records sent again during the second (record-retry-total)
     * @param errors      records that failed during the second (record-error-total)
     * @param lag         the consumers' lag: records behind the end of the partitions they read (records-lag summed);
     *     NaN without a consumer
     */
    public record Client(
            double queueMs,
            double bufferFull,
            double batchFill,
            double throttleMs,
            long retries,
            long errors,
            double lag)
            implements Serializable {
        public static final Client NONE =
                new Client(Double.NaN, Double.NaN, Double.NaN, Double.NaN, -1, -1, Double.NaN);
    }

    /**
     * The partitions of the topics the clients used, as Admin described them at the end of the second.
     *
     * @param leaderChanges partitions whose leader differs from the previous reading
     */
    public record Replication(int underReplicated, int underMinIsr, int offline, int leaderChanges)
            implements Serializable {}

    /**
     * One broker's own figures over the second, from its MBeans: shares 0-1, times in ms (means of the second's
     * requests; NaN when none came), bytes per second.
     *
     * @param handlerIdle request handler threads' idle share (RequestHandlerAvgIdlePercent)
     * @param networkIdle network processor threads' idle share (NetworkProcessorAvgIdlePercent)
     * @param produceMs   Produce requests' total time; then its parts: waiting in the request queue, on the leader,
     *     waiting for the followers (acks=all), sending the response
     * @param fetchMs     Fetch requests' total time (a consumer's fetch waits up to fetch.max.wait.ms for data)
     * @param isrShrinks  partitions that left an ISR during the second
     * @param logFlushMs  log flushes' mean time
     */
    public record Broker(
            double handlerIdle,
            double networkIdle,
            double produceMs,
            double produceQueueMs,
            double produceLocalMs,
            double produceRemoteMs,
            double produceSendMs,
            double fetchMs,
            double underReplicated,
            double isrShrinks,
            double bytesIn,
            double bytesOut,
            double logFlushMs)
            implements Serializable {
        /** A second the broker could not be read. */
        public static final Broker NONE = new Broker(
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN);
    }
}
