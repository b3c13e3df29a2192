package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * When each candidate limit was hit in a run's seconds, and so which was hit first: the earliest second from which a
 * candidate stayed at its limit ({@link #SUSTAINED} seconds in a row for a level such as CPU, at once for a count such
 * as a failed record). Each threshold is one constant here.
 */
final class LimitRules {
    /** Busy share of the generator's cores from which they count as full. */
    static final double CORES_FULL = 0.90;
    /**
     * Time the generator's threads waited for a core, ms per second summed over its threads, from which full cores hold
     * it up: cores full of other work that its threads did not wait for are not its limit.
     */
    static final double WAIT_MS = 100;
    /** GC pause time per second from which the generator counts as held up by its GC. */
    static final double GC_PAUSE_MS = 100;
    /** Share of the time a send waited for buffer.memory from which the producers count as held back. */
    static final double BUFFER_FULL = 0.10;
    /** A node stands out when its request latency is this many times the others' median, and at least {@link #NODE_MIN_MS}. */
    static final double NODE_FACTOR = 3;

    static final double NODE_MIN_MS = 10;
    /** A broker's request handler or network threads idle less than this share of the time count as its limit. */
    static final double BROKER_IDLE = 0.20;
    /** A request answered after this long is a stall of its broker, unless this JVM or replication explains it. */
    static final double STALL_MS = 1000;
    /**
     * Seconds after a stall in which replication reaching its limit explains it: under acks=all a leader answers only
     * once a lost follower has left the ISR.
     */
    static final int STALL_EXPLAINED_S = 2;
    /** Seconds in a row a level must stay at its limit to count: one busy second is noise. */
    static final int SUSTAINED = 3;

    private LimitRules() {}

    static LimitHit first(List<LimitSample> samples) {
        LimitHit best = null;
        for (LimitKind kind : LimitKind.values()) {
            LimitHit h = firstOf(kind, samples);
            if (h != null && (best == null || h.atSecond() < best.atSecond())) {
                best = h;
            }
        }
        return best;
    }

    private static LimitHit firstOf(LimitKind kind, List<LimitSample> samples) {
        long start = samples.isEmpty() ? 0 : samples.get(0).nanos() - 1_000_000_000L;
        int run = 0;
        for (int i = 0; i < samples.size(); i++) {
            Level level = level(kind, samples, i);
            if (level == null) {
                run = 0;
                continue;
            }
            run++;
            int needed = level.sustained ? Math.min(SUSTAINED, samples.size()) : 1;
            if (run >= needed) {
                LimitSample from = samples.get(i - run + 1);
                return new LimitHit(
                        kind,
                        level(kind, samples, i - run + 1).what,
                        Math.max(0, (from.nanos() - start) / 1_000_000_000L - 1));
            }
        }
        return null;
    }

    /** What a sample shows at the kind's limit, or null when it is below. */
    private record Level(String what, boolean sustained) {}

    private static Level level(LimitKind kind, List<LimitSample> samples, int i) {
        LimitSample s = samples.get(i);
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
            case BROKER -> {
                Level stall = stalled(samples, i);
                Level slow = stall != null ? stall : standsOut(s.nodes());
                yield slow != null ? slow : busiest(s.brokers());
            }
            case CLIENT -> client(s.client());
        };
    }

    private static Level generator(LimitSample.Generator g) {
        boolean known = !Double.isNaN(g.coresBusy());
        boolean full = known ? g.coresBusy() >= CORES_FULL : g.jvmCpu() >= CORES_FULL;
        boolean waitKnown = !Double.isNaN(g.waitMs());
        if (full && (!waitKnown || g.waitMs() >= WAIT_MS)) {
            return new Level(
                    String.format(
                            Locale.ROOT,
                            "its %s %s %.0f %% busy (this JVM %.0f %%%s)",
                            g.cores() == 1 ? "core" : g.cores() + " cores",
                            g.cores() == 1 ? "was" : "were",
                            100 * (known ? g.coresBusy() : g.jvmCpu()),
                            100 * g.jvmCpu(),
                            waitKnown
                                    ? String.format(
                                            Locale.ROOT, "; its threads waited %.0f ms a second for one", g.waitMs())
                                    : ""),
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

    /**
     * The node that took longest to answer a request ended in second {@code i}, from {@link #STALL_MS}: not when this
     * JVM was held up while the request waited (its own limit, or its threads waiting for a core half as long: the
     * client's delay, not the broker's), nor when replication reaches its limit within {@link #STALL_EXPLAINED_S}
     * seconds.
     */
    private static Level stalled(List<LimitSample> samples, int i) {
        Map.Entry<Integer, Double> longest = null;
        for (Map.Entry<Integer, Double> e : samples.get(i).longest().entrySet()) {
            if (longest == null || e.getValue() > longest.getValue()) {
                longest = e;
            }
        }
        if (longest == null || longest.getValue() < STALL_MS) {
            return null;
        }
        double ms = longest.getValue();
        for (int j = Math.max(0, i - (int) Math.ceil(ms / 1000)); j <= i; j++) {
            LimitSample.Generator g = samples.get(j).generator();
            if (generator(g) != null || g.waitMs() >= ms / 2) {
                return null;
            }
        }
        for (int j = i; j < Math.min(samples.size(), i + STALL_EXPLAINED_S + 1); j++) {
            if (replication(samples.get(j).replication()) != null) {
                return null;
            }
        }
        return new Level(
                String.format(Locale.ROOT, "broker %d took %.0f ms to answer a request", longest.getKey(), ms), false);
    }

    /** The broker whose request handler or network threads were idle least, when below {@link #BROKER_IDLE}. */
    private static Level busiest(Map<Integer, LimitSample.Broker> brokers) {
        Level level = null;
        double least = BROKER_IDLE;
        for (Map.Entry<Integer, LimitSample.Broker> e : brokers.entrySet()) {
            double handlers = e.getValue().handlerIdle();
            double network = e.getValue().networkIdle();
            // NaN compares false: a figure not read never counts
            if (handlers < least) {
                least = handlers;
                level = idle(e.getKey(), "request handler", handlers);
            }
            if (network < least) {
                least = network;
                level = idle(e.getKey(), "network", network);
            }
        }
        return level;
    }

    private static Level idle(int broker, String threads, double share) {
        return new Level(
                String.format(Locale.ROOT, "broker %d's %s threads were %.0f %% idle", broker, threads, 100 * share),
                true);
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
}
