package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RequestReplyCaseTest {
    private static final String STDOUT = "Kafka Producer summary for 'x':\n1 records sent\n"
            + RequestReplyCase.TITLE
            + "\n3000 requests, 2990 replies, 199.6 replies/sec (0.02 MB/sec), 2.41 ms avg round trip,"
            + " 31.20 ms max round trip, 2 ms 50th, 4 ms 95th, 7 ms 99th, 20 ms 99.9th.\n"
            + "10 timeouts, 0 late, 0 foreign, 0 duplicate replies, 0 failed requests.\n";

    @Test
    void readsThePluginsSummary() {
        RequestReplyCase.Latency run = RequestReplyCase.Latency.plugin(0, STDOUT);
        assertThat(run).isEqualTo(new RequestReplyCase.Latency("plugin", 0, 2990, 2.41, 2, 7, 20, 31.2));
        assertThat(RequestReplyCase.repliesPerSec(STDOUT)).isEqualTo(199.6);
        assertThat(RequestReplyCase.Drop.of(0, 10, STDOUT).exact()).isTrue();
        assertThat(RequestReplyCase.Drop.of(0, 11, STDOUT).exact()).isFalse();
    }

    @Test
    void theClientsPercentilesAreWholeMsAsThePluginPrintsThem() {
        Histogram h = new Histogram(60_000_000L, 3);
        for (int i = 1; i <= 100; i++) {
            h.recordValue(i * 100L);
        }
        RequestReplyCase.Latency run = RequestReplyCase.Latency.client(1, RequestReplyCase.Latency.clientLine(h));
        assertThat(run.replies()).isEqualTo(100);
        assertThat(run.p50Ms()).isEqualTo(5);
        assertThat(run.p99Ms()).isEqualTo(9);
    }

    @Test
    void latencyIsWithinTwentyPercentOrTwoMs() {
        assertThat(RequestReplyCase.latencyWithin(3, 5)).isTrue();
        assertThat(RequestReplyCase.latencyWithin(3, 6)).isFalse();
        assertThat(RequestReplyCase.latencyWithin(20, 24)).isTrue();
        assertThat(RequestReplyCase.latencyWithin(20, 25)).isFalse();
    }

    @Test
    void theTableSaysWhichTargetsWereMet() {
        StringBuilder s = new StringBuilder();
        RequestReplyCase.table(
                s,
                List.of(new RequestReplyCase.Latency("kafka-clients closed loop", 0, 3000, 2.2, 2, 6, 12, 20)),
                List.of(RequestReplyCase.Latency.plugin(0, STDOUT)),
                List.of(new RequestReplyCase.Throughput(0, 20_000, 10_000, 8_500, 8_000, 8_100, 100_000)),
                List.of(RequestReplyCase.Drop.of(0, 10, STDOUT)));
        assertThat(s.toString())
                .contains("| plugin | 1 | 2.41 | 2 | 7 | 20 | 31.20 |")
                .contains("p50 (2 vs 2 ms) and p99 (7 vs 6 ms): met")
                .contains("the echo under a kafka-clients flood 10000: 0.80 of it, target 0.9: MISSED (the echo from a"
                        + " backlog, nothing else running: 20000)")
                .contains("kafka-clients with 8 threads x 100 requests in flight 8500: 0.94 of it, target 0.9: met")
                .contains("equal the echo's dropped requests: met 10/10");
    }
}
