package io.github.jmeterkafka.text;

/**
 * CSV text that {@link CsvReader} cannot read. Its message is "line N: what is wrong"; a reader that
 * knows the file puts the file's name before it.
 */
public final class CsvFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    CsvFormatException(int line, String reason) {
        super("line " + line + ": " + reason);
    }
}
