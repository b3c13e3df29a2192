package io.github.jmeterkafka.payload;

import java.util.SplittableRandom;

/**
 * A value of exactly N bytes, made once before timing and sent again and again, as
 * kafka-producer-perf-test's {@code --record-size} does: random upper-case letters, so compression
 * ratios compare with perf-test's and the payload is not trivially compressible.
 */
public final class RandomPayload {
    private RandomPayload() {
    }

    public static byte[] of(int size, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] payload = new byte[size];
        for (int i = 0; i < size; i++) {
            payload[i] = (byte) ('A' + random.nextInt(26));
        }
        return payload;
    }
}
