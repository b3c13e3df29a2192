package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One sampler's run over all jmeter-servers of a distributed test, merged from the figures each
 * sample brought: counts and bytes summed, the rate over the whole run, percentiles from every
 * record's latency (exact, never averaged), and the same per server. The warm-up counts whole
 * samples in the order they arrive. Thread-safe.
 */
public final class MergedRun {
    private final String kind;
    private final Warmup warmup;
    private final Part all = new Part();
    private final Part steady = new Part();
    private final Map<String, Part> servers = new TreeMap<>();
    // per server, its probe's seconds as its samples brought them (several samples bring the same second)
    private final Map<String, Map<Long, LimitSample>> limits = new TreeMap<>();
    private final IntervalLog intervals;

    /** @param intervals the merged interval log, or null */
    public MergedRun(String kind, Warmup warmup, IntervalLog intervals) {
        this.kind = kind;
        this.warmup = warmup;
        this.intervals = intervals;
    }

    /** A producer's or a consumer's figures: which this run merges. */
    public String kind() {
        return kind;
    }

    /** A share consumer's: its samples bring share figures. */
    public synchronized boolean isShare() {
        return all.share != null;
    }

    public synchronized void add(SampleFigures f) {
        boolean inWarmup = warmup.covers(all.records, all.records == 0 ? 0 : f.startMs - all.startMs);
        all.add(f);
        servers.computeIfAbsent(f.server, s -> new Part()).add(f);
        if (f.limits != null) {
            limits.computeIfAbsent(f.server, s -> new TreeMap<>()).putIfAbsent(f.limits.nanos(), f.limits);
        }
        if (warmup.isSet() && !inWarmup) {
            steady.add(f);
        }
        if (intervals != null) {
            for (int m : f.micros) {
                intervals.record(m, 0);
            }
            if (f.correctedMicros != null) {
                for (int i = 0; i < f.correctedMicros.length; i++) {
                    intervals.scheduled(f.correctedMicros[i], f.sendDelayMicros[i]);
                }
            }
            intervals.bytes(f.bytes);
            intervals.failed(f.failed);
        }
    }

    public synchronized int serverCount() {
        return servers.size();
    }

    /** The summary lines over all servers, then one per server. */
    public synchronized List<String> lines() {
        double expected = expectedRate();
        List<String> lines;
        MatchStats.Kind roundTrips = MatchStats.Kind.of(kind);
        if (roundTrips != null) {
            lines = SummaryLines.requestReply(
                    all.roundTrips(roundTrips),
                    warmup.isSet() ? steady.roundTrips(roundTrips) : null,
                    warmup,
                    0,
                    expected,
                    List.of(),
                    List.of());
            lines.set(all.schedule() == null ? 1 : 3, all.unansweredLine(roundTrips));
            servers.forEach((s, p) -> {
                MatchStats.Summary server = p.roundTrips(roundTrips);
                lines.add("server " + s + ": " + server.line());
                if (server.schedule() != null) {
                    lines.add(
                            "server " + s + ": " + server.schedule().correctedLine(roundTrips.latencyWords.summary()));
                    lines.add("server " + s + ": " + server.schedule().sendDelayLine());
                }
            });
        } else if (ProducerStats.Summary.KIND.equals(kind)) {
            lines = SummaryLines.producer(all.producer(), warmup.isSet() ? steady.producer() : null, warmup, expected);
            servers.forEach((s, p) -> {
                ProducerStats.Summary server = p.producer();
                lines.add("server " + s + ": " + server.perfTestLine());
                if (server.isPaced()) {
                    lines.add("server " + s + ": " + server.schedule.correctedLine("latency"));
                    lines.add("server " + s + ": " + server.schedule.sendDelayLine());
                }
            });
        } else if (all.share != null) {
            lines = SummaryLines.shareConsumer(
                    all.consumer(), warmup.isSet() ? steady.consumer() : null, warmup, all.share);
            servers.forEach((s, p) -> {
                lines.add("server " + s + ": " + p.consumer().sharePerfTestLine());
                lines.add("server " + s + ": " + p.consumer().endToEndLine());
                if (p.share != null) {
                    lines.add("server " + s + ": " + p.share.lines().get(0));
                }
            });
        } else {
            lines = SummaryLines.consumer(all.consumer(), warmup.isSet() ? steady.consumer() : null, warmup);
            servers.forEach((s, p) -> {
                lines.add("server " + s + ": " + p.consumer().perfTestLine());
                lines.add("server " + s + ": " + p.consumer().endToEndLine());
            });
        }
        lines.addAll(limitLines());
        return lines;
    }

