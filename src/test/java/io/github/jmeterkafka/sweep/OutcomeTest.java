package io.github.jmeterkafka.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.sweep.files.CsvTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutcomeTest {
    private static final String JTL_HEADER =
            "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n";

    private static SweepSpec spec(Path dir) throws Exception {
        Path file = dir.resolve("s.properties");
        Files.writeString(file, "name=s\nplan=p.jmx\nvary.acks=1,all\n");
        return SweepSpec.read(file);
    }

    @Test
    void aRunWithAFailedSampleIsFailedAndKeepsItsRowsApart(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.jtl"), JTL_HEADER + "1,2,p,200,ok,t,true\n1,2,p,500,bad,t,false\n");
        Files.writeString(dir.resolve("summary.csv"), SummaryRow.header() + "\nproducer,p,all,10,0\n");
        SweepSpec spec = spec(dir);

        Outcome o = Outcome.of(dir, Duration.ofSeconds(3));

        assertThat(o.ok()).isFalse();
        assertThat(o.describe()).startsWith("FAILED: 1 of 2 samples failed in 3.0 s; producer 'p' ");
        CsvTable rows = CsvTable.parse("sweep,run,repeat,status,vary.acks," + SummaryRow.header() + "\n"
                + o.rows(spec, spec.runs().get(1)));
        assertThat(rows.size()).isEqualTo(1);
        assertThat(rows.get(0, "status")).isEqualTo("failed: 1 of 2 samples failed");
        assertThat(rows.get(0, "vary.acks")).isEqualTo("all");
        assertThat(rows.get(0, "records")).isEqualTo("10");
    }

    @Test
    void aRunWithoutSummaryOrKilledStillHasARow(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.jtl"), JTL_HEADER + "1,2,p,200,ok,t,true\n");
        SweepSpec spec = spec(dir);

        Outcome none = Outcome.of(dir, Duration.ofSeconds(1));
        Outcome killed = Outcome.failed(dir, "timed out after 5 s (timeout.s)");

        assertThat(none.ok()).isFalse();
        assertThat(none.rows(spec, spec.runs().get(0)))
                .startsWith("s,1,1,failed: no Kafka summary (no Kafka sampler ran?),1,");
        assertThat(killed.rows(spec, spec.runs().get(0)))
                .startsWith("s,1,1,failed: timed out after 5 s (timeout.s),1,")
                .hasLineCount(1);
    }
}
