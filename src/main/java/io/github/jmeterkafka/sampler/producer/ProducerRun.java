package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.measure.EventFigures;
import io.github.jmeterkafka.measure.EventMarks;
import io.github.jmeterkafka.measure.IntervalLog;
import io.github.jmeterkafka.measure.LimitFigures;
import io.github.jmeterkafka.measure.LimitSample;
import io.github.jmeterkafka.measure.ProducerStats;
import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SendSchedule;
import io.github.jmeterkafka.measure.StepFigures;
import io.github.jmeterkafka.measure.SummaryLines;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.measure.Warmup;
import io.github.jmeterkafka.metrics.LimitsProbe;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import io.github.jmeterkafka.run.RunOutput;
import io.github.jmeterkafka.run.RunSummary;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.jmeter.threads.JMeterContextService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What all threads of one Kafka Producer share during a test: stats, record budget (or, with a target rate, the
 * send schedule that holds it), the global sequence.
 */
public final class ProducerRun implements SamplerRuns.Run {
    private static final Logger log = LoggerFactory.getLogger(ProducerRun.class);
    /** Share of a paced run's time behind schedule up to which its sending side did not cause a shortfall. */
    private static final double KEPT_SCHEDULE = 0.1;

    final Warmup warmup = RunOutput.warmup();
    public final ProducerStats stats = new ProducerStats(ProgressPrinter.enabled(), warmup);
    public final RecordBudget budget;
    /** Null when JMeter's timers pace the samples. */
    public final SendSchedule schedule;

    public final SamplerCounters counters = new SamplerCounters();
    private final IntervalLog intervals;
    private final long test;
    private final String label;
    // the connection whose producers' retries count in the event windows; set by the first sample
    private volatile Connection connection;
    private final java.util.concurrent.atomic.AtomicLong retriesSeen = new java.util.concurrent.atomic.AtomicLong(-1);
    // what caps a paced run: threads that sampled, and how long their samples took
    private final ConcurrentHashMap.KeySetView<Thread, Boolean> threads = ConcurrentHashMap.newKeySet();
    private final LongAdder samples = new LongAdder();
    private final LongAdder sampleMs = new LongAdder();
    private final LongAdder sampleRecords = new LongAdder();

    /** @param schedule the target rate's schedule, or null */
    public ProducerRun(long budget, SendSchedule schedule, String label) {
        this.budget = new RecordBudget(budget);
        this.schedule = schedule;
        this.label = label;
        this.intervals = RunOutput.intervalLog(ProducerStats.Summary.KIND, label, "send-to-ack");
        stats.logIntervals(intervals);
        test = JMeterContextService.getTestStartTime();
        stats.watchEvents(() -> EventMarks.of(test));
        if (schedule != null) {
            stats.pacedBy(schedule);
        }
    }

    /** The producers' connection, from the first sample on: its retries are read at each event's mark. */
    public void producingOn(Connection c) {
        if (connection == null) {
            synchronized (this) {
                if (connection == null) {
                    connection = c;
                    EventMarks.count(
                            test, retriesCounter(), () -> c.clientMetrics().producerRetries());
                }
            }
        }
    }

    private String retriesCounter() {
        return "retries " + label;
    }

    public void sampled(int records, long elapsedMs) {
        threads.add(Thread.currentThread());
        samples.increment();
        sampleMs.add(elapsedMs);
        sampleRecords.add(records);
        Connection c = connection;
        // the producers may be closed when the summary is made: their retries as the last sample left them
        if (c != null && !EventMarks.of(test).isEmpty()) {
            retriesSeen.accumulateAndGet(c.clientMetrics().producerRetries(), Math::max);
        }
    }

    /** The perf-test style summary, at test end; a WARN when the run sent records short of its expected rate. */
    @Override
    public List<SummaryRow> printSummary(String label, double expectedRate) {
        ProducerStats.Summary all = stats.summary();
        ProducerStats.Summary steady = stats.steadySummary();
        List<StepFigures> steps = stats.steps();
        if (intervals != null) {
            intervals.endIntervals();
        }
        Connection c = connection;
        List<EventFigures> events = stats.events(
                intervals == null ? List.of() : intervals.tails(),
                retriesCounter(),
                c == null ? -1 : Math.max(retriesSeen.get(), c.clientMetrics().producerRetries()));
        List<LimitSample> seconds = LimitsProbe.samples();
        LimitFigures allLimits = LimitFigures.of(seconds, stats.window(false));
        LimitFigures steadyLimits = steady == null ? null : LimitFigures.of(seconds, stats.window(true));
        List<SummaryRow> rows = new RunSummary(
                        SummaryLines.producer(all, steady, warmup, expectedRate, steps, events),
                        SummaryLines.producerRows(label, all, steady, expectedRate, steps, events),
                        allLimits,
                        steadyLimits)
                .print("Kafka Producer", label, intervals);
        double achieved = (steady != null ? steady : all).recordsPerSec();
        // a run stopped before the sampler sent anything (a refused -J property) has no shortfall to explain
        boolean sent = all.records + all.failedRecords > 0;
        if (sent && SummaryLines.shortOf(expectedRate, achieved)) {
            log.warn(
                    "Kafka Producer '{}': {}{}",
                    label,
                    shortfallCause(expectedRate, achieved, all),
                    firstLimit(steadyLimits != null ? steadyLimits : allLimits, steadyLimits != null));
        }
        return rows;
    }

