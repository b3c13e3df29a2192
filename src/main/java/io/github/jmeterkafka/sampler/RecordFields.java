package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.client.ProducerRecords;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.SendSchedule;
import io.github.jmeterkafka.payload.KeyMode;
import io.github.jmeterkafka.payload.PayloadFile;
import io.github.jmeterkafka.payload.PlanDirectory;
import io.github.jmeterkafka.payload.RecordSpec;
import io.github.jmeterkafka.payload.SchemaOutput;
import io.github.jmeterkafka.payload.ValueMode;
import io.github.jmeterkafka.payload.template.CsvFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.property.CollectionProperty;

/**
 * The fields of a sampler that makes records (the Kafka Producer, the Kafka Request-Reply's requests) as JMeter's
 * TestBean sets them before each sample, with their accessors. Their names are written into saved plans: never
 * rename one.
 */
public abstract class RecordFields extends AbstractKafkaSampler {
    private static final long serialVersionUID = 1L;

    protected String topic = "";
    protected String partition = "";
    protected String keyMode = KeyMode.NONE.tag();
    protected String key = "";
    protected String keyCount = "100";
    protected String valueMode = ValueMode.TEXT.tag();
    protected String value = "";
    protected String recordSize = "1000";
    protected String payloadFile = "";
    protected String payloadDelimiter = "\\n";
    protected String valueSchema = "";
    protected String schemaOutput = SchemaOutput.BINARY.tag();
    protected List<KeyValue> fieldRules = new ArrayList<>();
    protected String seed = "";
    protected List<KeyValue> headers = new ArrayList<>();
    protected String timestamp = "";
    protected String recordsPerSample = "1";
    protected String recordBudget = "";
    protected String expectedRate = "";
    protected String targetRate = "";
    protected String targetRampUp = "";
    protected String behindSchedule = BehindSchedule.CATCH_UP.tag();

    // this clone's thread only: records taken from the budget for the running sample, not yet handed to Kafka
    private transient int untilSent;
    private final transient SameAsLast<RecordSpec> spec = new SameAsLast<>();
    /** Takes each sample's records; {@link ScheduleWait#wake} from any thread. */
    protected final transient ScheduleWait scheduleWait = new ScheduleWait();

    protected RecordFields() {
        // A plan saved before the field rules existed has no such table; JMeter would then hand the
        // setter an empty text instead of a list and fail the test at start. Loading a plan replaces
        // this with the table it holds.
        setProperty(new CollectionProperty("fieldRules", new ArrayList<>()));
    }

    /** What the records are made of, from the fields as they are for this sample. */
    protected RecordSpec spec() {
        return spec.get(
                this::newSpec,
                keyMode,
                key,
                keyCount,
                valueMode,
                value,
                recordSize,
                payloadFile,
                payloadDelimiter,
                valueSchema,
                schemaOutput,
                // their rows as they are now: a table changed in place is a change
                KeyValue.entries(fieldRules),
                KeyValue.entries(headers));
    }

    private RecordSpec newSpec() {
        return new RecordSpec(
                Tagged.parse(KeyMode.class, "key mode", keyMode),
                key,
                Fields.positiveInt("key count", keyCount, 100),
                Tagged.parse(ValueMode.class, "value mode", valueMode),
                value,
                recordSize,
                ThreadRecords.resolve(payloadFile),
                payloadDelimiter,
                ThreadRecords.resolve(valueSchema),
                Tagged.parse(SchemaOutput.class, "schema output", schemaOutput),
                List.copyOf(KeyValue.toMap(fieldRules, "field rules").entrySet()),
                KeyValue.entries(headers));
    }

    /** Files named by the records are read again in each test (they may have changed), relative to this plan. */
    @Override
    public void testStarted() {
        super.testStarted();
        PlanDirectory.set(Path.of(FileServer.getFileServer().getBaseDir()));
        PayloadFile.forgetAll();
        CsvFile.forgetAll();
    }

    /** Where the records go: the topic, and the partition and timestamp fields. */
    protected ProducerRecords.Target target(String topicName) {
        return new ProducerRecords.Target(
                topicName,
                partition.isBlank() ? null : Fields.nonNegativeInt("partition", partition),
                timestamp.isBlank() ? null : Fields.nonNegativeLong("timestamp", timestamp));
    }

    /** The schedule all threads send on, as {@link TargetRate#schedule} says; {@code budget} 0: no limit. */
    SendSchedule schedule(long budget) {
        return pace().schedule(budget);
    }

    /** The expected records/s (0: none), as {@link TargetRate#expected} says. */
    @Override
    protected double expectedRate() {
        return pace().expected(getName());
    }

    private TargetRate pace() {
        return new TargetRate(targetRate, targetRampUp, behindSchedule, expectedRate);
    }

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getTopic() {
        return topic;
    }

    public void setTopic(String topic) {
        this.topic = Fields.nullToEmpty(topic);
    }

    public String getPartition() {
        return partition;
    }

