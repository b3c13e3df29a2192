package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.PlanDirectory;
import io.github.jmeterkafka.text.CsvFormatException;
import io.github.jmeterkafka.text.CsvReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A UTF-8 CSV file with a header row, read into memory once per test and shared by every thread
 * and sampler that names it. Its fields are kept compactly: one string holding every data field's
 * text one after another, and where each field ends, about 4 bytes per field beside the text.
 *
 * <p>Threads: immutable once read.
 */
public final class CsvFile {
    private static final ConcurrentMap<Path, CsvFile> LOADED = new ConcurrentHashMap<>();

    private final Path path;
    private final List<String> columns;
    private final String fields;
    /** Where each data field ends in {@link #fields}, row after row. */
    private final int[] ends;

    private CsvFile(Path path, List<String> columns, String fields, int[] ends) {
        this.path = path;
        this.columns = columns;
        this.fields = fields;
        this.ends = ends;
    }

    /**
     * The file, read at its first use in a test.
     *
     * @param name absolute, or relative to the working directory if there, else to the plan's directory
     * @throws InvalidInputException no such file, not UTF-8, no data row, a row that does not match the header
     */
    static CsvFile load(String name) {
        Path path = PlanDirectory.resolve(name).toAbsolutePath().normalize();
        return LOADED.computeIfAbsent(path, CsvFile::read);
    }

    private static CsvFile read(Path path) {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("CSV file " + path + " does not exist");
        } catch (CharacterCodingException e) {
            throw new InvalidInputException("CSV file " + path + " is not UTF-8");
        } catch (IOException e) {
            throw new InvalidInputException("CSV file " + path + " cannot be read: " + e);
        }
        try {
            return parse(path, text);
        } catch (CsvFormatException e) {
            throw new InvalidInputException("CSV file " + path + ", " + e.getMessage());
        }
    }

    private static CsvFile parse(Path path, String text) {
        CsvReader reader = new CsvReader(text);
        if (!reader.hasMore()) {
            throw new InvalidInputException("CSV file " + path + " is empty; its first row names the columns");
        }
        List<String> columns = header(path, reader.row());
        if (!reader.hasMore()) {
            throw new InvalidInputException("CSV file " + path + " has a header row but no data rows");
        }
        StringBuilder fields = new StringBuilder(text.length());
        int[] ends = new int[1024];
        int count = 0;
        while (reader.hasMore()) {
            int line = reader.line();
            int inRow = 0;
            boolean rowEnded;
            do {
                rowEnded = reader.field(fields);
                if (count == ends.length) {
                    ends = Arrays.copyOf(ends, count * 2);
                }
                ends[count++] = fields.length();
                inRow++;
            } while (!rowEnded);
            if (inRow != columns.size()) {
                throw new InvalidInputException("CSV file " + path + ", line " + line + ": " + inRow
                        + " fields where the header names " + columns.size() + " columns");
            }
        }
        return new CsvFile(path, columns, fields.toString(), Arrays.copyOf(ends, count));
    }

    private static List<String> header(Path path, List<String> row) {
        List<String> columns = new ArrayList<>();
        for (String name : row) {
            String column = name.trim();
            if (columns.contains(column)) {
                throw new InvalidInputException("CSV file " + path + " names the column '" + column + "' twice");
            }
            columns.add(column);
        }
        return List.copyOf(columns);
    }

    Path path() {
        return path;
    }

    List<String> columns() {
        return columns;
    }

    int rows() {
        return ends.length / columns.size();
    }

    String field(int row, int column) {
        int index = row * columns.size() + column;
        return fields.substring(start(index), ends[index]);
    }

    /** Appends a field without making a string of it. */
    void appendTo(StringBuilder out, int row, int column) {
        int index = row * columns.size() + column;
        out.append(fields, start(index), ends[index]);
    }

    private int start(int index) {
        return index == 0 ? 0 : ends[index - 1];
    }

    /** Files are read again in the next test (they may have changed). */
    public static void forgetAll() {
        LOADED.clear();
    }
}
