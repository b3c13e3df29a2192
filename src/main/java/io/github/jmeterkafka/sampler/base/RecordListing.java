package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.payload.ValueText;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/** A read's response data (the first records, as text) and variables: the Kafka Consumer's records, the Request-Reply's replies. */
public final class RecordListing {
    private RecordListing() {}

    /**
     * The first records as UTF-8 text, up to the response data's cap; the rest as a count. Values go
     * in as the bytes they are: a sample lists up to 20 of them, and decoding them only to encode
     * them again made as much garbage per sample as the records themselves. The pieces are measured
     * first and copied once into an array of their size: at one record per sample the listing is
     * a good part of the sampler's own work.
     */
    public static byte[] of(List<ConsumerRecord<Object, Object>> records, int count, ValueText view) {
        int maxData = Responses.maxBytes();
        int n = Math.min(records.size(), Responses.LISTED_RECORDS);
        byte[][] heads = new byte[n][];
        ByteBuffer[] values = new ByteBuffer[n];
        int size = 0;
        int listed = 0;
        while (listed < n && size < maxData) {
            ConsumerRecord<Object, Object> rec = records.get(listed);
            // a value may be megabytes: cut to what is left of the cap
            ByteBuffer value = view.bytes(rec.value());
            value.limit(value.position() + Math.max(0, Math.min(value.remaining(), maxData - size)));
            heads[listed] = head(rec);
            values[listed] = value;
            size += heads[listed].length + value.remaining() + 1;
            listed++;
        }
        byte[] more = listed < count
                ? ("... " + (count - listed) + " more records\n").getBytes(StandardCharsets.UTF_8)
                : new byte[0];
        ByteBuffer out = ByteBuffer.allocate(size + more.length);
        for (int i = 0; i < listed; i++) {
            out.put(heads[i]).put(values[i]).put((byte) '\n');
        }
        return out.put(more).array();
    }

    /** prefix_count, then per record i (from 1) prefix_topic_i, prefix_key_i, prefix_value_i, ... */
    public static void variables(
            JMeterVariables vars, String p, List<ConsumerRecord<Object, Object>> records, ValueText values) {
        vars.put(p + "_count", Integer.toString(records.size()));
        int i = 1;
        for (ConsumerRecord<Object, Object> rec : records) {
            vars.put(p + "_topic_" + i, rec.topic());
            vars.put(p + "_partition_" + i, Integer.toString(rec.partition()));
            vars.put(p + "_offset_" + i, Long.toString(rec.offset()));
            vars.put(p + "_timestamp_" + i, Long.toString(rec.timestamp()));
            vars.put(p + "_key_" + i, ValueText.plain(rec.key()));
            vars.put(p + "_value_" + i, values.text(rec.value()));
            StringBuilder hs = new StringBuilder();
            for (Header h : rec.headers()) {
                hs.append(hs.length() == 0 ? "" : ",")
                        .append(h.key())
                        .append('=')
                        .append(ValueText.plain(h.value()));
            }
            vars.put(p + "_headers_" + i, hs.toString());
            i++;
        }
    }

    /** A record's first line: where it is, its timestamp, key and headers. */
    private static byte[] head(ConsumerRecord<Object, Object> rec) {
        StringBuilder head = new StringBuilder(96)
                .append(rec.topic())
                .append('-')
                .append(rec.partition())
                .append('@')
                .append(rec.offset())
                .append(" timestamp=")
                .append(rec.timestamp())
                .append(" key=")
                .append(ValueText.plain(rec.key()));
        for (Header h : rec.headers()) {
            head.append(' ').append(h.key()).append('=').append(ValueText.plain(h.value()));
        }
        return head.append('\n').toString().getBytes(StandardCharsets.UTF_8);
    }
}
