package io.github.jmeterkafka.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricsCsvTest {
    @TempDir
    Path dir;

    @Test
    void appendsRowsUnderOneHeader() throws Exception {
        Path file = dir.resolve("sub/metrics.csv");
        try (MetricsCsv csv = new MetricsCsv(file)) {
            csv.write(
                    List.of(new MetricPoint(1000, "p-host-1-producer-1", "producer-1", "record-send-rate", 1234.5678)));
        }
        try (MetricsCsv csv = new MetricsCsv(file)) {
            csv.write(List.of(new MetricPoint(2000, "orders", "orders", "consumer-group-lag", 60)));
        }
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8))
                .containsExactly(
                        "timestamp,source,metric,value",
                        "1000,p-host-1-producer-1,record-send-rate,1234.568",
                        "2000,orders,consumer-group-lag,60");
    }

    @Test
    void numbersArePlainWithAtMostThreeDecimals() {
        assertThat(MetricsCsv.number(0)).isEqualTo("0");
        assertThat(MetricsCsv.number(0.05)).isEqualTo("0.05");
        assertThat(MetricsCsv.number(0.0004)).isEqualTo("0");
        assertThat(MetricsCsv.number(3.3554432E7)).isEqualTo("33554432");
        assertThat(MetricsCsv.number(-1)).isEqualTo("-1");
    }
}
