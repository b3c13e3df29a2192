package io.github.jmeterkafka.influx;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.measure.Interval;
import io.github.jmeterkafka.measure.IntervalFigures;
import io.github.jmeterkafka.measure.LimitSeries;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class IntervalLineTest {

    @Test
    void onePointPerIntervalWithJMetersTagsAndPerRecordFields() {
        Histogram micros = new Histogram(3);
        for (int i = 1; i <= 1000; i++) {
            micros.recordValue(i * 10L);
        }
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("application", "shop, eu");
        tags.put("test", "");
        IntervalLine line = new IntervalLine("jmeter", tags);

        String point = line.line(new IntervalFigures(
                "producer",
                "Produce 1 KB=x",
                "send-to-ack",
                new Interval(1_000, 3_000, micros, 2_097_152, 4, null, null),
                new EnumMap<>(Map.of(LimitSeries.CORES_BUSY, 973L, LimitSeries.QUEUE, 2_500L))));

        assertThat(point)
                .startsWith("jmeter,application=shop\\,\\ eu,transaction=Produce\\ 1\\ KB\\=x,statut=all,kind=producer,"
                        + "latency=send-to-ack count=1004,countError=4,records=1000i,failed=4i,bytes=2097152i,"
                        + "interval_s=2.000000,records_per_s=500.000000,mb_per_s=1.000000,failed_per_s=2.000000,")
                .contains(
                        ",pct50.0=" + ms(micros.getValueAtPercentile(50)) + ",",
                        ",pct99.9=" + ms(micros.getValueAtPercentile(99.9)) + ",",
                        ",pct99.99=" + ms(micros.getValueAtPercentile(99.99)) + ",",
                        // the limits probe's last second, in the page's units: 973 per mille, 2,500 µs
                        ",limit_cores_busy=97.300000,limit_queue=2.500000 ",
                        ",max=" + ms(micros.getMaxValue()) + ",")
                .doesNotContain("corrected_", "test=")
                .endsWith(" 3000000000");
    }

    /** HdrHistogram's value in µs as the line writes it: ms, six decimals. */
    private static String ms(long micros) {
        return String.format(Locale.ROOT, "%.6f", micros / 1000.0);
    }

    @Test
    void anIntervalWithoutRecordsHasNoLatencyFields() {
        String point = new IntervalLine("jmeter", Map.of())
                .line(new IntervalFigures(
                        "consumer",
                        "Read",
                        "end-to-end",
                        new Interval(0, 1_000, new Histogram(3), 0, 0, null, null),
                        Map.of()));
        assertThat(point).contains("records_per_s=0.000000").doesNotContain("pct50.0", "max=", "limit_");
    }
}