    /** Names the likely cause of a shortfall and its fix. */
    String shortfallCause(double expected, double achieved, ProducerStats.Summary all) {
        if (!all.isPaced()) {
            return threadsOrBroker(expected, achieved);
        }
        // a paced thread sends while it waits for acks: what held the due records back says whose limit it was
        SendSchedule.Behind behind = all.schedule.behind();
        // the rate counts to the last ack: a sampler that was hardly ever behind sent on time, and the acks came late
        boolean keptSchedule = behind.totalMs() <= KEPT_SCHEDULE * all.seconds * 1000;
        String whose = keptSchedule
                ? "The sampler kept its schedule: the records left on time and their acks came late, so the cluster"
                        + " held them back (look at the latency, the broker and its quotas) or the producer's I/O"
                        + " thread was short of CPU."
                : behind.atLimitMs() > behind.inSendMs()
                        ? "The threads' in-flight limit held records back most: raise records per sample (or threads)."
                        : behind.inSendMs() > 0
                                ? "The producer's send() held records back most (its buffer.memory full): the cluster did not"
                                        + " keep up (look at the latency and the broker), or this JVM's CPU did not let the"
                                        + " producer's I/O thread keep up (at the start of a run at full rate: give a Rate"
                                        + " ramp-up)."
                                : "Neither the producer nor the threads' in-flight limit held records back: the load generator"
                                        + " was short of CPU or threads.";
        return String.format(
                Locale.ROOT,
                "achieved %.1f records/s, %.1f %% of the expected %.1f. %s On its schedule the sampler was behind for"
                        + " %.1f s (longest stretch %.1f s), records waited up to %.0f ms to be sent (%d ms 99th), and"
                        + " %d records were skipped.",
                achieved,
                100 * achieved / expected,
                expected,
                whose,
                behind.totalMs() / 1000.0,
                behind.longestMs() / 1000.0,
                all.schedule.sendDelayMicros().getMaxValue() / 1000.0,
                all.schedule.sendDelayMicros().getValueAtPercentile(99) / 1000,
                behind.skipped());
    }

    /** " First limit hit: a quota, 1 s in: ...", so the WARN names what the summary names; empty when none was seen. */
    private static String firstLimit(LimitFigures limits, boolean steady) {
        if (limits.first() == null) {
            return "";
        }
        String line = limits.firstLine(steady ? " (steady state)" : "");
        return " " + Character.toUpperCase(line.charAt(0)) + line.substring(1) + ".";
    }

    private String threadsOrBroker(double expected, double achieved) {
        long n = samples.sum();
        double avgSampleSec = n == 0 ? 0 : sampleMs.sum() / 1000.0 / n;
        double perSample = n == 0 ? 0 : (double) sampleRecords.sum() / n;
        int threadCount = threads.size();
        double ceiling = avgSampleSec > 0 ? threadCount * perSample / avgSampleSec : Double.MAX_VALUE;
        String head = String.format(
                Locale.ROOT,
                "achieved %.1f records/s, %.1f %% of the expected %.1f. ",
                achieved,
                100 * achieved / expected,
                expected);
        if (ceiling < expected * 1.05) {
            return head
                    + String.format(
                            Locale.ROOT,
                            "Each thread runs one sample at a time: %d threads x %.1f records"
                                    + " per sample / %.1f ms per sample caps the rate at %.1f records/s. Add threads (at least %d)"
                                    + " or records per sample.",
                            threadCount,
                            perSample,
                            avgSampleSec * 1000,
                            ceiling,
                            (long) Math.ceil(expected * 1.2 * avgSampleSec / Math.max(1, perSample)));
        }
        return head
                + "The threads could have sent faster, so the producer or the broker did not keep up (look at the"
                + " latency, buffer.memory and the broker), or a timer paced the threads below the rate.";
    }
}
