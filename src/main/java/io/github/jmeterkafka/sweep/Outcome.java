package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.sweep.files.CsvTable;
import io.github.jmeterkafka.text.CsvField;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.StringJoiner;

/** How one run of a sweep went: its summary rows, or why it failed. */
final class Outcome {
    private final String failure;
    private final CsvTable summary;
    private final String took;
    private final Path dir;

    private Outcome(Path dir, String failure, CsvTable summary, String took) {
        this.dir = dir;
        this.failure = failure;
        this.summary = summary;
        this.took = took;
    }

    static Outcome failed(Path dir, String why) throws IOException {
        return new Outcome(dir, why, summary(dir), "");
    }

    /** A run that ended by itself: failed when a sample failed or no summary was written. */
    static Outcome of(Path dir, Duration took) throws IOException {
        CsvTable summary = summary(dir);
        String in = String.format(Locale.ROOT, " in %.1f s", took.toMillis() / 1000.0);
        Path jtl = dir.resolve("results.jtl");
        if (!Files.isRegularFile(jtl)) {
            return new Outcome(dir, "no results file " + jtl, summary, in);
        }
        CsvTable samples = CsvTable.read(jtl);
        long failedSamples = 0;
        for (int i = 0; i < samples.size(); i++) {
            failedSamples += "false".equals(samples.get(i, "success")) ? 1 : 0;
        }
        if (failedSamples > 0) {
            return new Outcome(dir, failedSamples + " of " + samples.size() + " samples failed", summary, in);
        }
        if (summary == null || summary.size() == 0) {
            return new Outcome(dir, "no Kafka summary (no Kafka sampler ran?)", summary, in);
        }
        return new Outcome(dir, null, summary, in);
    }

    private static CsvTable summary(Path dir) throws IOException {
        Path file = dir.resolve("summary.csv");
        return Files.isRegularFile(file) ? CsvTable.read(file) : null;
    }

    /** The run's directory: its JTL, log, summary and interval logs. */
    Path dir() {
        return dir;
    }

    /** The run's summary rows; null when it wrote none. */
    CsvTable summary() {
        return summary;
    }

    /** Why the run failed; null when it did not. */
    String failure() {
        return failure;
    }

    boolean ok() {
        return failure == null;
    }

    /** The run's lines of rows.csv: one per summary row, or one without figures when there is none. */
    String rows(SweepSpec spec, SweepSpec.Run run) {
        StringJoiner prefix = new StringJoiner(",");
        prefix.add(CsvField.of(spec.name))
                .add(Integer.toString(run.number))
                .add(Integer.toString(run.repeat))
                .add(CsvField.of(ok() ? "ok" : "failed: " + failure));
        spec.variedNames().forEach(k -> prefix.add(CsvField.of(run.config.get(k))));
        StringBuilder b = new StringBuilder();
        int n = summary == null ? 0 : summary.size();
        for (int i = 0; i < n; i++) {
            StringJoiner row = new StringJoiner(",");
            for (SummaryRow.Column c : SummaryRow.Column.values()) {
                row.add(CsvField.of(summary.get(i, c.header())));
            }
            b.append(prefix).append(',').append(row).append(System.lineSeparator());
        }
        if (n == 0) {
            b.append(prefix)
                    .append(",".repeat(SummaryRow.Column.values().length))
                    .append(System.lineSeparator());
        }
        return b.toString();
    }

    /** For the progress line: the outcome and each sampler's rate and p99. */
    String describe() {
        StringBuilder b = new StringBuilder(ok() ? "ok" : "FAILED: " + failure).append(took);
        for (int i = 0; summary != null && i < summary.size(); i++) {
            if (SummaryRow.ALL.equals(summary.get(i, "part"))) {
                b.append("; ")
                        .append(summary.get(i, "kind"))
                        .append(" '")
                        .append(summary.get(i, "label"))
                        .append("' ")
                        .append(summary.get(i, "records_per_sec"))
                        .append(" records/s, p99 ")
                        .append(summary.get(i, "p99_ms"))
                        .append(" ms");
            }
        }
        return b.toString();
    }
}