    /**
     * What limited the run: the earliest first limit of any server, then each server's limits lines, over the
     * seconds its samples brought (warm-up included); none when no server's probe read a second.
     */
    private List<String> limitLines() {
        List<String> lines = new ArrayList<>();
        if (limits.isEmpty()) {
            return lines;
        }
        Map.Entry<String, LimitHit> first = firstLimit();
        lines.add(
                first == null
                        ? "first limit hit: none seen on " + limits.size() + " servers"
                        : "first limit hit: " + first.getValue().kind().words + ", seen by server " + first.getKey()
                                + ", " + first.getValue().atSecond() + " s in: "
                                + first.getValue().what());
        limits.forEach((s, seconds) ->
                LimitFigures.lines(serverLimits(s), null).forEach(l -> lines.add("server " + s + ": " + l)));
        return lines;
    }

    private LimitFigures serverLimits(String server) {
        return LimitFigures.all(List.copyOf(limits.get(server).values()));
    }

    /** The server whose first limit came earliest, and that limit; null when none was hit. */
    private Map.Entry<String, LimitHit> firstLimit() {
        Map.Entry<String, LimitHit> first = null;
        for (String s : limits.keySet()) {
            LimitHit h = serverLimits(s).first();
            if (h != null && (first == null || h.atSecond() < first.getValue().atSecond())) {
                first = Map.entry(s, h);
            }
        }
        return first;
    }

    /** The rows over all servers (and after the warm-up), then one per server. */
    public synchronized List<SummaryRow> rows(String label) {
        List<SummaryRow> rows;
        MatchStats.Kind roundTrips = MatchStats.Kind.of(kind);
        if (roundTrips != null) {
            rows = SummaryLines.requestReplyRows(
                    label,
                    all.roundTrips(roundTrips),
                    warmup.isSet() ? steady.roundTrips(roundTrips) : null,
                    List.of(),
                    List.of());
            servers.forEach((s, p) -> rows.add(p.roundTrips(roundTrips).row(label, "server " + s)));
        } else if (ProducerStats.Summary.KIND.equals(kind)) {
            rows = SummaryLines.producerRows(
                    label, all.producer(), warmup.isSet() ? steady.producer() : null, expectedRate());
            servers.forEach((s, p) -> rows.add(p.producer().row(label, "server " + s, p.expectedRate)));
        } else {
            rows = SummaryLines.consumerRows(label, all.consumer(), warmup.isSet() ? steady.consumer() : null);
            servers.forEach((s, p) -> rows.add(p.consumer().row(label, "server " + s)));
        }
        limitsInto(rows);
        return new ArrayList<>(rows);
    }

    /** Each server's row gets its limits figures; the rows over all servers the first limit of any. */
    private void limitsInto(List<SummaryRow> rows) {
        if (limits.isEmpty()) {
            return;
        }
        Map.Entry<String, LimitHit> first = firstLimit();
        for (SummaryRow row : rows) {
            String part = row.get(SummaryRow.Column.PART);
            String server = part.startsWith("server ") ? part.substring("server ".length()) : null;
            if (server == null) {
                row.put(
                        SummaryRow.Column.FIRST_LIMIT,
                        first == null ? "none seen" : first.getValue().cell() + " (server " + first.getKey() + ")");
            } else if (limits.containsKey(server)) {
                serverLimits(server).into(row);
            }
        }
    }

    /** Each server's sampler expects its own rate: together they expect the sum. */
    public synchronized double expectedRate() {
        return servers.values().stream().mapToDouble(p -> p.expectedRate).sum();
    }

    /** Ends the merged interval log with {@code rows}. */
    public void close(List<SummaryRow> rows) {
        if (intervals != null) {
            intervals.close(rows);
        }
    }