    public void setPartition(String partition) {
        this.partition = Fields.nullToEmpty(partition);
    }

    public String getKeyMode() {
        return keyMode;
    }

    public void setKeyMode(String keyMode) {
        this.keyMode = Fields.nullToEmpty(keyMode);
    }

    public String getKey() {
        return key;
    }

    public void setKey(String key) {
        this.key = Fields.nullToEmpty(key);
    }

    public String getKeyCount() {
        return keyCount;
    }

    public void setKeyCount(String keyCount) {
        this.keyCount = Fields.nullToEmpty(keyCount);
    }

    public String getValueMode() {
        return valueMode;
    }

    public void setValueMode(String valueMode) {
        this.valueMode = Fields.nullToEmpty(valueMode);
    }

    public String getValue() {
        return value;
    }

    public void setValue(String value) {
        this.value = Fields.nullToEmpty(value);
    }

    public String getRecordSize() {
        return recordSize;
    }

    public void setRecordSize(String recordSize) {
        this.recordSize = Fields.nullToEmpty(recordSize);
    }

    public String getPayloadFile() {
        return payloadFile;
    }

    public void setPayloadFile(String payloadFile) {
        this.payloadFile = Fields.nullToEmpty(payloadFile);
    }

    public String getPayloadDelimiter() {
        return payloadDelimiter;
    }

    public void setPayloadDelimiter(String payloadDelimiter) {
        this.payloadDelimiter = Fields.nullToEmpty(payloadDelimiter);
    }

    public String getValueSchema() {
        return valueSchema;
    }

    public void setValueSchema(String valueSchema) {
        this.valueSchema = Fields.nullToEmpty(valueSchema);
    }

    public String getSchemaOutput() {
        return schemaOutput;
    }

    public void setSchemaOutput(String schemaOutput) {
        this.schemaOutput = Fields.nullToEmpty(schemaOutput);
    }

    public List<KeyValue> getFieldRules() {
        return fieldRules;
    }

    public void setFieldRules(List<KeyValue> fieldRules) {
        this.fieldRules = fieldRules == null ? new ArrayList<>() : fieldRules;
    }

    public String getSeed() {
        return seed;
    }

    public void setSeed(String seed) {
        this.seed = Fields.nullToEmpty(seed);
    }

    public List<KeyValue> getHeaders() {
        return headers;
    }

    public void setHeaders(List<KeyValue> headers) {
        this.headers = headers == null ? new ArrayList<>() : headers;
    }

    public String getTimestamp() {
        return timestamp;
    }

    public void setTimestamp(String timestamp) {
        this.timestamp = Fields.nullToEmpty(timestamp);
    }

    public String getRecordsPerSample() {
        return recordsPerSample;
    }

    public void setRecordsPerSample(String recordsPerSample) {
        this.recordsPerSample = Fields.nullToEmpty(recordsPerSample);
    }

    public String getRecordBudget() {
        return recordBudget;
    }

    public void setRecordBudget(String recordBudget) {
        this.recordBudget = Fields.nullToEmpty(recordBudget);
    }

    public String getExpectedRate() {
        return expectedRate;
    }

    public void setExpectedRate(String expectedRate) {
        this.expectedRate = Fields.nullToEmpty(expectedRate);
    }

    public String getTargetRate() {
        return targetRate;
    }

    public void setTargetRate(String targetRate) {
        this.targetRate = Fields.nullToEmpty(targetRate);
    }

    public String getTargetRampUp() {
        return targetRampUp;
    }

    public void setTargetRampUp(String targetRampUp) {
        this.targetRampUp = Fields.nullToEmpty(targetRampUp);
    }

    public String getBehindSchedule() {
        return behindSchedule;
    }

    public void setBehindSchedule(String behindSchedule) {
        this.behindSchedule = Fields.nullToEmpty(behindSchedule);
    }

    /** The sample took {@code n} records from the budget: they fail unless handed to Kafka (see failed()). */
    protected final void taken(int n) {
        untilSent = n;
    }

    /** The sample's records are with Kafka: what becomes of them is counted where they are sent. */
    protected final void handedToKafka() {
        untilSent = 0;
    }

    /**
     * Records taken from the budget but never handed to Kafka fail, so that a plan whose samples all fail before
     * sending still spends its budget and ends.
     */
    @Override
    protected final void failed(SampleResult result, Throwable e) {
        int n = untilSent;
        if (n == 0) {
            return;
        }
        untilSent = 0;
        scheduleWait.notSent();
        notSent(n, () -> FailureText.describe(e));
        if (!(e instanceof InvalidInputException)) {
            result.setResponseMessage(n + " of " + n + " " + noun() + " failed: " + result.getResponseMessage());
        }
    }

    /** Counts {@code n} records that failed before Kafka had them. */
    protected abstract void notSent(int n, Supplier<String> cause);

    /** What the sampler calls its records in messages: records, requests. */
    protected abstract String noun();
}
