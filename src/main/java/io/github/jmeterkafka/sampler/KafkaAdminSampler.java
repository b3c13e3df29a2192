package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.AdminOperations;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.EventMarks;
import io.github.jmeterkafka.sampler.admin.AdminCall;
import io.github.jmeterkafka.sampler.admin.AdminFields;
import io.github.jmeterkafka.sampler.admin.AdminOperation;
import io.github.jmeterkafka.sampler.admin.AdminResponse;
import io.github.jmeterkafka.sampler.base.Responses;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import java.util.LinkedHashSet;
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
public class KafkaAdminSampler extends AdminFields {
    private static final long serialVersionUID = 1L;

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
                Responses.text(r, outcome.details());
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
}
