package io.github.jmeterkafka.sampler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A value serializer as a schema registry's would be used, without the registry: it takes only Avro
 * {@link GenericRecord}s, writes each as Avro binary of its own schema, and counts them per topic.
 * Anything else it rejects with {@link NotAGenericRecordException}.
 *
 * <p>Threads: Kafka calls it on the thread that sends; the counts are shared and thread-safe.
 */
public final class GenericRecordSerializer implements Serializer<Object> {
    private static final Map<String, AtomicInteger> SERIALIZED = new ConcurrentHashMap<>();

    /** What this serializer throws for a value that is not a GenericRecord. */
    public static final class NotAGenericRecordException extends SerializationException {
        private static final long serialVersionUID = 1L;

        NotAGenericRecordException(String message) {
            super(message);
        }
    }

    /** Records serialized for this topic since the JVM started. */
    static int serialized(String topic) {
        AtomicInteger n = SERIALIZED.get(topic);
        return n == null ? 0 : n.get();
    }

    @Override
    public byte[] serialize(String topic, Object data) {
        if (!(data instanceof GenericRecord record)) {
            throw new NotAGenericRecordException("GenericRecordSerializer takes org.apache.avro.generic.GenericRecord"
                    + " values, not " + (data == null ? "null" : data.getClass().getName()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        try {
            new GenericDatumWriter<GenericRecord>(record.getSchema()).write(record, encoder);
            encoder.flush();
        } catch (IOException | RuntimeException e) {
            throw new SerializationException(
                    "Cannot write " + record.getSchema().getFullName() + " as Avro binary", e);
        }
        SERIALIZED.computeIfAbsent(topic, t -> new AtomicInteger()).incrementAndGet();
        return out.toByteArray();
    }
}
