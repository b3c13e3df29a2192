package io.github.jmeterkafka.measure;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Round trips of every request one request-reply sampler sent, over all its threads: a latency per request
 * from its send to its reply, in a histogram, the rate of replies from the first send to the last reply, and
 * what became of the requests without one. The same for an await sampler: its awaits, from their start, and
 * the records they matched. Thread-safe: sampler threads, the producer's I/O thread and the reply reader record
 * into it.
 */
public final class MatchStats {
    public static final String KIND = Kind.REQUEST_REPLY.id;
    private static final double MB = 1024.0 * 1024.0;

    /** Which sampler's round trips, and the words its summary uses for them. */
    // its words are records of strings, immutable: error-prone wants its own annotation to know it
    @SuppressWarnings("ImmutableEnumChecker")
    public enum Kind {
        REQUEST_REPLY(
                "request-reply",
                "Kafka Request-Reply",
                new CountWords("requests", "replies", "foreign", "duplicate replies", "failed requests"),
                new LatencyWords("round trip", "round-trip"),
                new WindowWords("request-reply", "request", "round trip", "answered")),
        AWAIT(
                "await",
                "Kafka Await",
                new CountWords("awaited", "matched", "unmatched", "duplicate records", "failed awaits"),
                new LatencyWords("latency", "await"),
                new WindowWords("await", "await", "await latency", "matched"));

        /** The summary row's kind. */
        public final String id;

        public final String title;
        public final CountWords countWords;
        public final LatencyWords latencyWords;
        /** What its step and event lines and rows call it. */
        public final WindowWords windowWords;

        Kind(String id, String title, CountWords countWords, LatencyWords latencyWords, WindowWords windowWords) {
            this.id = id;
            this.title = title;
            this.countWords = countWords;
            this.latencyWords = latencyWords;
            this.windowWords = windowWords;
        }

        /** The kind with this summary-row id, or null for a producer's or consumer's. */
        public static Kind of(String id) {
            for (Kind k : values()) {
                if (k.id.equals(id)) {
                    return k;
                }
            }
            return null;
        }
    }

    /**
     * What a kind calls the records it counts: those it sends and receives, and in the unanswered line, those it
     * received for no request of its own, its duplicates, and its sends that failed.
     */
    public record CountWords(String sent, String received, String foreign, String duplicates, String failed) {}

    /** What a kind calls its latency: in the summary's lines, and in the interval log's header. */
    public record LatencyWords(String summary, String intervalLog) {}

    private final Kind kind;

    private final LongAdder requests = new LongAdder();
    private final LongAdder timedOut = new LongAdder();
    private final LongAdder late = new LongAdder();
    private final LongAdder duplicate = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder abandoned = new LongAdder();
    private final AtomicReference<String> firstFailure = new AtomicReference<>();
    private final Windows windows;

    public MatchStats() {
        this(Kind.REQUEST_REPLY, Warmup.NONE);
    }

    /** @param warmup what the steady state leaves out */
    public MatchStats(Kind kind, Warmup warmup) {
        this.kind = kind;
        this.windows = new Windows(kind.windowWords, warmup, false);
    }

    public Kind kind() {
        return kind;
    }

    /** Every round trip from now on also goes into {@code log}. */
    public void logIntervals(IntervalLog log) {
        windows.logIntervals(log);
    }

    /**
     * The requests are sent on {@code schedule}: their round trip from the intended send time is kept too, and per
     * step when its profile has steps.
     */
    public void pacedBy(SendSchedule schedule) {
        windows.pacedBy(schedule);
    }

    /** From now on, the round trips are also kept per window of the events {@code marks} gives. */
    public void watchEvents(Supplier<List<EventMarks.Mark>> marks) {
        windows.watchEvents(marks);
    }

    /** {@code n} requests are about to be sent. */
    public void sending(long nanos, int n) {
        windows.sending(nanos);
        requests.add(n);
    }

    /**
     * A reply arrived in time; {@code valueBytes} of its value.
     *
     * @param intendedNanos when the schedule meant the request to be sent; {@code sendNanos} when not paced
     */
    public void replied(long intendedNanos, long sendNanos, long replyNanos, long valueBytes) {
        windows.done(intendedNanos, sendNanos, replyNanos, valueBytes);
    }

    public void timedOut(int n) {
        timedOut.add(n);
        unanswered(n);
    }

    /** {@code n} requests were not delivered; {@code cause} is described only for the run's first. */
    public void failed(int n, Supplier<String> cause) {
        failed.add(n);
        unanswered(n);
        if (firstFailure.get() == null) {
            firstFailure.compareAndSet(null, cause.get());
        }
    }

    /** {@code n} requests of a sample that failed before sending them (e.g. a reply topic that does not exist). */
    public void notSent(int n, Supplier<String> cause) {
        requests.add(n);
        failed(n, cause);
    }

    /** {@code n} requests were given up at Stop, before their reply or timeout. */
    public void abandoned(int n) {
        abandoned.add(n);
        unanswered(n);
    }

    private void unanswered(int n) {
        windows.failed(n);
    }

    /** A reply to a request that had timed out. */
    public void late() {
        late.increment();
    }

    /** Another reply to a request that had one. */
    public void duplicate() {
        duplicate.increment();
    }

    /** nanoTime of the first send (of the steady state when {@code steady}) and of the last reply. */
    public long[] window(boolean steady) {
        return windows.window(steady);
    }

    /**
     * The figures so far.
     *
     * @param foreign replies on the reply topic that answered no request of the plugin's
     */
    public Summary summary(long foreign) {
        RecordWindow.Figures f = windows.all();
        return new Summary(
                requests.sum(),
                new Replies(f.latencyMicros(), f.bytes(), f.seconds()),
                new Unanswered(timedOut.sum(), failed.sum(), abandoned.sum(), firstFailure.get()),
                new Strays(late.sum(), foreign, duplicate.sum()),
                f.schedule(),
                kind);
    }

