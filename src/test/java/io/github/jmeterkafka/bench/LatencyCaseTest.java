package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyCaseTest {

    @Test
    void readsTheToolsAverageAndPercentiles() {
        String out =
                "0\t253.36131400000002\n1000\t1.2\nAvg latency: 1.4214 ms\nPercentiles: 50th = 1, 99th = 9, 99.9th = 21\n";
        LatencyCase.Run r = LatencyCase.Run.tool(0, out, 12.5);
        assertThat(r.avgMs).isEqualTo(1.4214);
        assertThat(r.p50Ms).isEqualTo(1);
        assertThat(r.p99Ms).isEqualTo(9);
        assertThat(r.p999Ms).isEqualTo(21);
        assertThat(r.maxMs).isNaN();
        assertThat(r.records).isEqualTo(LatencyCase.RECORDS);
    }

    @Test
    void readsThePluginsEndToEndLineUnderTheConsumerSummary() {
        String out = "Kafka Producer summary for 'Produce one':\n"
                + "300 records sent, 82.49 records/sec (0.01 MB/sec), 4.74 ms avg latency, 83.07 ms max latency, "
                + "3 ms 50th, 10 ms 95th, 18 ms 99th, 83 ms 99.9th.\n0 records failed.\n"
                + LatencyCase.CONSUMER_TITLE + "\nstart.time, end.time, ...\n...\n"
                + "end-to-end latency: 1.62 ms avg, 1 ms 50th, 3 ms 95th, 8 ms 99th, 19 ms 99.9th, 45.31 ms max.\n"
                + "delivery: 300 records verified from 1 producers, 0 missing, 0 duplicated, 0 out of order.\n";
        LatencyCase.Run r = LatencyCase.Run.plugin(1, out, 20);
        assertThat(r.records).isEqualTo(300);
        assertThat(r.avgMs).isEqualTo(1.62);
        assertThat(r.p50Ms).isEqualTo(1);
        assertThat(r.p99Ms).isEqualTo(8);
        assertThat(r.p999Ms).isEqualTo(19);
        assertThat(r.maxMs).isEqualTo(45.31);
    }

    @Test
    void theTableHasTheMediansOfEachSide() {
        String tool = "Avg latency: %s ms\nPercentiles: 50th = 1, 99th = %d, 99.9th = 20\n";
        List<LatencyCase.Run> tools = List.of(
                LatencyCase.Run.tool(0, String.format(tool, "1.5", 9), 10),
                LatencyCase.Run.tool(1, String.format(tool, "1.1", 7), 10),
                LatencyCase.Run.tool(2, String.format(tool, "1.3", 11), 10));
        StringBuilder s = new StringBuilder();
        LatencyCase.table(s, tools, List.of());
        assertThat(s.toString()).contains("| kafka-e2e-latency | 3 | 1.30 | 1 | 9 | 20 | (not printed) | 10.0 |");
    }
}
