package io.github.jmeterkafka.payload;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Random values of a given size. {@link #letters} fills every record with fresh upper-case letters,
 * as kafka-producer-perf-test's {@code --record-size} does for each record, so compression, batching
 * and the bytes the broker stores compare with perf-test's; {@link #bytes} is incompressible;
 * {@link #once} makes one payload per thread and sends it again and again (compresses ~11x with lz4).
 */
public final class RandomPayload {
    private RandomPayload() {}

    /** Fresh letters per record, uniform over A-Z like perf-test's {@code random.nextInt(26) + 65}. */
    public static ValueSource letters(RecordSizes sizes) {
        return context -> letters(new byte[sizes.next(context.random())], context.random());
    }

    /** Fresh uniformly random bytes per record: nothing for a codec to gain. */
    public static ValueSource bytes(RecordSizes sizes) {
        return context -> {
            byte[] payload = new byte[sizes.next(context.random())];
            SplittableRandom random = context.random();
            int i = 0;
            for (; i + 8 <= payload.length; i += 8) {
                long r = random.nextLong();
                for (int b = 0; b < 8; b++) {
                    payload[i + b] = (byte) (r >>> (b * 8));
                }
            }
            for (long r = random.nextLong(); i < payload.length; i++, r >>>= 8) {
                payload[i] = (byte) r;
            }
            return payload;
        };
    }

    /** One payload of letters per thread (and per size), sent for every record. */
    public static ValueSource once(RecordSizes sizes) {
        Map<Integer, byte[]> made = new HashMap<>();
        return context ->
                made.computeIfAbsent(sizes.next(context.random()), size -> letters(new byte[size], context.random()));
    }

    /** Letters drawn from each 64 random bits: {@link #LETTERS_PER_WORD} use 38 of them, the rest keeps them unbiased. */
    static final int LETTERS_PER_WORD = 8;

    /**
     * Reads the 64 random bits as a fraction in [0, 1) and takes its digits in base 26: each letter is the integer
     * part of the fraction times 26, the fraction goes on as what is left. Eight letters leave 26 bits below the
     * last, so no letter is measurably likelier than another; perf-test's nextInt(26) per letter costs a division
     * and a random number each, which made this the load generator's largest cost per record.
     */
    static byte[] letters(byte[] payload, SplittableRandom random) {
        int i = 0;
        while (i < payload.length) {
            long fraction = random.nextLong();
            for (int k = 0; k < LETTERS_PER_WORD && i < payload.length; k++, i++) {
                // the high word of the unsigned 128-bit product fraction x 26: a digit 0-25
                long digit = Math.multiplyHigh(fraction, 26) + ((fraction >> 63) & 26);
                payload[i] = (byte) ('A' + digit);
                fraction *= 26;
            }
        }
        return payload;
    }
}
