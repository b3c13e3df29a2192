package io.github.jmeterkafka.measure;

import java.util.Map;

/**
 * One second of what may limit a run, read by the limits probe at {@code nanos} ({@link System#nanoTime}) about the
 * second before it. A figure that could not be read is NaN (a count: -1), never 0: "not available" is not "none".
 *
 * @param nodes request latency in ms per broker node id: the producers' request-latency-avg as read that second (Kafka
 *     averages it over its metrics window, 30 s by default), weighted by each producer's requests of the second
 */
public record LimitSample(
        long nanos, Generator generator, Client client, Map<Integer, Double> nodes, Replication replication) {

    /**
     * The JMeter process and its machine.
     *
     * @param coresBusy   share of the cores this process may run on that were busy, all processes together (0-1)
     * @param jvmCpu      share of those cores this JVM used (0-1)
     * @param cores       how many cores this process may run on
     * @param gcPauseMs   time the JVM stood in GC pauses during the second
     * @param gcLongestMs the longest of those pauses
     */
    public record Generator(double coresBusy, double jvmCpu, int cores, double gcPauseMs, double gcLongestMs) {}

    /**
     * The producers and consumers of the process, together.
     *
     * @param queueMs     record-queue-time-avg: time records waited in the producers' accumulators (largest producer)
     * @param bufferFull  bufferpool-wait-ratio: share of the time a send waited for buffer.memory (largest producer)
     * @param batchFill   batch-size-avg over batch.size (0-1, mean of the producers)
     * @param throttleMs  produce-throttle-time-max and fetch-throttle-time-max: the brokers' quota delay
     * @param retries     records sent again during the second (record-retry-total)
     * @param errors      records that failed during the second (record-error-total)
     */
    public record Client(
            double queueMs, double bufferFull, double batchFill, double throttleMs, long retries, long errors) {
        public static final Client NONE = new Client(Double.NaN, Double.NaN, Double.NaN, Double.NaN, -1, -1);
    }

    /**
     * The partitions of the topics the clients used, as Admin described them at the end of the second.
     *
     * @param leaderChanges partitions whose leader differs from the previous reading
     */
    public record Replication(int underReplicated, int underMinIsr, int offline, int leaderChanges) {}
}
