package io.github.jmeterkafka.client;

import java.nio.ByteBuffer;

/**
 * The correlation ids of requests: 16 bytes, as long as Spring Kafka's, so a service that copies them
 * takes them as its own. They say whose request it was: {@code 'j' 'k'}, the reply reader (4 bytes,
 * random per reader: another JMeter process or connection reading the same reply topic has another), the
 * sampler run within the reader (2 bytes) and the request's sequence number within that run (8 bytes).
 */
final class CorrelationIds {
    static final int LENGTH = 16;
    private static final byte J = 'j';
    private static final byte K = 'k';

    private CorrelationIds() {}

    /** The ids of one sample's requests: those of a reader's run from sequence number {@code base} on. */
    record Block(int reader, int run, long base) {
        byte[] id(int index) {
            return of(reader, run, base + index);
        }
    }

    static byte[] of(int reader, int run, long sequence) {
        return ByteBuffer.allocate(LENGTH)
                .put(J)
                .put(K)
                .putInt(reader)
                .putShort((short) run)
                .putLong(sequence)
                .array();
    }

    /** Whether {@code id} is one of the plugin's ids at all (any reader's). */
    static boolean isPlugins(byte[] id) {
        return id != null && id.length == LENGTH && id[0] == J && id[1] == K;
    }

    static int reader(byte[] id) {
        return ByteBuffer.wrap(id, 2, 4).getInt();
    }

    static int run(byte[] id) {
        return Short.toUnsignedInt(ByteBuffer.wrap(id, 6, 2).getShort());
    }

    static long sequence(byte[] id) {
        return ByteBuffer.wrap(id, 8, 8).getLong();
    }

    /** The id as hex, for messages. */
    static String hex(byte[] id) {
        StringBuilder s = new StringBuilder(id.length * 2);
        for (byte b : id) {
            s.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return s.toString();
    }
}
