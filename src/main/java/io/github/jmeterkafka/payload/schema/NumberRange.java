package io.github.jmeterkafka.payload.schema;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.jmeterkafka.input.InvalidInputException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.SplittableRandom;

/**
 * The integers or numbers a JSON Schema allows ({@code minimum}, {@code maximum}, their exclusive
 * forms of drafts 4 and 6+, {@code multipleOf}), drawn at random as multiples of a step: 1 for
 * integers, 0.01 for numbers unless {@code multipleOf} says otherwise. Without bounds, integers are
 * drawn from 0 to 1,000,000 and numbers from 0 to 1,000; with one bound, as far from it.
 */
final class NumberRange {
    private static final BigDecimal INTEGER_WIDTH = BigDecimal.valueOf(1_000_000);
    private static final BigDecimal NUMBER_WIDTH = BigDecimal.valueOf(1_000);
    // finer steps for a number range too narrow for cents
    private static final BigDecimal[] NUMBER_STEPS = {
        new BigDecimal("0.01"), new BigDecimal("0.0001"), new BigDecimal("0.000001"), new BigDecimal("1E-9")
    };
    private static final BigInteger MAX_COUNT = BigInteger.valueOf(1_000_000_000_000L);

    private final long firstUnscaled;
    private final long stepUnscaled;
    private final long count;
    private final int scale;

    private NumberRange(long firstUnscaled, long stepUnscaled, long count, int scale) {
        this.firstUnscaled = firstUnscaled;
        this.stepUnscaled = stepUnscaled;
        this.count = count;
        this.scale = scale;
    }

    private record Bound(BigDecimal value, boolean exclusive) {}

    static NumberRange of(JsonNode schema, boolean integer, String path) {
        String type = integer ? "integer" : "number";
        Bound low = bound(schema, "minimum", "exclusiveMinimum", 1);
        Bound high = bound(schema, "maximum", "exclusiveMaximum", -1);
        BigDecimal width = integer ? INTEGER_WIDTH : NUMBER_WIDTH;
        if (low == null) {
            low = new Bound(high == null ? BigDecimal.ZERO : high.value().subtract(width), false);
        }
        if (high == null) {
            high = new Bound(low.value().add(width), false);
        }
        JsonNode multipleOf = schema.get("multipleOf");
        if (multipleOf != null
                && (!multipleOf.isNumber() || multipleOf.decimalValue().signum() <= 0)) {
            throw new InvalidInputException(
                    "field '" + path + "': multipleOf " + multipleOf + " is not a number above 0");
        }
        BigDecimal[] steps = multipleOf != null
                ? new BigDecimal[] {multipleOf.decimalValue()}
                : integer ? new BigDecimal[] {BigDecimal.ONE} : NUMBER_STEPS;
        for (BigDecimal step : steps) {
            NumberRange range = multiples(low, high, integer ? integralStep(step) : step, path);
            if (range != null) {
                return range;
            }
        }
        throw new InvalidInputException("field '" + path + "': no " + type + " lies "
                + (low.exclusive() ? "above " : "from ")
                + low.value().toPlainString() + (high.exclusive() ? " below " : " to ")
                + high.value().toPlainString()
                + (multipleOf == null
                        ? ""
                        : " as a multiple of " + multipleOf.decimalValue().toPlainString()));
    }

    /** The range of multiples of step between the bounds, or null if there is none. */
    private static NumberRange multiples(Bound low, Bound high, BigDecimal step, String path) {
        BigInteger first = low.value().divide(step, 0, RoundingMode.CEILING).toBigIntegerExact();
        if (low.exclusive() && new BigDecimal(first).multiply(step).compareTo(low.value()) == 0) {
            first = first.add(BigInteger.ONE);
        }
        BigInteger last = high.value().divide(step, 0, RoundingMode.FLOOR).toBigIntegerExact();
        if (high.exclusive() && new BigDecimal(last).multiply(step).compareTo(high.value()) == 0) {
            last = last.subtract(BigInteger.ONE);
        }
        if (first.compareTo(last) > 0) {
            return null;
        }
        int scale = Math.max(0, step.scale());
        BigInteger stepUnscaled = step.setScale(scale).unscaledValue();
        BigInteger firstUnscaled = first.multiply(stepUnscaled);
        BigInteger count = last.subtract(first).add(BigInteger.ONE).min(MAX_COUNT);
        BigInteger room =
                BigInteger.valueOf(Long.MAX_VALUE).subtract(firstUnscaled).divide(stepUnscaled);
        count = count.min(room.add(BigInteger.ONE));
        if (firstUnscaled.bitLength() > 63 || count.signum() <= 0) {
            throw new InvalidInputException(
                    "field '" + path + "': numbers from " + low.value().toPlainString() + " are too large to make");
        }
        return new NumberRange(firstUnscaled.longValue(), stepUnscaled.longValue(), count.longValue(), scale);
    }

    /**
     * Draft 4 writes {@code "minimum": 5, "exclusiveMinimum": true}; drafts 6 and later
     * {@code "exclusiveMinimum": 5}; the tighter bound counts when both are given.
     *
     * @param direction 1 for a lower bound, -1 for an upper one
     */
    private static Bound bound(JsonNode schema, String inclusive, String exclusive, int direction) {
        JsonNode value = schema.get(inclusive);
        JsonNode flag = schema.get(exclusive);
        Bound bound = value != null && value.isNumber()
                ? new Bound(value.decimalValue(), flag != null && flag.asBoolean(false))
                : null;
        if (flag != null && flag.isNumber()) {
            BigDecimal other = flag.decimalValue();
            if (bound == null || other.compareTo(bound.value()) * direction >= 0) {
                bound = new Bound(other, true);
            }
        }
        return bound;
    }

    /** The smallest whole multiple of a step (of 0.5: 1; of 1.5: 3), for integers. */
    private static BigDecimal integralStep(BigDecimal step) {
        BigDecimal stripped = step.stripTrailingZeros();
        if (stripped.scale() <= 0) {
            return stripped;
        }
        BigInteger unscaled = stripped.unscaledValue();
        return new BigDecimal(unscaled.divide(unscaled.gcd(BigInteger.TEN.pow(stripped.scale()))));
    }

    void write(JsonGenerator json, SplittableRandom random) throws IOException {
        long unscaled = firstUnscaled + (count == 1 ? 0 : random.nextLong(count)) * stepUnscaled;
        if (scale == 0) {
            json.writeNumber(unscaled);
        } else {
            json.writeNumber(BigDecimal.valueOf(unscaled, scale));
        }
    }
}
