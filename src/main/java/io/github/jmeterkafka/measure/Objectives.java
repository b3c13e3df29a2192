package io.github.jmeterkafka.measure;

import io.github.jmeterkafka.measure.SummaryRow.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The objectives of {@code kafka.objectives}: {@code corrected p99 <= 50 ms; failed = 0; Produce: achieved >= 99 %},
 * criteria separated by {@code ;}, each for every Kafka sampler or, after {@code LABEL:}, for the sampler with that
 * label. Each sampler's are judged at test end on its summary rows: after the warm-up where the run has one, else all
 * of it, as the summary's lines say. One per test; thread-safe.
 */
public final class Objectives {

    /** One criterion, for the sampler labelled {@code label}, or every one (null). */
    public record Scoped(String label, Objective objective) {
        @Override
        public String toString() {
            return objective + (label == null ? "" : " for '" + label + "'");
        }
    }

    /**
     * One criterion judged for one sampler.
     *
     * @param label    the sampler's label; null when no sampler was judged
     * @param measured its figure; null when it has none
     * @param steady   whether the figure is of the part after the warm-up
     */
    public record Judgement(Scoped scoped, String label, Double measured, boolean steady) {
        public boolean met() {
            return measured != null && scoped.objective().met(measured);
        }

        /** One label per criterion and sampler, so a report's table shows each on its own row. */
        public String sampleLabel() {
            return "Kafka objective: " + (label == null ? scoped : scoped.objective() + " for '" + label + "'");
        }

        /** "Kafka objective missed: corrected p99 118 ms > 50 ms for 'Produce at a fixed rate'". */
        public String text() {
            Objective o = scoped.objective();
            if (label == null) {
                return "Kafka objective missed: "
                        + (scoped.label() == null
                                ? "no Kafka sampler's summary has its " + o.figure() + " to meet '" + o + "'"
                                : "no Kafka sampler labelled '" + scoped.label() + "' ran to meet '" + o + "'");
            }
            String part = steady ? " after its warm-up" : "";
            if (measured == null) {
                return "Kafka objective missed: '" + label + "' has no " + o.figure() + part + " to meet '" + o + "'";
            }
            return "Kafka objective " + (met() ? "met" : "missed") + ": " + o.judged(measured) + " for '" + label + "'"
                    + part;
        }
    }

    private final List<Scoped> list;
    // the criteria judged for at least one sampler: any other is missed at test end
    private final Set<Scoped> judged = ConcurrentHashMap.newKeySet();

    private Objectives(List<Scoped> list) {
        this.list = list;
    }

    /** Blank: none. A clear error naming the criterion that does not parse. */
    public static Objectives parse(String text) {
        List<Scoped> list = new ArrayList<>();
        for (String part : text.split(";", -1)) {
            if (part.isBlank()) {
                continue;
            }
            // no criterion has a colon: the last one ends a label, which may have its own
            int colon = part.lastIndexOf(':');
            String label = colon < 0 ? null : part.substring(0, colon).trim();
            if (label != null && label.isEmpty()) {
                throw new IllegalArgumentException("'" + part.trim() + "': no label before the ':'");
            }
            list.add(new Scoped(label, Objective.parse(part.substring(colon + 1))));
        }
        return new Objectives(List.copyOf(list));
    }

    public boolean isEmpty() {
        return list.isEmpty();
    }

    public List<Scoped> list() {
        return list;
    }

    /**
     * The criteria for one sampler's summary rows: its own, and those for every sampler whose figure its rows have.
     */
    public List<Judgement> judge(String label, List<SummaryRow> rows) {
        SummaryRow all = null;
        SummaryRow steady = null;
        for (SummaryRow r : rows) {
            if (label.equals(r.get(Column.LABEL))) {
                if (SummaryRow.ALL.equals(r.get(Column.PART))) {
                    all = r;
                } else if (SummaryRow.STEADY.equals(r.get(Column.PART))) {
                    steady = r;
                }
            }
        }
        SummaryRow row = steady != null ? steady : all;
        List<Judgement> out = new ArrayList<>();
        if (row == null) {
            return out;
        }
        for (Scoped s : list) {
            boolean own = label.equals(s.label());
            if (!own && s.label() != null) {
                continue;
            }
            Objective o = s.objective();
            Double measured = o.judges(row.get(Column.KIND)) ? o.measured(row) : null;
            if (measured != null || own) {
                judged.add(s);
                out.add(new Judgement(s, label, measured, row == steady));
            }
        }
        return out;
    }

    /** At test end: each criterion no sampler was judged on, missed. */
    public List<Judgement> unjudged() {
        List<Judgement> out = new ArrayList<>();
        for (Scoped s : list) {
            if (!judged.contains(s)) {
                out.add(new Judgement(s, null, null, false));
            }
        }
        return out;
    }
}
