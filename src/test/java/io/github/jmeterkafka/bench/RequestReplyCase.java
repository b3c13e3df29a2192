package io.github.jmeterkafka.bench;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * The request-reply case, against the echo service on the bench's broker: round-trip latency at a fixed low
 * rate beside a closed-loop client on kafka-clients ({@link RoundTripClient}), throughput with many requests in
 * flight beside what the echo alone turns around from a backlog, and timeouts beside the echo's own count of the
 * requests it dropped.
 */
final class RequestReplyCase {
    static final String PLAN = "request-reply.jmx";
    static final String TITLE = "Kafka Request-Reply summary for 'request-reply':";
    static final int RECORD_SIZE = 100;
    static final int LATENCY_REQUESTS = 3000;
    static final int LATENCY_RATE = 200;
    static final int THROUGHPUT_REQUESTS = 100_000;
    static final int THROUGHPUT_THREADS = 8;
    static final int THROUGHPUT_PER_SAMPLE = 100;
    static final int THROUGHPUT_PARTITIONS = 6;
    static final int DROP_REQUESTS = 20_000;
    static final String DROP_SHARE = "0.01";
    /** Latency target: the plugin within max(20 %, 2 ms) of the client at p50 and p99. */
    static final double LATENCY_SHARE = 0.2;

    static final double LATENCY_FLOOR_MS = 2;
    /** Throughput target: at least this share of the echo's own rate. */
    static final double THROUGHPUT_SHARE = 0.9;

    // a Request-Reply's or an Await's summary: one statistics, two wordings
    private static final Pattern LINE = Pattern.compile("\\n(\\d+) (?:requests|awaited), (\\d+) (?:replies|matched),"
            + " ([\\d.]+) (?:replies|matched)/sec \\([\\d.]+ MB/sec\\), ([\\d.]+) ms avg (?:round trip|latency),"
            + " ([\\d.]+) ms max (?:round trip|latency), (\\d+) ms 50th, (\\d+) ms 95th, (\\d+) ms 99th,"
            + " (\\d+) ms 99\\.9th\\.");
    private static final Pattern CLIENT_LINE =
            Pattern.compile("round trips: (\\d+) replies, ([\\d.]+) us avg, (\\d+) us"
                    + " 50th, (\\d+) us 99th, (\\d+) us 99\\.9th, (\\d+) us max");
    private static final Pattern FLOOD = Pattern.compile("flood: (\\d+) replies of \\d+, ([\\d.]+) replies/sec");
    private static final Pattern UNANSWERED = Pattern.compile("\\n(\\d+) timeouts, (\\d+) late, ");

    private RequestReplyCase() {}

    static String title() {
        return "echo service with no delay, " + RECORD_SIZE + " B requests; latency " + Bench.count(LATENCY_REQUESTS)
                + " requests at " + LATENCY_RATE + "/s, 1 partition; throughput " + Bench.count(THROUGHPUT_REQUESTS)
                + " requests, " + THROUGHPUT_THREADS + " threads x " + THROUGHPUT_PER_SAMPLE + " per sample, "
                + THROUGHPUT_PARTITIONS + " partitions; drops " + Bench.count(DROP_REQUESTS) + " requests, share "
                + DROP_SHARE;
    }

