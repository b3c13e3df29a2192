package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;
import java.util.SplittableRandom;

/** {@code {{string LEN}}} and {@code {{string MIN MAX}}}: random letters and digits. */
record RandomString(int min, int max) implements Placeholder {
    private static final char[] ALPHANUMERIC =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();
    /** A megabyte: more than any broker takes in one record by default. */
    private static final int MAX_LENGTH = 1 << 20;

    static RandomString of(Arguments args) {
        int min = (int) args.whole(0, 0, MAX_LENGTH);
        int max = args.size() == 1 ? min : (int) args.whole(1, 0, MAX_LENGTH);
        args.ordered(min, max);
        return new RandomString(min, max);
    }

    @Override
    public String value(RecordContext context) {
        StringBuilder out = new StringBuilder(max);
        appendTo(out, context);
        return out.toString();
    }

    @Override
    public void appendTo(StringBuilder out, RecordContext context) {
        SplittableRandom random = context.random();
        int length = min == max ? min : random.nextInt(min, max + 1);
        for (int i = 0; i < length; i++) {
            out.append(ALPHANUMERIC[random.nextInt(ALPHANUMERIC.length)]);
        }
    }
}
