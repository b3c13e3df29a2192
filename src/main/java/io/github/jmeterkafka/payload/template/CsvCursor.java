package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.RowPosition;
import io.github.jmeterkafka.payload.source.RowsEnded;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How {@code {{csv}}} placeholders walk the rows of a file, chosen by optional words: the sampler's
 * threads share one cursor ({@code shared}, the default) or each has its own ({@code thread}); rows
 * come in file order ({@code order}, the default) or at random ({@code random}); at the end the
 * cursor starts again ({@code wrap}, the default) or the thread ends ({@code stop}). Equal cursors
 * are one: the placeholders of one record naming the same file with the same words read one row.
 *
 * <p>Threads: immutable; each thread keeps its place in its {@link RecordContext}, and a shared
 * cursor's next row is an atomic counter there.
 */
record CsvCursor(CsvFile file, boolean perThread, boolean random, boolean stop) {
    private static final String WORDS = "shared or thread, order or random, wrap or stop";
    /** Each optional word, and which choice it makes. */
    private static final Map<String, String> CHOICES = Map.of(
            "shared", "sharing", "thread", "sharing", "order", "order", "random", "order", "wrap", "end", "stop",
            "end");

    /** @param args the placeholder's arguments: the words after the file and the column */
    static CsvCursor of(CsvFile file, Arguments args) {
        Map<String, String> chosen = new HashMap<>();
        for (int i = 2; i < args.size(); i++) {
            String word = args.text(i);
            String choice = CHOICES.get(word);
            if (choice == null) {
                throw args.error("unknown option '" + word + "'; the options are " + WORDS);
            }
            String before = chosen.put(choice, word);
            if (before != null) {
                throw args.error("'" + before + "' and '" + word + "' choose the same thing; give one");
            }
        }
        boolean random = "random".equals(chosen.get("order"));
        if (random && (chosen.containsKey("sharing") || chosen.containsKey("end"))) {
            throw args.error("random rows come from each thread's own random stream and never run out: drop '"
                    + chosen.getOrDefault("sharing", chosen.get("end")) + "'");
        }
        return new CsvCursor(file, "thread".equals(chosen.get("sharing")), random, "stop".equals(chosen.get("end")));
    }

    /** The row of the context's current record. */
    int row(RecordContext context) {
        return context.rows(this, this::start).row(context);
    }

    private RowPosition start(RecordContext context) {
        int rows = file.rows();
        if (random) {
            return new RowPosition() {
                @Override
                protected int next(RecordContext c) {
                    return c.random().nextInt(rows);
                }

                @Override
                public boolean ended() {
                    return false;
                }
            };
        }
        AtomicLong taken = perThread ? new AtomicLong() : context.sharedRows(this);
        return new RowPosition() {
            @Override
            protected int next(RecordContext c) {
                long row = taken.getAndIncrement();
                if (stop && row >= rows) {
                    throw new RowsEnded("CSV file " + file.path() + " has no row left for this thread (read with"
                            + " 'stop'): the thread ends");
                }
                return (int) (row % rows);
            }

            @Override
            public boolean ended() {
                return stop && taken.get() >= rows;
            }
        };
    }
}
