package io.github.jmeterkafka.sampler.share;

import io.github.jmeterkafka.measure.DeliveryVerifier;
import io.github.jmeterkafka.measure.EventMarks;
import io.github.jmeterkafka.measure.ShareStats;
import io.github.jmeterkafka.measure.SummaryLines;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.sampler.base.ReadRun;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import java.util.List;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * What all threads of one Kafka Share Consumer share during a test: the consumer's figures and record budget (as a
 * consumer's on the Kafka page), and the share group's own.
 */
public final class ShareRun implements SamplerRuns.Run {
    public final ReadRun reads;
    public final ShareStats share;

    /** @param verify check from the producers' sequence headers that every record is accepted exactly once */
    public ShareRun(long budget, boolean verify, String label) {
        this.reads = new ReadRun(budget, label);
        // a share group's members take records in no order: every sequence must be seen from 0
        this.share = new ShareStats(verify ? new DeliveryVerifier(true) : null);
    }

    @Override
    public List<SummaryRow> printSummary(String label, double expectedRate) {
        return reads.printSummary(
                "Kafka Share Consumer",
                label,
                (all, steady, warmup) -> SummaryLines.shareConsumer(all, steady, warmup, share),
                share.eventLines(EventMarks.of(JMeterContextService.getTestStartTime())));
    }
}
