package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.SummaryText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.stream.Collectors;

/**
 * Truth under a stall: records at a fixed rate while the broker is stopped (SIGSTOP) for {@link #STALL} at
 * {@link #STALL_AT} after the load starts, by ProducerPerformance ({@code --throughput}) and by
 * test-plans/producer-fixed-rate.jmx (the sampler's target rate). perf-test keeps calling {@code send()} on its
 * schedule while the broker is stopped (the records wait in the producer's buffer), so its send-to-ack latency
 * holds the stall; the plugin's threads wait for their acks, so only its latency from each record's intended
 * send time (corrected) can hold it. And without a stall ("paced"): the corrected latency must then equal the
 * uncorrected, which must equal perf-test's, and pacing by the target rate must cost no more CPU than pacing the
 * same plan (bench/plans/producer-paced.jmx) by JMeter's Constant Throughput Timer.
 */
final class StallCase {
    /** In test-plans: the ready plan users run. */
    static final String PLAN = "producer-fixed-rate.jmx";

    static final String LABEL = "Produce at a fixed rate";

    static final String TITLE = "Kafka Producer summary for '" + LABEL + "':";
    /** In bench/plans: the target rate or the timer paces it. */
    static final String PACED_PLAN = "producer-paced.jmx";

    static final String PACED_LABEL = "produce";

    static final String PACED_TITLE = "Kafka Producer summary for '" + PACED_LABEL + "':";
    static final int RECORD_SIZE = 1000;
    static final int PARTITIONS = 6;
    static final int RECORDS_PER_SAMPLE = 10;
    static final String ACKS = "1";
    static final Duration STALL_AT = Duration.ofSeconds(12);
    static final Duration STALL = Duration.ofSeconds(3);

    static final String STALL_VARIANT = "stall";
    static final String PACED_VARIANT = "paced";
    static final String PERF_TEST = "perf-test";
    static final String FIELD = "plugin target rate";
    static final String TIMER = "plugin Constant Throughput Timer";

    /** Under a stall: the plugin's corrected p95 and p99 within this share of perf-test's. */
    static final double STALL_SHARE = 0.25;
    /** Achieved rate within this share of the target. */
    static final double RATE_SHARE = 0.01;
    /** No stall: corrected within max(10 %, 1 ms) of uncorrected, uncorrected within max(20 %, 2 ms) of perf-test. */
    static final double CORRECTED_SHARE = 0.10;

    static final double CORRECTED_FLOOR_MS = 1;
    static final double PERF_SHARE = 0.20;
    static final double PERF_FLOOR_MS = 2;
    /** The target rate's CPU per record at most this times the timer's. */
    static final double CPU_RATIO = 1.05;

    final long records;
    final int rate;

    StallCase(long records, int rate) {
        this.records = records;
        this.rate = rate;
    }

    /** {@code bench.stall.records} (60000), {@code bench.stall.rate} (2000 records/s). */
    static StallCase fromSystemProperties() {
        return new StallCase(Long.getLong("bench.stall.records", 60_000), Integer.getInteger("bench.stall.rate", 2000));
    }

    /**
     * 0.02 x rate, at least 8, at most 200: what producer-fixed-rate.jmx picked when its threads waited for acks (it
     * now takes one per 40,000/s); kept so the case compares with its earlier figures.
     */
    int threads() {
        return (int) Math.min(200, Math.max(8, Math.ceil(0.02 * rate)));
    }

    /** The timer's rate; a whole number of ms between samples only if 60000 / this is whole. */
    double samplesPerMinute() {
        return 60.0 * rate / RECORDS_PER_SAMPLE;
    }

    /** The run must outlast the stall, or there is none to measure. */
    boolean outlastsTheStall() {
        return records * 1000.0 / rate > STALL_AT.plus(STALL).toMillis() + 1000;
    }

    String title() {
        return Bench.count(records) + " x " + RECORD_SIZE + " B at " + rate + "/s, " + PARTITIONS
                + " partitions, acks=" + ACKS + "; the plugin " + threads() + " threads x up to " + RECORDS_PER_SAMPLE
                + " records/sample; stall: the broker stopped " + STALL.toSeconds() + " s at " + STALL_AT.toSeconds()
                + " s after the first record is stored";
    }

