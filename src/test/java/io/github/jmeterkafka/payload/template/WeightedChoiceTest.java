package io.github.jmeterkafka.payload.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WeightedChoiceTest {

    private static Map<String, Double> percentages(WeightedChoice choice, int draws) {
        SplittableRandom random = new SplittableRandom(11);
        Map<String, Double> percent = new HashMap<>();
        for (int i = 0; i < draws; i++) {
            percent.merge(choice.pick(random), 100.0 / draws, Double::sum);
        }
        return percent;
    }

    @Test
    void weightedDrawsFollowTheWeights() {
        Map<String, Double> percent = percentages(WeightedChoice.parse(List.of("EUR:60", "USD:30", "GBP:10")), 100_000);

        assertThat(percent.get("EUR")).isCloseTo(60, offset(1.5));
        assertThat(percent.get("USD")).isCloseTo(30, offset(1.5));
        assertThat(percent.get("GBP")).isCloseTo(10, offset(1.5));
    }

    @Test
    void unweightedDrawsAreUniform() {
        Map<String, Double> percent = percentages(WeightedChoice.parse(List.of("a", "b", "c", "d")), 100_000);

        assertThat(percent).containsOnlyKeys("a", "b", "c", "d");
        assertThat(percent.values()).allSatisfy(p -> assertThat(p).isCloseTo(25, offset(1.5)));
    }

    @Test
    void theWeightFollowsTheLastColon_aZeroWeightIsNeverDrawn() {
        Map<String, Double> percent = percentages(WeightedChoice.parse(List.of("a:b:1", "x:0", "c:3", "y:0")), 10_000);

        assertThat(percent).containsOnlyKeys("a:b", "c");
        assertThat(percent.get("c")).isCloseTo(75, offset(2.0));
    }

    @Test
    void badWeightsAreInvalidInput() {
        assertThatThrownBy(() -> WeightedChoice.parse(List.of()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("no choice to pick from");
        assertThatThrownBy(() -> WeightedChoice.parse(List.of("a:1", "b")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("either every choice");
        assertThatThrownBy(() -> WeightedChoice.parse(List.of("a:", "b:1")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("the weight '' of 'a:'");
        assertThatThrownBy(() -> WeightedChoice.parse(List.of("a:9999999999")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("the weight '9999999999'");
    }
}
