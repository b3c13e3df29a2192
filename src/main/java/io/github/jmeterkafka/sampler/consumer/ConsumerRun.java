package io.github.jmeterkafka.sampler.consumer;

import io.github.jmeterkafka.measure.DeliveryVerifier;
import io.github.jmeterkafka.measure.EventMarks;
import io.github.jmeterkafka.measure.SummaryLines;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.sampler.base.ReadRun;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.kafka.common.TopicPartition;

/**
 * What all threads of one Kafka Consumer share during a test: the figures and record budget of what they read,
 * delivery verifiers and, per group, where partitions start and go on.
 */
public final class ConsumerRun implements SamplerRuns.Run {
    public final ReadRun reads;
    private final boolean fromStart;
    // per group, or "" for assign mode: groups that each read every record are each verified apart
    private final Map<String, DeliveryVerifier> verifiers = new ConcurrentSkipListMap<>();
    // per group (the group id may differ per thread): its threads position each partition once
    // ("earliest" must not restart on rebalance), and hand revoked partitions on
    private final Map<String, Map<TopicPartition, Long>> startedByGroup = new ConcurrentHashMap<>();
    // a thread of this sampler feeds a verifier: else its summary line would report 0 verified
    private volatile boolean verifying;

    public ConsumerRun(long budget, boolean fromStart, String label) {
        this.reads = new ReadRun(budget, label);
        this.fromStart = fromStart;
    }

    /** The group's verifier, for a thread that verifies delivery. */
    public DeliveryVerifier verifier(String group) {
        verifying = true;
        return verifiers.computeIfAbsent(group == null ? "" : group, g -> new DeliveryVerifier(fromStart));
    }

    /** One delivery line, or one per group when several groups read. */
    public List<String> deliveryLines() {
        if (!verifying) {
            return List.of("delivery: not verified (Verify delivery is off)");
        }
        if (verifiers.size() <= 1) {
            DeliveryVerifier only = verifiers.isEmpty()
                    ? new DeliveryVerifier(fromStart)
                    : verifiers.values().iterator().next();
            List<String> lines = new ArrayList<>(List.of(only.summaryLine()));
            lines.addAll(only.eventLines(EventMarks.of(JMeterContextService.getTestStartTime())));
            return lines;
        }
        List<String> lines = new ArrayList<>();
        verifiers.forEach((group, v) -> {
            lines.add("group '" + group + "' " + v.summaryLine());
            v.eventLines(EventMarks.of(JMeterContextService.getTestStartTime()))
                    .forEach(l -> lines.add("group '" + group + "' " + l));
        });
        return lines;
    }

    /** The group's shared starts; a thread's own in assign mode ({@code group} null). */
    public Map<TopicPartition, Long> started(String group) {
        return group == null ? new HashMap<>() : startedByGroup.computeIfAbsent(group, g -> new ConcurrentHashMap<>());
    }

    @Override
    public List<SummaryRow> printSummary(String label, double expectedRate) {
        return reads.printSummary("Kafka Consumer", label, SummaryLines::consumer, deliveryLines());
    }
}
