package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.payload.KeyMode;
import io.github.jmeterkafka.payload.SchemaOutput;
import io.github.jmeterkafka.payload.source.ValueMode;
import java.util.ArrayList;
import java.util.List;
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

    protected RecordFields() {
        // A plan saved before the field rules existed has no such table; JMeter would then hand the
        // setter an empty text instead of a list and fail the test at start. Loading a plan replaces
        // this with the table it holds.
        setProperty(new CollectionProperty("fieldRules", new ArrayList<>()));
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
}