    /** The records' latencies from the actual send, corrected and the send delay, with the schedule's figures. */
    record Run(
            String variant,
            String side,
            int repeat,
            Report.Run sendToAck,
            Report.Run corrected,
            Report.Run sendDelay,
            Behind behind,
            long samples,
            long connectMs,
            BrokerStall.Result stall) {

        /** perf-test's final line. */
        static Run perfTest(
                String variant,
                int repeat,
                String stdout,
                double cpu,
                double wall,
                double steal,
                long brokerRecords,
                BrokerStall.Result stall) {
            Figures.Producer f = Figures.Producer.parseLast(stdout);
            return new Run(
                    variant,
                    PERF_TEST,
                    repeat,
                    Report.Run.producer(PERF_TEST, repeat, f, cpu, Double.NaN, wall, steal, brokerRecords, -1),
                    null,
                    null,
                    null,
                    -1,
                    -1,
                    stall);
        }

        /**
         * The summary under {@code title}: perf-test's line, and on a paced run the corrected and send delay lines.
         *
         * @param samples the JTL's samples of the producer
         * @param connectMs the longest of their connect times: a thread's first sample waits for the topic's metadata
         */
        static Run plugin(
                String variant,
                String side,
                int repeat,
                String stdout,
                String title,
                double cpu,
                double cpuAfterStart,
                double wall,
                double steal,
                long brokerRecords,
                long samples,
                long connectMs,
                BrokerStall.Result stall) {
            Figures.Producer f = Figures.Producer.parseAfter(stdout, title);
            String summary = stdout.substring(stdout.indexOf(title));
            Report.Run sendToAck =
                    Report.Run.producer(side, repeat, f, cpu, cpuAfterStart, wall, steal, brokerRecords, -1);
            Figures.Producer corrected = Figures.Producer.correctedAfter(stdout, title);
            Matcher d = SummaryText.SEND_DELAY.matcher(summary);
            if (corrected == null || !d.find()) {
                return new Run(variant, side, repeat, sendToAck, null, null, null, samples, connectMs, stall);
            }
            Figures.Producer delay = new Figures.Producer(
                    f.records,
                    f.recordsPerSec,
                    f.mbPerSec,
                    Double.parseDouble(d.group(1)),
                    Double.parseDouble(d.group(6)),
                    Long.parseLong(d.group(2)),
                    Long.parseLong(d.group(3)),
                    Long.parseLong(d.group(4)),
                    Long.parseLong(d.group(5)));
            return new Run(
                    variant,
                    side,
                    repeat,
                    sendToAck,
                    Report.Run.producer(
                            side + " corrected",
                            repeat,
                            corrected,
                            Double.NaN,
                            Double.NaN,
                            wall,
                            steal,
                            brokerRecords,
                            -1),
                    Report.Run.producer(
                            side + " send delay",
                            repeat,
                            delay,
                            Double.NaN,
                            Double.NaN,
                            wall,
                            steal,
                            brokerRecords,
                            -1),
                    new Behind(
                            Double.parseDouble(d.group(7)),
                            Integer.parseInt(d.group(8)),
                            Double.parseDouble(d.group(9)),
                            Long.parseLong(d.group(10))),
                    samples,
                    connectMs,
                    stall);
        }

        boolean paced() {
            return corrected != null;
        }

        /** Its rows in runs.csv: each latency distribution as a row, the CPU on the first. */
        List<Report.Run> rows() {
            List<Report.Run> rows = new ArrayList<>();
            rows.add(sendToAck);
            if (paced()) {
                rows.add(corrected);
                rows.add(sendDelay);
            }
            return rows;
        }

        String format() {
            StringBuilder s = new StringBuilder(Report.format(sendToAck));
            if (paced()) {
                s.append(String.format(
                        Locale.ROOT,
                        "; corrected avg %.2f p50 %.0f p95 %.0f p99 %.0f max %.0f ms; send delay p50 %.0f p99 %.0f"
                                + " max %.0f ms; %s",
                        corrected.avgMs(),
                        corrected.p50Ms(),
                        corrected.p95Ms(),
                        corrected.p99Ms(),
                        corrected.maxMs(),
                        sendDelay.p50Ms(),
                        sendDelay.p99Ms(),
                        sendDelay.maxMs(),
                        behind.format()));
            }
            if (samples >= 0) {
                s.append("; ")
                        .append(samples)
                        .append(" samples, connect up to ")
                        .append(connectMs)
                        .append(" ms");
            }
            if (stall != null) {
                s.append("; ").append(stall.format());
            }
            return s.toString();
        }
    }

