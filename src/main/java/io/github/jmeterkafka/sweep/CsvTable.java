package io.github.jmeterkafka.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A CSV file with a header line (RFC 4180: quoted fields may hold commas, quotes and line breaks), read by column name. */
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

    public static CsvTable read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    public static CsvTable parse(String text) {
        List<List<String>> lines = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                fields.add(field.toString());
                field.setLength(0);
                lines.add(fields);
                fields = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        if (field.length() > 0 || !fields.isEmpty()) {
            fields.add(field.toString());
            lines.add(fields);
        }
        return new CsvTable(lines);
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
