package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.ValueSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Records as Avro binary, the schema's bytes alone (no registry header): a consumer decodes them
 * with the same schema ({@link AvroDecoder}).
 *
 * <p>Threads: one per sampler thread; it reuses its encoder and buffer.
 */
public final class AvroBinarySource implements ValueSource {
    private final AvroRecords records;
    private final GenericDatumWriter<GenericRecord> writer;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    private final BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);

    public AvroBinarySource(AvroRecords records) {
        this.records = records;
        this.writer = new GenericDatumWriter<>(records.schema());
    }

    @Override
    public byte[] next(RecordContext context) {
        GenericRecord record = records.next(context);
        out.reset();
        try {
            writer.write(record, encoder);
            encoder.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
