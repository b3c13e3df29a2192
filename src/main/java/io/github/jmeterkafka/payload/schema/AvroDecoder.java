package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.input.InvalidInputException;
import java.io.IOException;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * Avro binary (the schema's bytes alone, no registry header) back into records, for a consumer.
 *
 * <p>Threads: one per sampler thread; it reuses its decoder.
 */
public final class AvroDecoder {
    private final Schema schema;
    private final GenericDatumReader<GenericRecord> reader;
    private BinaryDecoder decoder;

    public AvroDecoder(Schema schema) {
        this.schema = schema;
        this.reader = new GenericDatumReader<>(schema);
    }

    /**
     * A new record, or null for null bytes (a tombstone).
     *
     * @throws InvalidInputException when the bytes are not one record of this schema: the schema
     *                               given is not the topic's
     */
    public GenericRecord decode(byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        decoder = DecoderFactory.get().binaryDecoder(bytes, decoder);
        try {
            GenericRecord record = reader.read(null, decoder);
            if (!decoder.isEnd()) {
                throw notOfSchema(bytes, "bytes are left over after the record");
            }
            return record;
        } catch (IOException | AvroRuntimeException | IndexOutOfBoundsException e) {
            throw notOfSchema(bytes, e.toString());
        }
    }

    private InvalidInputException notOfSchema(byte[] bytes, String why) {
        return new InvalidInputException("a value of " + bytes.length + " bytes is not a record of Avro schema "
                + schema.getFullName() + ": " + why);
    }
}
