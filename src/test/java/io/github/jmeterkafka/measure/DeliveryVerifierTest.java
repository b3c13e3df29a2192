package io.github.jmeterkafka.measure;

import static io.github.jmeterkafka.measure.DeliveryVerifier.Outcome.DUPLICATE;
import static io.github.jmeterkafka.measure.DeliveryVerifier.Outcome.GAP;
import static io.github.jmeterkafka.measure.DeliveryVerifier.Outcome.IN_ORDER;
import static io.github.jmeterkafka.measure.DeliveryVerifier.Outcome.OUT_OF_ORDER;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeliveryVerifierTest {

    @Test
    void contiguousSequencesAreInOrder() {
        DeliveryVerifier v = new DeliveryVerifier(true);
        for (long i = 0; i < 5; i++) {
            assertThat(v.observe("p1", "t", 0, i, 0)).isEqualTo(IN_ORDER);
            assertThat(v.observe("p2", "t", 0, i, 0)).isEqualTo(IN_ORDER);
        }
        assertThat(v.missing()).isZero();
        assertThat(v.verified()).isEqualTo(10);
        assertThat(v.producers()).isEqualTo(2);
    }

    @Test
    void aJumpIsAGapUntilTheRecordsArrive() {
        DeliveryVerifier v = new DeliveryVerifier(true);
        v.observe("p", "t", 0, 0, 0);
        assertThat(v.observe("p", "t", 0, 4, 0)).isEqualTo(GAP);
        assertThat(v.missing()).isEqualTo(3);
        assertThat(v.observe("p", "t", 0, 2, 0)).isEqualTo(OUT_OF_ORDER);
        assertThat(v.missing()).isEqualTo(2);
        assertThat(v.observe("p", "t", 0, 2, 0)).isEqualTo(DUPLICATE);
        assertThat(v.observe("p", "t", 0, 4, 0)).isEqualTo(DUPLICATE);
        assertThat(v.observe("p", "t", 0, 1, 0)).isEqualTo(OUT_OF_ORDER);
        assertThat(v.observe("p", "t", 0, 3, 0)).isEqualTo(OUT_OF_ORDER);
        assertThat(v.missing()).isZero();
        assertThat(v.duplicated()).isEqualTo(2);
        assertThat(v.outOfOrder()).isEqualTo(3);
    }

    @Test
    void fromStartAMissingFirstRecordIsAGap() {
        assertThat(new DeliveryVerifier(true).observe("p", "t", 0, 3, 0)).isEqualTo(GAP);
        assertThat(new DeliveryVerifier(false).observe("p", "t", 0, 3, 0)).isEqualTo(IN_ORDER);
    }

    @Test
    void partitionsAreSeparateStreams() {
        DeliveryVerifier v = new DeliveryVerifier(true);
        assertThat(v.observe("p", "t", 0, 0, 0)).isEqualTo(IN_ORDER);
        assertThat(v.observe("p", "t", 1, 0, 0)).isEqualTo(IN_ORDER);
        assertThat(v.observe("p", "t", 1, 1, 0)).isEqualTo(IN_ORDER);
    }

    @Test
    void eachEventWindowCountsTheRecordsSentInItThatWentMissingOrCameTwice() {
        long t0 = 1_800_000_000_000L;
        List<EventMarks.Mark> marks =
                List.of(new EventMarks.Mark(1, "kill", t0 + 10_000, 0), new EventMarks.Mark(2, "back", t0 + 20_000, 0));
        DeliveryVerifier v = new DeliveryVerifier(true);
        v.observe("p", "t", 0, 0, t0 + 9_000);
        // 1-3 lost while the leader died: found by record 4, sent after the first mark
        v.observe("p", "t", 0, 4, t0 + 12_000);
        // 4 again, and 5 twice, after the second mark
        v.observe("p", "t", 0, 4, t0 + 12_000);
        v.observe("p", "t", 0, 5, t0 + 21_000);
        v.observe("p", "t", 0, 5, t0 + 21_000);
        // 2 turned up late: not missing
        v.observe("p", "t", 0, 2, t0 + 11_000);

        assertThat(v.eventLines(marks))
                .containsExactly(
                        "event 1 of 2, 'kill': of the records sent from its mark to the next, 2 missing, 1 duplicated.",
                        "event 2 of 2, 'back': of the records sent from its mark to the end, 0 missing, 1 duplicated.");
        assertThat(v.eventLines(List.of())).isEmpty();
    }
}
