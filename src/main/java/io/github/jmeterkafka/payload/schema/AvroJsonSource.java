package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.ValueSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.io.JsonEncoder;

/**
 * Records in Avro's JSON encoding, UTF-8: the form Avro's JSON decoder reads back (a union's value
 * is wrapped in its branch's type name, bytes are ISO-8859-1 text).
 *
 * <p>Threads: one per sampler thread; it reuses its encoder and buffer.
 */
public final class AvroJsonSource implements ValueSource {
    private final AvroRecords records;
    private final GenericDatumWriter<GenericRecord> writer;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(512);
    private final JsonEncoder encoder;

    public AvroJsonSource(AvroRecords records) {
        this.records = records;
        this.writer = new GenericDatumWriter<>(records.schema());
        try {
            this.encoder = EncoderFactory.get().jsonEncoder(records.schema(), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public byte[] next(RecordContext context) {
        GenericRecord record = records.next(context);
        out.reset();
        try {
            // a fresh start: else the encoder puts a separator before each record after the first
            encoder.configure(out);
            writer.write(record, encoder);
            encoder.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
