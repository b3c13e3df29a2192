package io.github.jmeterkafka.sampler;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

import io.github.jmeterkafka.client.AdminOperations;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.InvalidInputException;
import io.github.jmeterkafka.client.Numbers;
import io.github.jmeterkafka.config.KeyValue;

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

    static final String CREATE = "operation.createTopic";
    static final String DELETE = "operation.deleteTopic";
    static final String DESCRIBE = "operation.describeTopic";
    static final String LIST = "operation.listTopics";
    static final String ADD_PARTITIONS = "operation.addPartitions";
    static final String GROUP_LAG = "operation.consumerGroupLag";
    static final String[] OPERATIONS = {CREATE, DELETE, DESCRIBE, LIST, ADD_PARTITIONS, GROUP_LAG};

    private String operation = CREATE;
    private String topics = "";
    private String partitions = "1";
    private String replicationFactor = "1";
    private List<KeyValue> topicConfigs = new ArrayList<>();
    private boolean ignoreExisting = true;
    private boolean ignoreMissing = true;
    private String groupId = "jmeter-kafka";
    private String timeout = "30000";
    private String variablePrefix = "kafka";

    // written by this clone's thread, read by interrupt()
    private transient volatile AdminOperations running;
    // this clone's thread only: the variables its last sample set
    private transient Set<String> variablesSet = new LinkedHashSet<>();

    @FunctionalInterface
    private interface Operation {
        AdminOperations.Outcome run(AdminOperations ops) throws Exception;
    }

    @Override
    protected boolean sampleInto(SampleResult result) throws Exception {
        // a failed or smaller outcome must not leave the last one's values for assertions to find
        removeVariables();
        Connection connection = connection();
        String op = Fields.choice("operation", operation, OPERATIONS);
        long timeoutMs = Numbers.positiveInt("timeout", timeout, 30000);
        Operation task = operation(op);
        result.setSamplerData("connection: " + connection.name() + "\noperation: " + op.substring(op.indexOf('.') + 1)
                + "\n" + settings(op) + "timeout: " + timeoutMs + " ms");
        AdminOperations ops = new AdminOperations(connection.admin(), timeoutMs);
        running = ops;
        AdminOperations.Outcome outcome;
        result.sampleStart();
        try {
            outcome = task.run(ops);
        } finally {
            result.sampleEnd();
            running = null;
        }
        result.setSuccessful(true);
        result.setResponseCode(ResponseCodes.OK);
        result.setResponseMessage(outcome.message());
        setResponseText(result, outcome.details());
        setVariables(outcome.values());
        return true;
    }

    /** Reads and checks the fields the operation needs, before anything is timed. */
    private Operation operation(String op) {
        switch (op) {
            case CREATE: {
                List<String> names = topicList(true);
                Optional<Integer> n = optionalPositive("partitions", partitions);
                Optional<Integer> rf = optionalPositive("replication factor", replicationFactor);
                if (rf.isPresent() && rf.get() > Short.MAX_VALUE) {
                    throw new InvalidInputException("replication factor is too large: " + rf.get());
                }
                Optional<Short> rfShort = rf.map(Integer::shortValue);
                Map<String, String> configs = configs();
                return ops -> ops.createTopics(names, n, rfShort, configs, ignoreExisting);
            }
            case DELETE: {
                List<String> names = topicList(true);
                return ops -> ops.deleteTopics(names, ignoreMissing);
            }
            case DESCRIBE: {
                List<String> names = topicList(true);
                return ops -> ops.describeTopics(names);
            }
            case LIST:
                return AdminOperations::listTopics;
            case ADD_PARTITIONS: {
                List<String> names = topicList(true);
                int total = Numbers.positiveInt("partitions", Fields.required("partitions", partitions), 1);
                return ops -> ops.addPartitions(names, total);
            }
            default: {
                String group = Fields.required("group id", groupId);
                List<String> names = topicList(false);
                return ops -> ops.consumerGroupLag(group, names);
            }
        }
    }

    private String settings(String op) {
        switch (op) {
            case CREATE:
                return "topics: " + topics.trim() + "\npartitions: " + blankAsDefault(partitions)
                        + "\nreplication factor: " + blankAsDefault(replicationFactor)
                        + (topicConfigs.isEmpty() ? "" : "\nconfigs: " + configs()) + "\nignore existing: "
                        + ignoreExisting + "\n";
            case DELETE:
                return "topics: " + topics.trim() + "\nignore missing: " + ignoreMissing + "\n";
            case LIST:
                return "";
            case ADD_PARTITIONS:
                return "topics: " + topics.trim() + "\npartitions: " + partitions.trim() + "\n";
            case GROUP_LAG:
                return "group: " + groupId.trim() + (topics.isBlank() ? "" : "\ntopics: " + topics.trim()) + "\n";
            default:
                return "topics: " + topics.trim() + "\n";
        }
    }

    private static String blankAsDefault(String text) {
        return text.isBlank() ? "broker default" : text.trim();
    }

    /** Comma-separated names; blank entries (a trailing comma) are skipped. */
    private List<String> topicList(boolean required) {
        Set<String> names = new LinkedHashSet<>();
        for (String t : topics.split(",")) {
            if (!t.isBlank()) {
                names.add(t.trim());
            }
        }
        if (required && names.isEmpty()) {
            throw new InvalidInputException("topics is empty");
        }
        return new ArrayList<>(names);
    }

    private static Optional<Integer> optionalPositive(String field, String text) {
        return text.isBlank() ? Optional.empty() : Optional.of(Numbers.positiveInt(field, text, 1));
    }

    private Map<String, String> configs() {
        return KeyValue.toMap(topicConfigs, "topic configs");
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
    public boolean interrupt() {
        AdminOperations ops = running;
        if (ops != null) {
            ops.cancel();
        }
        return true;
    }

    @Override
    public void threadFinished() {
        // the Admin client belongs to the connection, which closes it at test end
    }

    @Override
    public void testEnded() {
        // nothing per test
    }

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getOperation() { return operation; }
    public void setOperation(String operation) { this.operation = Fields.nullToEmpty(operation); }
    public String getTopics() { return topics; }
    public void setTopics(String topics) { this.topics = Fields.nullToEmpty(topics); }
    public String getPartitions() { return partitions; }
    public void setPartitions(String partitions) { this.partitions = Fields.nullToEmpty(partitions); }
    public String getReplicationFactor() { return replicationFactor; }
    public void setReplicationFactor(String replicationFactor) { this.replicationFactor = Fields.nullToEmpty(replicationFactor); }
    public List<KeyValue> getTopicConfigs() { return topicConfigs; }
    public void setTopicConfigs(List<KeyValue> rows) { this.topicConfigs = rows == null ? new ArrayList<>() : rows; }
    public boolean isIgnoreExisting() { return ignoreExisting; }
    public void setIgnoreExisting(boolean ignoreExisting) { this.ignoreExisting = ignoreExisting; }
    public boolean isIgnoreMissing() { return ignoreMissing; }
    public void setIgnoreMissing(boolean ignoreMissing) { this.ignoreMissing = ignoreMissing; }
    public String getGroupId() { return groupId; }
    public void setGroupId(String groupId) { this.groupId = Fields.nullToEmpty(groupId); }
    public String getTimeout() { return timeout; }
    public void setTimeout(String timeout) { this.timeout = Fields.nullToEmpty(timeout); }
    public String getVariablePrefix() { return variablePrefix; }
    public void setVariablePrefix(String variablePrefix) { this.variablePrefix = Fields.nullToEmpty(variablePrefix); }
}
