package io.github.jmeterkafka.sampler;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import io.github.jmeterkafka.measure.CsvField;
import io.github.jmeterkafka.measure.ProducerStats;
import io.github.jmeterkafka.measure.RecordBudget;

/** What all threads of one Kafka Producer share during a test: stats, record budget, the global sequence. */
final class ProducerRun {
    final ProducerStats stats = new ProducerStats(ProgressPrinter.enabled());
    final RecordBudget budget;
    final AtomicLong globalSequence = new AtomicLong();

    ProducerRun(long budget) {
        this.budget = new RecordBudget(budget);
    }

    /** The perf-test style summary, at test end. */
    void printSummary(String label) {
        ProducerStats.Summary s = stats.summary();
        SummaryPrinter.print("Kafka Producer summary for '" + label + "':", s.perfTestLine(), s.failureLine());
        SummaryPrinter.csv("kind,label,records,failed,records_per_sec,mb_per_sec,avg_ms,max_ms,p50_ms,p95_ms,p99_ms,p999_ms",
                String.format(Locale.ROOT, "producer,%s,%d,%d,%.1f,%.2f,%.2f,%.2f,%d,%d,%d,%d",
                        CsvField.of(label), s.records, s.failedRecords, s.recordsPerSec(), s.mbPerSec(),
                        s.avgMs, s.maxMs, s.p50Ms, s.p95Ms, s.p99Ms, s.p999Ms));
    }
}
