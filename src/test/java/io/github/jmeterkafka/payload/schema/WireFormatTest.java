package io.github.jmeterkafka.payload.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WireFormatTest {
    private static ByteBuffer framed(int id, byte... rest) {
        ByteBuffer b = ByteBuffer.allocate(5 + rest.length);
        b.put((byte) 0).putInt(id).put(rest).flip();
        return b;
    }

    @Test
    void theIdAndThePayloadAfterIt() {
        WireFormat f = WireFormat.of(framed(258, (byte) 'x', (byte) 'y'));
        assertThat(f.schemaId()).isEqualTo(258);
        assertThat(StandardCharsets.US_ASCII.decode(f.payload()).toString()).isEqualTo("xy");
    }

    @Test
    void protobufMessageIndexesAreZigzagVarintsWithALoneZeroForTheFirstMessage() {
        ByteBuffer first = WireFormat.of(framed(1, (byte) 0, (byte) 0x0a)).payload();
        assertThat(WireFormat.messageIndexes(first)).containsExactly(0);
        assertThat(first.remaining()).isEqualTo(1);

        // two indexes, [1, 0]: count 2 -> 4, 1 -> 2, 0 -> 0
        ByteBuffer nested = WireFormat.of(framed(1, (byte) 4, (byte) 2, (byte) 0, (byte) 0x0a))
                .payload();
        assertThat(WireFormat.messageIndexes(nested)).containsExactly(1, 0);
        assertThat(nested.remaining()).isEqualTo(1);
    }

    @Test
    void aValueNotFramedOrCutShortSaysSo() {
        ByteBuffer text = ByteBuffer.wrap("{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        assertThat(WireFormat.framed(text)).isFalse();
        assertThatThrownBy(() -> WireFormat.of(text))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("not in a schema registry's wire format");
        assertThatThrownBy(() -> WireFormat.messageIndexes(ByteBuffer.wrap(new byte[] {4, 2})))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("Protobuf message indexes");
    }

    @Test
    void aHeaderWrittenIsReadBackWithItsIdAndMessageIndexes() {
        assertThat(WireFormat.header(258, null)).containsExactly(0, 0, 0, 1, 2);
        assertThat(WireFormat.header(7, new int[] {0})).containsExactly(0, 0, 0, 0, 7, 0);
        for (int[] path : new int[][] {{0}, {1, 0}, {3, 70, 2}}) {
            byte[] header = WireFormat.header(99, path);
            ByteBuffer value = ByteBuffer.allocate(header.length + 1)
                    .put(header)
                    .put((byte) 0x0a)
                    .flip();
            WireFormat f = WireFormat.of(value);
            assertThat(f.schemaId()).isEqualTo(99);
            ByteBuffer payload = f.payload();
            assertThat(WireFormat.messageIndexes(payload)).containsExactly(path);
            assertThat(payload.remaining()).isEqualTo(1);
        }
    }
}
