package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.measure.ConsumerStats;
import io.github.jmeterkafka.measure.DeliveryVerifier;
import io.github.jmeterkafka.measure.IntervalLog;
import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.ShareStats;
import io.github.jmeterkafka.measure.Warmup;
import io.github.jmeterkafka.run.RunOutput;

/**
 * What all threads of one Kafka Share Consumer share during a test: the consumer's figures (volume, rates,
 * end-to-end latency, interval log, as a consumer's on the Kafka page), the share group's own, and the record
 * budget.
 */
final class ShareRun {
    final Warmup warmup = RunOutput.warmup();
    final ConsumerStats stats = new ConsumerStats(warmup);
    final IntervalLog intervals;
    final RecordBudget budget;
    final ShareStats share;

    /** @param verify check from the producers' sequence headers that every record is accepted exactly once */
    ShareRun(long budget, boolean verify, String label) {
        this.budget = new RecordBudget(budget);
        // a share group's members take records in no order: every sequence must be seen from 0
        this.share = new ShareStats(verify ? new DeliveryVerifier(true) : null);
        this.intervals = RunOutput.intervalLog(ConsumerStats.Summary.KIND, label, "end-to-end");
        stats.logIntervals(intervals);
    }
}