    /** One latency run: whole ms percentiles, as the plugin's summary prints them. */
    record Latency(
            String side, int repeat, long replies, double avgMs, long p50Ms, long p99Ms, long p999Ms, double maxMs) {
        /** The reference client's line: its round trips in µs, so nothing is rounded before the bench rounds. */
        static String clientLine(Histogram micros) {
            return String.format(
                    Locale.ROOT,
                    "round trips: %d replies, %.1f us avg, %d us 50th, %d us 99th, %d us 99.9th, %d us max",
                    micros.getTotalCount(),
                    micros.getMean(),
                    micros.getValueAtPercentile(50),
                    micros.getValueAtPercentile(99),
                    micros.getValueAtPercentile(99.9),
                    micros.getMaxValue());
        }

        /** From the client's line, in whole ms as the plugin's summary prints its percentiles. */
        static Latency client(int repeat, String stdout) {
            Matcher m = find(CLIENT_LINE, stdout);
            return new Latency(
                    "kafka-clients closed loop",
                    repeat,
                    Long.parseLong(m.group(1)),
                    Double.parseDouble(m.group(2)) / 1000,
                    Long.parseLong(m.group(3)) / 1000,
                    Long.parseLong(m.group(4)) / 1000,
                    Long.parseLong(m.group(5)) / 1000,
                    Long.parseLong(m.group(6)) / 1000.0);
        }

        static Latency plugin(int repeat, String stdout) {
            return plugin(repeat, stdout, TITLE);
        }

        /** From the summary under {@code title}: a Request-Reply's or an Await's. */
        static Latency plugin(int repeat, String stdout, String title) {
            Matcher m = find(LINE, summary(stdout, title));
            return new Latency(
                    "plugin",
                    repeat,
                    Long.parseLong(m.group(2)),
                    Double.parseDouble(m.group(4)),
                    Long.parseLong(m.group(6)),
                    Long.parseLong(m.group(8)),
                    Long.parseLong(m.group(9)),
                    Double.parseDouble(m.group(5)));
        }

        String format() {
            return String.format(
                    Locale.ROOT,
                    "%d replies, avg %.2f p50 %d p99 %d p99.9 %d max %.2f ms",
                    replies,
                    avgMs,
                    p50Ms,
                    p99Ms,
                    p999Ms,
                    maxMs);
        }
    }

    /**
     * One throughput run: the echo's own rate from a backlog (nothing else running) and under a flood of requests
     * from the reference client (what it turns around with a client beside it on the machine), the reference
     * client's replies/s with the plugin's threads and requests in flight, then the plugin's replies/s and the
     * echo's own rate meanwhile.
     */
    record Throughput(
            int repeat,
            double echoBacklog,
            double echoFlood,
            double client,
            double plugin,
            double echoDuringPlugin,
            long replies) {
        /** Of what the echo turns around under a flood. */
        double share() {
            return plugin / echoFlood;
        }

        /** Like for like: of the reference client with as many threads and requests in flight. */
        double clientShare() {
            return plugin / client;
        }

        String format() {
            return String.format(
                    Locale.ROOT,
                    "echo from a backlog %.0f replies/s, under the client's flood %.0f; kafka-clients %d x %d %.0f;"
                            + " plugin %.0f replies/s (%d replies, the echo's own rate then %.0f), %.2f of the echo"
                            + " under a flood, %.2f of kafka-clients",
                    echoBacklog,
                    echoFlood,
                    THROUGHPUT_THREADS,
                    THROUGHPUT_PER_SAMPLE,
                    client,
                    plugin,
                    replies,
                    echoDuringPlugin,
                    share(),
                    clientShare());
        }
    }

    /** One drop run: the echo's dropped requests and the summary's timeouts and late replies. */
    record Drop(int repeat, long dropped, long timeouts, long late) {
        static Drop of(int repeat, long dropped, String stdout) {
            Matcher m = find(UNANSWERED, summary(stdout));
            return new Drop(repeat, dropped, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
        }

        boolean exact() {
            return dropped == timeouts && late == 0;
        }
    }

    /** Replies (or matched records) per second from the summary under {@code title}. */
    static double perSec(String stdout, String title) {
        return Double.parseDouble(find(LINE, summary(stdout, title)).group(3));
    }

    /** Timeouts from the summary under {@code title}. */
    static long timeouts(String stdout, String title) {
        return Long.parseLong(find(UNANSWERED, summary(stdout, title)).group(1));
    }

    /** Replies/s from the plugin's summary. */
    static double repliesPerSec(String stdout) {
        return Double.parseDouble(line(stdout).group(3));
    }

    /** Replies/s of the reference client's flood or window. */
    static double floodRepliesPerSec(String stdout) {
        return Double.parseDouble(find(FLOOD, stdout).group(2));
    }

    /** Replies of the reference client's flood or window. */
    static long floodReplies(String stdout) {
        return Long.parseLong(find(FLOOD, stdout).group(1));
    }

    static long replies(String stdout) {
        return Long.parseLong(line(stdout).group(2));
    }

    static boolean latencyWithin(double clientMs, double pluginMs) {
        return Math.abs(pluginMs - clientMs) <= Math.max(LATENCY_SHARE * clientMs, LATENCY_FLOOR_MS);
    }

    private static Matcher line(String stdout) {
        return find(LINE, summary(stdout));
    }

    private static String summary(String stdout) {
        return summary(stdout, TITLE);
    }

