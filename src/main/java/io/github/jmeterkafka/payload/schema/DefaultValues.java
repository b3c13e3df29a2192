package io.github.jmeterkafka.payload.schema;

import java.time.Instant;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * What a field gets when no rule gives it a value, for Avro and JSON Schema alike: text, counts,
 * identifiers and times that look like real data. Times are drawn near an instant fixed when the
 * records are built, so that a seeded run repeats its records exactly.
 */
final class DefaultValues {
    /** How many times a recursive schema is followed into itself. */
    static final int RECURSION_CAP = 3;

    static final int MIN_TEXT = 8;
    static final int MAX_TEXT = 16;
    private static final int NULL_PERCENT = 10;
    private static final int PRESENT_PERCENT = 80;
    static final int MAX_ITEMS = 3;
    /** Whole numbers of 32 bits are below this, of 64 bits below {@link #MAX_LONG}. */
    static final int MAX_INT = 1_000_000;

    static final long MAX_LONG = 1_000_000_000_000L;
    /** Floating-point numbers are amounts: hundredths below this. */
    static final int MAX_CENTS = 100_000;

    private static final long HOUR_MILLIS = 3_600_000L;
    private static final long DAY_MILLIS = 86_400_000L;
    private static final int DAYS_BACK = 365;
    private static final char[] ALPHANUMERIC =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

    private final long nowMillis;
    private final long today;

    DefaultValues(Instant now) {
        this.nowMillis = now.toEpochMilli();
        this.today = Math.floorDiv(nowMillis, DAY_MILLIS);
    }

    /** A nullable value is null this often. */
    static boolean isNull(SplittableRandom random) {
        return random.nextInt(100) < NULL_PERCENT;
    }

    /** An optional JSON property is present this often. */
    static boolean isPresent(SplittableRandom random) {
        return random.nextInt(100) < PRESENT_PERCENT;
    }

    /** The items of an array or entries of a map: 1 to 3. */
    static int itemCount(SplittableRandom random) {
        return 1 + random.nextInt(MAX_ITEMS);
    }

    static String alphanumeric(SplittableRandom random) {
        return alphanumeric(random, MIN_TEXT, MAX_TEXT);
    }

    static String alphanumeric(SplittableRandom random, int minLength, int maxLength) {
        char[] text = new char[minLength == maxLength ? minLength : random.nextInt(minLength, maxLength + 1)];
        for (int i = 0; i < text.length; i++) {
            text[i] = ALPHANUMERIC[random.nextInt(ALPHANUMERIC.length)];
        }
        return new String(text);
    }

    static byte[] bytes(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    /** A random (version 4) UUID from the thread's stream, so seeded runs repeat it. */
    static UUID uuid(SplittableRandom random) {
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(high, low);
    }

    /** An instant in the hour before now, in units of a millisecond / unitsPerMilli. */
    long timestamp(SplittableRandom random, long unitsPerMilli) {
        return nowMillis * unitsPerMilli - random.nextLong(HOUR_MILLIS * unitsPerMilli);
    }

    /** A day in the year before today, as days since 1970-01-01. */
    int date(SplittableRandom random) {
        return (int) (today - random.nextInt(DAYS_BACK));
    }

    /** A time of day, in units of a millisecond / unitsPerMilli. */
    static long timeOfDay(SplittableRandom random, long unitsPerMilli) {
        return random.nextLong(DAY_MILLIS * unitsPerMilli);
    }
}
