package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SamplerRunsTest {

    @Test
    void twoElementsWithOneLabelInOneTestAreToldApart_theSameLabelInTheNextTestIsNot() {
        AtomicLong testStart = new AtomicLong(1000);
        SamplerRuns<Object> runs = new SamplerRuns<>("Kafka Producer", testStart::get);

        assertThat(runs.start("a")).isFalse();
        assertThat(runs.start("b")).isFalse();
        assertThat(runs.start("a")).as("a second element named 'a'").isTrue();

        testStart.set(2000);
        assertThat(runs.start("a")).as("the next test").isFalse();
    }
}
