package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.ReplyReader;
import io.github.jmeterkafka.client.ReplyRegistry;
import io.github.jmeterkafka.measure.IntervalLog;
import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.RoundTripStats;
import io.github.jmeterkafka.measure.SendSchedule;
import io.github.jmeterkafka.measure.SummaryLines;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What all threads of one Kafka Request-Reply (or Kafka Await) share during a test: stats, request budget (or, with
 * a target rate, the send schedule that holds it), readers joined.
 */
final class RequestReplyRun {
    final RoundTripStats stats;
    final RecordBudget budget;
    /** Null when JMeter's timers pace the samples. */
    final SendSchedule schedule;

    final AtomicLong globalSequence = new AtomicLong();
    private final IntervalLog intervals;
    private final Map<ReplyRegistry, Integer> joined = new ConcurrentHashMap<>();
    private final Set<String> topicsChecked = ConcurrentHashMap.newKeySet();

    /** @param schedule the target rate's schedule, or null */
    RequestReplyRun(long budget, SendSchedule schedule, String label, RoundTripStats.Kind kind) {
        this.stats = new RoundTripStats(kind);
        this.budget = new RecordBudget(budget);
        this.schedule = schedule;
        if (schedule != null) {
            stats.pacedBy(schedule);
        }
        this.intervals = RunOutput.intervalLog(kind.id, label, kind.intervalLatency);
        stats.logIntervals(intervals);
    }

    /** This run's number in the reader's registry, joined on first use. */
    int runIn(ReplyReader reader) {
        return joined.computeIfAbsent(reader.registry(), r -> r.join(stats));
    }

    /** Whether the pair of topics was found to exist in this run. */
    boolean checked(String requestTopic, String replyTopic) {
        return topicsChecked.contains(requestTopic + '\n' + replyTopic);
    }

    void topicsExist(String requestTopic, String replyTopic) {
        topicsChecked.add(requestTopic + '\n' + replyTopic);
    }

    /** The perf-test style summary, at test end. */
    void printSummary(String label, double expectedRate) {
        long foreign =
                joined.keySet().stream().mapToLong(ReplyRegistry::foreign).sum();
        RoundTripStats.Summary all = stats.summary(foreign);
        long others = joined.keySet().stream().mapToLong(ReplyRegistry::others).sum();
        SummaryPrinter.print(
                stats.kind().title + " summary for '" + label + "':",
                SummaryLines.requestReply(all, others, expectedRate).toArray(new String[0]));
        var rows = RunParameters.describe(List.of(all.row(label)));
        SummaryPrinter.csv(rows);
        if (intervals != null) {
            intervals.close(rows);
        }
    }
}
