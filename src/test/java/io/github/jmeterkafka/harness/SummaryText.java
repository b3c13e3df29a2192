package io.github.jmeterkafka.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One sampler's end-of-test summary as the plugin prints it to stdout and jmeter.log (measure/SummaryLines): the lines
 * under its title, up to the next title or JMeter's own lines, and the figures of each kind of line.
 */
public final class SummaryText {

    private static final String LATENCIES = "([\\d.]+) ms avg (?:latency|round trip), ([\\d.]+) ms max (?:latency|round"
            + " trip), (\\d+) ms 50th, (\\d+) ms 95th, (\\d+) ms 99th, (\\d+) ms 99\\.9th\\.";

    /** perf-test's producer line, the plugin's too: records, records/sec, MB/sec, then {@link Latencies}' six. */
    public static final Pattern PRODUCER =
            Pattern.compile("(\\d+)(?: steady state)? records sent, ([\\d.]+) records/sec" + " \\(([\\d.]+) MB/sec\\), "
                    + LATENCIES + "(?: \\(the first .* left out\\))?");

    /** A paced run's latencies from the intended send: {@link Latencies}' six. */
    public static final Pattern CORRECTED =
            Pattern.compile("(?:steady state )?corrected for the schedule \\(from the intended send\\): " + LATENCIES);

    /** avg, p50, p95, p99, p99.9, max; seconds behind schedule, stretches, longest stretch's seconds, skipped. */
    public static final Pattern SEND_DELAY = Pattern.compile("send delay \\(intended to actual send\\): ([\\d.]+) ms"
            + " avg, (\\d+) ms 50th, (\\d+) ms 95th, (\\d+) ms 99th, (\\d+) ms 99\\.9th, ([\\d.]+) ms max; behind"
            + " schedule ([\\d.]+) s in (\\d+) stretch(?:es)? \\(longest ([\\d.]+) s\\), (\\d+) records skipped\\.");

    private static final Pattern ROUND_TRIPS = Pattern.compile(
            "(\\d+) (?:requests|awaited), (\\d+) (?:replies|matched), ([\\d.]+) \\w+/sec \\(([\\d.]+) MB/sec\\), "
                    + LATENCIES);
    private static final Pattern UNANSWERED = Pattern.compile(
            "(\\d+) timeouts, (\\d+) late, (\\d+) (?:foreign|unmatched),"
                    + " (\\d+) duplicate (?:replies|records), (\\d+) failed (?:requests|awaits)(?:, (\\d+) abandoned at stop)?");
    private static final Pattern END_TO_END = Pattern.compile("end-to-end latency: ([\\d.]+) ms avg, (\\d+) ms 50th,"
            + " (\\d+) ms 95th, (\\d+) ms 99th, (\\d+) ms 99\\.9th, ([\\d.]+) ms max\\.");
    private static final Pattern DELIVERY = Pattern.compile("delivery: (\\d+) records \\w+ from (\\d+) producers,"
            + " (\\d+) missing, (\\d+) duplicated, (\\d+) out of order\\.");
    // what producers, request-replies and awaits call their records and their latency in their window lines
    private static final String ITEMS = "(?:records|requests|awaits)";
    private static final String LATENCIES_NAMED = "send to ack|round trip|await latency";
    private static final Pattern STEP =
            Pattern.compile("step (\\d+) of (\\d+), ([^:]+): (\\d+) " + ITEMS + " sent in it,"
                    + " ([\\d.]+) " + ITEMS + "/sec \\(([\\d.]+) %\\); (?:" + LATENCIES_NAMED
                    + ") (\\d+) ms 50th, (\\d+) ms 99th, (\\d+) ms 99\\.9th,"
                    + " (\\d+) ms 99\\.99th; corrected (\\d+) ms 50th, (\\d+) ms 99th, (\\d+) ms 99\\.9th, (\\d+) ms 99\\.99th,"
                    + " ([\\d.]+) ms max\\.");
    private static final String CONSUMER_HEADER = "start.time, end.time, data.consumed.in.MB";
    /**
     * A producer's, request-reply's or await's event line: its window's in-flight records, stall and recovery (groups 5
     * and 6 null when no record due in it was done), due records and failures.
     */
    public static final Pattern EVENT = Pattern.compile(
            "event (\\d) of (\\d), '([^']+)' at [^:]+:[^:]+:[^ ]+ for [\\d.]+ s: (\\d+) " + ITEMS + " in flight at the"
                    + " mark; (?:longest stall ([\\d.]+) ms \\((?:corrected|" + LATENCIES_NAMED + ") max of the "
                    + ITEMS
                    + " due after the mark\\), (recovered in [\\d.]+ s|not recovered|recovery not known)[^;]*|stall not known:"
                    + " no (?:record|request|await) due after the mark was (?:acknowledged|answered|matched)); (\\d+) "
                    + ITEMS + " due: (?:corrected|" + LATENCIES_NAMED + ") \\d+ ms 50th, \\d+ ms 99th,"
                    + " (\\d+) ms 99.9th, \\d+ ms 99.99th; (\\d+) failed(?:, (\\d+) retried by the connection's"
                    + " producers)?\\.");
    /** A verifying consumer's event line: what of the records sent in the window was missing or duplicated. */
    public static final Pattern DELIVERY_EVENT = Pattern.compile(
            "event (\\d) of (\\d), '([^']+)': of the records sent from its mark to the (?:next|end), (\\d+) missing, (\\d+)"
                    + " duplicated\\.");

