package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * {@code {{decimal MIN MAX SCALE}}}: uniform in [MIN, MAX) with SCALE digits after the point, drawn
 * as a whole number of 10^-SCALE steps.
 *
 * @param low  the first step, included
 * @param high the last step, excluded
 */
record UniformDecimal(long low, long high, int scale) implements Placeholder {
    /** 10^18 is the largest power of ten in a long. */
    private static final int MAX_SCALE = 18;

    static UniformDecimal of(Arguments args) {
        BigDecimal min = args.decimal(0);
        BigDecimal max = args.decimal(1);
        int scale = (int) args.whole(2, 0, MAX_SCALE);
        args.ordered(min, max);
        long low;
        long high;
        try {
            low = min.setScale(scale, RoundingMode.CEILING).unscaledValue().longValueExact();
            high = max.setScale(scale, RoundingMode.CEILING).unscaledValue().longValueExact();
        } catch (ArithmeticException e) {
            throw args.error("the bounds are too large for " + scale + " digits after the point");
        }
        if (low >= high) {
            throw args.error("no number with " + scale + " digits after the point lies in [" + min + ", " + max + ")");
        }
        return new UniformDecimal(low, high, scale);
    }

    @Override
    public BigDecimal value(RecordContext context) {
        return BigDecimal.valueOf(context.random().nextLong(low, high), scale);
    }

    @Override
    public void appendTo(StringBuilder out, RecordContext context) {
        out.append(value(context).toPlainString());
    }
}
