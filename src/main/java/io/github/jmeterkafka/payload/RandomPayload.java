package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.payload.source.ValueSource;
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
    private static final int LETTERS_PER_WORD = 6;
    private static final long LOW_HALF = 0xFFFFFFFFL;

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

    /**
     * Six letters per 64 random bits: each 32-bit half, taken as a fraction, gives three base-26 digits (the top of
     * half x 26 is a letter, the rest the next fraction), so any three letters of a half are uniform within 26^3 / 2^32
     * (4e-6). The halves' chains are independent, so the CPU runs them side by side: making the value is most of a
     * paced record's cost on the sampler's thread.
     */
    static byte[] letters(byte[] payload, SplittableRandom random) {
        int i = 0;
        for (; i + LETTERS_PER_WORD <= payload.length; i += LETTERS_PER_WORD) {
            long word = random.nextLong();
            long high = word >>> 32;
            long low = word & LOW_HALF;
            for (int k = 0; k < LETTERS_PER_WORD; k += 2) {
                high *= 26;
                low *= 26;
                payload[i + k] = (byte) ('A' + (high >>> 32));
                payload[i + k + 1] = (byte) ('A' + (low >>> 32));
                high &= LOW_HALF;
                low &= LOW_HALF;
            }
        }
        for (; i < payload.length; i++) {
            payload[i] = (byte) ('A' + (((random.nextLong() & LOW_HALF) * 26) >>> 32));
        }
        return payload;
    }
}
