package io.github.jmeterkafka.sampler.admin;

import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.sampler.base.AbstractKafkaSampler;
import java.util.ArrayList;
import java.util.List;

/**
 * The Kafka Admin's fields, as JMeter's TestBean sets them before each sample, with their accessors. Their names are
 * written into saved plans: never rename one.
 */
public abstract class AdminFields extends AbstractKafkaSampler {
    private static final long serialVersionUID = 1L;

    protected String operation = AdminOperation.CREATE_TOPIC.tag();
    protected String topics = "";
    protected String partitions = "1";
    protected String replicationFactor = "1";
    protected List<KeyValue> topicConfigs = new ArrayList<>();
    protected boolean ignoreExisting = true;
    protected boolean ignoreMissing = true;
    protected String groupId = "jmeter-kafka";
    protected String shareGroupStart = "earliest";
    protected String lagCondition = "<= 0";
    protected String brokers = "";
    protected String throttle = "";
    protected String timeout = "30000";
    protected String variablePrefix = "kafka";

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getOperation() {
        return operation;
    }

    public void setOperation(String operation) {
        this.operation = Fields.nullToEmpty(operation);
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

    public String getReplicationFactor() {
        return replicationFactor;
    }

    public void setReplicationFactor(String replicationFactor) {
        this.replicationFactor = Fields.nullToEmpty(replicationFactor);
    }

    public List<KeyValue> getTopicConfigs() {
        return topicConfigs;
    }

    public void setTopicConfigs(List<KeyValue> rows) {
        this.topicConfigs = rows == null ? new ArrayList<>() : rows;
    }

    public boolean isIgnoreExisting() {
        return ignoreExisting;
    }

    public void setIgnoreExisting(boolean ignoreExisting) {
        this.ignoreExisting = ignoreExisting;
    }

    public boolean isIgnoreMissing() {
        return ignoreMissing;
    }

    public void setIgnoreMissing(boolean ignoreMissing) {
        this.ignoreMissing = ignoreMissing;
    }

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = Fields.nullToEmpty(groupId);
    }

    public String getShareGroupStart() {
        return shareGroupStart;
    }

    public void setShareGroupStart(String shareGroupStart) {
        this.shareGroupStart = shareGroupStart == null ? "" : shareGroupStart.trim();
    }

    public String getBrokers() {
        return brokers;
    }

    public void setBrokers(String brokers) {
        this.brokers = Fields.nullToEmpty(brokers);
    }

    public String getThrottle() {
        return throttle;
    }

    public void setThrottle(String throttle) {
        this.throttle = Fields.nullToEmpty(throttle);
    }

    public String getLagCondition() {
        return lagCondition;
    }

    public void setLagCondition(String lagCondition) {
        this.lagCondition = Fields.nullToEmpty(lagCondition);
    }

    public String getTimeout() {
        return timeout;
    }

    public void setTimeout(String timeout) {
        this.timeout = Fields.nullToEmpty(timeout);
    }

    public String getVariablePrefix() {
        return variablePrefix;
    }

    public void setVariablePrefix(String variablePrefix) {
        this.variablePrefix = Fields.nullToEmpty(variablePrefix);
    }
}
