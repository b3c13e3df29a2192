package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.AdminOperations;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.EventMarks;
import io.github.jmeterkafka.sampler.admin.AdminCall;
import io.github.jmeterkafka.sampler.admin.AdminOperation;
import io.github.jmeterkafka.sampler.admin.AdminResponse;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * Kafka Admin: one admin operation per sample (create, delete, describe or list topics, add
 * partitions, consumer group lag), bounded as a whole by the timeout. Meant for setUp and tearDown
 * groups: creating a topic that exists and deleting one that does not succeed by default, so a
 * plan can run again, and create returns only once every partition has a leader.
 *
 * <p>Threads: the Admin client belongs to the connection and is shared by all threads; each sample
 * runs its operation on the sampler's thread. {@link #interrupt} only cancels the operation in
 * flight.
 */
public class KafkaAdminSampler extends AbstractKafkaSampler {
    private static final long serialVersionUID = 1L;

    private String operation = AdminOperation.CREATE_TOPIC.tag();
    private String topics = "";
    private String partitions = "1";
    private String replicationFactor = "1";
    private List<KeyValue> topicConfigs = new ArrayList<>();
    private boolean ignoreExisting = true;
    private boolean ignoreMissing = true;
    private String groupId = "jmeter-kafka";
    private String shareGroupStart = "earliest";
    private String lagCondition = "<= 0";
    private String brokers = "";
    private String throttle = "";
    private String timeout = "30000";
    private String variablePrefix = "kafka";

    // written by this clone's thread, read by interrupt()
    private transient volatile AdminOperations running;
    // this clone's thread only: the variables its last sample set
    private transient Set<String> variablesSet = new LinkedHashSet<>();

    @Override
    protected Sample<AdminResponse> prepare(SampleResult result) {
        // a failed or smaller outcome must not leave the last one's values for assertions to find
        removeVariables();
        Connection connection = connection();
        AdminOperation op = Tagged.parse(AdminOperation.class, "operation", operation);
        long timeoutMs = Fields.positiveInt("timeout", timeout, 30000);
        AdminCall call = op.prepare(this);
        result.setSamplerData("connection: " + connection.name() + "\noperation: " + op.word() + "\n"
                + op.settings(this) + "timeout: " + timeoutMs + " ms");
        AdminOperations ops = new AdminOperations(connection.admin(), timeoutMs);
        return new Sample<>() {
            @Override
            public AdminResponse call(SampleResult r) throws Exception {
                running = ops;
                if (op.marksEvent()) {
                    EventMarks.mark(JMeterContextService.getTestStartTime(), getName(), r.getStartTime());
                }
                return call.run(ops);
            }

            @Override
            public void ended(SampleResult r) {
                running = null;
            }

            @Override
            public boolean fill(SampleResult r, AdminResponse outcome) {
                r.setSuccessful(true);
                r.setResponseMessage(outcome.message());
                setResponseText(r, outcome.details());
                setVariables(outcome.values());
                return true;
            }
        };
    }

    private void setVariables(Map<String, String> values) {
        String p = variablePrefix.trim();
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (p.isEmpty() || vars == null) {
            return;
        }
        values.forEach((name, value) -> {
            vars.put(p + "_" + name, value);
            variablesSet.add(p + "_" + name);
        });
    }

    private void removeVariables() {
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (vars != null) {
            variablesSet.forEach(vars::remove);
        }
        variablesSet.clear();
    }

    @Override
    protected void wake() {
        AdminOperations ops = running;
        if (ops != null) {
            ops.cancel();
        }
    }

    @Override
    public void threadFinished() {
        // the Admin client belongs to the connection, which closes it at test end
    }

    @Override
    protected SamplerRuns<?> runs() {
        // each operation's figures are its own sample's
        return null;
    }

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

    /** The topics field's comma-separated names, each once; blank entries (a trailing comma) are skipped. */
    public List<String> topicList(boolean required) {
        Set<String> names = new LinkedHashSet<>();
        for (String t : topics.split(",", -1)) {
            if (!t.isBlank()) {
                names.add(t.trim());
            }
        }
        if (required && names.isEmpty()) {
            throw new InvalidInputException("topics is empty");
        }
        return new ArrayList<>(names);
    }

    /** The configs table as names and values. */
    public Map<String, String> configMap() {
        return KeyValue.toMap(topicConfigs, "configs");
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
