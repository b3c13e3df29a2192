package io.github.jmeterkafka.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratorLoadTest {
    private static final List<String> BEFORE = List.of(
            "cpu  300 0 100 600 0 0 0 0 0 0",
            "cpu0 100 0 50 350 0 0 0 0 0 0",
            "cpu1 200 0 50 250 0 0 0 0 0 0",
            "intr 12345");
    private static final List<String> AFTER = List.of(
            "cpu  480 0 120 620 0 0 0 0 0 0", "cpu0 110 0 60 430 0 0 0 0 0 0", "cpu1 370 0 60 260 10 0 0 0 0 0");

    @Test
    void theCoresThisProcessMayRunOnComeFromItsStatus(@TempDir Path dir) throws Exception {
        assertThat(GeneratorLoad.parseCores("0-1,4")).isEqualTo(BitSet.valueOf(new long[] {0b10011}));
        Path status = Files.writeString(dir.resolve("status"), "Name:\tjava\nCpus_allowed_list:\t1\n");
        assertThat(GeneratorLoad.allowedCores(status).stream().toArray()).containsExactly(1);
        assertThat(GeneratorLoad.allowedCores(dir.resolve("none")).isEmpty()).isTrue();
    }

    @Test
    void busyIsEveryCoreTimeButIdleAndIoWaitOfTheAllowedCores() {
        BitSet core1 = GeneratorLoad.parseCores("1");
        long[] before = GeneratorLoad.coreTimes(BEFORE, core1);
        long[] after = GeneratorLoad.coreTimes(AFTER, core1);
        // core 1: 180 busy jiffies of 200; 10 idle and 10 waiting for I/O
        assertThat(GeneratorLoad.busyShare(before, after)).isEqualTo(0.9);
        BitSet both = GeneratorLoad.parseCores("0-1");
        assertThat(GeneratorLoad.busyShare(GeneratorLoad.coreTimes(BEFORE, both), GeneratorLoad.coreTimes(AFTER, both)))
                .isEqualTo(200.0 / 300.0);
    }

    @Test
    void theThreadsWaitIsTheGrowthOfEachThreadsRunQueueDelay_aNewThreadFromItsStart() {
        assertThat(GeneratorLoad.runDelay("4137831 40227 3\n")).isEqualTo(40227);
        Map<String, Long> before = Map.of("1", 1_000L, "2", 5_000L, "3", 7_000L);
        // thread 3 ended, thread 4 started
        Map<String, Long> after = Map.of("1", 3_000L, "2", 5_500L, "4", 400L);

        assertThat(GeneratorLoad.waited(before, after)).isEqualTo(2_900.0);
        assertThat(GeneratorLoad.waited(null, after)).isNaN();
    }
}
