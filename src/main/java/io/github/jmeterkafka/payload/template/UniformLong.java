package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;
import java.util.SplittableRandom;

/** {@code {{int MIN MAX}}} and {@code {{long MIN MAX}}}: uniform, both bounds included. */
record UniformLong(long min, long max) implements LongPlaceholder {

    static UniformLong ints(Arguments args) {
        return of(args, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    static UniformLong longs(Arguments args) {
        return of(args, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private static UniformLong of(Arguments args, long lowest, long highest) {
        long min = args.whole(0, lowest, highest);
        long max = args.whole(1, lowest, highest);
        args.ordered(min, max);
        return new UniformLong(min, max);
    }

    @Override
    public long asLong(RecordContext context) {
        SplittableRandom random = context.random();
        // nextLong's bound is exclusive: max + 1 overflows at Long.MAX_VALUE
        if (max < Long.MAX_VALUE) {
            return random.nextLong(min, max + 1);
        }
        if (min > Long.MIN_VALUE) {
            return random.nextLong(min - 1, max) + 1;
        }
        return random.nextLong();
    }
}
