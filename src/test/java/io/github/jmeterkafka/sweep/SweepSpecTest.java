package io.github.jmeterkafka.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.harness.Harness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepSpecTest {

    @Test
    void everyShippedSweepReadsAndTheCapacitySearchRampsOverItsWarmUp() throws Exception {
        Path sweeps = Harness.projectDir().resolve("test-plans/sweeps");
        List<Path> files;
        try (Stream<Path> listed = Files.list(sweeps)) {
            files = listed.filter(f -> f.toString().endsWith(".properties"))
                    .sorted()
                    .toList();
        }
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            assertThat(SweepSpec.read(f).plan).as(f.getFileName().toString()).isRegularFile();
        }
        // started at full rate, a JMeter process still compiling fell behind past a 5 s warm-up at 100,000/s
        Map<String, String> capacity =
                SweepSpec.read(sweeps.resolve("capacity.properties")).everyRun.fixed();
        assertThat(capacity.get("ramp.up")).isNotNull().isEqualTo(capacity.get("kafka.warmup.s"));
    }

    @Test
    void theFirstVariedPropertyVariesSlowest_andRepeatsComeRoundByRound(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.properties");
        Files.writeString(file, """
                name=acks
                plan=plans/p.jmx
                repeats=2
                fixed.records=1000
                vary.partitions=1, 6
                vary.acks=0,1,all
                """);

        SweepSpec spec = SweepSpec.read(file);
        List<SweepSpec.Run> runs = spec.runs();

        assertThat(spec.plan).isEqualTo(dir.resolve("plans/p.jmx"));
        assertThat(spec.everyRun.fixed()).containsExactly(Map.entry("records", "1000"));
        assertThat(spec.varied.keySet()).containsExactly("partitions", "acks");
        assertThat(runs).hasSize(12);
        assertThat(runs.subList(0, 6))
                .extracting(SweepSpec.Run::describe)
                .containsExactly(
                        "partitions=1 acks=0",
                        "partitions=1 acks=1",
                        "partitions=1 acks=all",
                        "partitions=6 acks=0",
                        "partitions=6 acks=1",
                        "partitions=6 acks=all");
        assertThat(runs.get(6).describe()).isEqualTo("partitions=1 acks=0");
        assertThat(runs).extracting(r -> r.repeat).containsExactly(1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2);
        assertThat(runs).extracting(r -> r.number).startsWith(1, 2).endsWith(12);
        assertThat(spec.everyRun.freshTopic()).isTrue();
    }

    @Test
    void aFileWithoutPlanOrWithABadRepeatCountSaysWhatIsWrong(@TempDir Path dir) throws Exception {
        Path noPlan = dir.resolve("a.properties");
        Files.writeString(noPlan, "vary.acks=1\n");
        assertThatThrownBy(() -> SweepSpec.read(noPlan)).hasMessageContaining("no plan= line");
        Path badRepeats = dir.resolve("b.properties");
        Files.writeString(badRepeats, "plan=p.jmx\nrepeats=zero\n");
        assertThatThrownBy(() -> SweepSpec.read(badRepeats)).hasMessageContaining("repeats=zero is not a whole number");
    }

    @Test
    void theShippedSweepsRead() throws Exception {
        try (var files = Files.list(Path.of("test-plans/sweeps"))) {
            for (Path f : files.toList()) {
                SweepSpec spec = SweepSpec.read(f);
                assertThat(spec.plan).as("plan of %s", f).isRegularFile();
                assertThat(spec.variedNames()).as("varied of %s", f).isNotEmpty();
            }
        }
    }
}
