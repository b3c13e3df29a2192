package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.measure.Objective;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The search for the highest rate that holds ({@link Verdict}): from the lowest bound, double the rate until one
 * fails or the highest bound holds, then halve the bracket between the highest rate that held and the lowest that
 * failed until it is within the precision. With repeats, both ends of the bracket are run again: an answer every
 * repeat agrees on is confirmed, else the search says it did not settle and gives no number.
 */
final class RateSearch {

    /** One run at a rate: a JMeter process in a search, a fake in a test. */
    interface Trial {
        Verdict run(long rate) throws IOException, InterruptedException;
    }

    enum Status {
        /** The highest rate that holds, within the precision of the lowest that failed. */
        FOUND,
        /** Even the highest bound held: the limit is above it. */
        ABOVE_BOUNDS,
        /**
         * The lowest rate that failed had the load generator as its first limit: the cluster's limit is above the
         * highest rate that held, by how much this generator cannot tell.
         */
        GENERATOR_BOUND,
        /** Even the lowest bound failed. */
        BELOW_BOUNDS,
        /** Repeats of one rate disagreed. */
        UNSETTLED
    }

    /** What the search found, with every run's verdict in the order they ran. */
    record Result(Status status, Verdict held, Verdict failed, List<Verdict> runs, String text) {}

    private final Search search;
    private final int repeats;
    private final Trial trial;
    private final PrintStream console;
    private final List<Verdict> runs = new ArrayList<>();

    RateSearch(Search search, int repeats, Trial trial, PrintStream console) {
        this.search = search;
        this.repeats = repeats;
        this.trial = trial;
        this.console = console;
    }

    Result run() throws IOException, InterruptedException {
        Verdict held = null;
        Verdict failed = null;
        long rate = search.low();
        while (failed == null) {
            Verdict v = once(rate);
            if (!v.holds()) {
                failed = v;
            } else if (rate >= search.high()) {
                held = v;
                break;
            } else {
                held = v;
                rate = Math.min(search.high(), rate * 2);
            }
        }
        while (held != null && failed != null && !search.settled(held.rate(), failed.rate())) {
            long next = Search.between(held.rate(), failed.rate());
            if (next == 0) {
                break;
            }
            Verdict v = once(next);
            if (v.holds()) {
                held = v;
            } else {
                failed = v;
            }
        }
        String unsettled = confirm(held, failed);
        return unsettled != null
                ? result(Status.UNSETTLED, held, failed, unsettled)
                : held == null
                        ? result(Status.BELOW_BOUNDS, null, failed, "")
                        : failed == null
                                ? result(Status.ABOVE_BOUNDS, held, null, "")
                                : result(
                                        failed.generatorBound() ? Status.GENERATOR_BOUND : Status.FOUND,
                                        held,
                                        failed,
                                        "");
    }

    private Verdict once(long rate) throws IOException, InterruptedException {
        Verdict v = trial.run(rate);
        runs.add(v);
        return v;
    }

    /** Runs both ends again {@code repeats - 1} times; what they disagreed on, or null when every repeat agreed. */
    private String confirm(Verdict held, Verdict failed) throws IOException, InterruptedException {
        List<String> disagreed = new ArrayList<>();
        for (Verdict end : new Verdict[] {held, failed}) {
            if (end == null || repeats < 2) {
                continue;
            }
            int holds = end.holds() ? 1 : 0;
            for (int r = 2; r <= repeats; r++) {
                holds += once(end.rate()).holds() ? 1 : 0;
            }
            String line = String.format(Locale.ROOT, "%,d records/s held in %d of %d runs", end.rate(), holds, repeats);
            console.println("repeats: " + line);
            if (end.holds() ? holds < repeats : holds > 0) {
                disagreed.add(line);
            }
        }
        return disagreed.isEmpty() ? null : String.join(", ", disagreed);
    }

    /** "corrected p99 <= 50 ms: 65,000 records/s (corrected p99 9 ms)". */
    private String held(Verdict held) {
        return String.format(
                Locale.ROOT,
                "%s: %,d records/s (%s %s ms)",
                search.objective(),
                held.rate(),
                search.objective().figure(),
                Objective.ms(held.objectiveMs()));
    }

    private Result result(Status status, Verdict held, Verdict failed, String unsettled) {
        String text = switch (status) {
            case FOUND ->
                String.format(
                        Locale.ROOT,
                        "The highest rate that holds %s. The lowest that failed: %,d"
                                + " records/s: %s. Bracket within %.1f %% (precision %s %%) after %d runs%s.",
                        held(held),
                        failed.rate(),
                        failed.why(),
                        100.0 * (failed.rate() - held.rate()) / held.rate(),
                        Objective.ms(search.precisionPercent()),
                        runs.size(),
                        repeats > 1 ? ", confirmed by " + repeats + " runs of each" : "");
            case GENERATOR_BOUND ->
                String.format(
                        Locale.ROOT,
                        "The highest rate that held %s. At %,d records/s the first limit"
                                + " hit was the load generator's, not the cluster's (%s): the cluster's limit is above"
                                + " %,d records/s. To find it, lift the generator's limit: run JMeter on machines of its"
                                + " own, away from the brokers, or give it more cores. %d runs%s.",
                        held(held),
                        failed.rate(),
                        failed.firstLimit(),
                        held.rate(),
                        runs.size(),
                        repeats > 1 ? ", confirmed by " + repeats + " runs of each" : "");
            case ABOVE_BOUNDS ->
                String.format(
                        Locale.ROOT,
                        "Every rate tried held %s, up to the highest bound %,d records/s (%s %s ms): the limit"
                                + " is above it; raise search.rate's bound. %d runs.",
                        search.objective(),
                        held.rate(),
                        search.objective().figure(),
                        Objective.ms(held.objectiveMs()),
                        runs.size());
            case BELOW_BOUNDS ->
                String.format(
                        Locale.ROOT,
                        "No rate held %s: the lowest bound %,d records/s failed: %s. %s",
                        search.objective(),
                        failed.rate(),
                        failed.why(),
                        failed.generatorBound()
                                ? "Its first limit hit was the load generator's (" + failed.firstLimit()
                                        + "), not the cluster's: give JMeter machines of its own, more cores, or more of them"
                                        + " (search.servers)."
                                : "Lower search.rate's bound.");
            case UNSETTLED ->
                String.format(
                        Locale.ROOT,
                        "The search did not settle %s: %s. The runs disagree, so no rate is given: make them longer"
                                + " (search.seconds), the cluster quieter, or repeat the search. %d runs.",
                        search.objective(),
                        unsettled,
                        runs.size());
        };
        return new Result(status, held, failed, List.copyOf(runs), text);
    }
}
