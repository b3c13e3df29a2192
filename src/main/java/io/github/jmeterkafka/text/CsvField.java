package io.github.jmeterkafka.text;

/** CSV fields as RFC 4180 writes them, for the summary and metrics files. */
public final class CsvField {

    private CsvField() {}

    /** The text as it is, or quoted (quotes doubled) when it holds a comma, a quote or a line break. */
    public static String of(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
