package io.github.jmeterkafka.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.measure.Interval;
import io.github.jmeterkafka.measure.IntervalFigures;
import io.github.jmeterkafka.measure.LimitSeries;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class KafkaMetricsTest {

    private static IntervalFigures interval(String label, long startMs, int records, long micros, boolean paced) {
        Histogram latency = new Histogram(3);
        for (int i = 0; i < records; i++) {
            latency.recordValue(micros);
        }
        return new IntervalFigures(
                "producer",
                label,
                "send-to-ack",
                new Interval(startMs, startMs + 1000, latency, records * 1024L, 2, paced ? latency.copy() : null, null),
                Map.of(LimitSeries.CORES_BUSY, 875L));
    }

    @Test
    void countersAddUpTheIntervalsAndGaugesShowTheLast() {
        KafkaMetrics m = new KafkaMetrics();
        m.add(interval("Produce \"1 KB\"", 0, 1000, 5000, true));
        m.add(interval("Produce \"1 KB\"", 1000, 500, 12_000, true));

        String text = m.text();
        String labels = "{sampler=\"Produce \\\"1 KB\\\"\",kind=\"producer\",latency=\"send-to-ack\"}";
        assertThat(text)
                .contains("# TYPE jmeter_kafka_records_total counter\njmeter_kafka_records_total" + labels + " 1500\n")
                .contains("jmeter_kafka_failed_total" + labels + " 4\n")
                .contains("jmeter_kafka_bytes_total" + labels + " 1536000\n")
                .contains("# TYPE jmeter_kafka_records_per_second gauge\njmeter_kafka_records_per_second" + labels
                        + " 500\n")
                .contains("jmeter_kafka_mb_per_second" + labels + " 0.48828125\n")
                .contains("jmeter_kafka_latency_ms" + labels.replace("}", ",quantile=\"0.99\"}") + " 12.007\n")
                .contains("jmeter_kafka_latency_ms" + labels.replace("}", ",quantile=\"1\"}") + " 12.007\n")
                .contains("jmeter_kafka_corrected_latency_ms" + labels.replace("}", ",quantile=\"0.5\"}"))
                .contains("# TYPE jmeter_kafka_limit_cores_busy gauge\njmeter_kafka_limit_cores_busy" + labels
                        + " 87.5\n");
        // every sample line is NAME{labels} VALUE, every family has its HELP and TYPE once
        assertThat(text.lines().filter(l -> !l.startsWith("#")))
                .allMatch(l -> l.matches("jmeter_kafka_[a-z_]+\\{.*\\} -?[0-9.E]+"));
        assertThat(text.lines().filter(l -> l.startsWith("# TYPE jmeter_kafka_records_total")))
                .hasSize(1);
    }

    @Test
    void anIntervalWithoutRecordsHasNoQuantiles() {
        KafkaMetrics m = new KafkaMetrics();
        m.add(interval("p", 0, 0, 0, false));
        assertThat(m.text())
                .contains(
                        "jmeter_kafka_records_per_second{sampler=\"p\",kind=\"producer\",latency=\"send-to-ack\"} 0\n")
                .doesNotContain("jmeter_kafka_latency_ms{")
                .doesNotContain("jmeter_kafka_corrected_latency_ms{");
    }
}
