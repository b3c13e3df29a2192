package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.util.function.Consumer;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Bad input fails the await with 400 before it waits; the test goes on. */
class KafkaAwaitSamplerTest {
    @AfterEach
    void unbind() {
        TestClients.unbind();
    }

    private static SampleResult sampleWith(Consumer<KafkaAwaitSampler> change) {
        new TestClients(true).bind();
        KafkaAwaitSampler s = new KafkaAwaitSampler();
        s.setName("await-" + System.nanoTime());
        s.setTopic("events");
        s.setAwaitValue("order-1");
        change.accept(s);
        return s.sample(null);
    }

    private static void refused(Consumer<KafkaAwaitSampler> change, String message) {
        long started = System.nanoTime();
        SampleResult r = sampleWith(change);
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).contains(message);
        assertThat(System.nanoTime() - started).as("before waiting").isLessThan(5_000_000_000L);
    }

    @Test
    void eachBadFieldIsAClearErrorBeforeWaiting() {
        refused(s -> s.setAwaitValue("${orderId}"), "the value to await is '${orderId}': is its variable set");
        refused(s -> s.setAwaitValue(" "), "the value to await is ''");
        refused(s -> s.setTopic(""), "topic is empty");
        refused(s -> s.setTimeout("0"), "Timeout must be more than 0 ms");
        refused(s -> s.setRecordCount("none"), "records to await must be a whole number");
        refused(s -> s.setStartTime("yesterday"), "start time must be a whole number");
        refused(s -> s.setCorrelateBy("correlateBy.header"), "header is empty");
        refused(
                s -> {
                    s.setCorrelateBy("correlateBy.jsonPath");
                    s.setCorrelationPath("$.items[*].id");
                },
                "only .name, ['name'] and [index] steps");
        refused(s -> s.setValueSchema("{\"type\":\"nonsense\"}"), "Avro schema");
    }
}
