package io.github.jmeterkafka.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RecordSizesTest {
    private final SplittableRandom random = new SplittableRandom(7);

    @Test
    void aFixedSizeIsAlwaysThatSize() {
        RecordSizes sizes = RecordSizes.parse("1000");
        for (int i = 0; i < 100; i++) {
            assertThat(sizes.next(random)).isEqualTo(1000);
        }
        assertThat(sizes.mean()).isEqualTo(1000);
    }

    @Test
    void aRangeReachesBothEndsAndNothingOutside() {
        RecordSizes sizes = RecordSizes.parse("10-14");
        int[] seen = new int[20];
        for (int i = 0; i < 10_000; i++) {
            seen[sizes.next(random)]++;
        }
        assertThat(seen[9]).isZero();
        assertThat(seen[15]).isZero();
        for (int s = 10; s <= 14; s++) {
            assertThat(seen[s]).isBetween(1800, 2200);
        }
        assertThat(sizes.max()).isEqualTo(14);
        assertThat(sizes.mean()).isEqualTo(12);
    }

    @Test
    void weightedSizesFollowTheirWeights() {
        RecordSizes sizes = RecordSizes.parse("512:70, 1024:20, 8192:10");
        int small = 0;
        int medium = 0;
        int large = 0;
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            int s = sizes.next(random);
            if (s == 512) {
                small++;
            } else if (s == 1024) {
                medium++;
            } else {
                assertThat(s).isEqualTo(8192);
                large++;
            }
        }
        assertThat(small / (double) n).isBetween(0.69, 0.71);
        assertThat(medium / (double) n).isBetween(0.19, 0.21);
        assertThat(large / (double) n).isBetween(0.09, 0.11);
        assertThat(sizes.mean())
                .isEqualTo(0.7 * 512 + 0.2 * 1024 + 0.1 * 8192, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(sizes.max()).isEqualTo(8192);
    }

    @Test
    void sizesWithoutWeightsAreEquallyLikely() {
        RecordSizes sizes = RecordSizes.parse("100,200");
        int hundred = 0;
        for (int i = 0; i < 10_000; i++) {
            hundred += sizes.next(random) == 100 ? 1 : 0;
        }
        assertThat(hundred).isBetween(4800, 5200);
    }

    @Test
    void badSizesSayWhatIsWrong() {
        assertThatThrownBy(() -> RecordSizes.parse(""))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("record size is empty");
        assertThatThrownBy(() -> RecordSizes.parse("1k"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("'1k' is not a size in bytes");
        assertThatThrownBy(() -> RecordSizes.parse("200-100"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("runs backwards");
        assertThatThrownBy(() -> RecordSizes.parse("100:0,200:1"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("weight '0' must be a whole number above 0");
        assertThatThrownBy(() -> RecordSizes.parse("-5"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("-5 must not be negative");
    }
}