    /** How long the schedule was behind, in how many stretches, the longest, and the records it skipped. */
    record Behind(double seconds, int stretches, double longestSeconds, long skipped) {
        String format() {
            return String.format(
                    Locale.ROOT,
                    "behind schedule %.1f s in %d stretch%s (longest %.1f s), %d records skipped",
                    seconds,
                    stretches,
                    stretches == 1 ? "" : "es",
                    longestSeconds,
                    skipped);
        }
    }

    /** {@code x} within {@code share} of {@code ref}, or within {@code floor}, whichever is wider. */
    static boolean within(double ref, double x, double share, double floor) {
        return Math.abs(x - ref) <= Math.max(share * ref, floor);
    }

    /** Medians side by side, what the schedule and the stall did, then every run. */
    void table(StringBuilder s, List<Run> runs) {
        if (runs.isEmpty()) {
            return;
        }
        s.append("\nTruth under a stall (")
                .append(title())
                .append("), medians of the runs; latencies in ms, CPU of the load generator (whole process, and"
                        + " after \"Starting standalone test\" for JMeter):\n\n");
        s.append("| variant | side | latency | runs | records/s | avg | p50 | p95 | p99 | max | CPU s: whole (after"
                + " start) | CPU µs/record: whole (after start) | samples |\n");
        s.append("|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (String variant : List.of(STALL_VARIANT, PACED_VARIANT)) {
            String name = variant.equals(STALL_VARIANT)
                    ? "(stall) broker stopped " + STALL.toSeconds() + " s at " + STALL_AT.toSeconds() + " s"
                    : "(paced) no stall";
            for (String side : List.of(PERF_TEST, FIELD, TIMER)) {
                List<Run> of = of(runs, variant, side);
                if (of.isEmpty()) {
                    continue;
                }
                String label = side
                        + (side.equals(FIELD)
                                ? " (" + (variant.equals(STALL_VARIANT) ? PLAN : PACED_PLAN) + ")"
                                : side.equals(TIMER) ? " (" + PACED_PLAN + ")" : "");
                row(s, name, label, "send to ack", of, Run::sendToAck, true);
                name = "";
                List<Run> paced = of.stream().filter(Run::paced).collect(Collectors.toList());
                if (!paced.isEmpty()) {
                    row(s, "", "", "**corrected**: intended send to ack", paced, Run::corrected, false);
                    row(s, "", "", "send delay: intended to actual send", paced, Run::sendDelay, false);
                }
            }
        }
        s.append('\n');
        for (String variant : List.of(STALL_VARIANT, PACED_VARIANT)) {
            List<Run> field =
                    of(runs, variant, FIELD).stream().filter(Run::paced).collect(Collectors.toList());
            if (!field.isEmpty()) {
                s.append(String.format(
                        Locale.ROOT,
                        "- (%s) the target rate's schedule, medians: behind %.1f s in %.0f stretch(es), longest %.1f s,"
                                + " %.0f records skipped.%n",
                        variant,
                        Report.median(field, r -> r.behind().seconds()),
                        Report.median(field, r -> r.behind().stretches()),
                        Report.median(field, r -> r.behind().longestSeconds()),
                        Report.median(field, r -> r.behind().skipped())));
                s.append(String.format(
                        Locale.ROOT,
                        "- (%s) the target rate's first samples waited up to %.0f ms (median) for the topic's metadata"
                                + " (the JTL's connect time), on a schedule that had started: the records due meanwhile"
                                + " hold that wait in their corrected latency.%n",
                        variant,
                        Report.median(field, Run::connectMs)));
            }
        }
        List<Run> stalled = runs.stream().filter(r -> r.stall() != null).collect(Collectors.toList());
        if (!stalled.isEmpty()) {
            s.append(String.format(
                    Locale.ROOT,
                    "- (stall) the broker was stopped %.2f to %.2f s after each run's first stored record, for %.0f to"
                            + " %.0f ms.%n",
                    stalled.stream()
                            .mapToDouble(r -> r.stall().startedAfterLoadS())
                            .min()
                            .orElse(Double.NaN),
                    stalled.stream()
                            .mapToDouble(r -> r.stall().startedAfterLoadS())
                            .max()
                            .orElse(Double.NaN),
                    stalled.stream()
                            .mapToDouble(r -> r.stall().pausedMs())
                            .min()
                            .orElse(Double.NaN),
                    stalled.stream()
                            .mapToDouble(r -> r.stall().pausedMs())
                            .max()
                            .orElse(Double.NaN)));
        }
        s.append("\nRuns:\n");
        runs.forEach(r -> s.append("- #")
                .append(r.repeat() + 1)
                .append(" (")
                .append(r.variant())
                .append(") ")
                .append(r.side())
                .append(": ")
                .append(r.format())
                .append('\n'));
        s.append('\n');
    }

