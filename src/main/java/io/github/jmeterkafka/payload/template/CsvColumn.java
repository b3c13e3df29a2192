package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;

/** {@code {{csv FILE COLUMN [options]}}}: a column of the record's row of a CSV file (see {@link CsvCursor}). */
record CsvColumn(CsvCursor cursor, int column) implements Placeholder {

    static CsvColumn of(Arguments args) {
        CsvFile file;
        try {
            file = CsvFile.load(args.text(0));
        } catch (InvalidInputException e) {
            throw args.error(e.getMessage());
        }
        String name = args.text(1);
        int column = file.columns().indexOf(name);
        if (column < 0) {
            throw args.error("CSV file " + file.path() + " has no column '" + name + "'; its columns: "
                    + String.join(", ", file.columns()));
        }
        return new CsvColumn(CsvCursor.of(file, args), column);
    }

    @Override
    public String value(RecordContext context) {
        return cursor.file().field(cursor.row(context), column);
    }

    @Override
    public void appendTo(StringBuilder out, RecordContext context) {
        cursor.file().appendTo(out, cursor.row(context), column);
    }
}
