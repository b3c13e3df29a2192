package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.util.function.Consumer;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Bad input fails the sample with 400 before anything is sent or timed; the test goes on. */
class KafkaRequestReplySamplerTest {
    private TestClients clients;

    @AfterEach
    void unbind() {
        TestClients.unbind();
    }

    private SampleResult sampleWith(Consumer<KafkaRequestReplySampler> change) {
        clients = new TestClients(true).bind();
        KafkaRequestReplySampler s = new KafkaRequestReplySampler();
        s.setName("request-reply-" + System.nanoTime());
        s.setTopic("requests");
        s.setReplyTopic("replies");
        s.setValue("ping");
        change.accept(s);
        return s.sample(null);
    }

    private void refused(Consumer<KafkaRequestReplySampler> change, String message) {
        SampleResult r = sampleWith(change);
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).contains(message);
        assertThat(clients.producer.history()).as("nothing sent").isEmpty();
    }

    @Test
    void eachBadFieldIsAClearError() {
        refused(s -> s.setReplyTopic(" "), "reply topic is empty");
        refused(s -> s.setTopic(""), "request topic is empty");
        refused(s -> s.setReplyTimeout("0"), "Reply timeout must be more than 0 ms");
        refused(s -> s.setReplyTimeout("soon"), "reply timeout must be a whole number");
        refused(s -> s.setCorrelationHeader(""), "correlation id header is empty");
        refused(s -> s.setReplyTopicHeader(""), "reply topic header is empty");
        refused(s -> s.setRecordsPerSample("ten"), "requests per sample must be a whole number");
        refused(s -> s.setReplySchema("{\"type\":\"nonsense\"}"), "Avro schema");
        refused(s -> s.setCorrelateBy("correlateBy.nonsense"), "correlate by");
        refused(
                s -> {
                    s.setCorrelateBy("correlateBy.jsonPath");
                    s.setCorrelationPath("");
                },
                "JSON path is empty");
        refused(
                s -> {
                    s.setCorrelateBy("correlateBy.jsonPath");
                    s.setCorrelationPath("$..orderId");
                },
                "only .name, ['name'] and [index] steps");
    }

    @Test
    void aSpentBudgetEndsTheThreadWithoutASample() {
        clients = new TestClients(true).bind();
        KafkaRequestReplySampler s = new KafkaRequestReplySampler();
        s.setName("request-reply-" + System.nanoTime());
        s.setTopic("requests");
        s.setReplyTopic("");
        s.setRecordsPerSample("3");
        s.setRecordBudget("5");

        assertThat(s.sample(null).getSampleCount()).isEqualTo(3);
        assertThat(s.sample(null).getSampleCount()).isEqualTo(2);
        assertThat(s.sample(null)).isNull();
    }
}