    private static void row(
            StringBuilder s,
            String name,
            String side,
            String latency,
            List<Run> runs,
            Function<Run, Report.Run> part,
            boolean withCost) {
        List<Report.Run> r = runs.stream().map(part).collect(Collectors.toList());
        String cpu = "";
        String perRecord = "";
        String samples = "";
        if (withCost) {
            cpu = Report.f1(Report.median(r, Report.Run::cpu))
                    + afterStart(Report.median(r, Report.Run::cpuAfterStart));
            perRecord = Report.f1(Report.median(r, Report.Run::cpuMicrosPerRecord))
                    + afterStart(Report.median(r, x -> x.cpuAfterStart() * 1e6 / x.records()));
            double n = Report.median(runs, Run::samples);
            samples = n >= 0 ? Report.f0(n) : "";
        }
        s.append(String.format(
                Locale.ROOT,
                "| %s | %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                name,
                side,
                latency,
                r.size(),
                Report.f1(Report.median(r, Report.Run::recordsPerSec)),
                Report.f2(Report.median(r, Report.Run::avgMs)),
                Report.f0(Report.median(r, Report.Run::p50Ms)),
                Report.f0(Report.median(r, Report.Run::p95Ms)),
                Report.f0(Report.median(r, Report.Run::p99Ms)),
                Report.f0(Report.median(r, Report.Run::maxMs)),
                cpu,
                perRecord,
                samples));
    }

    private static String afterStart(double v) {
        return Double.isNaN(v) ? "" : " (" + Report.f1(v) + ")";
    }

    /** The targets: reported, not fatal (counts and the stall itself are checked by the bench). */
    void targets(List<String[]> rows, List<Run> runs) {
        double ratePlus = RATE_SHARE * rate;
        List<Run> perf = of(runs, STALL_VARIANT, PERF_TEST);
        List<Run> field = paced(of(runs, STALL_VARIANT, FIELD));
        if (!field.isEmpty()) {
            double max = median(field, r -> r.corrected().maxMs());
            rows.add(Report.target(
                    "(stall) plugin corrected max >= " + STALL.toMillis() + " ms",
                    Report.f0(max) + " ms (from the actual send: "
                            + Report.f0(median(field, r -> r.sendToAck().maxMs())) + " ms)",
                    max >= STALL.toMillis()));
            rateTarget(rows, STALL_VARIANT, field, perf, ratePlus);
        }
        if (!field.isEmpty() && !perf.isEmpty()) {
            for (String p : List.of("p95", "p99")) {
                ToDoubleFunction<Report.Run> at = p.equals("p95") ? Report.Run::p95Ms : Report.Run::p99Ms;
                double ref = median(perf, r -> at.applyAsDouble(r.sendToAck()));
                double corrected = median(field, r -> at.applyAsDouble(r.corrected()));
                double uncorrected = median(field, r -> at.applyAsDouble(r.sendToAck()));
                rows.add(Report.target(
                        "(stall) plugin corrected " + p + " within " + Math.round(STALL_SHARE * 100)
                                + " % of perf-test's",
                        String.format(
                                Locale.ROOT,
                                "%s vs %s ms (%+.0f %%; from the actual send: %s ms)",
                                Report.f0(corrected),
                                Report.f0(ref),
                                (corrected - ref) / ref * 100,
                                Report.f0(uncorrected)),
                        within(ref, corrected, STALL_SHARE, 0)));
            }
        }
        List<Run> pacedPerf = of(runs, PACED_VARIANT, PERF_TEST);
        List<Run> pacedField = paced(of(runs, PACED_VARIANT, FIELD));
        for (String p : List.of("p50", "p99")) {
            ToDoubleFunction<Report.Run> at = p.equals("p50") ? Report.Run::p50Ms : Report.Run::p99Ms;
            if (!pacedField.isEmpty()) {
                double uncorrected = median(pacedField, r -> at.applyAsDouble(r.sendToAck()));
                double corrected = median(pacedField, r -> at.applyAsDouble(r.corrected()));
                rows.add(Report.target(
                        "(paced) plugin corrected " + p + " within max(10 %, 1 ms) of uncorrected",
                        Report.f0(corrected) + " vs " + Report.f0(uncorrected) + " ms",
                        within(uncorrected, corrected, CORRECTED_SHARE, CORRECTED_FLOOR_MS)));
                if (!pacedPerf.isEmpty()) {
                    double ref = median(pacedPerf, r -> at.applyAsDouble(r.sendToAck()));
                    rows.add(Report.target(
                            "(paced) plugin uncorrected " + p + " within max(20 %, 2 ms) of perf-test's",
                            Report.f0(uncorrected) + " vs " + Report.f0(ref) + " ms",
                            within(ref, uncorrected, PERF_SHARE, PERF_FLOOR_MS)));
                }
            }
        }
        if (!pacedField.isEmpty()) {
            rateTarget(rows, PACED_VARIANT, pacedField, pacedPerf, ratePlus);
        }
        List<Run> timer = of(runs, PACED_VARIANT, TIMER);
        if (!pacedField.isEmpty() && !timer.isEmpty()) {
            cpuTarget(rows, "whole process", pacedField, timer, Report.Run::cpuMicrosPerRecord);
            cpuTarget(rows, "after test start", pacedField, timer, x -> x.cpuAfterStart() * 1e6 / x.records());
        }
    }