    /**
     * The replies after the warm-up, from the first of their requests to the last reply, each a request answered;
     * null without a warm-up.
     */
    public Summary steadySummary() {
        RecordWindow.Figures f = windows.steady();
        if (f == null) {
            return null;
        }
        Replies replies = new Replies(f.latencyMicros(), f.bytes(), f.seconds());
        return new Summary(
                replies.count(), replies, new Unanswered(0, 0, 0, null), new Strays(0, 0, 0), f.schedule(), kind);
    }

    /** Each step's figures when the schedule has steps; else empty. */
    public List<StepFigures> steps() {
        return windows.steps();
    }

    /**
     * Each event's figures (none watched or marked: empty), its last window ending at the last reply.
     *
     * @param intervals the interval log's p99s, for the recovery times; empty: none known
     */
    public List<EventFigures> events(List<IntervalLog.Tail> intervals) {
        return windows.events(intervals, null, -1);
    }

    /**
     * The replies in time: their round trips (µs) and values' bytes, and the seconds from the first send to the last
     * reply, which their rates are over.
     */
    public record Replies(Histogram roundTripMicros, long bytes, double seconds) {
        public long count() {
            return roundTripMicros.getTotalCount();
        }

        public double perSec() {
            return seconds > 0 ? count() / seconds : 0;
        }

        double mbPerSec() {
            return seconds > 0 ? bytes / MB / seconds : 0;
        }
    }

    /** The requests no reply answered: timed out, failed (the first failure's cause; else null), given up at Stop. */
    public record Unanswered(long timedOut, long failed, long abandoned, String firstFailure) {}

    /** The replies no waiting request took: late (their request had timed out), foreign, duplicate. */
    public record Strays(long late, long foreign, long duplicate) {}

    /**
     * A snapshot, printed in the perf tools' style.
     *
     * @param schedule a paced run's round trips from the intended send, send delay and time behind; else null
     */
    public record Summary(
            long requests, Replies replies, Unanswered unanswered, Strays strays, ScheduleFigures schedule, Kind kind) {

        private long ms(double percentile) {
            return replies.roundTripMicros().getValueAtPercentile(percentile) / 1000;
        }

        /** The round trips, as producer-perf-test prints its latencies. */
        public String line() {
            return String.format(
                            Locale.ROOT,
                            "%d %s, %d %s, ",
                            requests,
                            kind.countWords.sent(),
                            replies.count(),
                            kind.countWords.received())
                    + ratesAndLatencies();
        }

        /** The line of the round trips after the warm-up: "N steady state replies, ...". */
        public String steadyLine() {
            return replies.count() + " steady state " + kind.countWords.received() + ", " + ratesAndLatencies();
        }

        private String ratesAndLatencies() {
            Histogram h = replies.roundTripMicros();
            boolean none = replies.count() == 0;
            return String.format(
                    Locale.ROOT,
                    "%f %s/sec (%.2f MB/sec), %.2f ms avg %s, %.2f ms max %s, "
                            + "%d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.",
                    replies.perSec(),
                    kind.countWords.received(),
                    replies.mbPerSec(),
                    none ? 0 : h.getMean() / 1000.0,
                    kind.latencyWords.summary(),
                    none ? 0 : h.getMaxValue() / 1000.0,
                    kind.latencyWords.summary(),
                    ms(50),
                    ms(95),
                    ms(99),
                    ms(99.9));
        }

        /** The tail the line above leaves out: p99.99 and max of the round trips, and corrected where paced. */
        public String tailLine() {
            return "tail: " + SummaryRow.tail(replies.roundTripMicros()) + " " + kind.latencyWords.summary()
                    + (schedule() != null
                            ? "; corrected " + SummaryRow.tail(schedule().correctedMicros())
                            : "") + ".";
        }

        /** What became of the requests without a reply, and replies without a request. */
        public String unansweredLine() {
            return String.format(
                            Locale.ROOT,
                            "%d timeouts, %d late, %d %s, %d %s, %d %s",
                            unanswered.timedOut(),
                            strays.late(),
                            strays.foreign(),
                            kind.countWords.foreign(),
                            strays.duplicate(),
                            kind.countWords.duplicates(),
                            unanswered.failed(),
                            kind.countWords.failed())
                    + (unanswered.abandoned() > 0 ? ", " + unanswered.abandoned() + " abandoned at stop" : "")
                    + (unanswered.firstFailure() == null ? "." : ", first failure: " + unanswered.firstFailure());
        }

        /** This summary as a row of the summary CSV. */
        public SummaryRow row(String label) {
            return row(label, SummaryRow.ALL);
        }

        /** The row of a part of the run: a jmeter-server's requests in a merged summary. */
        public SummaryRow row(String label, String part) {
            SummaryRow row = new SummaryRow(kind.id, label, part)
                    .put(SummaryRow.Column.RECORDS, replies.count())
                    .put(SummaryRow.Column.FAILED, requests - replies.count())
                    .put(SummaryRow.Column.MB, replies.bytes() / MB, 4)
                    .put(SummaryRow.Column.SECONDS, replies.seconds(), 3)
                    .put(SummaryRow.Column.RECORDS_PER_SEC, replies.perSec(), 1)
                    .put(SummaryRow.Column.MB_PER_SEC, replies.mbPerSec(), 2)
                    .latency(replies.roundTripMicros());
            return schedule == null ? row : schedule.into(row);
        }
    }
}
