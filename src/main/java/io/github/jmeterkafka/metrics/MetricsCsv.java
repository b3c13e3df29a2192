package io.github.jmeterkafka.metrics;

import io.github.jmeterkafka.text.CsvField;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The listener's CSV file: {@code timestamp,source,metric,value}, one row per point; timestamp in
 * ms since the epoch as in JMeter's CSV results, source the client id (or the group id for the
 * group lag). Appends, as JMeter does to result files; the header goes into a new or empty file.
 * Flushed after every tick, so a run that dies keeps what it sampled.
 */
public final class MetricsCsv implements Closeable {
    public static final String HEADER = "timestamp,source,metric,value";

    private final Path path;
    private final BufferedWriter out;

    public MetricsCsv(Path path) throws IOException {
        this.path = path;
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        boolean fresh = !Files.exists(path) || Files.size(path) == 0;
        out = Files.newBufferedWriter(
                path, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (fresh) {
            out.write(HEADER);
            out.newLine();
            out.flush();
        }
    }

    Path path() {
        return path;
    }

    void write(List<MetricPoint> points) throws IOException {
        for (MetricPoint p : points) {
            out.write(row(p));
            out.newLine();
        }
        out.flush();
    }

    static String row(MetricPoint p) {
        // group ids may hold any character
        return p.timestamp + "," + CsvField.of(p.source) + "," + CsvField.of(p.metric) + "," + number(p.value);
    }

    /** At most 3 decimals, never an exponent: {@code 1234.568}, {@code 0.05}, {@code 12}. */
    static String number(double v) {
        return new BigDecimal(v)
                .setScale(3, RoundingMode.HALF_UP)
                .stripTrailingZeros()
                .toPlainString();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
