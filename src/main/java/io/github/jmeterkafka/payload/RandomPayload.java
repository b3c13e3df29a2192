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

    /** Two letters per 64 random bits: multiply-shift maps 32 bits onto 0..25 with negligible bias. */
    static byte[] letters(byte[] payload, SplittableRandom random) {
        int i = 0;
        for (; i + 2 <= payload.length; i += 2) {
            long r = random.nextLong();
            payload[i] = letter(r);
            payload[i + 1] = letter(r >>> 32);
        }
        if (i < payload.length) {
            payload[i] = letter(random.nextLong());
        }
        return payload;
    }

    private static byte letter(long bits) {
        return (byte) ('A' + (int) (((bits & 0xFFFFFFFFL) * 26) >>> 32));
    }
}
