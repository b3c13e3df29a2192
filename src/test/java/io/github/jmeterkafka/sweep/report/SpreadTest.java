package io.github.jmeterkafka.sweep.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void medianOfAnOddCountIsTheMiddleValue() {
        assertThat(Spread.of(List.of(9.0, 1.0, 5.0))).isEqualTo(new Spread(5, 1, 9));
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
        assertThat(Spread.of(List.of(4.0, 1.0, 10.0, 2.0))).isEqualTo(new Spread(3, 1, 10));
        assertThat(Spread.of(List.of(7.0))).isEqualTo(new Spread(7, 7, 7));
    }

    @Test
    void noValueIsNoSpread() {
        assertThat(Spread.of(List.of())).isNull();
    }
}
