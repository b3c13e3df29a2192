package io.github.jmeterkafka.measure;

import io.github.jmeterkafka.measure.SummaryRow.Column;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A criterion on the figures a summary row carries: {@code corrected p99 <= 50 ms}, {@code failed = 0},
 * {@code achieved >= 99 %}, {@code records/s >= 50000}. A latency is a paced producer's corrected one (from each
 * record's intended send time: a stall shows), its send-to-ack one (as perf-test measures it: a stall hides) or the
 * consumers' end-to-end one (e2e), at p50, p95, p99, p99.9, p99.99 or max; achieved is the records/s reached in % of
 * the rate the run was expected to reach.
 *
 * @param figure what is measured, as written back: "corrected p99", "failed", "achieved", "records/s"
 * @param kind   the summary row kind that carries it ("producer", "consumer"); null: every kind's rows
 * @param column the row's column; null for achieved (records/s over the expected records/s)
 */
public record Objective(String figure, String kind, Column column, Comparison comparison, double limit, String unit) {

    /** How a figure is held against its limit, and the words for a miss. */
    public enum Comparison {
        AT_MOST("<=", ">"),
        BELOW("<", ">="),
        AT_LEAST(">=", "<"),
        ABOVE(">", "<="),
        EQUAL("=", "!=");

        final String sign;
        final String missed;

        Comparison(String sign, String missed) {
            this.sign = sign;
            this.missed = missed;
        }

        boolean holds(double v, double limit) {
            return switch (this) {
                case AT_MOST -> v <= limit;
                case BELOW -> v < limit;
                case AT_LEAST -> v >= limit;
                case ABOVE -> v > limit;
                case EQUAL -> v == limit;
            };
        }

        static Comparison of(String sign) {
            for (Comparison c : values()) {
                if (c.sign.equals(sign)) {
                    return c;
                }
            }
            return EQUAL; // "=="
        }
    }

    static final String FORMS = "LATENCY PERCENTILE <= MS (e.g. 'corrected p99 <= 50 ms'; LATENCY one of corrected,"
            + " send-to-ack, e2e; PERCENTILE one of p50, p95, p99, p99.9, p99.99, max), 'failed = 0', 'achieved >= 99 %'"
            + " or 'records/s >= 50000'";

    private static final String LATENCY =
            "(corrected|send-to-ack|e2e|end-to-end)\\s+(p50|p95|p99|p99\\.9|p99\\.99|max)";
    private static final Pattern FORM = Pattern.compile(
            "(?:" + LATENCY + "|(failed|achieved|records/s))\\s*(<=|>=|==|=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ms|%)?",
            Pattern.CASE_INSENSITIVE);
    private static final List<String> PERCENTILES = List.of("p50", "p95", "p99", "p99.9", "p99.99", "max");
    private static final Map<String, List<Column>> COLUMNS = Map.of(
            "corrected",
            List.of(
                    Column.CORRECTED_P50_MS,
                    Column.CORRECTED_P95_MS,
                    Column.CORRECTED_P99_MS,
                    Column.CORRECTED_P999_MS,
                    Column.CORRECTED_P9999_MS,
                    Column.CORRECTED_MAX_MS),
            "send-to-ack",
            List.of(Column.P50_MS, Column.P95_MS, Column.P99_MS, Column.P999_MS, Column.P9999_MS, Column.MAX_MS));

    /** Any objective; a clear error naming the forms for anything else. */
    public static Objective parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text.trim() + "' is not an objective: write " + FORMS);
        }
        Comparison comparison = Comparison.of(m.group(4));
        double limit = Double.parseDouble(m.group(5));
        String unit = m.group(6) == null ? "" : m.group(6).toLowerCase(Locale.ROOT);
        if (m.group(1) != null) {
            if (unit.equals("%")) {
                throw new IllegalArgumentException("'" + text.trim() + "': a latency is in ms, not %");
            }
            String latency = m.group(1).toLowerCase(Locale.ROOT).replace("end-to-end", "e2e");
            String percentile = m.group(2).toLowerCase(Locale.ROOT);
            // end-to-end latency is the consumers' send-to-ack columns
            List<Column> columns = COLUMNS.get(latency.equals("corrected") ? "corrected" : "send-to-ack");
            return new Objective(
                    latency + " " + percentile,
                    latency.equals("e2e") ? "consumer" : "producer",
                    columns.get(PERCENTILES.indexOf(percentile)),
                    comparison,
                    limit,
                    "ms");
        }
        String figure = m.group(3).toLowerCase(Locale.ROOT);
        boolean achieved = figure.equals("achieved");
        if (unit.equals("ms") || (!achieved && unit.equals("%"))) {
            throw new IllegalArgumentException("'" + text.trim() + "': " + figure + " is not in " + unit);
        }
        return switch (figure) {
            case "failed" -> new Objective(figure, null, Column.FAILED, comparison, limit, "");
            case "achieved" -> new Objective(figure, null, null, comparison, limit, "%");
            default -> new Objective(figure, null, Column.RECORDS_PER_SEC, comparison, limit, "");
        };
    }

    /** A capacity search's objective: a latency at most a limit above 0 ms. */
    public static Objective latency(String text) {
        Objective o;
        try {
            o = parse(text);
        } catch (IllegalArgumentException e) {
            o = null;
        }
        if (o == null || !o.unit.equals("ms") || o.comparison != Comparison.AT_MOST) {
            throw new IllegalArgumentException("search.objective=" + text
                    + " is not an objective: write LATENCY PERCENTILE <= MS, e.g. 'corrected p99 <= 50 ms', where "
                    + "LATENCY is corrected, send-to-ack or e2e and PERCENTILE one of "
                    + String.join(", ", PERCENTILES));
        }
        if (o.limit <= 0) {
            throw new IllegalArgumentException("search.objective=" + text + ": the limit must be above 0 ms");
        }
        return o;
    }

    /** The latency limit of a search's objective. */
    public double limitMs() {
        return limit;
    }

    /** Whether a row of this kind carries the figure. */
    public boolean judges(String rowKind) {
        return kind == null || kind.equals(rowKind);
    }

    /** The row's figure; null when the row does not have it (no expected rate, not paced). */
    public Double measured(SummaryRow row) {
        if (column != null) {
            String v = row.get(column);
            return v.isEmpty() ? null : Double.valueOf(v);
        }
        String expected = row.get(Column.EXPECTED_RECORDS_PER_SEC);
        String achieved = row.get(Column.RECORDS_PER_SEC);
        if (expected.isEmpty() || achieved.isEmpty() || Double.parseDouble(expected) <= 0) {
            return null;
        }
        return 100 * Double.parseDouble(achieved) / Double.parseDouble(expected);
    }

    public boolean met(double measured) {
        return comparison.holds(measured, limit);
    }

    /** "corrected p99 118 ms > 50 ms" for a miss, "corrected p99 12 ms <= 50 ms" when met. */
    public String judged(double measured) {
        String sign = met(measured) ? comparison.sign : comparison.missed;
        return figure + " " + value(measured) + " " + sign + " " + value(limit);
    }

    private String value(double v) {
        String number = unit.equals("%")
                ? String.format(Locale.ROOT, "%.1f", v)
                : BigDecimal.valueOf(v)
                        .setScale(3, RoundingMode.HALF_UP)
                        .stripTrailingZeros()
                        .toPlainString();
        return unit.isEmpty() ? number : number + " " + unit;
    }

    @Override
    public String toString() {
        return figure + " " + comparison.sign + " " + value(limit);
    }

    /** Whole numbers without decimals, as the summaries print percentiles. */
    public static String ms(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
