package io.github.jmeterkafka.payload.source;

/**
 * A record needs a row of a file read with "stop", and none is left: the records left in the sample
 * are not made, and the thread ends before its next sample ({@link RecordContext#rowsEnded}).
 */
public final class RowsEnded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RowsEnded(String message) {
        super(message, null, false, false);
    }
}
