package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.ClientIds;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ConnectionSettings;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * A consumer group joining a broker with Kafka's default {@code group.initial.rebalance.delay.ms}
 * (3 s; the other tests' broker sets 0): while the group waits to form, each sample ends within its
 * poll timeout with "no record", and once it has formed the records come.
 */
class ConsumerGroupJoinIT {
    private static final String CONNECTION = "group-join";
    private static final int POLL_TIMEOUT_MS = 1000;
    private static final int RECORDS = 10;

    @Test
    void noSampleBlocksPastItsTimeoutWhileTheGroupForms() throws Exception {
        try (KafkaBroker broker = KafkaBroker.builder()
                .serverProperty("group.initial.rebalance.delay.ms", "3000")
                .start()) {
            String topic = "group-join-" + System.nanoTime();
            try (var admin = broker.admin()) {
                Topics.create(admin, 1, topic);
            }
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
                for (int i = 0; i < RECORDS; i++) {
                    producer.send(new ProducerRecord<>(topic, "v" + i)).get(30, TimeUnit.SECONDS);
                }
            }
            Connections.bind(Connection.of(
                    new ConnectionSettings(
                            CONNECTION,
                            CONNECTION,
                            Map.of("bootstrap.servers", broker.bootstrapServers()),
                            Map.of(),
                            Map.of()),
                    ClientFactory.KAFKA,
                    new ClientIds(CONNECTION, "localhost")));
            JMeterContextService.getContext().setVariables(new JMeterVariables());
            KafkaConsumerSampler s = new KafkaConsumerSampler();
            s.setName("join " + topic);
            s.setConnectionName(CONNECTION);
            s.setTopics(topic);
            s.setGroupId("group-join-" + System.nanoTime());
            s.setPollTimeout(Integer.toString(POLL_TIMEOUT_MS));
            s.setRecordsPerSample(Integer.toString(RECORDS));
            List<SampleResult> samples = new ArrayList<>();
            try {
                long t0 = System.nanoTime();
                while (samples.isEmpty() || !samples.get(samples.size() - 1).isSuccessful()) {
                    assertThat(System.nanoTime() - t0).as("the group formed").isLessThan(TimeUnit.SECONDS.toNanos(60));
                    samples.add(s.sample(null));
                }
            } finally {
                s.threadFinished();
                Connections.unbind(CONNECTION, Duration.ofSeconds(5));
            }

            SampleResult last = samples.get(samples.size() - 1);
            assertThat(last.getSampleCount()).isEqualTo(RECORDS);
            List<SampleResult> waiting = samples.subList(0, samples.size() - 1);
            assertThat(waiting)
                    .as("samples while the broker waited 3 s for more members")
                    .isNotEmpty()
                    .allSatisfy(r -> assertThat(r.getResponseCode())
                            .as(r.getResponseMessage())
                            .isEqualTo("404"));
            // a poll may end a little past its timeout: a loaded 2-core machine, and the join's own round trips
            assertThat(samples)
                    .allSatisfy(r ->
                            assertThat(r.getTime()).as(r.getResponseMessage()).isLessThan(POLL_TIMEOUT_MS + 2000L));
            System.out.printf(
                    "group join: %d samples of at most %d ms before the group formed, then %d records%n",
                    waiting.size(),
                    waiting.stream().mapToLong(SampleResult::getTime).max().orElse(0),
                    RECORDS);
        }
    }
}
