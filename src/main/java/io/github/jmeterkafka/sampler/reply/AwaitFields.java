package io.github.jmeterkafka.sampler.reply;

import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.sampler.base.AbstractKafkaSampler;

/**
 * The Kafka Await's fields, as JMeter's TestBean sets them before each sample, with their accessors. Their names
 * are written into saved plans: never rename one.
 */
public abstract class AwaitFields extends AbstractKafkaSampler {
    private static final long serialVersionUID = 1L;

    protected String topic = "";
    protected String correlateBy = CorrelateBy.KEY.tag();
    protected String correlationHeader = "";
    protected String correlationPath = "";
    protected String awaitValue = "";
    protected String recordCount = "1";
    protected String timeout = "10000";
    protected String startTime = "";
    protected String valueSchema = "";
    protected String variablePrefix = "kafka";

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getTopic() {
        return topic;
    }

    public void setTopic(String topic) {
        this.topic = Fields.nullToEmpty(topic);
    }

    public String getCorrelateBy() {
        return correlateBy;
    }

    public void setCorrelateBy(String correlateBy) {
        this.correlateBy = Fields.nullToEmpty(correlateBy);
    }

    public String getCorrelationHeader() {
        return correlationHeader;
    }

    public void setCorrelationHeader(String correlationHeader) {
        this.correlationHeader = Fields.nullToEmpty(correlationHeader);
    }

    public String getCorrelationPath() {
        return correlationPath;
    }

    public void setCorrelationPath(String correlationPath) {
        this.correlationPath = Fields.nullToEmpty(correlationPath);
    }

    public String getAwaitValue() {
        return awaitValue;
    }

    public void setAwaitValue(String awaitValue) {
        this.awaitValue = Fields.nullToEmpty(awaitValue);
    }

    public String getRecordCount() {
        return recordCount;
    }

    public void setRecordCount(String recordCount) {
        this.recordCount = Fields.nullToEmpty(recordCount);
    }

    public String getTimeout() {
        return timeout;
    }

    public void setTimeout(String timeout) {
        this.timeout = Fields.nullToEmpty(timeout);
    }

    public String getStartTime() {
        return startTime;
    }

    public void setStartTime(String startTime) {
        this.startTime = Fields.nullToEmpty(startTime);
    }

    public String getValueSchema() {
        return valueSchema;
    }

    public void setValueSchema(String valueSchema) {
        this.valueSchema = Fields.nullToEmpty(valueSchema);
    }

    public String getVariablePrefix() {
        return variablePrefix;
    }

    public void setVariablePrefix(String variablePrefix) {
        this.variablePrefix = Fields.nullToEmpty(variablePrefix);
    }
}
