package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.jmeterkafka.harness.Harness;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class GeneratorRatesTest {

    @Test
    void aRateIsTheMedianOfItsWindows() {
        GeneratorRates.Rate r =
                new GeneratorRates.Rate("x", "x", new double[] {300, 100, 200, 400}, 1000, 250_000, 0, 1);
        assertThat(r.median()).isEqualTo(250);
        assertThat(r.min()).isEqualTo(100);
        assertThat(r.max()).isEqualTo(400);
        assertThat(r.bytesPerRecord()).isEqualTo(250);
        assertThat(r.microsPerRecord()).isEqualTo(4000);
        assertThat(r.mbPerSec()).isCloseTo(250 * 250 / 1048576.0, within(1e-12));
    }

    @Test
    void countsTheValuesOfTheBenchsPayloads() {
        Path plans = Harness.projectDir().resolve("bench").resolve("plans");
        for (Payload p : new Payload[] {Payload.random(), Payload.template(plans), Payload.avro(plans)}) {
            GeneratorRates.Rate r =
                    GeneratorRates.measure(p, p.spec(plans), Duration.ofMillis(10), Duration.ofMillis(20), 2);
            assertThat(r.windows).hasSize(2);
            assertThat(r.records).isGreaterThanOrEqualTo(2000);
            assertThat(r.median()).isPositive();
            assertThat(r.bytesPerRecord()).isPositive();
        }
    }
}
