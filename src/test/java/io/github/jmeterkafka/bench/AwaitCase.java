package io.github.jmeterkafka.bench;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The await case, against the echo's HTTP front on the bench's broker: THREADS users POST orders at RATE/s and
 * await each order's event, the plugin (bench/plans/await.jmx: JMeter's HTTP Request and the Kafka Await sampler)
 * beside a closed loop on a plain socket (HTTP/1.1 kept alive, TCP_NODELAY) and kafka-clients ({@link AwaitClient}) doing the same. Latency is
 * from the POST to the event read; both must keep up with the rate with no timeouts.
 */
final class AwaitCase {
    static final String PLAN = "await.jmx";
    static final String TITLE = "Kafka Await summary for 'await':";
    static final int EVENTS = 30_000;
    /** Orders of the reference's untimed first run, which warms the echo (it runs in the bench's JVM). */
    static final int WARMUP_EVENTS = 5_000;

    static final int THREADS = 8;
    static final int RATE = 1000;
    static final int PARTITIONS = 6;
    /** Keeping up: matched records per second at least this share of the rate. */
    static final double RATE_SHARE = 0.98;

    static final String TIMED = "kafka-clients timing the plugin's events";

    private static final Pattern CLIENT_AWAITS =
            Pattern.compile("awaits: (\\d+) matched, (\\d+) timeouts, ([\\d.]+) matched/sec");

    private AwaitCase() {}

    static String title() {
        return Bench.count(EVENTS) + " orders POSTed to the echo's HTTP front at " + RATE + "/s by " + THREADS
                + " threads, each awaiting its event (keyed by the order id) on " + PARTITIONS + " partitions";
    }

    /**
     * One run of a side: its latency, timeouts, matched records per second and the CPU its process used (the
     * client's whole JVM, JMeter's after the test's start).
     */
    record Run(RequestReplyCase.Latency latency, long timeouts, double matchedPerSec, double cpuSeconds) {
        static Run client(int repeat, String stdout, double cpuSeconds) {
            Matcher m = RequestReplyCase.find(CLIENT_AWAITS, stdout);
            return new Run(
                    RequestReplyCase.Latency.client(repeat, stdout),
                    Long.parseLong(m.group(2)),
                    Double.parseDouble(m.group(3)),
                    cpuSeconds);
        }

        static Run plugin(int repeat, String stdout, double cpuSeconds) {
            return new Run(
                    RequestReplyCase.Latency.plugin(repeat, stdout, TITLE),
                    RequestReplyCase.timeouts(stdout, TITLE),
                    RequestReplyCase.perSec(stdout, TITLE),
                    cpuSeconds);
        }

        boolean keptUp() {
            return timeouts == 0 && matchedPerSec >= RATE_SHARE * RATE;
        }

        String format() {
            return String.format(
                    Locale.ROOT,
                    "%s, %d timeouts, %.1f matched/s, CPU %.1f s",
                    latency.format(),
                    timeouts,
                    matchedPerSec,
                    cpuSeconds);
        }
    }

    /** {@link EventTimer}'s line: its timing of the events of the plugin run beside it. */
    static RequestReplyCase.Latency timed(int repeat, String stdout) {
        RequestReplyCase.Latency l = RequestReplyCase.Latency.client(repeat, stdout);
        return new RequestReplyCase.Latency(
                TIMED, repeat, l.replies(), l.avgMs(), l.p50Ms(), l.p99Ms(), l.p999Ms(), l.maxMs());
    }

    /**
     * Medians of each side, the targets, then every run. The latency target compares the plugin with {@code timed},
     * the same events timed beside it; the closed loop shows what a lean client of its own sees on this machine.
     */
    static void table(StringBuilder s, List<Run> client, List<Run> plugin, List<RequestReplyCase.Latency> timed) {
        if (client.isEmpty() && plugin.isEmpty()) {
            return;
        }
        s.append("\nAwait (").append(title()).append("), medians of the runs:\n\n");
        s.append("| side | runs | avg ms | p50 ms | p99 ms | p99.9 ms | max ms | matched/s | timeouts | CPU s |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (List<Run> runs : List.of(client, plugin)) {
            if (!runs.isEmpty()) {
                s.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %.2f | %.0f | %.0f | %.0f | %.2f | %.1f | %.0f | %.1f |%n",
                        runs.get(0).latency().side(),
                        runs.size(),
                        Report.median(runs, r -> r.latency().avgMs()),
                        Report.median(runs, r -> r.latency().p50Ms()),
                        Report.median(runs, r -> r.latency().p99Ms()),
                        Report.median(runs, r -> r.latency().p999Ms()),
                        Report.median(runs, r -> r.latency().maxMs()),
                        Report.median(runs, Run::matchedPerSec),
                        Report.median(runs, Run::timeouts),
                        Report.median(runs, Run::cpuSeconds)));
            }
        }
        if (!timed.isEmpty()) {
            s.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %.2f | %.0f | %.0f | %.0f | %.2f | | | |%n",
                    TIMED,
                    timed.size(),
                    Report.median(timed, RequestReplyCase.Latency::avgMs),
                    Report.median(timed, RequestReplyCase.Latency::p50Ms),
                    Report.median(timed, RequestReplyCase.Latency::p99Ms),
                    Report.median(timed, RequestReplyCase.Latency::p999Ms),
                    Report.median(timed, RequestReplyCase.Latency::maxMs)));
        }
        s.append('\n');
        if (!timed.isEmpty() && !plugin.isEmpty()) {
            s.append(within("the same events timed by kafka-clients beside it", plugin, timed, true));
        }
        if (!client.isEmpty() && !plugin.isEmpty()) {
            s.append(within(
                    "the closed loop's own events (no target: its run is not the plugin's)",
                    plugin,
                    client.stream().map(Run::latency).toList(),
                    false));
        }
        if (!plugin.isEmpty()) {
            s.append(String.format(
                    Locale.ROOT,
                    "- keeping up, every plugin run at least %.0f %% of %d/s with no timeouts: %s%n",
                    RATE_SHARE * 100,
                    RATE,
                    plugin.stream().allMatch(Run::keptUp) ? "met" : "MISSED"));
        }
        s.append("\nRuns:\n");
        Stream.concat(client.stream(), plugin.stream())
                .forEach(r -> s.append("- #")
                        .append(r.latency().repeat() + 1)
                        .append(' ')
                        .append(r.latency().side())
                        .append(": ")
                        .append(r.format())
                        .append('\n'));
        timed.forEach(t -> s.append("- #")
                .append(t.repeat() + 1)
                .append(' ')
                .append(TIMED)
                .append(": ")
                .append(t.format())
                .append('\n'));
    }

    private static String within(String what, List<Run> plugin, List<RequestReplyCase.Latency> other, boolean target) {
        double o50 = Report.median(other, RequestReplyCase.Latency::p50Ms);
        double p50 = Report.median(plugin, r -> r.latency().p50Ms());
        double o99 = Report.median(other, RequestReplyCase.Latency::p99Ms);
        double p99 = Report.median(plugin, r -> r.latency().p99Ms());
        boolean met = RequestReplyCase.latencyWithin(o50, p50) && RequestReplyCase.latencyWithin(o99, p99);
        return String.format(
                Locale.ROOT,
                "- latency, plugin beside %s, within max(20 %%, 2 ms) at p50 (%.0f vs %.0f ms) and p99 (%.0f vs %.0f"
                        + " ms): %s%n",
                what,
                p50,
                o50,
                p99,
                o99,
                target ? (met ? "met" : "MISSED") : (met ? "within" : "outside"));
    }
}
