package io.github.jmeterkafka.client;

import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * A record as it is handed to the producer, and its weight.
 *
 * @param bytes      key, value and headers: JMeter's sent bytes
 * @param valueBytes the value alone, as producer-perf-test counts its MB; -1 for a value the serializer makes from an
 *                   object: its serialized size is taken from the ack
 */
public record Outgoing(ProducerRecord<Object, Object> record, long bytes, long valueBytes) {

    /** What a {@link Maker} is given for a record that has no intended send time. */
    public static final long NOT_PACED = -1;

    /** Makes a sample's record {@code index} right before it is handed to the producer. */
    @FunctionalInterface
    public interface Maker {
        /**
         * The record.
         *
         * @param intendedEpochMicros on a paced run when the record was due (for a sequence header), else
         *                            {@link #NOT_PACED}: the time it is made
         */
        Outgoing make(int index, long intendedEpochMicros);
    }
}
