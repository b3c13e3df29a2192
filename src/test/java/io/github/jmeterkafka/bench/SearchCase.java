package io.github.jmeterkafka.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The capacity search checked by Kafka's tool: {@link #searches} searches with test-plans/sweeps/capacity.properties'
 * settings (1000 B, 6 partitions, acks=1, corrected p99 <= 50 ms, 5 s warm-up) over {@code bench.search.rate}, each
 * run {@code bench.search.seconds}; then kafka-producer-perf-test at 0.8, 1 and 1.25 times the median answer R, with
 * the same warm-up left out ({@code --warmup-records}). The answer stands when perf-test holds R with its p99 within
 * max(25 %, 5 ms) of the objective or under it, and misses the rate or the objective at 1.25 R; the searches agree
 * within {@link #AGREE}.
 */
final class SearchCase {
    static final String CASE = "search";
    static final String SWEEP = "capacity.properties";
    static final double OBJECTIVE_MS = 50;
    static final int WARMUP_S = 5;
    static final double[] CHECKS = {0.8, 1.0, 1.25};
    static final double AGREE = 0.10;
    static final int MAX_RUNS = 10;

    final String rate;
    final int seconds;
    final int searches;
    // 0: none; else the broker's produce quota for all clients, a capacity the machine's noise does not move
    final int quotaMb;
    // the search file's repeats: both ends of the final bracket run again, an answer only where they agree
    final int repeats;
    // perf-test's records left out, in seconds of its rate: it starts at full rate and catches up for seconds
    final int perfWarmupS;

    SearchCase(String rate, int seconds, int searches, int quotaMb, int repeats, int perfWarmupS) {
        this.rate = rate;
        this.seconds = seconds;
        this.searches = searches;
        this.quotaMb = quotaMb;
        this.repeats = repeats;
        this.perfWarmupS = perfWarmupS;
    }

    /**
     * Reads {@code bench.search.rate} (10000-200000), {@code bench.search.seconds} (30), {@code bench.search.count}
     * (3), {@code bench.search.quota.mb} (0: the broker unthrottled), {@code bench.search.repeats} (1) and {@code
     * bench.search.perf.warmup.s} (5, as the plan's).
     */
    static SearchCase fromSystemProperties() {
        return new SearchCase(
                System.getProperty("bench.search.rate", "10000-200000"),
                Integer.getInteger("bench.search.seconds", 30),
                Integer.getInteger("bench.search.count", 3),
                Integer.getInteger("bench.search.quota.mb", 0),
                Integer.getInteger("bench.search.repeats", 1),
                Integer.getInteger("bench.search.perf.warmup.s", WARMUP_S));
    }

    String title() {
        return searches + " searches of test-plans/sweeps/" + SWEEP + " over " + rate + " records/s, " + seconds
                + " s a run"
                + (repeats > 1 ? ", repeats=" + repeats : "")
                + (quotaMb > 0 ? ", the broker's produce quota " + quotaMb + " MB/s for all clients" : "")
                + "; perf-test at 0.8, 1 and 1.25 x the median answer"
                + (perfWarmupS != WARMUP_S ? ", its first " + perfWarmupS + " s left out" : "");
    }

    /** One search: its answer (0: none), the lowest rate that failed, its runs and its last line. */
    record Search(int number, long held, long failed, int runs, String answer) {}

    /** One perf-test run at {@code factor} x R. */
    record Check(double factor, long rate, double recordsPerSec, long p99Ms, long p999Ms) {}

    static long median(List<Search> searches) {
        List<Long> held =
                searches.stream().map(Search::held).filter(h -> h > 0).sorted().toList();
        return held.isEmpty() ? 0 : held.get(held.size() / 2);
    }

    void table(StringBuilder s, List<Search> found, List<Check> checks) {
        s.append("\n### Capacity search: ").append(title()).append("\n\n");
        s.append("| search | highest rate that held | lowest that failed | runs | answer |\n|---|---|---|---|---|\n");
        for (Search f : found) {
            s.append(String.format(
                    Locale.ROOT,
                    "| %d | %,d | %,d | %d | %s |%n",
                    f.number(),
                    f.held(),
                    f.failed(),
                    f.runs(),
                    f.answer().replace("|", "\\|")));
        }
        s.append("\n| perf-test at | --throughput | records/s | p99 ms | p99.9 ms | |\n|---|---|---|---|---|---|\n");
        for (Check c : checks) {
            s.append(String.format(
                    Locale.ROOT,
                    "| %.2f R | %,d | %,.1f | %d | %d | %s |%n",
                    c.factor(),
                    c.rate(),
                    c.recordsPerSec(),
                    c.p99Ms(),
                    c.p999Ms(),
                    check(c)));
        }
        s.append("\nVerdict: ")
                .append(String.join("; ", verdict(found, checks)))
                .append('\n');
    }

    /** Whether perf-test held the rate and met the objective (with the allowance) at one check. */
    static String check(Check c) {
        boolean rate = c.recordsPerSec() >= c.rate() * 0.99;
        boolean latency = c.p99Ms() <= OBJECTIVE_MS + Math.max(OBJECTIVE_MS * 0.25, 5);
        return (rate ? "held the rate" : "missed the rate") + ", " + (latency ? "met" : "missed") + " the objective";
    }

    static List<String> verdict(List<Search> found, List<Check> checks) {
        List<String> v = new ArrayList<>();
        long r = median(found);
        long lo = found.stream().mapToLong(Search::held).min().orElse(0);
        long hi = found.stream().mapToLong(Search::held).max().orElse(0);
        v.add(r == 0 ? "**no answer**" : String.format(Locale.ROOT, "median answer %,d records/s", r));
        v.add(
                hi > 0 && lo > 0 && (hi - lo) <= r * AGREE
                        ? String.format(Locale.ROOT, "the searches agree within %.1f %%", 100.0 * (hi - lo) / r)
                        : String.format(Locale.ROOT, "**the searches differ**: %,d to %,d", lo, hi));
        v.add(
                found.stream().allMatch(f -> f.runs() <= MAX_RUNS)
                        ? "each search took <= " + MAX_RUNS + " runs"
                        : "**a search took more than " + MAX_RUNS + " runs**");
        for (Check c : checks) {
            if (c.factor() == 1.0) {
                v.add("at R perf-test " + check(c)
                        + (check(c).equals("held the rate, met the objective") ? "" : " **(missed)**"));
            } else if (c.factor() > 1.0) {
                v.add("at 1.25 R perf-test " + check(c)
                        + (check(c).equals("held the rate, met the objective")
                                ? " **(no knee shown)**"
                                : ": the knee"));
            }
        }
        return v;
    }
}
