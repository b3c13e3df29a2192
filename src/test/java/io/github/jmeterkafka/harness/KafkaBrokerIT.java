package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A real broker round-trips records and keeps them across a stop and start on the same ports. */
class KafkaBrokerIT {

    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = KafkaBroker.builder().build().start();
        System.out.println(
                "Kafka broker started in " + broker.lastStartTime().toMillis() + " ms at " + broker.bootstrapServers());
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void roundTripsRecordsAndSurvivesRestart() throws Exception {
        String topic = "harness-roundtrip";
        try (Admin admin = broker.admin()) {
            Topics.create(admin, 2, topic);
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).contains(topic);
        }
        produce(topic, "before-", 10);
        assertThat(consume(topic, "group-1", 10)).hasSize(10).allMatch(v -> v.startsWith("before-"));

        int port = broker.port();
        int controllerPort = broker.controllerPort();
        long t0 = System.nanoTime();
        broker.stop();
        assertThat(broker.isRunning()).isFalse();
        broker.start();
        System.out.println("Kafka broker restarted in " + broker.lastStartTime().toMillis() + " ms (stop + start "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms)");

        assertThat(broker.port()).isEqualTo(port);
        assertThat(broker.controllerPort()).isEqualTo(controllerPort);
        produce(topic, "after-", 5);
        List<String> all = consume(topic, "group-2", 15);
        assertThat(all).hasSize(15);
        assertThat(all.stream().filter(v -> v.startsWith("before-"))).hasSize(10);
        assertThat(all.stream().filter(v -> v.startsWith("after-"))).hasSize(5);
    }

    @Test
    void autoCreatesTopicsByDefault() throws Exception {
        produce("harness-auto-created", "x-", 1);
        try (Admin admin = broker.admin()) {
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).contains("harness-auto-created");
        }
    }

    private static void produce(String topic, String prefix, int count) throws Exception {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, prefix + i)).get(30, TimeUnit.SECONDS);
            }
        }
    }

    private static List<String> consume(String topic, String group, int expected) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                group,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class);
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(Set.of(topic));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (values.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    values.add(r.value());
                }
            }
        }
        return values;
    }
}
