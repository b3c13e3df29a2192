package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.SummaryText;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Faults under load on a real 3-node cluster (replication 3, min.insync.replicas 2, 6 partitions, 1000 B records at
 * {@link #RATE}/s): "loss", the node leading the most partitions killed (SIGKILL) {@link #KILL_AT_S} s into the load
 * by kafka-producer-perf-test and by test-plans/failover.jmx (its stop command), both at acks=all: both must store
 * every acked record, the plugin's corrected p99 and max within {@link #SHARE} of perf-test's; "acks", the plan at
 * acks=1 and acks=all under the same kill, its consumers' missing and duplicated against the broker's end offsets and
 * the producers' acked count; "moves", the plan moving every leader every 10 s for 60 s: 6 event windows, none lost.
 */
final class FaultCase {
    static final String CASE = "faults";
    static final String PLAN = "failover.jmx";
    static final String TITLE = "Kafka Producer summary for 'Produce with sequence numbers':";
    static final int RATE = 2000;
    static final int RECORDS = 60_000;
    static final int PARTITIONS = 6;
    static final int KILL_AT_S = 12;
    static final double SHARE = 0.25;
    static final Map<String, String> DURABLE = Map.of("min.insync.replicas", "2");

    private static final Pattern DELIVERY =
            Pattern.compile("delivery: (\\d+) records verified from \\d+ producers, (\\d+) missing, (\\d+) duplicated");

    /**
     * One run.
     *
     * @param acked    records the producers had acknowledged
     * @param stored   the topic's end offsets after it
     * @param read     records the plan's consumers verified (-1: perf-test, no consumer)
     * @param latency  send to ack (perf-test) or corrected (the plugin) latencies
     * @param events   the plugin's event lines
     */
    record Run(
            String scenario,
            String side,
            int repeat,
            long acked,
            long stored,
            long read,
            long missing,
            long duplicated,
            Figures.Producer latency,
            List<String> events) {

        String format() {
            return String.format(
                    Locale.ROOT,
                    "%s %s #%d: %d acked, %d stored%s; p99 %d ms, p99.9 %d ms, max %.0f ms%s",
                    scenario,
                    side,
                    repeat + 1,
                    acked,
                    stored,
                    read < 0 ? "" : ", " + read + " read, " + missing + " missing, " + duplicated + " duplicated",
                    latency.p99Ms,
                    latency.p999Ms,
                    latency.maxMs,
                    events.isEmpty() ? "" : "\n    " + String.join("\n    ", events));
        }
    }

    /** The consumers' delivery line: verified, missing, duplicated. */
    static long[] delivery(String out) {
        Matcher m = DELIVERY.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("No delivery line in the plan's output");
        }
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
    }

    /** The producer's event lines (the consumers' follow their delivery line, and are left out here). */
    static List<String> events(String out) {
        String producer = out.substring(out.indexOf(TITLE), Math.max(out.indexOf(TITLE), out.indexOf("delivery: ")));
        return SummaryText.EVENT
                .matcher(producer)
                .results()
                .map(java.util.regex.MatchResult::group)
                .toList();
    }

    static void table(StringBuilder s, List<Run> runs) {
        s.append("\n### Faults under load: 3 nodes, replication 3, min.insync.replicas 2, ")
                .append(PARTITIONS)
                .append(" partitions, 1000 B at ")
                .append(RATE)
                .append("/s\n\n")
                .append(
                        "| scenario | side | acked | stored | read | missing | duplicated | p99 ms | p99.9 ms | max ms |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Run r : runs) {
            s.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %d | %d | %s | %s | %s | %d | %d | %.0f |%n",
                    r.scenario(),
                    r.side(),
                    r.acked(),
                    r.stored(),
                    r.read() < 0 ? "" : Long.toString(r.read()),
                    r.read() < 0 ? "" : Long.toString(r.missing()),
                    r.read() < 0 ? "" : Long.toString(r.duplicated()),
                    r.latency().p99Ms,
                    r.latency().p999Ms,
                    r.latency().maxMs));
        }
        List<Run> perf = runs.stream()
                .filter(r -> r.scenario().equals("loss") && r.side().equals("perf-test"))
                .toList();
        List<Run> plugin = runs.stream()
                .filter(r -> r.scenario().equals("loss") && !r.side().equals("perf-test"))
                .toList();
        if (!perf.isEmpty() && !plugin.isEmpty()) {
            s.append("\nVerdict (loss): ").append(verdict(perf, plugin)).append('\n');
        }
        for (Run r : runs) {
            if (!r.events().isEmpty()) {
                s.append("\n")
                        .append(r.scenario())
                        .append(' ')
                        .append(r.side())
                        .append(" #")
                        .append(r.repeat() + 1)
                        .append(":\n\n");
                r.events().forEach(e -> s.append("    ").append(e).append('\n'));
            }
        }
    }

    static String verdict(List<Run> perf, List<Run> plugin) {
        double p99 = Report.median(plugin, r -> r.latency().p99Ms) / Report.median(perf, r -> r.latency().p99Ms);
        double max = Report.median(plugin, r -> r.latency().maxMs) / Report.median(perf, r -> r.latency().maxMs);
        boolean stored = plugin.stream().allMatch(r -> r.stored() == r.acked())
                && perf.stream().allMatch(r -> r.stored() == r.acked());
        boolean met = stored && Math.abs(p99 - 1) <= SHARE && Math.abs(max - 1) <= SHARE;
        return String.format(
                Locale.ROOT,
                "%s: every acked record stored on both sides: %s; the plugin's corrected p99 %.2f x perf-test's, max %.2f"
                        + " x (within %.0f %% asked)",
                met ? "met" : "**MISSED**",
                stored ? "yes" : "NO",
                p99,
                max,
                SHARE * 100);
    }
}
