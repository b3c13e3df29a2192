package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.SequenceHeader;
import io.github.jmeterkafka.payload.RecordMaker;
import io.github.jmeterkafka.payload.source.RecordContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.utils.Utils;

/**
 * Makes a producer thread's records: key, value and headers from its {@link RecordMaker}, and with
 * a sequence header, the partition (key hash as Kafka's default partitioner; unkeyed records one
 * partition per sample, in turn) so that each thread's sequence on a partition has no holes.
 *
 * <p>Threads: one per sampler thread, used by that thread only.
 */
public final class ProducerRecords {
    private final Map<TopicPartition, long[]> sequences = new HashMap<>();
    private int nextPartition;

    /**
     * Where a sample's records go and what they carry besides key, value and headers.
     *
     * @param producerId the thread's id in sequence headers; null: no sequence header
     * @param partitions the topic's partition count, when the records need a sequence header; else 0
     */
    public record Target(String topic, Integer partition, Long timestamp, String producerId, int partitions) {
        /** Records without a sequence header. */
        public Target(String topic, Integer partition, Long timestamp) {
            this(topic, partition, timestamp, null, 0);
        }

        /** These records with a sequence header of {@code producerId}, over the topic's {@code partitions}. */
        public Target sequenced(String producerId, int partitions) {
            return new Target(topic, partition, timestamp, producerId, partitions);
        }
    }

    /**
     * The maker of a sample's records, each made when the producer is about to send it.
     *
     * @param keysAsBytes      the key serializer takes byte[]; else keys go as text
     * @param valuesAsBytes    the value serializer takes byte[]; else byte[] values go as text
     * @param valueOut         what a value the maker made is sent as (a registry's header before it, a serializer's
     *                         object)
     */
    public Outgoing.Maker sample(
            Target target,
            RecordMaker maker,
            RecordContext context,
            boolean keysAsBytes,
            boolean valuesAsBytes,
            UnaryOperator<Object> valueOut) {
        String producerId = target.producerId();
        int partitions = target.partitions();
        int samplePartition = partitions > 0 ? nextPartition++ % partitions : 0;
        // a paced record's sequence header carries its intended send time, so a consumer's end-to-end latency
        // includes its wait to be sent
        return (i, intendedMicros) -> {
            context.nextRecord();
            Object k = maker.key(context);
            context.key(k);
            Object made = maker.value(context);
            Object v = made == null ? null : valueOut.apply(made);
            int headers = maker.headerCount() + (producerId == null ? 0 : 1);
            // most records carry no header: no list for them
            List<Header> hs = headers == 0 ? null : new ArrayList<>(headers);
            long bytes = 0;
            for (int h = 0; h < maker.headerCount(); h++) {
                byte[] value = maker.headerValue(h, context);
                hs.add(new RecordHeader(maker.headerName(h), value));
                bytes += maker.headerNameBytes(h) + value.length;
            }
            Integer p = target.partition();
            if (producerId != null) {
                if (p == null && partitions > 0) {
                    p = k == null ? samplePartition : Utils.toPositive(Utils.murmur2(bytesOf(k))) % partitions;
                }
                byte[] seq = new SequenceHeader(
                                producerId,
                                sequences
                                        .computeIfAbsent(
                                                new TopicPartition(target.topic(), p == null ? -1 : p),
                                                tp -> new long[1])[0]++,
                                intendedMicros != Outgoing.NOT_PACED ? intendedMicros : SequenceHeader.nowMicros())
                        .encode();
                hs.add(new RecordHeader(SequenceHeader.NAME, seq));
                bytes += SequenceHeader.NAME.length() + seq.length;
            }
            long valueBytes = v == null ? 0 : v instanceof byte[] b ? b.length : -1;
            bytes += (k == null ? 0 : bytesOf(k).length) + Math.max(valueBytes, 0);
            return new Outgoing(
                    new ProducerRecord<>(
                            target.topic(),
                            p,
                            target.timestamp(),
                            encode(k, keysAsBytes),
                            encode(v, valuesAsBytes),
                            hs),
                    bytes,
                    valueBytes);
        };
    }

    private static byte[] bytesOf(Object key) {
        return key instanceof byte[] b ? b : String.valueOf(key).getBytes(StandardCharsets.UTF_8);
    }

    /** byte[] for Kafka's ByteArraySerializer; for any other serializer, the text; objects as they are. */
    private static Object encode(Object value, boolean bytesIn) {
        return value instanceof byte[] b && !bytesIn ? new String(b, StandardCharsets.UTF_8) : value;
    }
}
