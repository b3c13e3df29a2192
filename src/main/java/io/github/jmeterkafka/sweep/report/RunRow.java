package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.measure.SummaryRow.Column;
import java.util.Map;

/** One line of a sweep's rows.csv, its columns by header name. */
record RunRow(int run, int repeat, String status, Configuration configuration, Map<String, String> columns) {

    private static final String OK = "ok";
    private static final String FAILED = "failed: ";

    String get(String column) {
        return columns.getOrDefault(column, "");
    }

    String get(Column column) {
        return get(column.header());
    }

    boolean ok() {
        return OK.equals(status);
    }

    /** Why the run failed: the status after {@code failed: }, or the whole status when it says something else. */
    String reason() {
        return status.startsWith(FAILED) ? status.substring(FAILED.length()) : status;
    }

    /** The run and repeat together name one JMeter process. */
    String runKey() {
        return run + "/" + repeat;
    }

    /** The metric's value, or null when the column is empty (not applicable to this row). */
    Double value(Metric m) {
        String v = get(m.key()).trim();
        if (v.isEmpty()) {
            return null;
        }
        try {
            return Double.valueOf(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "run " + run + " repeat " + repeat + ": " + m.key() + " is not a number: " + v, e);
        }
    }
}
