package io.github.jmeterkafka.harness;

import io.github.jmeterkafka.text.CsvReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A CSV results file as JMeter writes it: a header line, then one row per sample. Fields that hold
 * the delimiter, a quote or a line break are quoted, with quotes doubled (RFC 4180), as
 * {@link CsvReader} reads them.
 */
public final class Jtl {

    private final List<String> columns;
    private final List<Row> rows;

    private Jtl(List<String> columns, List<Row> rows) {
        this.columns = columns;
        this.rows = rows;
    }

    public static Jtl read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read JTL " + file, e);
        }
    }

    public static Jtl parse(String csv) {
        List<List<String>> records = CsvReader.rows(csv);
        if (records.isEmpty()) {
            throw new IllegalArgumentException("Empty JTL: no header line");
        }
        List<String> header = Collections.unmodifiableList(records.get(0));
        if (!header.contains("timeStamp")) {
            throw new IllegalArgumentException("Not a JTL header (no timeStamp column): " + header);
        }
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            index.put(header.get(i), i);
        }
        List<Row> rows = new ArrayList<>();
        for (int r = 1; r < records.size(); r++) {
            List<String> values = records.get(r);
            if (values.size() != header.size()) {
                throw new IllegalArgumentException("JTL row " + r + " has " + values.size() + " fields, header has "
                        + header.size() + ": " + values);
            }
            rows.add(new Row(index, values));
        }
        return new Jtl(header, Collections.unmodifiableList(rows));
    }

    public List<String> columns() {
        return columns;
    }

    public List<Row> rows() {
        return rows;
    }

    public int size() {
        return rows.size();
    }

    public List<Row> rows(String label) {
        return rows.stream().filter(r -> r.label().equals(label)).collect(Collectors.toList());
    }

    public List<Row> failures() {
        return rows.stream().filter(r -> !r.success()).collect(Collectors.toList());
    }

    /** Sum of SampleCount: messages or records when one sample stands for many. */
    public long totalSampleCount() {
        return rows.stream().mapToLong(Row::sampleCount).sum();
    }

    public long totalErrorCount() {
        return rows.stream().mapToLong(Row::errorCount).sum();
    }

    /** One sample. Typed getters for JMeter's columns; {@link #get(String)} for any other. */
    public static final class Row {
        private final Map<String, Integer> index;
        private final List<String> values;

        Row(Map<String, Integer> index, List<String> values) {
            this.index = index;
            this.values = values;
        }

        /** The value of a column, e.g. a sample variable; fails on an unknown column. */
        public String get(String column) {
            Integer i = index.get(column);
            if (i == null) {
                throw new IllegalArgumentException("No column " + column + " in JTL; have " + index.keySet());
            }
            return values.get(i);
        }

        public boolean has(String column) {
            return index.containsKey(column);
        }

        public long timeStamp() {
            return getLong("timeStamp");
        }

        public long elapsed() {
            return getLong("elapsed");
        }

        public String label() {
            return get("label");
        }

        public String responseCode() {
            return get("responseCode");
        }

        public String responseMessage() {
            return get("responseMessage");
        }

        public String threadName() {
            return get("threadName");
        }

        public boolean success() {
            return Boolean.parseBoolean(get("success"));
        }

        public String failureMessage() {
            return get("failureMessage");
        }

        public long bytes() {
            return getLong("bytes");
        }

        public long sentBytes() {
            return getLong("sentBytes");
        }

        public int grpThreads() {
            return (int) getLong("grpThreads");
        }

        public int allThreads() {
            return (int) getLong("allThreads");
        }

        public long latency() {
            return getLong("Latency");
        }

        /** JMeter's connect time: the metadata wait of a producer's first sample, a consumer's rebalances. */
        public long connectTime() {
            return getLong("Connect");
        }

        public long connect() {
            return getLong("Connect");
        }

        /** SampleCount; 1 when the column is absent, as JMeter counts then. */
        public int sampleCount() {
            return has("SampleCount") ? (int) getLong("SampleCount") : 1;
        }

        /** ErrorCount; 0 or 1 from success when the column is absent. */
        public int errorCount() {
            return has("ErrorCount") ? (int) getLong("ErrorCount") : (success() ? 0 : 1);
        }

        public long getLong(String column) {
            String v = get(column);
            try {
                return Long.parseLong(v.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Column " + column + " is not a number: '" + v + "'", e);
            }
        }

        public Map<String, String> asMap() {
            Map<String, String> m = new java.util.LinkedHashMap<>();
            index.entrySet().stream()
                    .sorted(Map.Entry.comparingByValue())
                    .forEach(e -> m.put(e.getKey(), values.get(e.getValue())));
            return m;
        }

        @Override
        public String toString() {
            return asMap().toString();
        }
    }
}
