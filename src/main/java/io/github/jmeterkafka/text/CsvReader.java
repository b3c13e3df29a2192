package io.github.jmeterkafka.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads CSV text (RFC 4180) one field at a time, as JMeter's CSV Data Set reads quoted data: fields
 * split at commas, rows at line ends ({@code \n} or {@code \r\n}); a field that starts with a double
 * quote may hold commas, line ends and {@code ""} for a quote. A byte order mark at the start is
 * skipped (spreadsheets write one); line ends at the end of the text are not a row. A quoted field
 * that is not closed, or has text after its closing quote, throws {@link CsvFormatException} with
 * its line.
 */
public final class CsvReader {
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private final String text;
    private int at;
    private int line = 1;

    public CsvReader(String text) {
        int start = !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK ? 1 : 0;
        int end = text.length();
        while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        this.text = text.substring(start, end);
    }

    /** Every row of {@code text}, each a list of its fields. */
    public static List<List<String>> rows(String text) {
        CsvReader reader = new CsvReader(text);
        List<List<String>> rows = new ArrayList<>();
        while (reader.hasMore()) {
            rows.add(reader.row());
        }
        return rows;
    }

    public boolean hasMore() {
        return at < text.length();
    }

    /** The line the next field starts on, from 1. */
    public int line() {
        return line;
    }

    /** The fields of the next row. */
    public List<String> row() {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean rowEnded;
        do {
            field.setLength(0);
            rowEnded = field(field);
            fields.add(field.toString());
        } while (!rowEnded);
        return fields;
    }

    /**
     * Appends the next field to {@code out}, unquoted: a caller that keeps many fields can keep them in
     * one buffer.
     *
     * @return whether it ended its row
     */
    public boolean field(StringBuilder out) {
        if (at < text.length() && text.charAt(at) == '"') {
            quoted(out);
        } else {
            while (at < text.length() && !endsField(text.charAt(at))) {
                out.append(text.charAt(at++));
            }
        }
        if (at == text.length()) {
            return true;
        }
        char c = text.charAt(at++);
        if (c == ',') {
            return false;
        }
        if (c == '\r' && at < text.length() && text.charAt(at) == '\n') {
            at++;
        }
        line++;
        return true;
    }

    private void quoted(StringBuilder out) {
        int opened = line;
        at++;
        while (true) {
            int quote = text.indexOf('"', at);
            if (quote < 0) {
                throw new CsvFormatException(opened, "a quoted field is not closed");
            }
            line += count(at, quote);
            out.append(text, at, quote);
            at = quote + 1;
            if (at < text.length() && text.charAt(at) == '"') {
                out.append('"');
                at++;
            } else if (at < text.length() && !endsField(text.charAt(at))) {
                throw new CsvFormatException(line, "text after a closing quote (write a quote inside quotes as \"\")");
            } else {
                return;
            }
        }
    }

    /** Line ends in text[from, to). */
    private int count(int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }

    private static boolean endsField(char c) {
        return c == ',' || c == '\n' || c == '\r';
    }
}
