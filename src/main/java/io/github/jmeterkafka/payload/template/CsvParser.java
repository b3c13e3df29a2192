package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.input.InvalidInputException;

/**
 * Reads the fields of CSV text one at a time, as JMeter's CSV Data Set reads quoted data: fields
 * split at commas, rows at line ends ({@code \n} or {@code \r\n}); a field in double quotes may hold
 * commas, line ends and {@code ""} for a quote. Line ends at the end of the text are not a row.
 */
final class CsvParser {
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private final String name;
    private final String text;
    private int at;
    private int line = 1;

    /** @param name the file, for messages */
    CsvParser(String name, String text) {
        this.name = name;
        int start = !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK ? 1 : 0;
        int end = text.length();
        while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        this.text = text.substring(start, end);
    }

    boolean hasMore() {
        return at < text.length();
    }

    /** The line the next field starts on, from 1. */
    int line() {
        return line;
    }

    /**
     * Appends the next field to {@code out}, unquoted.
     *
     * @return whether it ended its row
     */
    boolean field(StringBuilder out) {
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
                throw new InvalidInputException(
                        "CSV file " + name + ", line " + opened + ": a quoted field is not closed");
            }
            line += count(at, quote);
            out.append(text, at, quote);
            at = quote + 1;
            if (at < text.length() && text.charAt(at) == '"') {
                out.append('"');
                at++;
            } else if (at < text.length() && !endsField(text.charAt(at))) {
                throw new InvalidInputException("CSV file " + name + ", line " + line
                        + ": text after a closing quote (write a quote inside quotes as \"\")");
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
