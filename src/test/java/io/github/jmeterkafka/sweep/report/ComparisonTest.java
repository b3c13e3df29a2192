package io.github.jmeterkafka.sweep.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    private final Comparison comparison = Comparison.of(
            SweepRows.parse(SweepFixture.BEFORE).tables(),
            SweepRows.parse(SweepFixture.AFTER).tables());

    @Test
    void ratiosOfTheMediansOfConfigurationsInBoth() {
        assertThat(comparison.rows())
                .extracting(r -> r.kind() + " " + r.configuration().text())
                .containsExactly(
                        "producer partitions=1, acks=1",
                        "producer partitions=1, acks=all",
                        "producer partitions=6, acks=1",
                        "consumer partitions=1, acks=1",
                        "consumer partitions=1, acks=all",
                        "consumer partitions=6, acks=1");
        Comparison.Row producer = comparison.rows().get(0);
        assertThat(producer.changes())
                .extracting(Comparison.Change::metric)
                .containsExactly(Metric.RECORDS_PER_SEC, Metric.MB_PER_SEC, Metric.P99_MS);
        assertThat(producer.changes().get(0))
                .isEqualTo(new Comparison.Change(Metric.RECORDS_PER_SEC, 8_400.0, 10_500.0));
        assertThat(producer.changes().get(0).ratio()).isEqualTo(1.25);
        assertThat(producer.changes().get(2).ratio()).isEqualTo(2.0);
        Comparison.Row consumer = comparison.rows().get(3);
        assertThat(consumer.changes().get(0).before()).isEqualTo(7_280.0);
        assertThat(consumer.changes().get(0).ratio()).isEqualTo(1.25);
    }

    @Test
    void configurationsOfOneSweepOnlyAreListedApart() {
        Configuration sixAll = new Configuration(Map.of("partitions", "6", "acks", "all"));
        Configuration twelveOne = new Configuration(Map.of("partitions", "12", "acks", "1"));
        assertThat(comparison.unmatched())
                .containsExactly(
                        new Comparison.Unmatched("after", "producer", SweepFixture.PRODUCER, sixAll),
                        new Comparison.Unmatched("after", "consumer", SweepFixture.CONSUMER, sixAll),
                        new Comparison.Unmatched("before", "producer", SweepFixture.PRODUCER, twelveOne),
                        new Comparison.Unmatched("before", "consumer", SweepFixture.CONSUMER, twelveOne));
    }

    @Test
    void noRatioWithoutBothMediansOrAgainstZero() {
        assertThat(new Comparison.Change(Metric.P99_MS, 0.0, 3.0).ratio()).isNull();
        assertThat(new Comparison.Change(Metric.P99_MS, null, 3.0).ratio()).isNull();
    }
}
