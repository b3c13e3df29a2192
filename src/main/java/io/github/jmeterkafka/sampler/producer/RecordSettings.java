package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.client.ProducerRecords;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.payload.KeyMode;
import io.github.jmeterkafka.payload.RecordSpec;
import io.github.jmeterkafka.payload.SchemaOutput;
import io.github.jmeterkafka.payload.source.ValueMode;
import io.github.jmeterkafka.sampler.base.RecordFields;
import java.util.List;

/**
 * What a record-making sampler's fields say, as they are for this sample: what its records are made of and where they
 * go (the pace all its threads keep is {@link TargetRate#of}).
 *
 * <p>Threads: one per sampler clone (a test-tree element sent to a jmeter-server has none: it is not constructed).
 */
public final class RecordSettings {
    private final RecordFields fields;
    private final SameAsLast<RecordSpec> spec = new SameAsLast<>();

    public RecordSettings(RecordFields fields) {
        this.fields = fields;
    }

    /** What the records are made of; made again only when a field changed. */
    public RecordSpec spec() {
        RecordFields f = fields;
        return spec.get(
                this::newSpec,
                f.getKeyMode(),
                f.getKey(),
                f.getKeyCount(),
                f.getValueMode(),
                f.getValue(),
                f.getRecordSize(),
                f.getPayloadFile(),
                f.getPayloadDelimiter(),
                f.getValueSchema(),
                f.getSchemaOutput(),
                // their rows as they are now: a table changed in place is a change
                KeyValue.entries(f.getFieldRules()),
                KeyValue.entries(f.getHeaders()));
    }

    private RecordSpec newSpec() {
        RecordFields f = fields;
        return new RecordSpec(
                new RecordSpec.Key(
                        Tagged.parse(KeyMode.class, "key mode", f.getKeyMode()),
                        f.getKey(),
                        Fields.positiveInt("key count", f.getKeyCount(), 100)),
                new RecordSpec.Value(
                        Tagged.parse(ValueMode.class, "value mode", f.getValueMode()),
                        f.getValue(),
                        f.getRecordSize(),
                        ThreadRecords.resolve(f.getPayloadFile()),
                        f.getPayloadDelimiter()),
                new RecordSpec.Schema(
                        ThreadRecords.resolve(f.getValueSchema()),
                        Tagged.parse(SchemaOutput.class, "schema output", f.getSchemaOutput()),
                        List.copyOf(
                                KeyValue.toMap(f.getFieldRules(), "field rules").entrySet())),
                KeyValue.entries(f.getHeaders()));
    }

    /** Where the records go: the topic, and the partition and timestamp fields. */
    public ProducerRecords.Target target(String topicName) {
        String partition = fields.getPartition();
        String timestamp = fields.getTimestamp();
        return new ProducerRecords.Target(
                topicName,
                partition.isBlank() ? null : Fields.nonNegativeInt("partition", partition),
                timestamp.isBlank() ? null : Fields.nonNegativeLong("timestamp", timestamp));
    }
}
