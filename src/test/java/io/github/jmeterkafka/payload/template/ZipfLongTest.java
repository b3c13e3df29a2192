package io.github.jmeterkafka.payload.template;

import static io.github.jmeterkafka.payload.template.Records.context;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import org.junit.jupiter.api.Test;

class ZipfLongTest {

    /** Draws {@code draws} keys of {@code {{zipf n s}}} and counts each. */
    private static long[] counts(int n, String s, int draws, long seed) {
        Template t = Template.parse("{{zipf " + n + " " + s + "}}");
        RecordContext context = context(seed, 1);
        long[] counts = new long[n + 1];
        for (int i = 0; i < draws; i++) {
            context.nextRecord();
            counts[(int) (long) (Long) t.renderValue(context)]++;
        }
        return counts;
    }

    /** The sum of 1 / k^s for k = 1..upTo. */
    private static double harmonic(double s, int upTo) {
        double sum = 0;
        for (int k = 1; k <= upTo; k++) {
            sum += Math.pow(k, -s);
        }
        return sum;
    }

    @Test
    void aMillionKeysOverTenThousandAtExponent1_1_giveTheTopKeyAndTheTopTenTheirTheoreticalShares() {
        int n = 10_000;
        int draws = 1_000_000;
        long[] counts = counts(n, "1.1", draws, 42L);

        double all = harmonic(1.1, n);
        double top = 1 / all;
        double topTen = harmonic(1.1, 10) / all;
        assertThat(counts[0]).as("no key 0").isZero();
        assertThat(counts[1] / (double) draws).isCloseTo(top, within(top * 0.02));
        long tenCount = 0;
        for (int k = 1; k <= 10; k++) {
            tenCount += counts[k];
        }
        assertThat(tenCount / (double) draws).isCloseTo(topTen, within(topTen * 0.02));
        // and the ranks fall off: key 1 more often than key 2, key 2 than key 10
        assertThat(counts[1]).isGreaterThan(counts[2]);
        assertThat(counts[2]).isGreaterThan(counts[10]);
    }

    @Test
    void exponent1AndASingleKeyWork_andTheSameSeedRepeatsTheKeys() {
        long[] one = counts(1, "1", 1000, 1L);
        assertThat(one[1]).isEqualTo(1000);
        long[] s1 = counts(100, "1", 100_000, 3L);
        double all = harmonic(1, 100);
        assertThat(s1[1] / 100_000.0).isCloseTo(1 / all, within(0.02 / all));
        assertThat(counts(100, "1.5", 1000, 9L)).isEqualTo(counts(100, "1.5", 1000, 9L));
    }

    @Test
    void noKeysOrANonPositiveExponentIsAClearErrorAtParse() {
        assertThatThrownBy(() -> Template.parse("{{zipf 0 1}}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(
                        "template placeholder {{zipf 0 1}} at character 1: 0 is out of range [1, 4611686018427387903]");
        assertThatThrownBy(() -> Template.parse("k-{{zipf 10 0}}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("at character 3: the exponent 0 must be more than 0");
        assertThatThrownBy(() -> Template.parse("{{zipf 10}}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("{{zipf N S}}");
    }
}