    private void rateTarget(List<String[]> rows, String variant, List<Run> field, List<Run> perf, double ratePlus) {
        double achieved = median(field, r -> r.sendToAck().recordsPerSec());
        rows.add(Report.target(
                "(" + variant + ") plugin rate within 1 % of " + rate + "/s",
                String.format(
                        Locale.ROOT,
                        "%.1f/s (%+.2f %%; perf-test %.1f/s)",
                        achieved,
                        (achieved - rate) / rate * 100,
                        median(perf, r -> r.sendToAck().recordsPerSec())),
                Math.abs(achieved - rate) <= ratePlus));
    }

    private static void cpuTarget(
            List<String[]> rows,
            String what,
            List<Run> field,
            List<Run> timer,
            ToDoubleFunction<Report.Run> perRecord) {
        double f = median(field, r -> perRecord.applyAsDouble(r.sendToAck()));
        double t = median(timer, r -> perRecord.applyAsDouble(r.sendToAck()));
        rows.add(Report.target(
                "(paced) CPU/record, target rate <= " + CPU_RATIO + " x the Constant Throughput Timer's, " + what,
                String.format(Locale.ROOT, "%.2f (%.1f vs %.1f µs/record)", f / t, f, t),
                f / t <= CPU_RATIO));
    }

    /** runs.csv rows: case "stall" or "paced", each latency distribution a row. */
    static void csv(StringBuilder s, List<Run> runs) {
        for (Run r : runs) {
            r.rows().forEach(x -> Report.row(s, r.variant(), x));
        }
    }

    private static List<Run> of(List<Run> runs, String variant, String side) {
        return runs.stream()
                .filter(Objects::nonNull)
                .filter(r -> r.variant().equals(variant) && r.side().equals(side))
                .collect(Collectors.toList());
    }

    private static List<Run> paced(List<Run> runs) {
        return runs.stream().filter(Run::paced).collect(Collectors.toList());
    }

    private static double median(List<Run> runs, ToDoubleFunction<Run> f) {
        return Report.median(runs, f);
    }

    /** The -J properties both plugin plans take for the producer, named as each plan names them. */
    static Map<String, String> producerProperties(boolean fixedRatePlan) {
        Map<String, String> p = ProducerCase.props(ACKS, "5");
        if (fixedRatePlan) {
            // producer-fixed-rate.jmx names compression.type "compression"
            p.put("compression", p.remove("compression.type"));
        }
        return p;
    }
}