    private static final String PERCENT = "(?:\\d+ %|n/a)";
    private static final String MS = "(?:[\\d.]+ ms|n/a)";
    private static final String COUNT = "(?:\\d+|n/a)";
    /** Every candidate limit's figures over the run (or its steady state), as measure/LimitFigures prints them. */
    public static final Pattern LIMITS = Pattern.compile("limits(?: \\(steady state\\))?: generator cores " + PERCENT
            + " busy \\(max " + PERCENT + "\\), this JVM " + PERCENT + " of \\d+, its threads waited " + MS
            + " a second for a core, GC paused " + PERCENT + " \\(longest " + MS + "\\); client queue " + MS
            + ", buffer\\.memory full " + PERCENT + ", batches " + PERCENT + " full, throttled " + MS + ", " + COUNT
            + " retries, " + COUNT
            + " errors(?:, consumers' lag up to \\d+ records)?; request latency by broker (?:n/a|\\d+: " + MS
            + "(?:, \\d+: " + MS
            + ")*); replication (?:n/a|\\d+ under-replicated, \\d+ under min ISR, \\d+ offline \\(most at once\\),"
            + " \\d+ leader changes)");
    /** The first limit hit, of a run or (merged) of any server of a distributed one. */
    public static final Pattern FIRST_LIMIT = Pattern.compile("first limit hit(?: \\(steady state\\))?: (?:none seen"
            + "(?: on \\d+ servers)?|(?:the load generator|a quota|replication|a broker|the client)(?:, seen by server"
            + " [^ ,]+)?, \\d+ s in: .+)");
    // a distributed run's merged summary repeats a server's lines after its name
    private static final Pattern SERVER = Pattern.compile("server [^ ]+: ");

    private static final Pattern TITLE = Pattern.compile("summary for '.*'(?: over \\d+ servers)?:$");
    // JMeter's summariser, its end of run, a jmeter.log entry: not part of a summary
    private static final Pattern JMETER_LINE = Pattern.compile(
            "^(?:summary [+=] |Tidying up|\\.\\.\\. end of run|\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,)");

    /** Lines of the summaries by how they start, and the form the code prints each in. */
    private static final java.util.Map<Pattern, Pattern> FORMS = java.util.Map.of(
            Pattern.compile("\\d+(?: steady state)? records sent, "), PRODUCER,
            Pattern.compile("(?:steady state )?corrected for the schedule"), CORRECTED,
            Pattern.compile("send delay \\(intended"), SEND_DELAY,
            Pattern.compile("end-to-end latency: [\\d.]+ ms"), END_TO_END,
            Pattern.compile("delivery: \\d+ records"), DELIVERY,
            Pattern.compile("step \\d+ of \\d+, "), STEP,
            Pattern.compile("event \\d+ of \\d+, '[^']+' at "), EVENT,
            Pattern.compile("event \\d+ of \\d+, '[^']+': of the records"), DELIVERY_EVENT,
            Pattern.compile("limits(?: \\(steady state\\))?: "), LIMITS,
            Pattern.compile("first limit hit(?: \\(steady state\\))?: "), FIRST_LIMIT);

    /**
     * Why a summary line shown somewhere (a doc) is not in the form the code prints it; empty when it is, or when it
     * starts like no line known here.
     */
    public static java.util.Optional<String> notInItsForm(String line) {
        String l = line.strip();
        Matcher server = SERVER.matcher(l);
        if (server.lookingAt()) {
            l = l.substring(server.end());
        }
        for (var f : FORMS.entrySet()) {
            if (f.getKey().matcher(l).lookingAt() && !f.getValue().matcher(l).matches()) {
                return java.util.Optional.of(
                        "'" + l + "' is not in the form " + f.getValue().pattern());
            }
        }
        return java.util.Optional.empty();
    }

    private final String title;
    private final List<String> lines;

    private SummaryText(String title, List<String> lines) {
        this.title = title;
        this.lines = lines;
    }