    /** The figures of some of the samples. */
    private static final class Part {
        final Histogram micros = new Histogram(3);
        long records;
        long failed;
        long bytes;
        long startMs = Long.MAX_VALUE;
        long endMs = Long.MIN_VALUE;
        long rebalanceMs;
        double expectedRate;
        long timedOut;
        // a paced run's; behind: per server, the latest (its figures are totals so far)
        Histogram corrected;
        Histogram sendDelay;
        final Map<String, SendSchedule.Behind> behind = new TreeMap<>();
        // a share consumer's
        ShareStats share;
        // per server: its records, its first sample's start and its last record's end in this part
        final Map<String, long[]> spans = new TreeMap<>();

        void add(SampleFigures f) {
            if (f.share != null) {
                if (share == null) {
                    share = ShareStats.merged();
                }
                share.add(f.share);
            }
            for (int m : f.micros) {
                micros.recordValue(m);
            }
            if (f.behind != null) {
                if (corrected == null) {
                    corrected = new Histogram(3);
                    sendDelay = new Histogram(3);
                }
                for (int i = 0; i < f.correctedMicros.length; i++) {
                    corrected.recordValue(f.correctedMicros[i]);
                    sendDelay.recordValue(f.sendDelayMicros[i]);
                }
                behind.merge(f.server, f.behind, (a, b) -> b.totalMs() >= a.totalMs() ? b : a);
            }
            records += f.records;
            failed += f.failed;
            bytes += f.bytes;
            startMs = Math.min(startMs, f.startMs);
            if (f.records > 0) {
                endMs = Math.max(endMs, f.endMs);
            }
            long[] span = spans.computeIfAbsent(f.server, k -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE});
            span[0] += f.records;
            span[1] = Math.min(span[1], f.startMs);
            if (f.records > 0) {
                span[2] = Math.max(span[2], f.endMs);
            }
            rebalanceMs = Math.max(rebalanceMs, f.rebalanceMs);
            expectedRate = Math.max(expectedRate, f.expectedRate);
            timedOut += f.timedOut;
        }

        /** The requests and round trips; what else became of the unanswered ones is in {@link #unansweredLine}. */
        MatchStats.Summary roundTrips(MatchStats.Kind roundTrips) {
            double seconds = seconds();
            return new MatchStats.Summary(
                    records + failed,
                    new MatchStats.Replies(micros.copy(), bytes, seconds),
                    new MatchStats.Unanswered(timedOut, failed - timedOut, 0, null),
                    new MatchStats.Strays(0, 0, 0),
                    schedule(),
                    roundTrips);
        }

        /** Late, foreign and duplicate replies come after the samples, so only each server counts them. */
        String unansweredLine(MatchStats.Kind roundTrips) {
            return timedOut + " timeouts, " + (failed - timedOut) + " "
                    + roundTrips.countWords.failed().replace("failed", "failed or given up")
                    + " (late, " + roundTrips.countWords.foreign() + " and " + roundTrips.countWords.duplicates()
                    + ": in each server's own summary).";
        }

        ProducerStats.Summary producer() {
            return new ProducerStats.Summary(micros.copy(), failed, bytes, seconds(), null, schedule());
        }

        /**
         * The seconds that make this part's rate the sum of its servers' own rates (each its records over its first
         * sample's start to its last record's end), as the rates of perf-test clients run side by side are added up:
         * servers that start or end some hundreds of ms apart do not dilute it. One server: its span.
         */
        double seconds() {
            if (records == 0 || endMs <= startMs) {
                return 0;
            }
            double rate = 0;
            for (long[] span : spans.values()) {
                rate += span[0] > 0 && span[2] > span[1] ? span[0] / ((span[2] - span[1]) / 1000.0) : 0;
            }
            return rate > 0 ? records / rate : (endMs - startMs) / 1000.0;
        }

        /** A paced run's figures over these samples (time behind: each server's latest, summed); else null. */
        ScheduleFigures schedule() {
            if (corrected == null) {
                return null;
            }
            SendSchedule.Behind total =
                    behind.values().stream().reduce(SendSchedule.Behind.NONE, SendSchedule.Behind::plus);
            return new ScheduleFigures(corrected.copy(), sendDelay.copy(), total);
        }

        ConsumerStats.Summary consumer() {
            return new ConsumerStats.Summary(
                    records,
                    bytes,
                    startMs == Long.MAX_VALUE ? 0 : startMs,
                    records == 0 ? 0 : endMs,
                    rebalanceMs,
                    micros.copy());
        }
    }
}
