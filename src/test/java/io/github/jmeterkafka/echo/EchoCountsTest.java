package io.github.jmeterkafka.echo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EchoCountsTest {

    @Test
    void theFinalLineSaysWhatTheEchoDidAndItsOwnRate() {
        EchoCounts c = new EchoCounts(10_000, 9_900, 3, new EchoCounts.Unanswered(97, 0, 0), 12.5);
        assertThat(c.repliesPerSec()).isEqualTo(792.0);
        assertThat(c.line())
                .isEqualTo("echo: 10000 requests read, 9900 replied, 97 dropped, 3 failed, 792.0 replies/sec"
                        + " (first request to last reply, 12.50 s).");
        assertThat(new EchoCounts(5, 3, 0, new EchoCounts.Unanswered(0, 1, 1), 1).line())
                .endsWith(", 1 without a correlation id (not answered), 1 delayed replies not sent at stop.");
        assertThat(new EchoCounts(0, 0, 0, new EchoCounts.Unanswered(0, 0, 0), 0).repliesPerSec())
                .isZero();
    }

    @Test
    void aProgressLineGivesTheRateSinceTheLastOne() {
        EchoCounts before = new EchoCounts(1000, 1000, 0, new EchoCounts.Unanswered(0, 0, 0), 1);
        EchoCounts now = new EchoCounts(6000, 5990, 0, new EchoCounts.Unanswered(10, 0, 0), 6);
        assertThat(now.progress(before, 5))
                .isEqualTo("echo: 6000 read, 5990 replied, 10 dropped, 0 failed; 998.0 replies/sec in the last 5 s");
    }
}