    /** The summary under the first line that ends with {@code title}, e.g. "Kafka Producer summary for 'x':". */
    public static SummaryText under(String output, String title) {
        List<String> all = List.of(output.split("\r?\n", -1));
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).endsWith(title)) {
                List<String> block = new ArrayList<>();
                for (String line : all.subList(i + 1, all.size())) {
                    if (TITLE.matcher(line).find() || JMETER_LINE.matcher(line).find()) {
                        break;
                    }
                    block.add(line);
                }
                return new SummaryText(title, List.copyOf(block));
            }
        }
        throw new AssertionError("No '" + title + "' in:\n" + tail(output));
    }

    public List<String> lines() {
        return lines;
    }

    /** The producer line of the whole run. */
    public Producer producer() {
        return first(PRODUCER, line -> !line.contains(" steady state "), Producer::new, "producer line");
    }

    /** The producer line after the warm-up. */
    public Producer steady() {
        return first(PRODUCER, line -> line.contains(" steady state "), Producer::new, "steady-state producer line");
    }

    /** The whole run's latencies from the intended send, of a paced producer or request-reply. */
    public Latencies corrected() {
        return first(CORRECTED, line -> !line.startsWith("steady"), m -> new Latencies(m, 1), "corrected line");
    }

    public SendDelay sendDelay() {
        return first(SEND_DELAY, line -> true, SendDelay::new, "send delay line");
    }

    /** A request-reply or await summary's first line. */
    public RoundTrips roundTrips() {
        return first(ROUND_TRIPS, line -> true, RoundTrips::new, "round-trip line");
    }

    /** Fails unless all of {@code sent} requests or awaits were answered: none late, foreign, duplicated or failed. */
    public void assertAllAnswered(long sent) {
        RoundTrips trips = roundTrips();
        if (trips.sent() != sent || trips.received() != sent || !unanswered().equals(Unanswered.NONE)) {
            throw new AssertionError("Not " + sent + " requests all answered in the summary:\n" + this);
        }
    }

    /** What became of the requests or awaits without an answer. */
    public Unanswered unanswered() {
        return first(UNANSWERED, line -> true, Unanswered::new, "timeouts line");
    }

    /** The whole run's consumer-perf-test (or share-consumer-perf-test) line. */
    public Consumer consumer() {
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i - 1).startsWith(CONSUMER_HEADER)) {
                return Consumer.parse(lines.get(i));
            }
        }
        throw new AssertionError("No consumer-perf-test line in the summary:\n" + this);
    }

    /** The whole run's end-to-end latencies. */
    public EndToEnd endToEnd() {
        return first(END_TO_END, line -> true, EndToEnd::new, "end-to-end latency line");
    }

    public Delivery delivery() {
        return first(DELIVERY, line -> true, Delivery::new, "delivery line");
    }

    /** A rate profile's steps, in order; empty when it has none. */
    public List<Step> steps() {
        List<Step> steps = new ArrayList<>();
        for (String line : lines) {
            Matcher m = STEP.matcher(line);
            if (m.matches()) {
                steps.add(new Step(m));
            }
        }
        return steps;
    }

    /** The event lines ({@link #EVENT}), matched, in order; empty when the test marked none. */
    public List<Matcher> events() {
        List<Matcher> events = new ArrayList<>();
        for (String line : lines) {
            Matcher m = EVENT.matcher(line);
            if (m.matches()) {
                events.add(m);
            }
        }
        return events;
    }

    @Override
    public String toString() {
        return title + "\n" + String.join("\n", lines);
    }

    private <T> T first(Pattern pattern, Predicate<String> which, Function<Matcher, T> figures, String what) {
        for (String line : lines) {
            Matcher m = pattern.matcher(line);
            if (m.lookingAt() && which.test(line)) {
                return figures.apply(m);
            }
        }
        throw new AssertionError("No " + what + " in the summary:\n" + this);
    }

    private static String tail(String s) {
        return s.length() <= 3000 ? s : "..." + s.substring(s.length() - 3000);
    }

    private static long whole(Matcher m, int group) {
        return Long.parseLong(m.group(group));
    }

    private static double decimal(Matcher m, int group) {
        return Double.parseDouble(m.group(group));
    }

    /** perf-test's latencies in ms: avg and max as printed, the percentiles in whole ms. */
    public record Latencies(double avgMs, double maxMs, long p50Ms, long p95Ms, long p99Ms, long p999Ms) {
        /** The six groups from {@code from} on, in perf-test's order. */
        Latencies(Matcher m, int from) {
            this(
                    decimal(m, from),
                    decimal(m, from + 1),
                    whole(m, from + 2),
                    whole(m, from + 3),
                    whole(m, from + 4),
                    whole(m, from + 5));
        }
    }

    public record Producer(long records, double recordsPerSec, double mbPerSec, Latencies latency) {
        Producer(Matcher m) {
            this(whole(m, 1), decimal(m, 2), decimal(m, 3), new Latencies(m, 4));
        }
    }

    public record SendDelay(
            double avgMs,
            long p50Ms,
            long p95Ms,
            long p99Ms,
            long p999Ms,
            double maxMs,
            double behindSeconds,
            long stretches,
            double longestSeconds,
            long skipped) {
        SendDelay(Matcher m) {
            this(
                    decimal(m, 1),
                    whole(m, 2),
                    whole(m, 3),
                    whole(m, 4),
                    whole(m, 5),
                    decimal(m, 6),
                    decimal(m, 7),
                    whole(m, 8),
                    decimal(m, 9),
                    whole(m, 10));
        }
    }

    /** Requests (or awaits) sent, replies (or matches) received, their rate and their round trips. */
    public record RoundTrips(long sent, long received, double perSec, double mbPerSec, Latencies latency) {
        RoundTrips(Matcher m) {
            this(whole(m, 1), whole(m, 2), decimal(m, 3), decimal(m, 4), new Latencies(m, 5));
        }
    }

    /** {@code others}: foreign replies or unmatched records; {@code abandoned}: 0 when the line says none. */
    public record Unanswered(long timeouts, long late, long others, long duplicates, long failed, long abandoned) {
        /** Every request or await answered. */
        public static final Unanswered NONE = new Unanswered(0, 0, 0, 0, 0, 0);

        Unanswered(Matcher m) {
            this(whole(m, 1), whole(m, 2), whole(m, 3), whole(m, 4), whole(m, 5), m.group(6) == null ? 0 : whole(m, 6));
        }
    }

    /** consumer-perf-test's figures; a share consumer's line has no rebalance and no fetch rate apart. */
    public record Consumer(
            double megabytes,
            double mbPerSec,
            long records,
            double recordsPerSec,
            long rebalanceMs,
            long fetchMs,
            double fetchRecordsPerSec) {
        private static final int FIELDS = 10;
        private static final int SHARE_FIELDS = 7;

        /** Whether {@code line} has the fields of either tool's line. */
        public static boolean isLine(String line) {
            int fields = line.split(",").length;
            return fields == FIELDS || fields == SHARE_FIELDS;
        }

        /** consumer-perf-test's 10 fields or share-consumer-perf-test's 7. */
        public static Consumer parse(String line) {
            // limit 0: trailing empty fields are not counted
            String[] f = line.split(",\\s*", 0);
            if (f.length == SHARE_FIELDS) {
                // start, end, MB, MB.sec, nMsg.sec, nMsg, fetch.time.ms
                double perSec = Double.parseDouble(f[4]);
                return new Consumer(
                        Double.parseDouble(f[2]),
                        Double.parseDouble(f[3]),
                        Long.parseLong(f[5]),
                        perSec,
                        0,
                        Long.parseLong(f[6]),
                        perSec);
            }
            if (f.length != FIELDS) {
                throw new IllegalStateException("Not a consumer-perf-test line: " + line);
            }
            return new Consumer(
                    Double.parseDouble(f[2]),
                    Double.parseDouble(f[3]),
                    Long.parseLong(f[4]),
                    Double.parseDouble(f[5]),
                    Long.parseLong(f[6]),
                    Long.parseLong(f[7]),
                    Double.parseDouble(f[9]));
        }
    }

    public record EndToEnd(double avgMs, long p50Ms, long p95Ms, long p99Ms, long p999Ms, double maxMs) {
        EndToEnd(Matcher m) {
            this(decimal(m, 1), whole(m, 2), whole(m, 3), whole(m, 4), whole(m, 5), decimal(m, 6));
        }
    }

    /** {@code checked}: the records verified (read) or accepted (a share group's). */
    public record Delivery(long checked, long producers, long missing, long duplicated, long outOfOrder) {
        Delivery(Matcher m) {
            this(whole(m, 1), whole(m, 2), whole(m, 3), whole(m, 4), whole(m, 5));
        }
    }

    /** One step of a rate profile: {@code rate} as the plan says it ("2000/s for 5 s"), its records and latencies. */
    public record Step(
            int index,
            int of,
            String rate,
            long records,
            double recordsPerSec,
            double percentOfTarget,
            long p50Ms,
            long p99Ms,
            long correctedP50Ms,
            long correctedP99Ms,
            double correctedMaxMs) {
        Step(Matcher m) {
            this(
                    Integer.parseInt(m.group(1)),
                    Integer.parseInt(m.group(2)),
                    m.group(3),
                    whole(m, 4),
                    decimal(m, 5),
                    decimal(m, 6),
                    whole(m, 7),
                    whole(m, 8),
                    whole(m, 11),
                    whole(m, 12),
                    decimal(m, 15));
        }
    }
}
