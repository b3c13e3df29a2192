package io.github.jmeterkafka.sampler.share;

import io.github.jmeterkafka.measure.ConsumerStats;
import io.github.jmeterkafka.measure.DeliveryVerifier;
import io.github.jmeterkafka.measure.EventMarks;
import io.github.jmeterkafka.measure.IntervalLog;
import io.github.jmeterkafka.measure.LimitFigures;
import io.github.jmeterkafka.measure.LimitSample;
import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.ShareStats;
import io.github.jmeterkafka.measure.SummaryLines;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.measure.Warmup;
import io.github.jmeterkafka.metrics.LimitsProbe;
import io.github.jmeterkafka.run.RunOutput;
import io.github.jmeterkafka.run.RunParameters;
import io.github.jmeterkafka.run.SummaryPrinter;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * What all threads of one Kafka Share Consumer share during a test: the consumer's figures (volume, rates,
 * end-to-end latency, interval log, as a consumer's on the Kafka page), the share group's own, and the record
 * budget.
 */
public final class ShareRun implements SamplerRuns.Run {
    final Warmup warmup = RunOutput.warmup();
    public final ConsumerStats stats = new ConsumerStats(warmup);
    final IntervalLog intervals;
    public final RecordBudget budget;
    public final ShareStats share;

    /** @param verify check from the producers' sequence headers that every record is accepted exactly once */
    public ShareRun(long budget, boolean verify, String label) {
        this.budget = new RecordBudget(budget);
        // a share group's members take records in no order: every sequence must be seen from 0
        this.share = new ShareStats(verify ? new DeliveryVerifier(true) : null);
        this.intervals = RunOutput.intervalLog(ConsumerStats.Summary.KIND, label, "end-to-end");
        stats.logIntervals(intervals);
    }

    @Override
    public List<SummaryRow> printSummary(String label, double expectedRate) {
        ConsumerStats.Summary all = stats.summary();
        ConsumerStats.Summary steady = stats.steadySummary();
        List<LimitSample> seconds = LimitsProbe.samples();
        LimitFigures allLimits = LimitFigures.ofConsumer(seconds, all);
        LimitFigures steadyLimits = LimitFigures.ofConsumer(seconds, steady);
        List<String> lines = new ArrayList<>(SummaryLines.shareConsumer(all, steady, warmup, share));
        lines.addAll(share.eventLines(EventMarks.of(JMeterContextService.getTestStartTime())));
        lines.addAll(LimitFigures.lines(allLimits, steadyLimits));
        SummaryPrinter.print("Kafka Share Consumer summary for '" + label + "':", lines.toArray(new String[0]));
        List<SummaryRow> rows = RunParameters.describe(SummaryLines.consumerRows(label, all, steady));
        LimitFigures.into(rows, allLimits, steadyLimits);
        SummaryPrinter.csv(rows);
        if (intervals != null) {
            intervals.close(rows);
        }
        return rows;
    }
}
