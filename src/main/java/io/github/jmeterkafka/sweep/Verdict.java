package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.measure.HlogHeader;
import io.github.jmeterkafka.measure.Interval;
import io.github.jmeterkafka.measure.IntervalLogReader;
import io.github.jmeterkafka.measure.LimitKind;
import io.github.jmeterkafka.measure.Objective;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.measure.SummaryRow.Column;
import io.github.jmeterkafka.sweep.files.CsvTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Whether one run of a search held its rate. It holds when all of these are true, over the steady part (after
 * {@code kafka.warmup.s}) where the run has one: the producers achieved at least 99 % of the rate, no record and no
 * sample failed, the objective was met, the producers' send delay did not grow over the run ({@link Trend}), and,
 * where the plan consumes, neither did the consumers' end-to-end latency (their lag, in time). {@code why} says every
 * criterion a failing run missed.
 */
record Verdict(
        long rate,
        boolean holds,
        String why,
        Double achievedPercent,
        Double objectiveMs,
        Corrected corrected,
        String firstLimit) {

    static final double ACHIEVED_PERCENT = 99;

    /** The producers' corrected latency percentiles, each the highest of their rows; null where they have none. */
    record Corrected(Double p50Ms, Double p99Ms, Double p999Ms) {}

    static Verdict of(Outcome o, Objective objective, long rate, double warmupSeconds) throws IOException {
        List<String> why = new ArrayList<>();
        CsvTable summary = o.summary();
        if (!o.ok()) {
            why.add(o.failure());
        }
        if (summary == null || summary.size() == 0) {
            return new Verdict(rate, false, String.join("; ", why), null, null, new Corrected(null, null, null), "");
        }
        String part = part(summary);
        long failedRecords = (long) sum(summary, SummaryRow.ALL, "producer", Column.FAILED);
        if (failedRecords > 0) {
            why.add(failedRecords + " records failed");
        }
        double achieved = sum(summary, part, "producer", Column.RECORDS_PER_SEC);
        double achievedPercent = 100 * achieved / rate;
        if (achievedPercent < ACHIEVED_PERCENT) {
            why.add(String.format(
                    Locale.ROOT, "achieved %,.0f records/s, %.1f %% of %,d", achieved, achievedPercent, rate));
        }
        Double measured = max(summary, part, objective.kind(), objective.column());
        if (measured == null) {
            why.add("the runs have no " + objective.column().header() + " of a " + objective.kind() + " to meet '"
                    + objective + "'");
        } else if (measured > objective.limitMs()) {
            why.add(objective.judged(measured));
        }
        growth(o.dir(), "producer", Interval::sendDelayMicros, warmupSeconds)
                .ifPresent(t -> why.add("the send delay grew over the run (p99 " + Math.round(t.firstMs())
                        + " ms in its first third, " + Math.round(t.lastMs()) + " ms in its last)"));
        growth(o.dir(), "consumer", Interval::latencyMicros, warmupSeconds)
                .ifPresent(t -> why.add("the consumers fell behind: end-to-end p99 "
                        + Math.round(t.firstMs()) + " ms in the run's first third, "
                        + Math.round(t.lastMs()) + " ms in its last"));
        return new Verdict(
                rate,
                why.isEmpty(),
                String.join("; ", why),
                achievedPercent,
                measured,
                new Corrected(
                        max(summary, part, "producer", Column.CORRECTED_P50_MS),
                        max(summary, part, "producer", Column.CORRECTED_P99_MS),
                        max(summary, part, "producer", Column.CORRECTED_P999_MS)),
                firstLimit(summary, part));
    }

    /** The producers' first limit hit: the first that names one; "none seen" or empty when none does. */
    private static String firstLimit(CsvTable summary, String part) {
        String seen = "";
        for (int i = 0; i < summary.size(); i++) {
            String cell = summary.get(i, Column.FIRST_LIMIT.header()).trim();
            if (part.equals(summary.get(i, "part")) && "producer".equals(summary.get(i, "kind")) && !cell.isEmpty()) {
                if (LimitKind.of(cell) != null) {
                    return cell;
                }
                seen = cell;
            }
        }
        return seen;
    }

    /** Whether the run failed with the load generator as its first limit: not the cluster's limit, then. */
    boolean generatorBound() {
        return !holds && LimitKind.of(firstLimit) == LimitKind.GENERATOR;
    }

    /** The steady part when the run had a warm-up, else all of it. */
    private static String part(CsvTable summary) {
        for (int i = 0; i < summary.size(); i++) {
            if (SummaryRow.STEADY.equals(summary.get(i, "part"))) {
                return SummaryRow.STEADY;
            }
        }
        return SummaryRow.ALL;
    }

    private static List<Double> values(CsvTable summary, String part, String kind, Column column) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < summary.size(); i++) {
            String v = summary.get(i, column.header()).trim();
            if (part.equals(summary.get(i, "part")) && kind.equals(summary.get(i, "kind")) && !v.isEmpty()) {
                values.add(Double.parseDouble(v));
            }
        }
        return values;
    }

    private static double sum(CsvTable summary, String part, String kind, Column column) {
        return values(summary, part, kind, column).stream()
                .mapToDouble(Double::doubleValue)
                .sum();
    }

    private static Double max(CsvTable summary, String part, String kind, Column column) {
        return values(summary, part, kind, column).stream().max(Double::compare).orElse(null);
    }

    /** The first of the run's {@code kind} logs whose {@code latency} grew over its steady intervals. */
    private static Optional<Trend> growth(
            Path runDir, String kind, Function<Interval, Histogram> latency, double warmupSeconds) throws IOException {
        Path dir = runDir.resolve(Runs.HLOG_DIR);
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        List<Path> logs;
        try (Stream<Path> files = Files.list(dir)) {
            logs = files.filter(f -> f.toString().endsWith(".hlog")).sorted().toList();
        }
        for (Path log : logs) {
            Optional<HlogHeader> header = HlogHeader.read(log);
            if (header.isEmpty() || !kind.equals(header.get().kind())) {
                continue;
            }
            List<Interval> intervals = IntervalLogReader.intervals(log);
            long steadyFromMs = intervals.isEmpty() ? 0 : intervals.get(0).startMs() + Math.round(warmupSeconds * 1000);
            Optional<Trend> trend = Trend.of(intervals.stream()
                    .filter(i -> i.startMs() >= steadyFromMs)
                    .map(latency)
                    .toList());
            if (trend.isPresent() && trend.get().grows()) {
                return trend;
            }
        }
        return Optional.empty();
    }

    /** For the progress line: holds, or fails and why, with the achieved rate and the objective's figure. */
    String describe(Objective objective) {
        String figures = String.format(
                Locale.ROOT,
                "%,d records/s: %s (achieved %s %%, %s %s ms)",
                rate,
                holds ? "holds" : "fails",
                achievedPercent == null ? "-" : String.format(Locale.ROOT, "%.1f", achievedPercent),
                objective.figure(),
                objectiveMs == null ? "-" : Objective.ms(objectiveMs));
        String limit = firstLimit.isEmpty() ? "" : " | first limit hit: " + firstLimit;
        return (holds ? figures : figures + ": " + why) + limit;
    }
}
