package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.measure.SummaryRow.Column;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency objective, as a search file writes it: {@code corrected p99 <= 50 ms}. The latency is a paced producer's
 * corrected one (from each record's intended send time: a stall shows), its send-to-ack one (as perf-test measures it:
 * a stall hides) or the consumers' end-to-end one; the percentile one of p50, p95, p99, p99.9, p99.99 or max.
 */
record Objective(String latency, String percentile, double limitMs, Column column) {

    private static final Pattern FORM = Pattern.compile(
            "(corrected|send-to-ack|e2e|end-to-end)\\s+(p50|p95|p99|p99\\.9|p99\\.99|max)\\s*<=\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(?:ms)?",
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

    /** A clear error for anything else, naming the form. */
    static Objective parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("search.objective=" + text
                    + " is not an objective: write LATENCY PERCENTILE <= MS, e.g. 'corrected p99 <= 50 ms', where "
                    + "LATENCY is corrected, send-to-ack or e2e and PERCENTILE one of "
                    + String.join(", ", PERCENTILES));
        }
        String latency = m.group(1).toLowerCase(Locale.ROOT).replace("end-to-end", "e2e");
        String percentile = m.group(2).toLowerCase(Locale.ROOT);
        double limit = Double.parseDouble(m.group(3));
        if (limit <= 0) {
            throw new IllegalArgumentException("search.objective=" + text + ": the limit must be above 0 ms");
        }
        // end-to-end latency is the consumers' send-to-ack columns
        List<Column> columns = COLUMNS.get(latency.equals("corrected") ? "corrected" : "send-to-ack");
        return new Objective(latency, percentile, limit, columns.get(PERCENTILES.indexOf(percentile)));
    }

    /** The kind of summary row that carries this latency. */
    String kind() {
        return latency.equals("e2e") ? "consumer" : "producer";
    }

    @Override
    public String toString() {
        return latency + " " + percentile + " <= " + ms(limitMs) + " ms";
    }

    /** Whole milliseconds without decimals, as the summaries print percentiles. */
    static String ms(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
