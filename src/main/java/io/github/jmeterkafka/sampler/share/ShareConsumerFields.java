package io.github.jmeterkafka.sampler.share;

import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.sampler.base.AbstractKafkaSampler;

/**
 * The Kafka Share Consumer's fields as JMeter's TestBean sets them before each sample, with their accessors; the
 * sampler reads them. Their names are written into saved plans: never rename one.
 */
public abstract class ShareConsumerFields extends AbstractKafkaSampler {
    private static final long serialVersionUID = 1L;

    protected String topics = "";
    protected String groupId = "jmeter-kafka-share";
    protected String recordsPerSample = "500";
    protected String pollTimeout = "5000";
    protected String acknowledgement = ShareAcknowledgement.IMPLICIT.tag();
    protected String releasePercent = "";
    protected String rejectPercent = "";
    protected String outcomeExpression = "";
    protected String processingTime = "";
    protected String recordBudget = "";
    protected String variablePrefix = "kafka";
    protected String valueSchema = "";
    protected boolean renewLocks = false;
    protected boolean verifyDelivery = true;

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getTopics() {
        return topics;
    }

    public void setTopics(String topics) {
        this.topics = Fields.nullToEmpty(topics);
    }

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = Fields.nullToEmpty(groupId);
    }

    public String getRecordsPerSample() {
        return recordsPerSample;
    }

    public void setRecordsPerSample(String recordsPerSample) {
        this.recordsPerSample = Fields.nullToEmpty(recordsPerSample);
    }

    public String getPollTimeout() {
        return pollTimeout;
    }

    public void setPollTimeout(String pollTimeout) {
        this.pollTimeout = Fields.nullToEmpty(pollTimeout);
    }

    public String getAcknowledgement() {
        return acknowledgement;
    }

    public void setAcknowledgement(String acknowledgement) {
        this.acknowledgement = Fields.nullToEmpty(acknowledgement);
    }

    public String getReleasePercent() {
        return releasePercent;
    }

    public void setReleasePercent(String releasePercent) {
        this.releasePercent = Fields.nullToEmpty(releasePercent);
    }

    public String getRejectPercent() {
        return rejectPercent;
    }

    public void setRejectPercent(String rejectPercent) {
        this.rejectPercent = Fields.nullToEmpty(rejectPercent);
    }

    public String getOutcomeExpression() {
        return outcomeExpression;
    }

    public void setOutcomeExpression(String outcomeExpression) {
        this.outcomeExpression = Fields.nullToEmpty(outcomeExpression);
    }

    public String getProcessingTime() {
        return processingTime;
    }

    public void setProcessingTime(String processingTime) {
        this.processingTime = Fields.nullToEmpty(processingTime);
    }

    public String getRecordBudget() {
        return recordBudget;
    }

    public void setRecordBudget(String recordBudget) {
        this.recordBudget = Fields.nullToEmpty(recordBudget);
    }

    public String getVariablePrefix() {
        return variablePrefix;
    }

    public void setVariablePrefix(String variablePrefix) {
        this.variablePrefix = Fields.nullToEmpty(variablePrefix);
    }

    public String getValueSchema() {
        return valueSchema;
    }

    public void setValueSchema(String valueSchema) {
        this.valueSchema = Fields.nullToEmpty(valueSchema);
    }

    public boolean isRenewLocks() {
        return renewLocks;
    }

    public void setRenewLocks(boolean renewLocks) {
        this.renewLocks = renewLocks;
    }

    public boolean isVerifyDelivery() {
        return verifyDelivery;
    }

    public void setVerifyDelivery(boolean verifyDelivery) {
        this.verifyDelivery = verifyDelivery;
    }
}