    static String summary(String stdout, String title) {
        int at = stdout.indexOf(title);
        if (at < 0) {
            throw new IllegalStateException("No '" + title + "' in:\n" + stdout);
        }
        return stdout.substring(at);
    }

    static Matcher find(Pattern p, String text) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("No '" + p.pattern() + "' in:\n" + text);
        }
        return m;
    }

    /** Medians of each side, the targets, then every run. */
    static void table(
            StringBuilder s,
            List<Latency> client,
            List<Latency> plugin,
            List<Throughput> throughput,
            List<Drop> drops) {
        if (client.isEmpty() && plugin.isEmpty() && throughput.isEmpty() && drops.isEmpty()) {
            return;
        }
        s.append("\nRequest-reply (").append(title()).append("), medians of the runs:\n\n");
        s.append("| side | runs | avg ms | p50 ms | p99 ms | p99.9 ms | max ms |\n|---|---|---|---|---|---|---|\n");
        for (List<Latency> runs : List.of(client, plugin)) {
            if (!runs.isEmpty()) {
                s.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %.2f | %.0f | %.0f | %.0f | %.2f |%n",
                        runs.get(0).side(),
                        runs.size(),
                        Report.median(runs, Latency::avgMs),
                        Report.median(runs, Latency::p50Ms),
                        Report.median(runs, Latency::p99Ms),
                        Report.median(runs, Latency::p999Ms),
                        Report.median(runs, Latency::maxMs)));
            }
        }
        s.append('\n');
        if (!client.isEmpty() && !plugin.isEmpty()) {
            double c50 = Report.median(client, Latency::p50Ms);
            double p50 = Report.median(plugin, Latency::p50Ms);
            double c99 = Report.median(client, Latency::p99Ms);
            double p99 = Report.median(plugin, Latency::p99Ms);
            s.append(String.format(
                    Locale.ROOT,
                    "- latency, plugin within max(20 %%, 2 ms) of the client at p50 (%.0f vs %.0f ms) and p99 (%.0f vs"
                            + " %.0f ms): %s%n",
                    p50,
                    c50,
                    p99,
                    c99,
                    latencyWithin(c50, p50) && latencyWithin(c99, p99) ? "met" : "MISSED"));
        }
        if (!throughput.isEmpty()) {
            double backlog = Report.median(throughput, Throughput::echoBacklog);
            double flood = Report.median(throughput, Throughput::echoFlood);
            double client50 = Report.median(throughput, Throughput::client);
            double plugin50 = Report.median(throughput, Throughput::plugin);
            double share = Report.median(throughput, Throughput::share);
            double clientShare = Report.median(throughput, Throughput::clientShare);
            s.append(String.format(
                    Locale.ROOT,
                    "- throughput, plugin %.0f replies/s, the echo under a kafka-clients flood %.0f: %.2f of it,"
                            + " target %.1f: %s (the echo from a backlog, nothing else running: %.0f)%n"
                            + "- throughput like for like, plugin %.0f replies/s, kafka-clients with %d threads x %d"
                            + " requests in flight %.0f: %.2f of it, target %.1f: %s%n",
                    plugin50,
                    flood,
                    share,
                    THROUGHPUT_SHARE,
                    share >= THROUGHPUT_SHARE ? "met" : "MISSED",
                    backlog,
                    plugin50,
                    THROUGHPUT_THREADS,
                    THROUGHPUT_PER_SAMPLE,
                    client50,
                    clientShare,
                    THROUGHPUT_SHARE,
                    clientShare >= THROUGHPUT_SHARE ? "met" : "MISSED"));
        }
        if (!drops.isEmpty()) {
            s.append("- drops, the summary's timeouts equal the echo's dropped requests: ")
                    .append(drops.stream().allMatch(Drop::exact) ? "met" : "MISSED")
                    .append(drops.stream()
                            .map(d -> " " + d.timeouts() + "/" + d.dropped())
                            .reduce("", String::concat))
                    .append(" (timeouts/dropped)\n");
        }
        s.append("\nRuns:\n");
        Stream.concat(client.stream(), plugin.stream())
                .forEach(r -> s.append("- #")
                        .append(r.repeat() + 1)
                        .append(' ')
                        .append(r.side())
                        .append(": ")
                        .append(r.format())
                        .append('\n'));
        throughput.forEach(r -> s.append("- #")
                .append(r.repeat() + 1)
                .append(" throughput: ")
                .append(r.format())
                .append('\n'));
    }
}
