package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShareTallyTest {

    @Test
    void eachHandOverCarriesWhatCameSinceTheLast_andAddsItToTheSamplersFigures() {
        ShareStats stats = new ShareStats(null);
        ShareTally tally = new ShareTally(stats);
        tally.delivered(1);
        tally.delivered(1);
        tally.delivered(3);
        tally.decided("accept", false);
        tally.decided("release", false);
        tally.decided("reject", false);
        tally.decided("release", true);
        tally.renewed(2);

        ShareFigures first = tally.handOver();
        assertThat(first.deliveries[1]).isEqualTo(2);
        assertThat(first.deliveries[3]).isEqualTo(1);
        assertThat(first.accepted).isEqualTo(1);
        assertThat(first.released).isEqualTo(1);
        assertThat(first.rejected).isEqualTo(1);
        assertThat(first.returned).isEqualTo(1);
        assertThat(first.renewals).isEqualTo(2);
        assertThat(first.ackMicros).isEmpty();

        // the broker's answers to the first sample's acknowledgements come during the next
        tally.answered(1500);
        tally.refused("reject", false);
        tally.renewed(0);
        ShareFigures second = tally.handOver();
        assertThat(second.ackMicros).containsExactly(1500);
        assertThat(second.refused).isEqualTo(1);
        assertThat(second.rejected).as("a refused outcome is taken back").isEqualTo(-1);
        assertThat(second.accepted).isZero();
        assertThat(second.deliveries).containsOnly(0);

        assertThat(tally.handOver()).as("nothing new").isNull();
        assertThat(stats.accepted()).isEqualTo(1);
        assertThat(stats.released()).isEqualTo(1);
        assertThat(stats.rejected()).isZero();
        assertThat(stats.refusals()).isEqualTo(1);
        assertThat(stats.renewals()).isEqualTo(2);
        assertThat(stats.deliveredTimes(1)).isEqualTo(2);
        assertThat(stats.lines())
                .contains(
                        "acknowledged: 1 accepted, 1 released, 0 rejected; 2 lock renewals; 1 acknowledgements refused"
                                + " by the broker; 1 released unread at the end of the record budget.",
                        "delivery counts (records handed out, by delivery): 1: 2, 3: 1.",
                        "delivery: not verified (Verify delivery is off)");
    }

    @Test
    void deliveriesBeyondTheLastCountedShareItsBucket() {
        ShareStats stats = new ShareStats(null);
        ShareTally tally = new ShareTally(stats);
        tally.delivered(12);
        tally.delivered(10);
        tally.handOver();
        assertThat(stats.deliveredTimes(ShareStats.MAX_COUNTED_DELIVERY)).isEqualTo(2);
        assertThat(stats.lines()).contains("delivery counts (records handed out, by delivery): 10+: 2.");
    }

    @Test
    void confirmedAcceptancesAreCheckedAgainstTheProducersSequences() {
        ShareStats stats = new ShareStats(new DeliveryVerifier(true));
        stats.acceptanceConfirmed("t", 0, new SequenceHeader("p1", 0, 0));
        stats.acceptanceConfirmed("t", 0, new SequenceHeader("p1", 2, 0));
        stats.acceptanceConfirmed("t", 0, null);
        assertThat(stats.lines())
                .contains("delivery: 2 records accepted from 1 producers, 1 missing, 0 duplicated, 0 out of order.");
    }

    @Test
    void anAcceptanceAnsweredWithAnErrorAndNeverDeliveredAgainIsNamedBesideTheMissing() {
        ShareStats stats = new ShareStats(new DeliveryVerifier(true));
        stats.acceptanceConfirmed("t", 0, new SequenceHeader("p1", 0, 0));
        // 1: its answer lost, never delivered again; 2: its acceptance refused, delivered and accepted again
        stats.acceptanceFailed("t", 0, new SequenceHeader("p1", 1, 0));
        stats.acceptanceFailed("t", 0, new SequenceHeader("p1", 2, 0));
        stats.acceptanceConfirmed("t", 0, new SequenceHeader("p1", 3, 0));
        stats.acceptanceConfirmed("t", 0, new SequenceHeader("p1", 2, 0));
        // another partition's record of the same sequence number is another record
        stats.acceptanceFailed("t", 1, new SequenceHeader("p1", 0, 0));
        stats.acceptanceConfirmed("t", 1, new SequenceHeader("p1", 0, 0));
        stats.acceptanceFailed("t", 1, null);

        assertThat(stats.lines())
                .containsSubsequence(
                        "delivery: 4 records accepted from 1 producers, 1 missing, 0 duplicated, 1 out of order.",
                        "acceptance errors: 1 records whose acceptance the broker answered with an error were not"
                                + " delivered again: it most likely took them, its answer lost in a failover (the"
                                + " check above counts them missing).");
    }

    @Test
    void acceptanceErrorsWhoseRecordsCameBackAddNoLine() {
        ShareStats stats = new ShareStats(new DeliveryVerifier(true));
        stats.acceptanceFailed("t", 0, new SequenceHeader("p1", 0, 0));
        stats.acceptanceConfirmed("t", 0, new SequenceHeader("p1", 0, 0));
        assertThat(stats.lines())
                .last()
                .isEqualTo("delivery: 1 records accepted from 1 producers, 0 missing, 0 duplicated, 0 out of order.");
    }
}
