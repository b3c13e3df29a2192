package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The end-of-test summary of one sampler as perf-test prints it, and its rows: the same for a
 * sampler's own run and for the merge of a distributed run's servers.
 */
public final class SummaryLines {
    /** A run short of its expected rate by more than this share is warned about. */
    static final double SHORTFALL = 0.01;

    private SummaryLines() {}

    /**
     * The summary lines of a producer.
     *
     * @param steady       after the warm-up, or null
     * @param expectedRate records/s the plan asked for; 0: none said
     */
    public static List<String> producer(
            ProducerStats.Summary all, ProducerStats.Summary steady, Warmup warmup, double expectedRate) {
        return producer(all, steady, warmup, expectedRate, List.of(), List.of());
    }

    /**
     * The same with a line per step of a rate profile ({@code steps}: empty when it has none) and per event the test
     * marked ({@code events}: empty when none).
     */
    public static List<String> producer(
            ProducerStats.Summary all,
            ProducerStats.Summary steady,
            Warmup warmup,
            double expectedRate,
            List<StepFigures> steps,
            List<EventFigures> events) {
        List<String> lines = new ArrayList<>(List.of(all.perfTestLine()));
        if (all.isPaced()) {
            lines.add(all.schedule.correctedLine("latency"));
            lines.add(all.schedule.sendDelayLine());
        }
        lines.add(all.tailLine());
        windowLines(lines, steps, events);
        if (steady != null) {
            lines.add(steady.steadyLine() + " (" + warmup.describe() + " left out)");
            if (steady.isPaced()) {
                lines.add("steady state " + steady.schedule.correctedLine("latency"));
            }
        }
        lines.add(all.failureLine());
        if (expectedRate > 0) {
            lines.add(rateLine(expectedRate, (steady != null ? steady : all).recordsPerSec()));
        }
        return lines;
    }

    public static List<SummaryRow> producerRows(
            String label, ProducerStats.Summary all, ProducerStats.Summary steady, double expectedRate) {
        return producerRows(label, all, steady, expectedRate, List.of(), List.of());
    }

    /** The same with a row per step of a rate profile (part "step N") and per event (part "event N: name"). */
    public static List<SummaryRow> producerRows(
            String label,
            ProducerStats.Summary all,
            ProducerStats.Summary steady,
            double expectedRate,
            List<StepFigures> steps,
            List<EventFigures> events) {
        List<SummaryRow> rows = new ArrayList<>(List.of(all.row(label, SummaryRow.ALL, expectedRate)));
        if (steady != null) {
            rows.add(steady.row(label, SummaryRow.STEADY, expectedRate));
        }
        windowRows(rows, label, steps, events);
        return rows;
    }

    /** Every sampler's lines of the steps of its rate profile and of the test's events, in that order. */
    private static void windowLines(List<String> lines, List<StepFigures> steps, List<EventFigures> events) {
        steps.forEach(step -> lines.add(step.line()));
        events.forEach(event -> lines.add(event.line()));
    }

    /** Their rows, parts "step N" and "event N: name", in the same order. */
    private static void windowRows(
            List<SummaryRow> rows, String label, List<StepFigures> steps, List<EventFigures> events) {
        steps.forEach(step -> rows.add(step.row(label)));
        events.forEach(event -> rows.add(event.row(label)));
    }

    /** consumer-perf-test's header and line, then the end-to-end latencies; both again after a warm-up. */
    public static List<String> consumer(ConsumerStats.Summary all, ConsumerStats.Summary steady, Warmup warmup) {
        List<String> lines =
                new ArrayList<>(List.of(ConsumerStats.Summary.HEADER, all.perfTestLine(), all.endToEndLine()));
        if (all.tailLine() != null) {
            lines.add(all.tailLine());
        }
        if (steady != null) {
            lines.add("steady state (" + warmup.describe() + " left out, by whole samples):");
            lines.add(steady.perfTestLine());
            lines.add(steady.endToEndLine());
        }
        return lines;
    }

