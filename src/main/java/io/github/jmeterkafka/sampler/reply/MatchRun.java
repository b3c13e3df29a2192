package io.github.jmeterkafka.sampler.reply;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Correlation;
import io.github.jmeterkafka.client.ReplyReader;
import io.github.jmeterkafka.client.ReplyRegistry;
import io.github.jmeterkafka.client.Requests;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.measure.EventFigures;
import io.github.jmeterkafka.measure.EventMarks;
import io.github.jmeterkafka.measure.IntervalLog;
import io.github.jmeterkafka.measure.LimitFigures;
import io.github.jmeterkafka.measure.LimitSample;
import io.github.jmeterkafka.measure.MatchStats;
import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SendSchedule;
import io.github.jmeterkafka.measure.StepFigures;
import io.github.jmeterkafka.measure.SummaryLines;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.measure.Warmup;
import io.github.jmeterkafka.metrics.LimitsProbe;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import io.github.jmeterkafka.run.RunOutput;
import io.github.jmeterkafka.run.RunSummary;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * What all threads of one Kafka Request-Reply (or Kafka Await) share during a test: stats, request budget (or, with
 * a target rate, the send schedule that holds it), readers joined.
 */
public final class MatchRun implements SamplerRuns.Run {
    /** The reader's first positioning may take a metadata round trip on a cold client. */
    static final long READER_START_MS = 30_000;

    private final Warmup warmup;
    public final MatchStats stats;
    public final RecordBudget budget;
    /** Null when JMeter's timers pace the samples. */
    public final SendSchedule schedule;

    public final SamplerCounters counters = new SamplerCounters();
    private final IntervalLog intervals;
    private final Map<ReplyRegistry, Integer> joined = new ConcurrentHashMap<>();
    private final Set<String> topicsChecked = ConcurrentHashMap.newKeySet();

    /** @param schedule the target rate's schedule, or null */
    public MatchRun(long budget, SendSchedule schedule, String label, MatchStats.Kind kind) {
        this.warmup = RunOutput.warmup();
        this.stats = new MatchStats(kind, warmup);
        this.budget = new RecordBudget(budget);
        this.schedule = schedule;
        if (schedule != null) {
            stats.pacedBy(schedule);
        }
        this.intervals = RunOutput.intervalLog(kind.id, label, kind.latencyWords.intervalLog());
        stats.logIntervals(intervals);
        long test = JMeterContextService.getTestStartTime();
        stats.watchEvents(() -> EventMarks.of(test));
    }

    /** This run's number in the reader's registry, joined on first use. */
    public int runIn(ReplyReader reader) {
        return joined.computeIfAbsent(reader.registry(), r -> r.join(stats));
    }

    /**
     * The connection's reader of {@code readTopic}, positioned and reading by {@code by}; the topics are checked to
     * exist once per run. For the first sample that reads by {@code by}, the reader makes its own decoder of values
     * to JSON (it runs on the reader's thread) from {@code valueSchema}: a schema is not parsed per sample. Blocks:
     * call it from the sample's interruptible part.
     *
     * @param topics      what each topic is to the sampler, by topic, in the order a missing one is named
     * @param fromEpochMs see {@link ReplyReader#start}
     */
    public ReplyReader reader(
            Connection connection,
            Map<String, String> topics,
            String readTopic,
            long fromEpochMs,
            Correlation by,
            String valueSchema)
            throws InterruptedException {
        String key = String.join("\n", topics.keySet());
        if (!topicsChecked.contains(key)) {
            Requests.checkTopics(connection.admin(), topics, READER_START_MS);
            topicsChecked.add(key);
        }
        ReplyReader r = connection.replyReader(
                readTopic,
                new ReplyReader.Hold(PluginProperties.awaitHold(), PluginProperties.awaitHoldRecords()),
                fromEpochMs,
                registry -> registry.correlate(by, () -> ValueText.of(valueSchema, connection.schemaRegistry())::text),
                new ReplyReader.Timeouts(Duration.ofMillis(READER_START_MS), PluginProperties.closeTimeout()));
        r.ready(READER_START_MS);
        return r;
    }

    /** The perf-test style summary, at test end. */
    @Override
    public List<SummaryRow> printSummary(String label, double expectedRate) {
        long foreign =
                joined.keySet().stream().mapToLong(ReplyRegistry::foreign).sum();
        MatchStats.Summary all = stats.summary(foreign);
        MatchStats.Summary steady = stats.steadySummary();
        List<StepFigures> steps = stats.steps();
        if (intervals != null) {
            intervals.endIntervals();
        }
        List<EventFigures> events = stats.events(intervals == null ? List.of() : intervals.tails());
        long others = joined.keySet().stream().mapToLong(ReplyRegistry::others).sum();
        List<LimitSample> seconds = LimitsProbe.samples();
        return new RunSummary(
                        SummaryLines.requestReply(all, steady, warmup, others, expectedRate, steps, events),
                        SummaryLines.requestReplyRows(label, all, steady, steps, events),
                        LimitFigures.of(seconds, stats.window(false)),
                        steady == null ? null : LimitFigures.of(seconds, stats.window(true)))
                .print(stats.kind().title, label, intervals);
    }
}
