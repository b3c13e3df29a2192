package io.github.jmeterkafka.sampler.consumer;

import io.github.jmeterkafka.client.CommitMode;
import io.github.jmeterkafka.client.ReadSpec;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.sampler.base.AbstractKafkaSampler;

/**
 * The Kafka Consumer's fields as JMeter's TestBean sets them before each sample, with their accessors; the
 * sampler reads them. Their names are written into saved plans: never rename one.
 */
public abstract class ConsumerFields extends AbstractKafkaSampler {
    private static final long serialVersionUID = 1L;

    protected String subscription = ReadSpec.Subscription.TOPICS.tag();
    protected String topics = "";
    protected String partitions = "";
    protected String groupId = "jmeter-kafka";
    protected String startAt = ReadSpec.Start.COMMITTED_OR_EARLIEST.tag();
    protected String startValue = "";
    protected String valueSchema = "";
    protected String recordsPerSample = "1";
    protected String pollTimeout = "5000";
    protected String commitMode = CommitMode.AUTO.tag();
    protected String recordBudget = "";
    protected String variablePrefix = "kafka";
    protected boolean verifyDelivery = true;
    protected boolean failOnGap;

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getSubscription() {
        return subscription;
    }

    public void setSubscription(String subscription) {
        this.subscription = Fields.nullToEmpty(subscription);
    }

    public String getTopics() {
        return topics;
    }

    public void setTopics(String topics) {
        this.topics = Fields.nullToEmpty(topics);
    }

    public String getPartitions() {
        return partitions;
    }

    public void setPartitions(String partitions) {
        this.partitions = Fields.nullToEmpty(partitions);
    }

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = Fields.nullToEmpty(groupId);
    }

    public String getStartAt() {
        return startAt;
    }

    public void setStartAt(String startAt) {
        this.startAt = Fields.nullToEmpty(startAt);
    }

    public String getValueSchema() {
        return valueSchema;
    }

    public void setValueSchema(String valueSchema) {
        this.valueSchema = Fields.nullToEmpty(valueSchema);
    }

    public String getStartValue() {
        return startValue;
    }

    public void setStartValue(String startValue) {
        this.startValue = Fields.nullToEmpty(startValue);
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

    public String getCommitMode() {
        return commitMode;
    }

    public void setCommitMode(String commitMode) {
        this.commitMode = Fields.nullToEmpty(commitMode);
    }

    public String getRecordBudget() {
        return recordBudget;
    }

    public void setRecordBudget(String recordBudget) {
        this.recordBudget = Fields.nullToEmpty(recordBudget);
    }

    public boolean isVerifyDelivery() {
        return verifyDelivery;
    }

    public void setVerifyDelivery(boolean verifyDelivery) {
        this.verifyDelivery = verifyDelivery;
    }

    public boolean isFailOnGap() {
        return failOnGap;
    }

    public void setFailOnGap(boolean failOnGap) {
        this.failOnGap = failOnGap;
    }

    public String getVariablePrefix() {
        return variablePrefix;
    }

    public void setVariablePrefix(String variablePrefix) {
        this.variablePrefix = Fields.nullToEmpty(variablePrefix);
    }
}
