package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.input.InvalidInputException;
import java.nio.ByteBuffer;

/**
 * Confluent's wire format, as registry serializers write a value: a zero magic byte, the schema's registry id (4
 * bytes, big-endian), for Protobuf the path of the message type in its file (a zigzag varint count, then as many
 * indexes; a lone 0 for the first top-level message), then the payload in the schema's own encoding.
 *
 * @param schemaId the registry's id of the schema
 * @param payload  the bytes after the header (for Protobuf after the message indexes, if {@code protobuf})
 */
public record WireFormat(int schemaId, ByteBuffer payload) {
    private static final byte MAGIC = 0;
    private static final int HEADER = 5;

    /** Whether {@code value} starts as a framed value does: the magic byte and room for an id. */
    public static boolean framed(ByteBuffer value) {
        return value != null && value.remaining() >= HEADER && value.get(value.position()) == MAGIC;
    }

    /**
     * The header of {@code value}, its payload a view after the id.
     *
     * @throws InvalidInputException not a framed value
     */
    public static WireFormat of(ByteBuffer value) {
        if (!framed(value)) {
            throw new InvalidInputException(
                    "the value is not in a schema registry's wire format (magic byte 0, then" + " a 4-byte schema id)");
        }
        ByteBuffer v = value.duplicate();
        v.get();
        int id = v.getInt();
        return new WireFormat(id, v.slice());
    }

    /**
     * The header a registry serializer writes before a payload: magic byte, id, and for Protobuf the message's path.
     *
     * @param messageIndexes for Protobuf, the path of the message type in its file ({@code [0]} written as a lone 0,
     *                       as Confluent's serializer writes it); null for Avro and JSON
     */
    public static byte[] header(int schemaId, int[] messageIndexes) {
        ByteBuffer out = ByteBuffer.allocate(HEADER + (messageIndexes == null ? 0 : 5 * (messageIndexes.length + 1)));
        out.put(MAGIC).putInt(schemaId);
        if (messageIndexes != null) {
            if (messageIndexes.length == 1 && messageIndexes[0] == 0) {
                out.put((byte) 0);
            } else {
                putZigzag(out, messageIndexes.length);
                for (int index : messageIndexes) {
                    putZigzag(out, index);
                }
            }
        }
        byte[] header = new byte[out.position()];
        out.flip().get(header);
        return header;
    }

    private static void putZigzag(ByteBuffer out, int value) {
        int v = (value << 1) ^ (value >> 31);
        while ((v & ~0x7f) != 0) {
            out.put((byte) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        out.put((byte) v);
    }

    /**
     * Reads the Protobuf message indexes at the start of {@code payload}, leaving it after them.
     *
     * @return the path of the message type: {@code [0]} the file's first message, {@code [1, 0]} the first message
     *     nested in its second
     * @throws InvalidInputException the indexes are cut short or out of range
     */
    public static int[] messageIndexes(ByteBuffer payload) {
        int count = zigzag(payload);
        if (count == 0) {
            return new int[] {0};
        }
        if (count < 0 || count > payload.remaining()) {
            throw new InvalidInputException("the value's Protobuf message indexes are not valid (count " + count + ")");
        }
        int[] path = new int[count];
        for (int i = 0; i < count; i++) {
            path[i] = zigzag(payload);
            if (path[i] < 0) {
                throw new InvalidInputException("the value's Protobuf message index " + path[i] + " is negative");
            }
        }
        return path;
    }

    private static int zigzag(ByteBuffer b) {
        int raw = 0;
        for (int shift = 0; shift < 32; shift += 7) {
            if (!b.hasRemaining()) {
                throw new InvalidInputException("the value ends inside its Protobuf message indexes");
            }
            byte next = b.get();
            raw |= (next & 0x7f) << shift;
            if (next >= 0) {
                return (raw >>> 1) ^ -(raw & 1);
            }
        }
        throw new InvalidInputException("the value's Protobuf message indexes are not valid varints");
    }
}
