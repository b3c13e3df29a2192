package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * What each candidate limit showed over one window of a run (all of it, or its steady state), and which was hit
 * first: the earliest second from which a candidate stayed at its limit ({@link #SUSTAINED} seconds in a row for a
 * level such as CPU, at once for a count such as a failed record).
 */
public final class LimitFigures {
    /** Busy share of the generator's cores from which they count as full. */
    static final double CORES_FULL = 0.90;
    /** GC pause time per second from which the generator counts as held up by its GC. */
    static final double GC_PAUSE_MS = 100;
    /** Share of the time a send waited for buffer.memory from which the producers count as held back. */
    static final double BUFFER_FULL = 0.10;
    /** A node stands out when its request latency is this many times the others' median, and at least {@link #NODE_MIN_MS}. */
    static final double NODE_FACTOR = 3;

    static final double NODE_MIN_MS = 10;
    /** Seconds in a row a level must stay at its limit to count: one busy second is noise. */
    static final int SUSTAINED = 3;

    /** A limit and when it was first hit, in whole seconds from the window's start. */
    public record Hit(LimitKind kind, String what, long atSecond) {
        /** The first_limit cell: "generator: its cores 97 % busy (this JVM 58 %), 4 s in". */
        public String cell() {
            return kind.tag() + ": " + what + ", " + atSecond + " s in";
        }
    }

    private final List<LimitSample> samples;
    private final Hit first;

    private LimitFigures(List<LimitSample> samples) {
        this.samples = samples;
        this.first = first(samples);
    }

    /**
     * The figures of the seconds read within {@code window} (nanoTime from, to) and the second after it, which ends
     * the window's last second.
     */
    public static LimitFigures of(List<LimitSample> all, long[] window) {
        List<LimitSample> in = new ArrayList<>();
        for (LimitSample s : all) {
            if (s.nanos() > window[0] && s.nanos() <= window[1] + 1_000_000_000L) {
                in.add(s);
            }
        }
        return new LimitFigures(in);
    }

    /**
     * The summary's two lines, of the steady state when there is one: the first limit hit, then every candidate's
     * figures; none when no second was read (the probe off, or a run shorter than a second).
     */
    public static List<String> lines(LimitFigures all, LimitFigures steady) {
        LimitFigures f = steady != null ? steady : all;
        String window = steady != null ? " (steady state)" : "";
        return f.isEmpty() ? List.of() : List.of(f.firstLine(window), f.line(window));
    }

    /** Each row gets the figures of its window: part all, or steady. */
    public static void into(List<SummaryRow> rows, LimitFigures all, LimitFigures steady) {
        for (SummaryRow row : rows) {
            String part = row.get(SummaryRow.Column.PART);
            LimitFigures f = SummaryRow.ALL.equals(part) ? all : SummaryRow.STEADY.equals(part) ? steady : null;
            if (f != null && !f.isEmpty()) {
                f.into(row);
            }
        }
    }

    public boolean isEmpty() {
        return samples.isEmpty();
    }

    /** The first limit hit, or null: none seen. */
    public Hit first() {
        return first;
    }

    private static Hit first(List<LimitSample> samples) {
        Hit best = null;
        for (LimitKind kind : LimitKind.values()) {
            Hit h = firstOf(kind, samples);
            if (h != null && (best == null || h.atSecond() < best.atSecond())) {
                best = h;
            }
        }
        return best;
    }

    private static Hit firstOf(LimitKind kind, List<LimitSample> samples) {
        long start = samples.isEmpty() ? 0 : samples.get(0).nanos() - 1_000_000_000L;
        int run = 0;
        for (int i = 0; i < samples.size(); i++) {
            Level level = level(kind, samples.get(i));
            if (level == null) {
                run = 0;
                continue;
            }
            run++;
            int needed = level.sustained ? Math.min(SUSTAINED, samples.size()) : 1;
            if (run >= needed) {
                LimitSample from = samples.get(i - run + 1);
                return new Hit(kind, level(kind, from).what, Math.max(0, (from.nanos() - start) / 1_000_000_000L - 1));
            }
        }
        return null;
    }

    /** What a sample shows at the kind's limit, or null when it is below. */
    private record Level(String what, boolean sustained) {}

    private static Level level(LimitKind kind, LimitSample s) {
        return switch (kind) {
            case GENERATOR -> generator(s.generator());
            case QUOTA ->
                s.client().throttleMs() >= 1
                        ? new Level(
                                String.format(
                                        Locale.ROOT,
                                        "throttled %.0f ms by a broker's quota",
                                        s.client().throttleMs()),
                                false)
                        : null;
            case REPLICATION -> replication(s.replication());
            case BROKER -> standsOut(s.nodes());
            case CLIENT -> client(s.client());
        };
    }

    private static Level generator(LimitSample.Generator g) {
        boolean known = !Double.isNaN(g.coresBusy());
        if (known ? g.coresBusy() >= CORES_FULL : g.jvmCpu() >= CORES_FULL) {
            return new Level(
                    String.format(
                            Locale.ROOT,
                            "its %s %s %.0f %% busy (this JVM %.0f %%)",
                            g.cores() == 1 ? "core" : g.cores() + " cores",
                            g.cores() == 1 ? "was" : "were",
                            100 * (known ? g.coresBusy() : g.jvmCpu()),
                            100 * g.jvmCpu()),
                    true);
        }
        return g.gcPauseMs() >= GC_PAUSE_MS
                ? new Level(String.format(Locale.ROOT, "its GC paused %.0f ms a second", g.gcPauseMs()), true)
                : null;
    }

    private static Level replication(LimitSample.Replication r) {
        if (r == null) {
            return null;
        }
        String what = r.offline() > 0
                ? r.offline() + " partitions offline"
                : r.underMinIsr() > 0
                        ? r.underMinIsr() + " partitions under min ISR"
                        : r.underReplicated() > 0
                                ? r.underReplicated() + " partitions under-replicated"
                                : r.leaderChanges() > 0 ? r.leaderChanges() + " partitions changed leader" : null;
        return what == null ? null : new Level(what, false);
    }

    private static Level client(LimitSample.Client c) {
        if (c.errors() > 0) {
            return new Level(c.errors() + " records failed", false);
        }
        if (c.bufferFull() >= BUFFER_FULL) {
            return new Level(
                    String.format(
                            Locale.ROOT, "sends waited for buffer.memory %.0f %% of the time", 100 * c.bufferFull()),
                    true);
        }
        return c.retries() > 0 ? new Level(c.retries() + " records sent again", false) : null;
    }

    /** The node whose request latency stands out of the others', or null (fewer than two nodes: none can). */
    private static Level standsOut(Map<Integer, Double> nodes) {
        if (nodes.size() < 2) {
            return null;
        }
        Map.Entry<Integer, Double> slowest = null;
        for (Map.Entry<Integer, Double> e : nodes.entrySet()) {
            if (slowest == null || e.getValue() > slowest.getValue()) {
                slowest = e;
            }
        }
        List<Double> others = new ArrayList<>();
        for (Map.Entry<Integer, Double> e : nodes.entrySet()) {
            if (!e.getKey().equals(slowest.getKey())) {
                others.add(e.getValue());
            }
        }
        others.sort(Double::compare);
        double median = others.get(others.size() / 2);
        double ms = slowest.getValue();
        return ms >= NODE_MIN_MS && ms >= NODE_FACTOR * median
                ? new Level(
                        String.format(
                                Locale.ROOT,
                                "broker %d answered in %.0f ms, the others in %.0f ms",
                                slowest.getKey(),
                                ms,
                                median),
                        true)
                : null;
    }

    /** "first limit: the load generator, 4 s in: its cores were 97 % busy (this JVM 58 %)", or "... none seen". */
    public String firstLine(String window) {
        return first == null
                ? "first limit hit" + window + ": none seen"
                : "first limit hit" + window + ": " + first.kind().words + ", " + first.atSecond() + " s in: "
                        + first.what();
    }

    /** Every candidate's figures over the window: means of the seconds, the longest pause, sums of counts. */
    public String line(String window) {
        return "limits" + window + ": generator " + generatorText() + "; client " + clientText()
                + "; request latency by broker " + nodesText() + "; replication " + replicationText();
    }

    private String generatorText() {
        double busy = mean(s -> s.generator().coresBusy());
        int cores = samples.isEmpty()
                ? 0
                : samples.get(samples.size() - 1).generator().cores();
        return String.format(
                Locale.ROOT,
                "cores %s busy (max %s), this JVM %s of %d, GC paused %s (longest %s)",
                percent(busy),
                percent(max(s -> s.generator().coresBusy())),
                percent(mean(s -> s.generator().jvmCpu())),
                cores,
                percent(mean(s -> s.generator().gcPauseMs()) / 1000),
                ms(max(s -> s.generator().gcLongestMs())));
    }

    private String clientText() {
        return String.format(
                Locale.ROOT,
                "queue %s, buffer.memory full %s, batches %s full, throttled %s, %s retries, %s errors",
                ms(mean(s -> s.client().queueMs())),
                percent(mean(s -> s.client().bufferFull())),
                percent(mean(s -> s.client().batchFill())),
                ms(max(s -> s.client().throttleMs())),
                count(s -> s.client().retries()),
                count(s -> s.client().errors()));
    }

    private String nodesText() {
        Map<Integer, double[]> sums = nodeMeans();
        if (sums.isEmpty()) {
            return "n/a";
        }
        List<String> parts = new ArrayList<>();
        sums.forEach((node, sum) -> parts.add(node + ": " + ms(sum[0] / sum[1])));
        return String.join(", ", parts);
    }

    /** Per node: the sum of its seconds' latencies and their count. */
    private Map<Integer, double[]> nodeMeans() {
        Map<Integer, double[]> sums = new TreeMap<>();
        for (LimitSample s : samples) {
            s.nodes().forEach((node, ms) -> {
                double[] sum = sums.computeIfAbsent(node, k -> new double[2]);
                sum[0] += ms;
                sum[1]++;
            });
        }
        return sums;
    }

    private String replicationText() {
        List<LimitSample.Replication> read = samples.stream()
                .map(LimitSample::replication)
                .filter(r -> r != null)
                .toList();
        if (read.isEmpty()) {
            return "n/a";
        }
        return String.format(
                Locale.ROOT,
                "%d under-replicated, %d under min ISR, %d offline (most at once), %d leader changes",
                read.stream()
                        .mapToInt(LimitSample.Replication::underReplicated)
                        .max()
                        .orElse(0),
                read.stream()
                        .mapToInt(LimitSample.Replication::underMinIsr)
                        .max()
                        .orElse(0),
                read.stream().mapToInt(LimitSample.Replication::offline).max().orElse(0),
                read.stream().mapToInt(LimitSample.Replication::leaderChanges).sum());
    }

    /** The figures as columns of a summary row; a figure not available stays empty. */
    public SummaryRow into(SummaryRow row) {
        row.put(SummaryRow.Column.FIRST_LIMIT, first == null ? "none seen" : first.cell());
        cell(
                row,
                SummaryRow.Column.CORES_BUSY_PERCENT,
                100 * mean(s -> s.generator().coresBusy()));
        cell(
                row,
                SummaryRow.Column.JVM_CPU_PERCENT,
                100 * mean(s -> s.generator().jvmCpu()));
        cell(row, SummaryRow.Column.GC_PAUSE_PERCENT, mean(s -> s.generator().gcPauseMs()) / 10);
        cell(row, SummaryRow.Column.GC_LONGEST_MS, max(s -> s.generator().gcLongestMs()));
        cell(row, SummaryRow.Column.QUEUE_MS, mean(s -> s.client().queueMs()));
        cell(
                row,
                SummaryRow.Column.BUFFER_FULL_PERCENT,
                100 * mean(s -> s.client().bufferFull()));
        cell(row, SummaryRow.Column.THROTTLE_MS, max(s -> s.client().throttleMs()));
        Map<Integer, double[]> nodes = nodeMeans();
        nodes.entrySet().stream()
                .max((a, b) -> Double.compare(a.getValue()[0] / a.getValue()[1], b.getValue()[0] / b.getValue()[1]))
                .ifPresent(e -> {
                    row.put(SummaryRow.Column.SLOWEST_BROKER, e.getKey().toString());
                    cell(row, SummaryRow.Column.SLOWEST_BROKER_MS, e.getValue()[0] / e.getValue()[1]);
                });
        return row;
    }

    private static void cell(SummaryRow row, SummaryRow.Column c, double v) {
        if (!Double.isNaN(v)) {
            row.put(c, v, 2);
        }
    }

    private double mean(ToDoubleFunction<LimitSample> f) {
        return samples.stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .average()
                .orElse(Double.NaN);
    }

    private double max(ToDoubleFunction<LimitSample> f) {
        return samples.stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .max()
                .orElse(Double.NaN);
    }

    private String count(ToDoubleFunction<LimitSample> f) {
        double[] known = samples.stream().mapToDouble(f).filter(v -> v >= 0).toArray();
        return known.length == 0
                ? "n/a"
                : Long.toString((long) java.util.Arrays.stream(known).sum());
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "n/a" : String.format(Locale.ROOT, "%.0f %%", 100 * share);
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f ms", v);
    }
}
