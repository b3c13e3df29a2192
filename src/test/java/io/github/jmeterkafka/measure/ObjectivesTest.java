package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.measure.SummaryRow.Column;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObjectivesTest {

    private static SummaryRow producer(String label, String part, long p99, double rate, double expected) {
        return new SummaryRow("producer", label, part)
                .put(Column.CORRECTED_P99_MS, p99)
                .put(Column.P99_MS, p99 / 2)
                .put(Column.FAILED, 0)
                .put(Column.RECORDS_PER_SEC, rate, 1)
                .put(Column.EXPECTED_RECORDS_PER_SEC, expected, 1);
    }

    @Test
    void eachFormParsesAndReadsBackAsWritten() {
        Objectives o = Objectives.parse(
                "corrected p99 <= 50 ms; failed = 0;achieved>=99 %; Produce: records/s > 1000; e2e p99.9 < 20");
        assertThat(o.list())
                .extracting(Objectives.Scoped::toString)
                .containsExactly(
                        "corrected p99 <= 50 ms",
                        "failed = 0",
                        "achieved >= 99.0 %",
                        "records/s > 1000 for 'Produce'",
                        "e2e p99.9 < 20 ms");
        assertThat(Objectives.parse("  ").isEmpty()).isTrue();
    }

    @Test
    void aLabelMayHoldColonsAndTheLastOneEndsIt() {
        assertThat(Objectives.parse("step 1: warm: failed <= 2").list().get(0).label())
                .isEqualTo("step 1: warm");
    }

    @Test
    void whatDoesNotParseIsNamedWithTheForms() {
        assertThatThrownBy(() -> Objectives.parse("failed = 0; corected p99 <= 50 ms"))
                .hasMessageStartingWith("'corected p99 <= 50 ms' is not an objective: write LATENCY PERCENTILE")
                .hasMessageContaining("'achieved >= 99 %'");
        assertThatThrownBy(() -> Objectives.parse("failed = 0 ms")).hasMessageContaining("failed is not in ms");
        assertThatThrownBy(() -> Objectives.parse("corrected p99 <= 50 %")).hasMessageContaining("a latency is in ms");
        assertThatThrownBy(() -> Objectives.parse(": failed = 0")).hasMessageContaining("no label before");
    }

    @Test
    void aMissIsTheFigureAgainstItsLimitOverTheSteadyPart() {
        Objectives o = Objectives.parse("corrected p99 <= 50 ms; achieved >= 99 %");
        List<Objectives.Judgement> js = o.judge(
                "Produce at a fixed rate",
                List.of(
                        producer("Produce at a fixed rate", SummaryRow.ALL, 900, 9_000, 10_000),
                        producer("Produce at a fixed rate", SummaryRow.STEADY, 118, 9_950, 10_000)));
        assertThat(js)
                .extracting(Objectives.Judgement::text)
                .containsExactly(
                        "Kafka objective missed: corrected p99 118 ms > 50 ms for 'Produce at a fixed rate' after its"
                                + " warm-up",
                        "Kafka objective met: achieved 99.5 % >= 99.0 % for 'Produce at a fixed rate' after its warm-up");
        assertThat(js).extracting(Objectives.Judgement::met).containsExactly(false, true);
        assertThat(js.get(0).sampleLabel())
                .isEqualTo("Kafka objective: corrected p99 <= 50 ms for 'Produce at a fixed rate'");
        assertThat(o.unjudged()).isEmpty();
    }

    @Test
    void anObjectiveForEverySamplerSkipsRowsWithoutItsFigureButOneForALabelDoesNot() {
        Objectives o = Objectives.parse("e2e p99 <= 100 ms; Produce: e2e p99 <= 100 ms");
        List<Objectives.Judgement> js = o.judge("Produce", List.of(producer("Produce", SummaryRow.ALL, 10, 1, 1)));
        assertThat(js)
                .extracting(Objectives.Judgement::text)
                .containsExactly("Kafka objective missed: 'Produce' has no e2e p99 to meet 'e2e p99 <= 100 ms'");
        assertThat(o.unjudged())
                .extracting(Objectives.Judgement::text)
                .containsExactly(
                        "Kafka objective missed: no Kafka sampler's summary has its e2e p99 to meet 'e2e p99 <= 100 ms'");
    }

    @Test
    void anObjectiveForALabelThatNeverRanIsMissedAtTheEnd() {
        Objectives o = Objectives.parse("Prodce: failed = 0");
        assertThat(o.judge("Produce", List.of(producer("Produce", SummaryRow.ALL, 10, 1, 1))))
                .isEmpty();
        assertThat(o.unjudged())
                .extracting(Objectives.Judgement::text, Objectives.Judgement::met)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(
                        "Kafka objective missed: no Kafka sampler labelled 'Prodce' ran to meet 'failed = 0'", false));
    }

    @Test
    void achievedNeedsAnExpectedRate() {
        Objectives o = Objectives.parse("achieved >= 99 %");
        assertThat(o.judge("Produce", List.of(producer("Produce", SummaryRow.ALL, 10, 5_000, 0))))
                .isEmpty();
        assertThat(o.unjudged()).hasSize(1);
    }
}
