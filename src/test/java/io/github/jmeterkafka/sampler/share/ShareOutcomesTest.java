package io.github.jmeterkafka.sampler.share;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import java.util.EnumMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** The share consumer's outcome by shares: bad numbers refused with the field's name, shares drawn as asked. */
class ShareOutcomesTest {

    @Test
    void sharesOverAHundredPercentOrNotPercentagesAreRefused() {
        assertThatThrownBy(() -> new ShareOutcomes(60, 50, null, "", null, "s"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("released and rejected shares add up to more than 100 %: 60.0 + 50.0");
        assertThatThrownBy(() -> Fields.percent("released share", "half"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("released share must be a percentage, not 'half'");
        assertThatThrownBy(() -> Fields.percent("rejected share", "-5"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("rejected share must be from 0 to 100 %, not '-5'");
        assertThat(Fields.percent("rejected share", " ")).isZero();
    }

    @Test
    void recordsGetTheOutcomesInTheSharesAsked() {
        ShareOutcomes outcomes = new ShareOutcomes(20, 10, null, "", null, "s");
        Map<AcknowledgeType, Integer> n = new EnumMap<>(AcknowledgeType.class);
        ConsumerRecord<Object, Object> rec = new ConsumerRecord<>("t", 0, 0, null, "v");
        for (int i = 0; i < 100_000; i++) {
            n.merge(outcomes.outcome(rec), 1, Integer::sum);
        }
        // 20 % and 10 % of 100,000 give or take 1 % (over 20 standard deviations)
        assertThat(n.get(AcknowledgeType.RELEASE)).isBetween(19_000, 21_000);
        assertThat(n.get(AcknowledgeType.REJECT)).isBetween(9_000, 11_000);
        assertThat(n.get(AcknowledgeType.ACCEPT)).isBetween(69_000, 71_000);
        assertThat(n).doesNotContainKey(AcknowledgeType.RENEW);
    }
}
