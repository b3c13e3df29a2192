package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.ClientIds;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ConnectionSettings;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.sampler.KafkaAdminSampler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Every operation of the Kafka Admin sampler against one broker, called in this JVM as JMeter's
 * thread would call it: create, describe, add partitions, list, group lag (with and without
 * topics), delete, and describe of the deleted topic failing with Kafka's code.
 */
final class AdminSamplerCheck {
    private static final String CONNECTION = "compat-admin";

    private final JMeterVariables vars = new JMeterVariables();

    private AdminSamplerCheck() {
        JMeterContextService.getContext().setVariables(vars);
    }

    static void run(String bootstrap) throws Exception {
        Connections.bind(Connection.of(
                new ConnectionSettings(
                        CONNECTION, "compat", Map.of("bootstrap.servers", bootstrap), Map.of(), Map.of()),
                ClientFactory.KAFKA,
                new ClientIds("compat", "localhost")));
        try {
            new AdminSamplerCheck().allOperations(bootstrap);
        } finally {
            Connections.unbind(CONNECTION, Duration.ofSeconds(5));
        }
    }

    private void allOperations(String bootstrap) throws Exception {
        String topic = "compat-admin-" + System.nanoTime();
        String group = "compat-admin-group";
        assertThat(ok("createTopic", topic, "2").getResponseMessage()).isEqualTo("created topic " + topic);
        assertThat(ok("describeTopic", topic, "").getResponseDataAsString()).contains("partition 1: leader 1");
        assertThat(vars.get("kafka_partitions")).isEqualTo("2");
        assertThat(ok("addPartitions", topic, "3").getResponseMessage()).isEqualTo(topic + " raised to 3 partitions");
        assertThat(ok("listTopics", "", "").getResponseDataAsString()).contains(topic);

        // 50 records in partition 0, of which the group committed 20; 30 in partition 2, none committed
        send(bootstrap, topic, 0, 50);
        send(bootstrap, topic, 2, 30);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.alterConsumerGroupOffsets(group, Map.of(new TopicPartition(topic, 0), new OffsetAndMetadata(20)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        assertThat(ok("consumerGroupLag", topic, "", group).getResponseMessage())
                .isEqualTo("lag 60 for group " + group + " on 3 partitions");
        assertThat(vars.get("kafka_lag_" + topic + "_2")).isEqualTo("30");
        assertThat(ok("consumerGroupLag", "", "", group).getResponseMessage())
                .isEqualTo("lag 30 for group " + group + " on 1 partition");

        assertThat(ok("deleteTopic", topic, "").getResponseMessage()).isEqualTo("deleted topic " + topic);
        assertThat(sample("describeTopic", topic, "", group).getResponseCode())
                .isEqualTo("UnknownTopicOrPartitionException");
    }

    private SampleResult ok(String operation, String topics, String partitions) {
        return ok(operation, topics, partitions, "compat-admin-group");
    }

    private SampleResult ok(String operation, String topics, String partitions, String group) {
        SampleResult r = sample(operation, topics, partitions, group);
        assertThat(r.isSuccessful())
                .as(operation + ": " + r.getResponseCode() + " " + r.getResponseMessage() + "\n"
                        + r.getResponseDataAsString())
                .isTrue();
        System.out.printf("compat admin %s: %s (%d ms)%n", operation, r.getResponseMessage(), r.getTime());
        return r;
    }

    private static SampleResult sample(String operation, String topics, String partitions, String group) {
        KafkaAdminSampler s = new KafkaAdminSampler();
        s.setName("admin " + operation);
        s.setConnectionName(CONNECTION);
        s.setOperation(operation);
        s.setTopics(topics);
        s.setPartitions(partitions);
        s.setGroupId(group);
        return s.sample(null);
    }

    private static void send(String bootstrap, String topic, int partition, int records) throws Exception {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        List<Future<RecordMetadata>> acks = new ArrayList<>();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            for (int i = 0; i < records; i++) {
                acks.add(producer.send(new ProducerRecord<>(topic, partition, "k" + i, "v" + i)));
            }
            for (Future<RecordMetadata> ack : acks) {
                ack.get(30, TimeUnit.SECONDS);
            }
        }
    }
}
