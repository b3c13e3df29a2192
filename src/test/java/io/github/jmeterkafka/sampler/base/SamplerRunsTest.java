package io.github.jmeterkafka.sampler.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SamplerRunsTest {

    @Test
    void twoElementsWithOneLabelInOneTestAreToldApart_theSameLabelInTheNextTestIsNot() {
        AtomicLong testStart = new AtomicLong(1000);
        SamplerRuns<Summarized> runs = new SamplerRuns<>("Kafka Producer", testStart::get);

        assertThat(runs.start("a")).isFalse();
        assertThat(runs.start("b")).isFalse();
        assertThat(runs.start("a")).as("a second element named 'a'").isTrue();

        testStart.set(2000);
        assertThat(runs.start("a")).as("the next test").isFalse();
    }

    @Test
    void theEndPrintsTheRunsSummaryOnce_aRunNoThreadMadeHasNone() {
        SamplerRuns<Summarized> runs = new SamplerRuns<>("Kafka Producer", () -> 1000);
        List<String> printed = new ArrayList<>();
        runs.start("a");
        runs.start("b");
        runs.get("a", () -> (label, rate) -> {
            printed.add(label + " at " + rate);
            return List.of();
        });

        runs.end("a", 500);
        assertThat(runs.end("a", 500)).as("no rows: no summary").isEmpty();
        runs.end("b", 0);

        assertThat(printed).containsExactly("a at 500.0");
    }

    /** A run that says when its summary is printed. */
    private interface Summarized extends SamplerRuns.Run {}
}
