package io.github.jmeterkafka.sweep.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.sweep.report.Chart.Series;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChartTest {
    private final SweepRows sweep = SweepRows.parse(SweepFixture.AFTER);
    private final List<Chart> charts = Chart.all(sweep, sweep.tables());

    @Test
    void oneChartPerSamplerVariedPropertyAndMetric() {
        assertThat(charts)
                .extracting(Chart::id, c -> c.table().kind(), Chart::property, Chart::metric)
                .extracting(t -> Arrays.asList(t.toArray()))
                .containsExactly(
                        List.of("chart-0", "producer", "partitions", Metric.RECORDS_PER_SEC),
                        List.of("chart-1", "producer", "partitions", Metric.P99_MS),
                        List.of("chart-2", "producer", "acks", Metric.RECORDS_PER_SEC),
                        List.of("chart-3", "producer", "acks", Metric.P99_MS),
                        List.of("chart-4", "consumer", "partitions", Metric.RECORDS_PER_SEC),
                        List.of("chart-5", "consumer", "partitions", Metric.P99_MS),
                        List.of("chart-6", "consumer", "acks", Metric.RECORDS_PER_SEC),
                        List.of("chart-7", "consumer", "acks", Metric.P99_MS));
    }

    @Test
    void aPacedSamplerHasItsCorrectedP99ChartedToo() {
        SweepRows paced = SweepRows.parse(SweepRowsTest.PACED);

        assertThat(Chart.all(paced, paced.tables()))
                .extracting(c -> c.table().label() + " " + c.metric().title())
                .containsExactly("p records/s", "p p99 ms", "p corrected p99 ms", "q records/s", "q p99 ms");
    }

    @Test
    void oneLinePerCombinationOfTheOtherProperties() {
        assertThat(charts.get(0).x()).containsExactly("1", "6");
        assertThat(charts.get(0).series())
                .containsExactly(
                        new Series("acks=1", List.of(10_500.0, 30_500.0)),
                        new Series("acks=all", List.of(20_500.0, 40_500.0)));
        assertThat(charts.get(3).x()).containsExactly("1", "all");
        assertThat(charts.get(3).series())
                .containsExactly(
                        new Series("partitions=1", List.of(6.0, 11.0)),
                        new Series("partitions=6", List.of(16.0, 21.0)));
        assertThat(charts.get(4).title()).isEqualTo("Consume all (consumer): records/s by partitions");
    }

    @Test
    void oneVariedPropertyGivesOneLineAndAConfigurationWithoutOkRepeatsAGap() {
        SweepRows one = SweepRows.parse("""
                sweep,run,repeat,status,vary.record.size,kind,label,part,records_per_sec,p99_ms
                s,1,1,ok,100,producer,p,all,500,3
                s,2,1,failed: timeout,1000,,,,,
                s,3,1,ok,10000,producer,p,all,50,30
                """);
        List<Chart> c = Chart.all(one, one.tables());
        assertThat(c).hasSize(2);
        assertThat(c.get(0).x()).containsExactly("100", "1000", "10000");
        assertThat(c.get(0).series()).containsExactly(new Series("records/s", Arrays.asList(500.0, null, 50.0)));
    }
}
