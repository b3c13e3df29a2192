package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.measure.ConsumerStats;
import io.github.jmeterkafka.measure.IntervalLog;
import io.github.jmeterkafka.measure.LimitFigures;
import io.github.jmeterkafka.measure.LimitSample;
import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SummaryLines;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.measure.Warmup;
import io.github.jmeterkafka.metrics.LimitsProbe;
import io.github.jmeterkafka.run.RunOutput;
import io.github.jmeterkafka.run.RunSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * What the threads of a sampler that reads records (the Kafka Consumer, the Share Consumer) share during a test: its
 * volume, rates and end-to-end latency, logged per interval as a consumer's, the record budget, and the summary made
 * of them.
 */
public final class ReadRun {
    private final Warmup warmup = RunOutput.warmup();
    public final ConsumerStats stats = new ConsumerStats(warmup);
    public final RecordBudget budget;
    private final IntervalLog intervals;

    public ReadRun(long budget, String label) {
        this.budget = new RecordBudget(budget);
        this.intervals = RunOutput.intervalLog(ConsumerStats.Summary.KIND, label, "end-to-end");
        stats.logIntervals(intervals);
    }

    /** The element's own lines of the whole run and of its steady state (null: no warm-up). */
    @FunctionalInterface
    public interface Lines {
        List<String> of(ConsumerStats.Summary all, ConsumerStats.Summary steady, Warmup warmup);
    }

    /**
     * The summary at test end under {@code title}: the element's {@code lines}, then {@code more}, then the limits';
     * its rows are a consumer's.
     */
    public List<SummaryRow> printSummary(String title, String label, Lines lines, List<String> more) {
        ConsumerStats.Summary all = stats.summary();
        ConsumerStats.Summary steady = stats.steadySummary();
        List<LimitSample> seconds = LimitsProbe.samples();
        List<String> text = new ArrayList<>(lines.of(all, steady, warmup));
        text.addAll(more);
        return new RunSummary(
                        text,
                        SummaryLines.consumerRows(label, all, steady),
                        LimitFigures.ofConsumer(seconds, all),
                        LimitFigures.ofConsumer(seconds, steady))
                .print(title, label, intervals);
    }
}
