package io.github.jmeterkafka.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The closed-loop latency case: Kafka's EndToEndLatency tool and test-plans/end-to-end-latency.jmx
 * each send one record, wait for its ack and read it back, {@link #RECORDS} times, on a fresh
 * 1-partition topic with the tool's settings (acks=1, linger.ms=0, fetch.max.wait.ms=0).
 * The tool prints the average and three percentiles in whole ms, no maximum; the plugin's
 * consumer summary prints its end-to-end line.
 */
final class LatencyCase {
    static final String TOOL = "org.apache.kafka.tools.EndToEndLatency";
    static final String PLAN = "end-to-end-latency.jmx";
    static final String CONSUMER_TITLE = "Kafka Consumer summary for 'Consume it':";
    static final int RECORDS = 10_000;
    static final int RECORD_SIZE = 100;
    static final String ACKS = "1";

    private static final Pattern TOOL_AVG = Pattern.compile("Avg latency: ([\\d.]+) ms");
    private static final Pattern TOOL_PERCENTILES =
            Pattern.compile("Percentiles: 50th = (\\d+), 99th = (\\d+), 99\\.9th = (\\d+)");
    private static final Pattern PLUGIN_LINE = Pattern.compile("end-to-end latency: ([\\d.]+) ms avg, (\\d+) ms 50th, "
            + "\\d+ ms 95th, (\\d+) ms 99th, (\\d+) ms 99\\.9th, ([\\d.]+) ms max\\.");
    private static final Pattern DELIVERY = Pattern.compile("delivery: (\\d+) records verified");

    private LatencyCase() {}

    static String title() {
        return Bench.count(RECORDS) + " x " + RECORD_SIZE + " B, 1 partition, acks=" + ACKS
                + ", one record sent and read back at a time";
    }

    /** One run's figures, ms. */
    static final class Run {
        final String side;
        final int repeat;
        final long records;
        final double avgMs;
        final long p50Ms;
        final long p99Ms;
        final long p999Ms;
        /** NaN for the tool, which prints none. */
        final double maxMs;

        final double wall;
        final double load = Cpu.loadAverage();

        private Run(
                String side,
                int repeat,
                long records,
                double avgMs,
                long p50Ms,
                long p99Ms,
                long p999Ms,
                double maxMs,
                double wall) {
            this.side = side;
            this.repeat = repeat;
            this.records = records;
            this.avgMs = avgMs;
            this.p50Ms = p50Ms;
            this.p99Ms = p99Ms;
            this.p999Ms = p999Ms;
            this.maxMs = maxMs;
            this.wall = wall;
        }

        /** From the tool's "Avg latency" and "Percentiles" lines; it sends all its records or fails. */
        static Run tool(int repeat, String stdout, double wall) {
            Matcher avg = find(TOOL_AVG, stdout);
            Matcher p = find(TOOL_PERCENTILES, stdout);
            return new Run(
                    "kafka-e2e-latency",
                    repeat,
                    RECORDS,
                    Double.parseDouble(avg.group(1)),
                    Long.parseLong(p.group(1)),
                    Long.parseLong(p.group(2)),
                    Long.parseLong(p.group(3)),
                    Double.NaN,
                    wall);
        }

        /** From the first end-to-end line and the delivery line under the consumer's summary title. */
        static Run plugin(int repeat, String stdout, double wall) {
            int at = stdout.indexOf(CONSUMER_TITLE);
            if (at < 0) {
                throw new IllegalStateException("No '" + CONSUMER_TITLE + "' in:\n" + stdout);
            }
            String summary = stdout.substring(at);
            Matcher m = find(PLUGIN_LINE, summary);
            Matcher d = find(DELIVERY, summary);
            return new Run(
                    "plugin",
                    repeat,
                    Long.parseLong(d.group(1)),
                    Double.parseDouble(m.group(1)),
                    Long.parseLong(m.group(2)),
                    Long.parseLong(m.group(3)),
                    Long.parseLong(m.group(4)),
                    Double.parseDouble(m.group(5)),
                    wall);
        }

        String format() {
            return String.format(
                    Locale.ROOT,
                    "%d records, avg %.2f p50 %d p99 %d p99.9 %d max %s ms, wall %.1f s, " + "load %.1f",
                    records,
                    avgMs,
                    p50Ms,
                    p99Ms,
                    p999Ms,
                    Double.isNaN(maxMs) ? "-" : String.format(Locale.ROOT, "%.2f", maxMs),
                    wall,
                    load);
        }
    }

    private static Matcher find(Pattern p, String text) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("No '" + p.pattern() + "' in:\n" + text);
        }
        return m;
    }

    /** Medians of each side, then every run. */
    static void table(StringBuilder s, List<Run> tool, List<Run> plugin) {
        if (tool.isEmpty() && plugin.isEmpty()) {
            return;
        }
        s.append("\nEnd-to-end latency, closed loop (").append(title()).append("), ms, medians of the runs:\n\n");
        s.append("| side | runs | avg | p50 | p99 | p99.9 | max | wall s |\n|---|---|---|---|---|---|---|---|\n");
        for (List<Run> runs : List.of(tool, plugin)) {
            if (runs.isEmpty()) {
                continue;
            }
            s.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %.2f | %.0f | %.0f | %.0f | %s | %.1f |%n",
                    runs.get(0).side,
                    runs.size(),
                    median(runs, r -> r.avgMs),
                    median(runs, r -> r.p50Ms),
                    median(runs, r -> r.p99Ms),
                    median(runs, r -> r.p999Ms),
                    Double.isNaN(runs.get(0).maxMs)
                            ? "(not printed)"
                            : String.format(Locale.ROOT, "%.2f", median(runs, r -> r.maxMs)),
                    median(runs, r -> r.wall)));
        }
        s.append("\nRuns:\n");
        List<Run> all = new ArrayList<>(tool);
        all.addAll(plugin);
        all.sort(Comparator.comparingInt((Run r) -> r.repeat).thenComparing(r -> r.side));
        s.append(all.stream()
                        .map(r -> "- #" + (r.repeat + 1) + " " + r.side + ": " + r.format())
                        .collect(Collectors.joining("\n")))
                .append('\n');
    }

    static double median(List<Run> runs, ToDoubleFunction<Run> f) {
        double[] v = runs.stream().mapToDouble(f).sorted().toArray();
        int n = v.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
