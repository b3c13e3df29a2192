package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.Jtl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Rates held: the Kafka Producer's target rate ({@code bench/plans/producer-paced.jmx}, {@code -Jtarget.rate}) at
 * each rate of {@link #rates} with each thread count of {@link #threads}, 1000 B records, {@code acks=1}. The achieved
 * rate is read from the JTL over {@link #window} after {@link #warmup} from the schedule's start, and must be within
 * {@link #SHARE} of the target. Beside every run at the top rate, ProducerPerformance at {@code --throughput -1} with
 * the same producer properties measures the most the broker takes (its ceiling), so that a rate missed there can be
 * told from one the plugin missed.
 */
final class RatesCase {
    /** In bench/plans: paced by the sampler's target rate, its timer never waiting. */
    static final String PLAN = "producer-paced.jmx";

    static final String LABEL = "produce";
    static final String TITLE = "Kafka Producer summary for '" + LABEL + "':";
    static final int RECORD_SIZE = 1000;
    /**
     * The most a sample claims, one thread sending: the records due within the schedule's window (10 ms), and those it
     * fell behind by. At 100,000/s one thread's sample takes 20-30 ms (10 ms of sends, linger.ms, the acks), so a
     * sample must be able to hold a few thousand records or JMeter's one sample at a time caps the rate.
     */
    static final int MAX_RECORDS_PER_SAMPLE = 10_000;
    /** The producer's default buffer.memory: the samples of all threads together are kept within it. */
    static final long BUFFER_MEMORY = 32L * 1024 * 1024;

    static final String ACKS = "1";
    /** Achieved within this share of the target. */
    static final double SHARE = 0.005;
    /** Scheduled after the window: the run's last samples (threads running out of records) fall outside it. */
    static final Duration TAIL = Duration.ofSeconds(2);
    /** perf-test's ceiling run: about 15-25 s here; its steady state leaves the first {@link #CEILING_WARMUP_RECORDS} out. */
    static final long CEILING_RECORDS = 2_000_000;

    static final long CEILING_WARMUP_RECORDS = 500_000;

    static final String CASE = "rates";

    final List<Integer> rates;
    final List<Integer> threads;
    final int partitions;
    final Duration warmup;
    final Duration window;
    /** More than 0: every run's records per sample, in place of what the buffer allows. */
    final int recordsPerSampleOverride;

    RatesCase(List<Integer> rates, List<Integer> threads, int partitions, Duration warmup, Duration window) {
        this(rates, threads, partitions, warmup, window, 0);
    }

    RatesCase(
            List<Integer> rates,
            List<Integer> threads,
            int partitions,
            Duration warmup,
            Duration window,
            int recordsPerSampleOverride) {
        if (rates.isEmpty() || threads.isEmpty()) {
            throw new IllegalArgumentException("rates case: no rates or no thread counts");
        }
        this.rates = List.copyOf(rates);
        this.threads = List.copyOf(threads);
        this.partitions = partitions;
        this.warmup = warmup;
        this.window = window;
        this.recordsPerSampleOverride = recordsPerSampleOverride;
    }

    /**
     * {@code bench.rates} (100,2000,20000,100000 records/s), {@code bench.rates.threads} (1,16), {@code
     * bench.rates.partitions} (6), {@code bench.rates.warmup.s} (5), {@code bench.rates.window.s} (60; shorter for a
     * quick look), {@code bench.rates.records.per.sample} (0: as the producer's buffer allows).
     */
    static RatesCase fromSystemProperties() {
        return new RatesCase(
                ints(System.getProperty("bench.rates", "100,2000,20000,100000")),
                ints(System.getProperty("bench.rates.threads", "1,16")),
                Integer.getInteger("bench.rates.partitions", 6),
                Duration.ofSeconds(Long.getLong("bench.rates.warmup.s", 5)),
                Duration.ofSeconds(Long.getLong("bench.rates.window.s", 60)),
                Integer.getInteger("bench.rates.records.per.sample", 0));
    }

    static List<Integer> ints(String list) {
        // limit 0: a trailing comma adds nothing
        return Arrays.stream(list.split(",", 0))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(Integer::valueOf)
                .collect(Collectors.toList());
    }

    /** The records of a run at {@code rate}: the warm-up, the window and the tail on schedule, no more. */
    long records(int rate) {
        return rate * warmup.plus(window).plus(TAIL).toMillis() / 1000;
    }

    /**
     * Records per sample for {@code threads} threads: {@link #MAX_RECORDS_PER_SAMPLE}, fewer when the samples of all
     * threads would not fit in the shared producer's buffer.memory (rounded down to hundreds), as the plugin's
     * documentation asks; {@code override} instead when more than 0. Beyond the buffer, records wait in send() for
     * space and the connection warns: with 16 threads of 10,000 records each, the samples that caught up after a cold
     * start took 1.5-2.9 s each. Below it, a thread's records in flight are capped by its sample, which waits for all
     * their acks: with 16 threads of 1,000 the plugin reached 36,000-56,000 records/s for 20 s on a busy machine where
     * perf-test, with up to 32 MB in flight, reached 92,000.
     */
    static int recordsPerSample(int threads, int override) {
        if (override > 0) {
            return override;
        }
        long fit = BUFFER_MEMORY / ((long) threads * RECORD_SIZE);
        if (fit >= 100) {
            fit = fit / 100 * 100;
        }
        return (int) Math.max(1, Math.min(MAX_RECORDS_PER_SAMPLE, fit));
    }

    int recordsPerSample(int threads) {
        return recordsPerSample(threads, recordsPerSampleOverride);
    }

    int topRate() {
        return rates.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    String title() {
        return RECORD_SIZE + " B records, " + partitions + " partitions, acks=" + ACKS + ", at "
                + rates.stream().map(r -> Report.f0(r) + "/s").collect(Collectors.joining(", ")) + " with "
                + threads.stream()
                        .map(t -> t + (t == 1 ? " thread" : " threads") + " (up to " + recordsPerSample(t)
                                + " records/sample)")
                        .collect(Collectors.joining(" and "))
                + "; the rate over " + window.toSeconds() + " s after a "
                + warmup.toSeconds() + " s warm-up, within " + percent(SHARE) + " of the target";
    }

    /**
     * ProducerPerformance's arguments for the ceiling beside the runs at the top rate: unthrottled, the same records
     * and producer properties, its first {@link #CEILING_WARMUP_RECORDS} left out of the steady-state line it then
     * prints (a cold producer's first seconds run at a fraction of the rate).
     */
    List<String> ceilingArgs(String bootstrapServers, String topic) {
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap-server",
                bootstrapServers,
                "--topic",
                topic,
                "--num-records",
                Long.toString(CEILING_RECORDS),
                "--warmup-records",
                Long.toString(CEILING_WARMUP_RECORDS),
                "--record-size",
                Integer.toString(RECORD_SIZE),
                "--throughput",
                "-1",
                "--command-property"));
        producerProperties().forEach((k, v) -> args.add(k + "=" + v));
        return args;
    }

    /** Both sides': Kafka 4's defaults but acks=1. */
    static Map<String, String> producerProperties() {
        return ProducerCase.props(ACKS, "5");
    }

    static String side(int threads, int rate) {
        return "plugin " + threads + (threads == 1 ? " thread" : " threads") + " at " + rate + "/s";
    }

    /**
     * The records the JTL's samples say were acknowledged in the window: a sample ends when all its records are
     * acknowledged, so each counts its records at its end ({@code timeStamp}, the start, plus {@code elapsed}). The
     * window starts {@code warmup} after the schedule's start, the first record's send: the first sample's start
     * plus its connect time (its wait for the topic's metadata, before the send). A sample across either edge moves
     * at most its records (about rate x 10-30 ms) in or out. The window's seconds are counted apart too: the slowest
     * and the fastest show a stall or a catch-up that the window's average hides.
     */
    static Window window(List<Jtl.Row> rows, Duration warmup, Duration length) {
        long start =
                rows.stream().mapToLong(r -> r.timeStamp() + r.connect()).min().orElse(0);
        long from = start + warmup.toMillis();
        long to = from + length.toMillis();
        long[] seconds = new long[(int) Math.max(1, length.toSeconds())];
        long records = 0;
        long samples = 0;
        long largest = 0;
        long failed = 0;
        long lastEnd = 0;
        for (Jtl.Row r : rows) {
            long end = r.timeStamp() + r.elapsed();
            lastEnd = Math.max(lastEnd, end);
            if (end >= from && end < to) {
                long acked = (long) r.sampleCount() - r.errorCount();
                records += acked;
                seconds[(int) Math.min(seconds.length - 1, (end - from) / 1000)] += acked;
                failed += r.errorCount();
                samples++;
                largest = Math.max(largest, r.sampleCount());
            }
        }
        return new Window(
                start,
                length,
                records,
                samples,
                largest,
                failed,
                lastEnd >= to,
                Arrays.stream(seconds).min().orElse(0),
                Arrays.stream(seconds).max().orElse(0));
    }

    /**
     * What the JTL says of the window.
     *
     * @param startMs       the schedule's start (epoch ms)
     * @param covered       whether samples ended after the window: else the run ended inside it and the rate is short
     * @param slowestSecond the fewest records acknowledged in one of the window's seconds
     * @param fastestSecond the most
     */
    record Window(
            long startMs,
            Duration length,
            long records,
            long samples,
            long largestSample,
            long failed,
            boolean covered,
            long slowestSecond,
            long fastestSecond) {
        double recordsPerSec() {
            return records * 1000.0 / length.toMillis();
        }

        double recordsPerSample() {
            return samples == 0 ? Double.NaN : (double) records / samples;
        }
    }

    /**
     * One run at one rate and thread count: the window's figures, and the plugin's summary of the whole run (its
     * rate, the time its schedule was behind, the records' send delay, the CPU).
     */
    record Run(int threads, int rate, int repeat, Window window, StallCase.Run summary, long budget) {

        static Run of(
                int threads,
                int rate,
                int repeat,
                Window window,
                String stdout,
                double cpu,
                double cpuAfterStart,
                double wall,
                double steal,
                long stored,
                long budget) {
            StallCase.Run summary = StallCase.Run.plugin(
                    CASE,
                    side(threads, rate),
                    repeat,
                    stdout,
                    TITLE,
                    cpu,
                    cpuAfterStart,
                    wall,
                    steal,
                    stored,
                    -1,
                    -1,
                    null);
            return new Run(threads, rate, repeat, window, summary, budget);
        }

        double achieved() {
            return window.recordsPerSec();
        }

        /** Achieved over target, less one. */
        double deviation() {
            return (achieved() - rate) / rate;
        }

        boolean met() {
            return window.covered() && Math.abs(deviation()) <= SHARE;
        }

        Report.Run whole() {
            return summary.sendToAck();
        }

        long stored() {
            return whole().brokerRecords();
        }

        /** Its rows in runs.csv: the whole run as the summary gives it, then the window alone (no CPU there). */
        List<Report.Run> rows() {
            Figures.Producer w = new Figures.Producer(
                    window.records(),
                    achieved(),
                    achieved() * RECORD_SIZE / 1024 / 1024,
                    Double.NaN,
                    Double.NaN,
                    -1,
                    -1,
                    -1,
                    -1);
            Report.Run windowRow = Report.Run.producer(
                    side(threads, rate) + " window",
                    repeat,
                    w,
                    Double.NaN,
                    Double.NaN,
                    whole().wall(),
                    whole().steal(),
                    stored(),
                    -1);
            return List.of(whole(), windowRow);
        }

        String format() {
            Report.Run w = whole();
            return String.format(
                    Locale.ROOT,
                    "%,.1f records/s in the %d s window (%+.3f %%, %s; its seconds %,d to %,d), %,d records in %,d samples"
                            + " (largest %,d)%s;"
                            + " whole run %,.1f records/s, %s, send delay p99 %.0f max %.0f ms; CPU %.2f s (%.2f s after"
                            + " test start), %.1f µs/record; broker holds %,d of %,d; load %.1f, steal %.0f %%",
                    achieved(),
                    window.length().toSeconds(),
                    deviation() * 100,
                    met() ? "met" : "MISSED",
                    window.slowestSecond(),
                    window.fastestSecond(),
                    window.records(),
                    window.samples(),
                    window.largestSample(),
                    window.covered() ? "" : ", THE RUN ENDED INSIDE THE WINDOW",
                    w.recordsPerSec(),
                    summary.paced() ? summary.behind().format() : "no schedule figures",
                    summary.paced() ? summary.sendDelay().p99Ms() : Double.NaN,
                    summary.paced() ? summary.sendDelay().maxMs() : Double.NaN,
                    w.cpu(),
                    w.cpuAfterStart(),
                    w.cpuAfterStart() * 1e6 / w.records(),
                    stored(),
                    budget,
                    w.load(),
                    w.steal() * 100);
        }
    }

    /** Medians by rate and thread count, the ceiling beside the top rate, then every run. */
    void table(StringBuilder s, List<Run> runs, List<Report.Run> ceilings) {
        if (runs.isEmpty() && ceilings.isEmpty()) {
            return;
        }
        s.append("\nRates held by the target rate (")
                .append(title())
                .append("), medians of the runs. Records/s in the window: records of the samples that ended in it"
                        + " (all their records acknowledged), over its length; its slowest and fastest second likewise."
                        + " CPU of the JMeter process after \"Starting standalone test\". The ceiling: perf-test's"
                        + " steady state:\n\n");
        s.append("| target/s | threads | runs | records/s in the window | off by | ±" + percent(SHARE)
                + " | slowest / fastest second | records in the window | samples (records/sample) | whole run records/s"
                + " | behind schedule s | send delay p99 / max ms | CPU µs/record | broker holds |\n");
        s.append("|--:|--:|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|---|\n");
        for (int rate : rates) {
            for (int t : threads) {
                List<Run> of = of(runs, t, rate);
                if (!of.isEmpty()) {
                    row(s, rate, t, of);
                }
            }
            if (rate == topRate() && !ceilings.isEmpty()) {
                s.append(String.format(
                        Locale.ROOT,
                        "| (ceiling) | perf-test --throughput -1 | %d | %s | | | | | | | | | | |%n",
                        ceilings.size(),
                        Report.f1(Report.median(ceilings, Report.Run::recordsPerSec))));
            }
        }
        if (!ceilings.isEmpty()) {
            s.append(String.format(
                    Locale.ROOT,
                    "%nThe broker's ceiling, beside the %s/s runs: ProducerPerformance --throughput -1, %s x %d B, %d"
                            + " partitions, the same producer properties, %s records/s in its steady state (the first %s"
                            + " records left out; runs: %s).%n",
                    Report.f0(topRate()),
                    Bench.count(CEILING_RECORDS),
                    RECORD_SIZE,
                    partitions,
                    Report.f0(Report.median(ceilings, Report.Run::recordsPerSec)),
                    Bench.count(CEILING_WARMUP_RECORDS),
                    ceilings.stream().map(r -> Report.f0(r.recordsPerSec())).collect(Collectors.joining(", "))));
        }
        s.append("\nRuns:\n");
        runs.forEach(r -> s.append("- #")
                .append(r.repeat() + 1)
                .append(' ')
                .append(side(r.threads(), r.rate()))
                .append(": ")
                .append(r.format())
                .append('\n'));
        ceilings.forEach(r -> s.append("- #")
                .append(r.repeat() + 1)
                .append(" perf-test ceiling, steady state: ")
                .append(Report.format(r))
                .append('\n'));
        s.append('\n');
    }

    private static void row(StringBuilder s, int rate, int threads, List<Run> runs) {
        double achieved = Report.median(runs, Run::achieved);
        long off = runs.stream().filter(r -> r.stored() != r.budget()).count();
        List<Run> paced = runs.stream().filter(r -> r.summary().paced()).collect(Collectors.toList());
        s.append(String.format(
                Locale.ROOT,
                "| %s | %d | %d | %s | %+.3f %% | %s | %s / %s | %s | %s (%s) | %s | %s | %s / %s | %s | %s |%n",
                Report.f0(rate),
                threads,
                runs.size(),
                Report.f1(achieved),
                (achieved - rate) / rate * 100,
                verdict(runs),
                Report.f0(Report.median(runs, r -> r.window().slowestSecond())),
                Report.f0(Report.median(runs, r -> r.window().fastestSecond())),
                Report.f0(Report.median(runs, r -> r.window().records())),
                Report.f0(Report.median(runs, r -> r.window().samples())),
                Report.f1(Report.median(runs, r -> r.window().recordsPerSample())),
                Report.f1(Report.median(runs, r -> r.whole().recordsPerSec())),
                Report.f1(Report.median(paced, r -> r.summary().behind().seconds())),
                Report.f0(Report.median(paced, r -> r.summary().sendDelay().p99Ms())),
                Report.f0(Report.median(paced, r -> r.summary().sendDelay().maxMs())),
                Report.f1(Report.median(
                        runs, r -> r.whole().cpuAfterStart() * 1e6 / r.whole().records())),
                off == 0 ? "all, in every run" : "**" + off + " run(s) off**"));
    }

    /**
     * One target per rate and thread count, met when every run held the rate: reported, not fatal; at the top rate
     * with the ceiling beside it.
     */
    void targets(List<String[]> rows, List<Run> runs, List<Report.Run> ceilings) {
        double ceiling = Report.median(ceilings, Report.Run::recordsPerSec);
        for (int rate : rates) {
            for (int t : threads) {
                List<Run> of = of(runs, t, rate);
                if (of.isEmpty()) {
                    continue;
                }
                double achieved = Report.median(of, Run::achieved);
                String measured = String.format(
                        Locale.ROOT, "%s/s (%+.3f %%)", Report.f1(achieved), (achieved - rate) / rate * 100);
                long missed = of.stream().filter(r -> !r.met()).count();
                if (of.size() > 1) {
                    measured += String.format(Locale.ROOT, "; %d of %d runs missed", missed, of.size());
                }
                if (rate == topRate() && !Double.isNaN(ceiling)) {
                    measured += "; the broker's ceiling (perf-test --throughput -1) " + Report.f0(ceiling) + "/s";
                }
                rows.add(Report.target(
                        "(rates) " + t + (t == 1 ? " thread" : " threads") + " at " + Report.f0(rate) + "/s: within ±"
                                + percent(SHARE) + " over " + window.toSeconds() + " s",
                        measured,
                        missed == 0));
            }
        }
    }

    /** met when every run was; else how many of them missed. */
    private static String verdict(List<Run> runs) {
        long missed = runs.stream().filter(r -> !r.met()).count();
        if (missed == 0) {
            return "met";
        }
        return runs.size() == 1 ? "**missed**" : "**missed " + missed + " of " + runs.size() + "**";
    }

    /** runs.csv rows: case "rates" (the whole run and its window, a row each) and "rates-ceiling". */
    static void csv(StringBuilder s, List<Run> runs, List<Report.Run> ceilings) {
        runs.forEach(r -> r.rows().forEach(x -> Report.row(s, CASE, x)));
        ceilings.forEach(r -> Report.row(s, CASE + "-ceiling", r));
    }

    private static List<Run> of(List<Run> runs, int threads, int rate) {
        return runs.stream()
                .filter(r -> r.threads() == threads && r.rate() == rate)
                .collect(Collectors.toList());
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", share * 100);
    }
}
