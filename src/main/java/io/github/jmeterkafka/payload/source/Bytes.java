package io.github.jmeterkafka.payload.source;

import java.nio.ByteBuffer;

/** Byte buffers as arrays, for decoders that take one. */
public final class Bytes {
    private Bytes() {}

    /** A copy of what remains in {@code buffer}, which is left as it was. */
    public static byte[] copy(ByteBuffer buffer) {
        ByteBuffer d = buffer.duplicate();
        byte[] out = new byte[d.remaining()];
        d.get(out);
        return out;
    }
}
