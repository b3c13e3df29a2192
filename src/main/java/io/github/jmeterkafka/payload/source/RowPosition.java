package io.github.jmeterkafka.payload.source;

/**
 * A thread's place in the rows of a file: the row of its current record, taken at the record's
 * first use, so that every placeholder of one record reads the same row.
 *
 * <p>Threads: one per thread and cursor, kept by that thread's {@link RecordContext}.
 */
public abstract class RowPosition {
    private long record = Long.MIN_VALUE;
    private int row;

    /**
     * The row of the context's current record.
     *
     * @throws RowsEnded when the file is read with "stop" and no row is left
     */
    public final int row(RecordContext context) {
        long current = context.recordNumber();
        if (current != record) {
            row = next(context);
            record = current;
        }
        return row;
    }

    /** The row of a new record. */
    protected abstract int next(RecordContext context);

    /** No row is left for a next record: only a file read with "stop" ends. */
    public abstract boolean ended();
}
