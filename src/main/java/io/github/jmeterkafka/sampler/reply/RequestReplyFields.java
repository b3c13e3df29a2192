package io.github.jmeterkafka.sampler.reply;

import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.sampler.base.RecordFields;

/**
 * The Kafka Request-Reply's own fields beside those of its request records, as JMeter's TestBean sets them
 * before each sample, with their accessors. Their names are written into saved plans: never rename one.
 */
public abstract class RequestReplyFields extends RecordFields {
    private static final long serialVersionUID = 1L;

    protected String replyTopic = "";
    protected String replyTimeout = "5000";
    protected String correlateBy = CorrelateBy.HEADER.tag();
    protected String correlationPath = "";
    protected String correlationHeader = "kafka_correlationId";
    protected String replyTopicHeader = "kafka_replyTopic";
    protected String replySchema = "";
    protected String variablePrefix = "kafka";

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getReplyTopic() {
        return replyTopic;
    }

    public void setReplyTopic(String replyTopic) {
        this.replyTopic = Fields.nullToEmpty(replyTopic);
    }

    public String getReplyTimeout() {
        return replyTimeout;
    }

    public void setReplyTimeout(String replyTimeout) {
        this.replyTimeout = Fields.nullToEmpty(replyTimeout);
    }

    public String getCorrelateBy() {
        return correlateBy;
    }

    public void setCorrelateBy(String correlateBy) {
        this.correlateBy = Fields.nullToEmpty(correlateBy);
    }

    public String getCorrelationPath() {
        return correlationPath;
    }

    public void setCorrelationPath(String correlationPath) {
        this.correlationPath = Fields.nullToEmpty(correlationPath);
    }

    public String getCorrelationHeader() {
        return correlationHeader;
    }

    public void setCorrelationHeader(String correlationHeader) {
        this.correlationHeader = Fields.nullToEmpty(correlationHeader);
    }

    public String getReplyTopicHeader() {
        return replyTopicHeader;
    }

    public void setReplyTopicHeader(String replyTopicHeader) {
        this.replyTopicHeader = Fields.nullToEmpty(replyTopicHeader);
    }

    public String getReplySchema() {
        return replySchema;
    }

    public void setReplySchema(String replySchema) {
        this.replySchema = Fields.nullToEmpty(replySchema);
    }

    public String getVariablePrefix() {
        return variablePrefix;
    }

    public void setVariablePrefix(String variablePrefix) {
        this.variablePrefix = Fields.nullToEmpty(variablePrefix);
    }
}
