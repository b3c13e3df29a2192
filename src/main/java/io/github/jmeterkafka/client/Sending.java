package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.ProducerStats;
import org.apache.kafka.clients.producer.Producer;

/**
 * How the running sample's records are made and sent, paced or not (a sample's fields may change from one to the
 * next).
 *
 * @param perSample       records a sample holds at most
 * @param keepLatencies   the sample reports its records' latencies ({@link SendBatch#countedMicros})
 * @param ackTimeoutNanos how long a sample's records are waited for once sent
 */
public record Sending(
        Producer<Object, Object> producer,
        Outgoing.Maker maker,
        ProducerStats stats,
        int perSample,
        boolean keepLatencies,
        long ackTimeoutNanos) {}
