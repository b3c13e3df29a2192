package io.github.jmeterkafka.sweep.files;

import io.github.jmeterkafka.text.CsvFormatException;
import io.github.jmeterkafka.text.CsvReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A CSV file with a header line (RFC 4180: quoted fields may hold commas, quotes and line breaks), read
 * by column name.
 */
public final class CsvTable {
    private final List<String> header;
    private final List<List<String>> rows;
    private final Map<String, Integer> index = new HashMap<>();

    private CsvTable(List<List<String>> lines) {
        this.header = lines.isEmpty() ? List.of() : lines.get(0);
        this.rows = lines.isEmpty() ? List.of() : lines.subList(1, lines.size());
        for (int i = 0; i < header.size(); i++) {
            index.putIfAbsent(header.get(i), i);
        }
    }

    /** The file read; a CSV error names it. */
    public static CsvTable read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        try {
            return parse(text);
        } catch (CsvFormatException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The table in {@code text}, as {@link CsvReader} reads it.
     *
     * @throws CsvFormatException a quoted field not closed, or text after its closing quote
     */
    public static CsvTable parse(String text) {
        return new CsvTable(CsvReader.rows(text));
    }

    public List<String> header() {
        return header;
    }

    public int size() {
        return rows.size();
    }

    /** Row i's value in {@code column}; empty when the column or the field is missing. */
    public String get(int row, String column) {
        Integer i = index.get(column);
        List<String> r = rows.get(row);
        return i == null || i >= r.size() ? "" : r.get(i);
    }

    public List<String> row(int i) {
        return rows.get(i);
    }
}
