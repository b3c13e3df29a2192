package io.github.jmeterkafka.measure;

import static io.github.jmeterkafka.measure.DeliveryVerifier.Outcome.DUPLICATE;
import static io.github.jmeterkafka.measure.DeliveryVerifier.Outcome.GAP;
import static io.github.jmeterkafka.measure.DeliveryVerifier.Outcome.IN_ORDER;
import static io.github.jmeterkafka.measure.DeliveryVerifier.Outcome.OUT_OF_ORDER;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DeliveryVerifierTest {

    @Test
    void contiguousSequencesAreInOrder() {
        DeliveryVerifier v = new DeliveryVerifier(true);
        for (long i = 0; i < 5; i++) {
            assertThat(v.observe("p1", "t", 0, i)).isEqualTo(IN_ORDER);
            assertThat(v.observe("p2", "t", 0, i)).isEqualTo(IN_ORDER);
        }
        assertThat(v.missing()).isZero();
        assertThat(v.verified()).isEqualTo(10);
        assertThat(v.producers()).isEqualTo(2);
    }

    @Test
    void aJumpIsAGapUntilTheRecordsArrive() {
        DeliveryVerifier v = new DeliveryVerifier(true);
        v.observe("p", "t", 0, 0);
        assertThat(v.observe("p", "t", 0, 4)).isEqualTo(GAP);
        assertThat(v.missing()).isEqualTo(3);
        assertThat(v.observe("p", "t", 0, 2)).isEqualTo(OUT_OF_ORDER);
        assertThat(v.missing()).isEqualTo(2);
        assertThat(v.observe("p", "t", 0, 2)).isEqualTo(DUPLICATE);
        assertThat(v.observe("p", "t", 0, 4)).isEqualTo(DUPLICATE);
        assertThat(v.observe("p", "t", 0, 1)).isEqualTo(OUT_OF_ORDER);
        assertThat(v.observe("p", "t", 0, 3)).isEqualTo(OUT_OF_ORDER);
        assertThat(v.missing()).isZero();
        assertThat(v.duplicated()).isEqualTo(2);
        assertThat(v.outOfOrder()).isEqualTo(3);
    }

    @Test
    void fromStartAMissingFirstRecordIsAGap() {
        assertThat(new DeliveryVerifier(true).observe("p", "t", 0, 3)).isEqualTo(GAP);
        assertThat(new DeliveryVerifier(false).observe("p", "t", 0, 3)).isEqualTo(IN_ORDER);
    }

    @Test
    void partitionsAreSeparateStreams() {
        DeliveryVerifier v = new DeliveryVerifier(true);
        assertThat(v.observe("p", "t", 0, 0)).isEqualTo(IN_ORDER);
        assertThat(v.observe("p", "t", 1, 0)).isEqualTo(IN_ORDER);
        assertThat(v.observe("p", "t", 1, 1)).isEqualTo(IN_ORDER);
    }
}
