package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CodecCaseTest {

    @Test
    void bothSidesGetTheCodecAndTheCaseMeasuresStoredBytes() {
        ProducerCase c = CodecCase.of("lz4", 200_000, 10_000);
        assertThat(c.id).isEqualTo("lz4");
        assertThat(c.title).isEqualTo("200k x 1000 B, 1 partition, compression.type=lz4");
        assertThat(c.producerProperties)
                .containsEntry("compression.type", "lz4")
                .containsEntry("acks", "1")
                .containsEntry("linger.ms", "5")
                .containsEntry("batch.size", "16384");
        assertThat(c.storedBytes).isTrue();
        assertThat(c.planFile()).isEqualTo("producer.jmx");
        assertThat(c.recordSize).isEqualTo(1000);
    }

    @Test
    void refusesACodecKafkaDoesNotHave() {
        assertThatThrownBy(() -> CodecCase.of("brotli", 1, 1)).hasMessageContaining("brotli");
    }

    @Test
    void aCodecsRateMustFallBetweenTheBoundsAndNoCodecAtLeastReach0_95() {
        assertThat(CodecCase.rateMet("lz4", 0.9)).isTrue();
        assertThat(CodecCase.rateMet("lz4", 1.25)).isTrue();
        assertThat(CodecCase.rateMet("snappy", 0.89)).isFalse();
        assertThat(CodecCase.rateMet("zstd", 1.26)).isFalse();
        assertThat(CodecCase.rateMet("none", 1.4)).isTrue();
        assertThat(CodecCase.rateMet("none", 0.94)).isFalse();
        assertThat(CodecCase.rateTarget("gzip")).isEqualTo("records/s 0.9 to 1.25 x perf-test");
        assertThat(CodecCase.rateTarget("none")).isEqualTo("records/s >= 0.95 x perf-test");
    }

    @Test
    void storedBytesMayDifferByThreePercentEitherWay() {
        assertThat(CodecCase.deviation(1030, 1000)).isCloseTo(0.03, within(1e-12));
        assertThat(CodecCase.storedMet(CodecCase.deviation(1029, 1000))).isTrue();
        assertThat(CodecCase.storedMet(CodecCase.deviation(971, 1000))).isTrue();
        assertThat(CodecCase.storedMet(CodecCase.deviation(1031, 1000))).isFalse();
        assertThat(CodecCase.storedMet(CodecCase.deviation(969, 1000))).isFalse();
        assertThat(CodecCase.storedMeasured(1084.32, 1083.9)).isEqualTo("1084.3 vs 1083.9 B (+0.04 %)");
    }
}