    /**
     * kafka-share-consumer-perf-test's header and line, the end-to-end latencies (both again after a warm-up), then
     * what the share group's members did with the records.
     */
    public static List<String> shareConsumer(
            ConsumerStats.Summary all, ConsumerStats.Summary steady, Warmup warmup, ShareStats share) {
        List<String> lines = new ArrayList<>(
                List.of(ConsumerStats.Summary.SHARE_HEADER, all.sharePerfTestLine(), all.endToEndLine()));
        if (steady != null) {
            lines.add("steady state (" + warmup.describe() + " left out, by whole samples):");
            lines.add(steady.sharePerfTestLine());
            lines.add(steady.endToEndLine());
        }
        lines.addAll(share.lines());
        return lines;
    }

    public static List<SummaryRow> consumerRows(String label, ConsumerStats.Summary all, ConsumerStats.Summary steady) {
        List<SummaryRow> rows = new ArrayList<>(List.of(all.row(label, SummaryRow.ALL)));
        if (steady != null) {
            rows.add(steady.row(label, SummaryRow.STEADY));
        }
        return rows;
    }

    /**
     * A request-reply (or await) sampler's round trips, then what became of the requests without a reply; after them
     * the windows' lines as a producer's: each step's, each event's, the steady state's.
     *
     * @param steady       after the warm-up, or null
     * @param others       replies to other readers' requests on the same reply topic
     * @param expectedRate replies/s the plan asked for; 0: none said
     */
    public static List<String> requestReply(
            MatchStats.Summary all,
            MatchStats.Summary steady,
            Warmup warmup,
            long others,
            double expectedRate,
            List<StepFigures> steps,
            List<EventFigures> events) {
        String latency = all.kind().latencyWords.summary();
        List<String> lines = new ArrayList<>(List.of(all.line()));
        if (all.schedule() != null) {
            lines.add(all.schedule().correctedLine(latency));
            lines.add(all.schedule().sendDelayLine());
        }
        lines.add(all.unansweredLine());
        if (others > 0) {
            lines.add(others + " replies to requests of other JMeter processes or connections on the reply topic"
                    + " (not counted as " + all.kind().countWords.foreign() + ")");
        }
        if (expectedRate > 0) {
            lines.add(rateLine(
                            expectedRate,
                            (steady != null ? steady : all).replies().perSec())
                    .replace("records/sec", all.kind().countWords.received() + "/sec"));
        }
        // the lines above keep their places for those who read them by position
        lines.add(all.tailLine());
        windowLines(lines, steps, events);
        if (steady != null) {
            lines.add(steady.steadyLine() + " (" + warmup.describe() + " left out)");
            if (steady.schedule() != null) {
                lines.add("steady state " + steady.schedule().correctedLine(latency));
            }
        }
        return lines;
    }

    /** Its rows: the whole run, the steady state, each step, each event. */
    public static List<SummaryRow> requestReplyRows(
            String label,
            MatchStats.Summary all,
            MatchStats.Summary steady,
            List<StepFigures> steps,
            List<EventFigures> events) {
        List<SummaryRow> rows = new ArrayList<>(List.of(all.row(label)));
        if (steady != null) {
            rows.add(steady.row(label, SummaryRow.STEADY));
        }
        windowRows(rows, label, steps, events);
        return rows;
    }

    static String rateLine(double expected, double achieved) {
        return String.format(
                Locale.ROOT,
                "expected %.1f records/sec, achieved %.1f records/sec (%.1f %%)",
                expected,
                achieved,
                100 * achieved / expected);
    }

    /** Whether a run at {@code achieved} records/s fell short of {@code expected} enough to warn. */
    public static boolean shortOf(double expected, double achieved) {
        return expected > 0 && achieved < expected * (1 - SHORTFALL);
    }
}
