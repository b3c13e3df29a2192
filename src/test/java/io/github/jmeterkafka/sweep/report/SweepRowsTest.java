package io.github.jmeterkafka.sweep.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepRowsTest {
    private final SweepRows sweep = SweepRows.parse(SweepFixture.AFTER);

    @Test
    void variedPropertiesAndValuesInSweepOrder() {
        assertThat(sweep.name()).isEqualTo("broker-tuning");
        assertThat(sweep.properties()).containsExactly("partitions", "acks");
        assertThat(sweep.values("partitions")).containsExactly("1", "6");
        assertThat(sweep.values("acks")).containsExactly("1", "all");
        assertThat(sweep.configurations())
                .extracting(Configuration::text)
                .containsExactly(
                        "partitions=1, acks=1",
                        "partitions=1, acks=all",
                        "partitions=6, acks=1",
                        "partitions=6, acks=all");
    }

    @Test
    void producerTableTakesTheSteadyRowsMediansAndRanges() {
        SectionTable producer = sweep.tables().get(0);
        assertThat(producer.kind()).isEqualTo("producer");
        assertThat(producer.label()).isEqualTo(SweepFixture.PRODUCER);
        assertThat(producer.part()).isEqualTo("steady");
        // not paced: no corrected latency
        assertThat(producer.metrics())
                .doesNotContain(Metric.REBALANCE_MS, Metric.FETCH_MS, Metric.CORRECTED_P50_MS, Metric.CORRECTED_P99_MS);
        assertThat(producer.rows()).extracting(ConfigurationStats::okRepeats).containsExactly(2, 2, 2, 2);
        assertThat(producer.rows())
                .extracting(r -> r.spread(Metric.RECORDS_PER_SEC))
                .containsExactly(
                        new Spread(10_500, 10_000, 11_000), new Spread(20_500, 20_000, 21_000),
                        new Spread(30_500, 30_000, 31_000), new Spread(40_500, 40_000, 41_000));
        assertThat(producer.rows())
                .extracting(r -> r.spread(Metric.P99_MS))
                .containsExactly(
                        new Spread(6, 5, 7), new Spread(11, 10, 12), new Spread(16, 15, 17), new Spread(21, 20, 22));
        assertThat(producer.rows().get(0).spread(Metric.MB_PER_SEC)).isEqualTo(new Spread(10.5, 10, 11));
        assertThat(producer.rows().get(0).spread(Metric.P999_MS)).isEqualTo(new Spread(9, 7.5, 10.5));
        assertThat(producer.rows().get(0).spread(Metric.MAX_MS)).isEqualTo(new Spread(12, 10, 14));
    }

    @Test
    void consumerTableHasOnlyAllRowsAndTheConsumerColumns() {
        SectionTable consumer = sweep.tables().get(1);
        assertThat(consumer.kind()).isEqualTo("consumer");
        assertThat(consumer.part()).isEqualTo("all");
        assertThat(consumer.latency()).isEqualTo("end to end");
        ConfigurationStats first = consumer.rows().get(0);
        assertThat(first.spread(Metric.RECORDS_PER_SEC)).isEqualTo(new Spread(9_100, 9_000, 9_200));
        assertThat(first.spread(Metric.REBALANCE_MS)).isEqualTo(new Spread(3_050, 3_000, 3_100));
        assertThat(first.spread(Metric.FETCH_MS)).isEqualTo(new Spread(27_000, 27_000, 27_000));
        assertThat(first.spread(Metric.FETCH_RECORDS_PER_SEC)).isEqualTo(new Spread(10_010, 9_900, 10_120));
        assertThat(first.spread(Metric.FETCH_MB_PER_SEC)).isEqualTo(new Spread(9.1, 9, 9.2));
    }

    @Test
    void aPacedSamplersTableHasItsCorrectedPercentilesAndAnUnpacedOneNone() {
        SweepRows s = SweepRows.parse(PACED);

        SectionTable paced = s.tables().get(0);
        assertThat(paced.metrics()).endsWith(Metric.MAX_MS, Metric.CORRECTED_P50_MS, Metric.CORRECTED_P99_MS);
        assertThat(paced.rows())
                .extracting(r -> r.spread(Metric.CORRECTED_P99_MS))
                .containsExactly(new Spread(25, 20, 30), new Spread(400, 400, 400));
        assertThat(paced.rows().get(0).spread(Metric.CORRECTED_P50_MS)).isEqualTo(new Spread(4, 3, 5));
        assertThat(paced.latency()).isEqualTo("send to ack, corrected: from the intended send");
        SectionTable unpaced = s.tables().get(1);
        assertThat(unpaced.metrics()).doesNotContain(Metric.CORRECTED_P50_MS, Metric.CORRECTED_P99_MS);
        assertThat(unpaced.latency()).isEqualTo("round trip");
    }

    /** A sweep of the rate: a paced producer (two repeats at 1000, one at 5000) and a request-reply sampler left unpaced. */
    static final String PACED = """
            sweep,run,repeat,status,vary.rate,kind,label,part,records_per_sec,p99_ms,corrected_p50_ms,corrected_p99_ms
            r,1,1,ok,1000,producer,p,all,1000,4,3,20
            r,1,1,ok,1000,request-reply,q,all,50,9,,
            r,1,2,ok,1000,producer,p,all,1000,5,5,30
            r,1,2,ok,1000,request-reply,q,all,50,9,,
            r,2,1,ok,5000,producer,p,all,4200,6,80,400
            r,2,1,ok,5000,request-reply,q,all,50,9,,
            """;

    @Test
    void failedRunIsListedApartAndInNoFigure() {
        assertThat(sweep.failedRuns())
                .containsExactly(new FailedRun(
                        9, 3, new Configuration(Map.of("partitions", "6", "acks", "all")), SweepFixture.FAILURE));
        ConfigurationStats last = sweep.tables().get(0).rows().get(3);
        assertThat(last.okRepeats()).isEqualTo(2);
        assertThat(last.spread(Metric.RECORDS_PER_SEC).max()).isEqualTo(41_000);
        assertThat(last.spread(Metric.P99_MS).max()).isEqualTo(22);
        assertThat(sweep.okRunCount()).isEqualTo(8);
        assertThat(sweep.repeats()).isEqualTo(3);
    }

    @Test
    void factsOfTheHeader() {
        Map<String, String> facts = new LinkedHashMap<>();
        Report.of(sweep, null, null).facts().forEach(f -> facts.put(f.getKey(), f.getValue()));
        assertThat(facts)
                .containsEntry("Sweep", "broker-tuning")
                .containsEntry("Time", "2025-06-01T10:01:00.007Z to 2025-06-01T10:09:00.063Z")
                .containsEntry("Host", "perf-host-1")
                .containsEntry("JMeter", "5.6.3")
                .containsEntry("Kafka client", "4.4.0")
                .containsEntry("Varied", "partitions: 1, 6; acks: 1, all")
                .containsEntry("Runs", "8 ok, 1 failed");
    }

    @Test
    void columnsAreReadByNameInAnyOrderAndAFailedRunMayHaveNoSummary() {
        SweepRows s = SweepRows.parse("""
                records_per_sec,status,kind,vary.acks,label,part,repeat,run,sweep,p99_ms
                100,ok,producer,1,p,all,1,1,s,4
                300,ok,producer,1,p,all,2,2,s,8
                ,"failed: no broker, none at all",,all,,,1,3,s,
                """);
        assertThat(s.tables()).hasSize(1);
        assertThat(s.tables().get(0).rows())
                .extracting(r -> r.spread(Metric.RECORDS_PER_SEC))
                .containsExactly(new Spread(200, 100, 300), null);
        assertThat(s.tables().get(0).rows().get(0).spread(Metric.AVG_MS)).isNull();
        assertThat(s.tables().get(0).rows().get(1).okRepeats()).isZero();
        assertThat(s.failedRuns()).extracting(FailedRun::reason).containsExactly("no broker, none at all");
    }

    @Test
    void aByteOrderMarkAndBlankLinesAreNoRows() {
        SweepRows s = SweepRows.parse("\uFEFFsweep,run,repeat,status\r\ns,1,1,ok\r\n\r\ns,2,1,ok\r\n\r\n");
        assertThat(s.name()).isEqualTo("s");
        assertThat(s.okRunCount()).isEqualTo(2);
    }

    @Test
    void aRowsFileWithoutTheRunnerColumnsIsRefused() {
        assertThatThrownBy(() -> SweepRows.parse(SweepFixture.header().replace("repeat,", "") + "\n"))
                .hasMessageContaining("no column repeat");
        assertThatThrownBy(() -> SweepRows.parse("sweep,run,repeat,status\ns,one,1,ok\n"))
                .hasMessageContaining("run is not a number: one");
    }
}
