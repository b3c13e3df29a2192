package io.github.jmeterkafka.payload;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import io.github.jmeterkafka.payload.source.ValueSource;
import java.io.ByteArrayOutputStream;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class RandomPayloadTest {
    private final RecordContext context = new RecordContext(1L, 1, new SamplerCounters());

    @Test
    void lettersAreFreshForEveryRecordAndUniformOverAToZ() {
        ValueSource letters = RandomPayload.letters(RecordSizes.parse("1000"));
        Set<String> distinct = new HashSet<>();
        long[] counts = new long[26];
        for (int i = 0; i < 1000; i++) {
            byte[] v = (byte[]) letters.next(context);
            assertThat(v).hasSize(1000);
            distinct.add(new String(v, UTF_8));
            for (byte b : v) {
                assertThat(b).isBetween((byte) 'A', (byte) 'Z');
                counts[b - 'A']++;
            }
        }
        assertThat(distinct).hasSize(1000);
        for (long c : counts) {
            // 1M letters: each about 38,462, far within 2 %
            assertThat(c).isBetween(37_700L, 39_200L);
        }
    }

    @Test
    void eachLetterIsIndependentOfTheEightBeforeIt() {
        // six letters come from one random word, three from each half: every pair at a distance of 1 to 8 (inside a
        // half, across halves, across words) must still be as likely as any other
        ValueSource letters = RandomPayload.letters(RecordSizes.parse("1000"));
        long[][][] pairs = new long[9][26][26];
        for (int i = 0; i < 1000; i++) {
            byte[] v = (byte[]) letters.next(context);
            for (int d = 1; d <= 8; d++) {
                for (int j = d; j < v.length; j++) {
                    pairs[d][v[j - d] - 'A'][v[j] - 'A']++;
                }
            }
        }
        for (int d = 1; d <= 8; d++) {
            for (long[] row : pairs[d]) {
                for (long c : row) {
                    // about 1,000,000 pairs over 676: each about 1,470 (sd 38)
                    assertThat(c).as("pairs at distance %d", d).isBetween(1_290L, 1_660L);
                }
            }
        }
    }

    @Test
    void oddSizesAreFilledToTheLastByte() {
        byte[] v = (byte[]) RandomPayload.letters(RecordSizes.parse("7")).next(context);
        assertThat(v).hasSize(7);
        assertThat(v[6]).isBetween((byte) 'A', (byte) 'Z');
    }

    @Test
    void randomBytesDoNotCompress() {
        byte[] v = (byte[]) RandomPayload.bytes(RecordSizes.parse("10003")).next(context);
        assertThat(v).hasSize(10003);
        assertThat(deflated(v)).isGreaterThan(10003);
        byte[] letters =
                (byte[]) RandomPayload.letters(RecordSizes.parse("10003")).next(context);
        // 26 letters carry log2(26) = 4.7 bits a byte
        assertThat(deflated(letters)).isBetween(5_800, 6_600);
    }

    @Test
    void onceSendsTheSamePayloadForEveryRecordOfASize() {
        ValueSource once = RandomPayload.once(RecordSizes.parse("100"));
        Object first = once.next(context);
        assertThat(once.next(context)).isSameAs(first);
    }

    @Test
    void aSeedRepeatsTheRecordsPerThreadAndThreadsDiffer() {
        ValueSource letters = RandomPayload.letters(RecordSizes.parse("50-60"));
        RecordContext a = new RecordContext(42L, 3, new SamplerCounters());
        RecordContext b = new RecordContext(42L, 3, new SamplerCounters());
        RecordContext other = new RecordContext(42L, 4, new SamplerCounters());
        for (int i = 0; i < 10; i++) {
            byte[] fromA = (byte[]) letters.next(a);
            assertThat(letters.next(b)).isEqualTo(fromA);
            assertThat(letters.next(other)).isNotEqualTo(fromA);
        }
    }

    private static int deflated(byte[] data) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        d.setInput(data);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        return out.size();
    }
}
