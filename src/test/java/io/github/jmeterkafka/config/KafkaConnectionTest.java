package io.github.jmeterkafka.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.sampler.KafkaProducerSampler;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A bad setting never throws from testStarted: the samples that use the connection fail with the reason. */
class KafkaConnectionTest {

    private KafkaConnection element(String name) {
        KafkaConnection c = new KafkaConnection();
        c.setConnectionName(name);
        c.setBootstrapServers("localhost:9");
        return c;
    }

    @AfterEach
    void unbind() {
        Connections.unbind("bad", java.time.Duration.ZERO);
        Connections.unbind("twice", java.time.Duration.ZERO);
        Connections.unbind("good", java.time.Duration.ZERO);
    }

    private static SampleResult produceWith(String connectionName) {
        KafkaProducerSampler s = new KafkaProducerSampler();
        s.setName("p");
        s.setConnectionName(connectionName);
        s.setTopic("t");
        return s.sample(null);
    }

    @Test
    void validSettingsBindAUsableConnection() {
        KafkaConnection c = element("good");
        c.getProducerProperties().add(new KeyValue("acks", "all"));
        c.testStarted();
        Connection bound = Connections.get("good");
        assertThat(bound.failure()).isNull();
        assertThat(bound.settings().producerConfig("id"))
                .containsEntry("acks", "all")
                .containsEntry("bootstrap.servers", "localhost:9");
        c.testEnded();
    }

    @Test
    void anUnknownPropertyFailsEverySampleWithTheReason() {
        KafkaConnection c = element("bad");
        c.getProducerProperties().add(new KeyValue("acks", "all"));
        c.getProducerProperties().add(new KeyValue("lingerms", "5"));
        c.testStarted();

        SampleResult r = produceWith("bad");

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("400");
        assertThat(r.getResponseMessage())
                .isEqualTo(
                        "Kafka Connection 'bad' is invalid: 'lingerms' in producer properties is not a Kafka client property"
                                + " (settings of your own serializer, interceptor or partitioner are taken once its class is set)");
    }

    @Test
    void aRowWithoutANameIsReportedNotThrown() {
        KafkaConnection c = element("bad");
        c.getClientProperties().add(new KeyValue(" ", "x"));
        c.testStarted();

        assertThat(Connections.get("bad").failure()).contains("a row of client properties has no name");
    }

    @Test
    void aRowTwiceOrABootstrapRowIsReportedRatherThanSilentlyLost() {
        KafkaConnection twice = element("bad");
        twice.getProducerProperties().add(new KeyValue("acks", "all"));
        twice.getProducerProperties().add(new KeyValue("acks", "1"));
        twice.testStarted();
        assertThat(Connections.get("bad").failure()).contains("'acks' is in producer properties twice");
        Connections.unbind("bad", java.time.Duration.ZERO);

        KafkaConnection pasted = element("bad");
        pasted.getClientProperties().add(new KeyValue("bootstrap.servers", "elsewhere:9092"));
        pasted.testStarted();
        assertThat(Connections.get("bad").failure())
                .contains(
                        "'bootstrap.servers' in client properties would be overridden: it is the Bootstrap servers field");
    }

    @Test
    void twoConnectionsWithTheDefaultPrefixNeverShareAClientId() {
        KafkaConnection a = element("good");
        KafkaConnection b = element("twice");
        a.testStarted();
        b.testStarted();

        assertThat(Connections.get("good").nextClientId("tx"))
                .isNotEqualTo(Connections.get("twice").nextClientId("tx"));
    }

    @Test
    void twoConnectionsWithOneNameMakeTheNameUnusable() {
        element("twice").testStarted();
        element("twice").testStarted();

        SampleResult r = produceWith("twice");

        assertThat(r.getResponseCode()).isEqualTo("400");
        assertThat(r.getResponseMessage()).contains("more than one Kafka Connection element is named 'twice'");
    }
}
