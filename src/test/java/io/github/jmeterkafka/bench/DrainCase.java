package io.github.jmeterkafka.bench;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Backlog drain: test-plans/backlog-drain.jmx at {@link #RATE}/s of 1000 B records, one consumer starting at
 * {@link #BACKLOG} records of lag, beside kafka-consumer-perf-test reading the same first {@link #BACKLOG} records of
 * the same topic afterwards (a new group, one consumer). The plan's drain, timed as perf-test times its read (from
 * the consumer's first read, its join included, its making not, to a lag under one second of production), and its
 * MB/s over the records read by then must be within {@link #SHARE} of perf-test's elapsed time and MB/s for the same
 * backlog (the plan also reads what arrives during the drain). The plan's own drain time is printed beside.
 */
final class DrainCase {
    static final String CASE = "drain";
    static final String PLAN = "backlog-drain.jmx";
    static final String TITLE = "Kafka Consumer summary for 'Drain the backlog':";
    static final String DRAINED = "Drained: lag under one second of production";
    static final String READ = "Drain the backlog";
    // bench.drain.rate and bench.drain.backlog: a bigger backlog than the asked 60,000 shows what a sub-second read's
    // start costs apart from the read
    static final int RATE = Integer.getInteger("bench.drain.rate", 2000);
    static final int BACKLOG = Integer.getInteger("bench.drain.backlog", 60_000);
    static final int PARTITIONS = 6;
    static final double SHARE = 0.20;

    /** One side's drain: seconds from the consumer's start to drained, its MB/s and records read. */
    record Run(String side, int repeat, double seconds, double mbPerSec, long records, long rebalanceMs, String more) {

        String format() {
            return String.format(
                    Locale.ROOT,
                    "%s #%d: drain %.2f s, %.2f MB/s, %d records, rebalance %d ms%s",
                    side,
                    repeat + 1,
                    seconds,
                    mbPerSec,
                    records,
                    rebalanceMs,
                    more);
        }
    }

    static String title() {
        return "backlog-drain.jmx at " + RATE + "/s, 1000 B, " + PARTITIONS + " partitions, 1 consumer starting at "
                + BACKLOG + " records of lag; consumer-perf-test reading those " + BACKLOG + " records afterwards";
    }

    static void table(StringBuilder s, List<Run> runs) {
        s.append("\n### Backlog drain: ").append(title()).append("\n\n");
        s.append("| side | runs | drain time s | MB/s | records | rebalance ms | |\n|---|---|---|---|---|---|---|\n");
        List<Run> perf = side(runs, "perf-test");
        List<Run> plugin = side(runs, "plugin");
        for (List<Run> r : List.of(perf, plugin)) {
            if (r.isEmpty()) {
                continue;
            }
            s.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %.2f | %.2f | %s | %s | %s |%n",
                    r.get(0).side(),
                    r.size(),
                    Report.median(r, Run::seconds),
                    Report.median(r, Run::mbPerSec),
                    Report.f0(Report.median(r, Run::records)),
                    Report.f0(Report.median(r, Run::rebalanceMs)),
                    r.get(r.size() - 1).more()));
        }
        if (!perf.isEmpty() && !plugin.isEmpty()) {
            s.append("\nVerdict: ").append(verdict(perf, plugin)).append('\n');
        }
    }

    static String verdict(List<Run> perf, List<Run> plugin) {
        double time = Report.median(plugin, Run::seconds) / Report.median(perf, Run::seconds);
        double mb = Report.median(plugin, Run::mbPerSec) / Report.median(perf, Run::mbPerSec);
        boolean met = Math.abs(time - 1) <= SHARE && Math.abs(mb - 1) <= SHARE;
        return String.format(
                Locale.ROOT,
                "%s: drain time %.2f x perf-test's, MB/s %.2f x (within %.0f %% asked)",
                met ? "met" : "**MISSED**",
                time,
                mb,
                SHARE * 100);
    }

    private static List<Run> side(List<Run> runs, String side) {
        return runs.stream().filter(r -> r.side().equals(side)).collect(Collectors.toList());
    }
}
