package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class AwaitCaseTest {
    private static final String STDOUT = "summary = 60000 in 00:00:31\n"
            + AwaitCase.TITLE
            + "\n30000 awaited, 30000 matched, 998.4 matched/sec (0.11 MB/sec), 4.60 ms avg latency,"
            + " 65.54 ms max latency, 3 ms 50th, 12 ms 95th, 18 ms 99th, 38 ms 99.9th.\n"
            + "0 timeouts, 0 late, 0 unmatched, 0 duplicate records, 0 failed awaits.\n";

    private static String client(long timeouts, double perSec) {
        Histogram h = new Histogram(60_000_000L, 3);
        for (int i = 1; i <= 100; i++) {
            h.recordValue(i * 100L);
        }
        return RequestReplyCase.Latency.clientLine(h) + "\nawaits: 100 matched, " + timeouts + " timeouts, " + perSec
                + " matched/sec\n";
    }

    @Test
    void readsTheAwaitSummaryAndTheClientsLines() {
        AwaitCase.Run plugin = AwaitCase.Run.plugin(0, STDOUT, 20.0);
        assertThat(plugin.latency()).isEqualTo(new RequestReplyCase.Latency("plugin", 0, 30000, 4.6, 3, 18, 38, 65.54));
        assertThat(plugin.timeouts()).isZero();
        assertThat(plugin.matchedPerSec()).isEqualTo(998.4);
        assertThat(plugin.keptUp()).isTrue();

        AwaitCase.Run client = AwaitCase.Run.client(1, client(2, 1000.0), 5.0);
        assertThat(client.latency().p50Ms()).isEqualTo(5);
        assertThat(client.timeouts()).isEqualTo(2);
        assertThat(client.keptUp()).as("a timeout is not keeping up").isFalse();
        assertThat(AwaitCase.Run.client(1, client(0, 900.0), 5.0).keptUp()).isFalse();
    }

    @Test
    void theTableSaysWhichTargetsWereMet() {
        StringBuilder s = new StringBuilder();
        AwaitCase.table(
                s,
                List.of(AwaitCase.Run.client(0, client(0, 999.9), 5.0)),
                List.of(AwaitCase.Run.plugin(0, STDOUT, 20.0)),
                List.of(AwaitCase.timed(0, client(0, 999.9))));
        assertThat(s.toString())
                .contains("| plugin | 1 | 4.60 | 3 | 18 | 38 | 65.54 | 998.4 | 0 | 20.0 |")
                .contains("| kafka-clients timing the plugin's events | 1 | 5.05 | 5 | 9 | 10 | 10.01 | | | |")
                .contains("beside the same events timed by kafka-clients beside it, within max(20 %, 2 ms) at p50"
                        + " (3 vs 5 ms) and p99 (18 vs 9 ms): MISSED")
                .contains("(no target: its run is not the plugin's), within max(20 %, 2 ms) at p50 (3 vs 5 ms) and"
                        + " p99 (18 vs 9 ms): outside")
                .contains("every plugin run at least 98 % of 1000/s with no timeouts: met");
    }
}
