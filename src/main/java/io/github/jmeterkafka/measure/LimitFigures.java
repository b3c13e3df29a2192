package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * What each candidate limit showed over one window of a run (all of it, or its steady state), and which was hit
 * first ({@link LimitRules}).
 */
public final class LimitFigures {

    private final List<LimitSample> samples;
    private final LimitHit first;
    private final BrokerFigures brokers;

    private LimitFigures(List<LimitSample> samples) {
        this.samples = samples;
        this.first = LimitRules.first(samples);
        this.brokers = new BrokerFigures(samples);
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

    /** The figures of all these seconds: a jmeter-server's, as its samples brought them to the controller. */
    public static LimitFigures all(List<LimitSample> seconds) {
        return new LimitFigures(List.copyOf(seconds));
    }

    /** A window of ms since the epoch (a consumer's start and end) as the probe's nanoTime. */
    public static long[] epochWindow(long startMs, long endMs) {
        long offsetNanos = System.nanoTime() - System.currentTimeMillis() * 1_000_000;
        return new long[] {startMs * 1_000_000 + offsetNanos, endMs * 1_000_000 + offsetNanos};
    }

    /** A consumer's summary: its limits over its window, of the steady state when it has one. */
    public static LimitFigures ofConsumer(List<LimitSample> seconds, ConsumerStats.Summary s) {
        return s == null ? null : of(seconds, epochWindow(s.startMs, s.endMs));
    }

    /**
     * The summary's lines, of the steady state when there is one: the first limit hit, every candidate's figures, and
     * the brokers' own where a connection lists their metrics; none when no second was read (the probe off, or a run
     * shorter than a second).
     */
    public static List<String> lines(LimitFigures all, LimitFigures steady) {
        LimitFigures f = steady != null ? steady : all;
        String window = steady != null ? " (steady state)" : "";
        if (f.isEmpty()) {
            return List.of();
        }
        return f.brokers.isEmpty()
                ? List.of(f.firstLine(window), f.line(window))
                : List.of(f.firstLine(window), f.line(window), f.brokers.line(window));
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
    public LimitHit first() {
        return first;
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
                "cores %s busy (max %s), this JVM %s of %d, its threads waited %s a second for a core, GC paused %s"
                        + " (longest %s)",
                percent(busy),
                percent(max(s -> s.generator().coresBusy())),
                percent(mean(s -> s.generator().jvmCpu())),
                cores,
                ms(mean(s -> s.generator().waitMs())),
                percent(mean(s -> s.generator().gcPauseMs()) / 1000),
                ms(max(s -> s.generator().gcLongestMs())));
    }

    private String clientText() {
        double lag = max(s -> s.client().lag());
        return String.format(
                        Locale.ROOT,
                        "queue %s, buffer.memory full %s, batches %s full, throttled %s, %s retries, %s errors",
                        ms(mean(s -> s.client().queueMs())),
                        percent(mean(s -> s.client().bufferFull())),
                        percent(mean(s -> s.client().batchFill())),
                        ms(max(s -> s.client().throttleMs())),
                        count(s -> s.client().retries()),
                        count(s -> s.client().errors()))
                // a run without consumers has no lag to show
                + (Double.isNaN(lag) ? "" : ", consumers' lag up to " + Math.round(lag) + " records");
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

    /** Replication over the window: the most partitions at once under-replicated, under min ISR, offline; the leader changes summed. Null: never read. */
    private int[] replication() {
        List<LimitSample.Replication> read = samples.stream()
                .map(LimitSample::replication)
                .filter(r -> r != null)
                .toList();
        if (read.isEmpty()) {
            return null;
        }
        int[] r = new int[4];
        for (LimitSample.Replication x : read) {
            r[0] = Math.max(r[0], x.underReplicated());
            r[1] = Math.max(r[1], x.underMinIsr());
            r[2] = Math.max(r[2], x.offline());
            r[3] += x.leaderChanges();
        }
        return r;
    }

    private String replicationText() {
        int[] r = replication();
        return r == null
                ? "n/a"
                : String.format(
                        Locale.ROOT,
                        "%d under-replicated, %d under min ISR, %d offline (most at once), %d leader changes",
                        r[0],
                        r[1],
                        r[2],
                        r[3]);
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
        cell(row, SummaryRow.Column.THREADS_WAITED_MS, mean(s -> s.generator().waitMs()));
        cell(row, SummaryRow.Column.QUEUE_MS, mean(s -> s.client().queueMs()));
        cell(
                row,
                SummaryRow.Column.BUFFER_FULL_PERCENT,
                100 * mean(s -> s.client().bufferFull()));
        cell(row, SummaryRow.Column.THROTTLE_MS, max(s -> s.client().throttleMs()));
        double lag = max(s -> s.client().lag());
        if (!Double.isNaN(lag)) {
            row.put(SummaryRow.Column.CONSUMER_LAG, Math.round(lag));
        }
        Map<Integer, double[]> nodes = nodeMeans();
        nodes.entrySet().stream()
                .max((a, b) -> Double.compare(a.getValue()[0] / a.getValue()[1], b.getValue()[0] / b.getValue()[1]))
                .ifPresent(e -> {
                    row.put(SummaryRow.Column.SLOWEST_BROKER, e.getKey().toString());
                    cell(row, SummaryRow.Column.SLOWEST_BROKER_MS, e.getValue()[0] / e.getValue()[1]);
                });
        int[] r = replication();
        if (r != null) {
            row.put(SummaryRow.Column.UNDER_REPLICATED, r[0])
                    .put(SummaryRow.Column.UNDER_MIN_ISR, r[1])
                    .put(SummaryRow.Column.OFFLINE_PARTITIONS, r[2])
                    .put(SummaryRow.Column.LEADER_CHANGES, r[3]);
        }
        brokers.into(row);
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

    /** A share as "42 %", or n/a; the brokers' figures are written the same way. */
    static String percent(double share) {
        return Double.isNaN(share) ? "n/a" : String.format(Locale.ROOT, "%.0f %%", 100 * share);
    }

    static String ms(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f ms", v);
    }
}
