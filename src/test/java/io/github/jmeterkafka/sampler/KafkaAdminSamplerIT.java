package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.ClientIds;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ConnectionSettings;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.harness.SharedBroker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Kafka Admin sampler against a real broker, called as JMeter's thread would call it. */
class KafkaAdminSamplerIT {
    private static final String CONNECTION = "admin-it";

    private static String bootstrap;
    private JMeterVariables vars;

    @BeforeAll
    static void connect() {
        bootstrap = SharedBroker.get().bootstrapServers();
        Connections.bind(Connection.of(
                new ConnectionSettings(CONNECTION, "it", Map.of("bootstrap.servers", bootstrap), Map.of(), Map.of()),
                ClientFactory.KAFKA,
                new ClientIds("it", "localhost")));
    }

    @AfterAll
    static void disconnect() {
        Connections.unbind(CONNECTION, Duration.ofSeconds(5));
    }

    @BeforeEach
    void variables() {
        vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
    }

    private static SampleResult run(String operation, String topics, String partitions) {
        KafkaAdminSampler s = new KafkaAdminSampler();
        s.setName("admin " + operation);
        s.setConnectionName(CONNECTION);
        s.setOperation(operation);
        s.setTopics(topics);
        s.setPartitions(partitions);
        s.setGroupId("admin-it-group");
        return s.sample(null);
    }

    private static SampleResult ok(SampleResult r) {
        assertThat(r.isSuccessful())
                .as(r.getResponseCode() + " " + r.getResponseMessage() + "\n" + r.getResponseDataAsString())
                .isTrue();
        assertThat(r.getResponseCode()).isEqualTo("200");
        return r;
    }

    @Test
    void createDescribeAndCreateAgain() {
        SampleResult created = ok(run("createTopic", "admin-it-six", "6"));
        assertThat(created.getResponseMessage()).isEqualTo("created topic admin-it-six");

        SampleResult described = ok(run("describeTopic", "admin-it-six", ""));
        assertThat(vars.get("kafka_partitions")).isEqualTo("6");
        assertThat(described.getResponseDataAsString()).contains("partition 5: leader ");
        assertThat(described.getResponseDataAsString()).doesNotContain("leader none");

        SampleResult again = ok(run("createTopic", "admin-it-six", "6"));
        assertThat(again.getResponseMessage()).isEqualTo("admin-it-six already existed");

        ok(run("listTopics", "", ""));
        assertThat(vars.get("kafka_topics")).isNotNull();
        assertThat(Integer.parseInt(vars.get("kafka_topics"))).isGreaterThanOrEqualTo(1);
    }

    @Test
    void addPartitionsThenAgain() {
        ok(run("createTopic", "admin-it-grow", "2"));

        assertThat(ok(run("addPartitions", "admin-it-grow", "5")).getResponseMessage())
                .isEqualTo("admin-it-grow raised to 5 partitions");
        assertThat(ok(run("addPartitions", "admin-it-grow", "5")).getResponseMessage())
                .startsWith("no change");
        assertThat(run("addPartitions", "admin-it-grow", "3").getResponseCode())
                .isEqualTo("InvalidPartitionsException");

        ok(run("describeTopic", "admin-it-grow", ""));
        assertThat(vars.get("kafka_partitions")).isEqualTo("5");
    }

    @Test
    void deleteThenDeleteAgain() {
        ok(run("createTopic", "admin-it-delete", "1"));

        assertThat(ok(run("deleteTopic", "admin-it-delete", "")).getResponseMessage())
                .isEqualTo("deleted topic admin-it-delete");
        assertThat(ok(run("listTopics", "", "")).getResponseDataAsString()).doesNotContain("admin-it-delete");
        assertThat(ok(run("deleteTopic", "admin-it-delete", "")).getResponseMessage())
                .isEqualTo("admin-it-delete did not exist");
        assertThat(run("describeTopic", "admin-it-delete", "").getResponseCode())
                .isEqualTo("UnknownTopicOrPartitionException");
    }

    @Test
    void lagIsProducedMinusConsumed() throws Exception {
        String topic = "admin-it-lag";
        ok(run("createTopic", topic, "3"));
        // sent right after the create: the partitions have leaders already
        produce(topic, 100);
        consumeAndCommit(topic, "admin-it-group", 40);

        SampleResult lag = ok(run("consumerGroupLag", "", ""));
        assertThat(vars.get("kafka_lag")).isEqualTo("60");
        assertThat(lag.getResponseMessage()).isEqualTo("lag 60 for group admin-it-group on 3 partitions");
        long perPartition = 0;
        for (int p = 0; p < 3; p++) {
            perPartition += Long.parseLong(vars.get("kafka_lag_" + topic + "_" + p));
        }
        assertThat(perPartition).isEqualTo(60);

        KafkaAdminSampler noCommits = new KafkaAdminSampler();
        noCommits.setName("lag of a group without commits");
        noCommits.setConnectionName(CONNECTION);
        noCommits.setOperation("consumerGroupLag");
        noCommits.setGroupId("admin-it-nobody");
        noCommits.setTopics(topic);
        ok(noCommits.sample(null));
        assertThat(vars.get("kafka_lag")).isEqualTo("100");
    }

    @Test
    void waitForLagEndsWhenTheGroupsLagMeetsTheCondition_orFailsAtTheTimeoutNamingTheLag() throws Exception {
        String topic = "admin-it-wait";
        String group = "admin-it-waiting";
        ok(run("createTopic", topic, "2"));
        produce(topic, 100);
        // nothing committed: all 100 records of the topic are the group's lag
        SampleResult built = ok(waitForLag(topic, group, ">= 100", "30000"));
        assertThat(vars.get("kafka_lag")).isEqualTo("100");
        assertThat(built.getResponseMessage()).isEqualTo("lag 100 for group " + group + " on 2 partitions");
        assertThat(built.getSamplerData()).contains("lag condition: >= 100");

        SampleResult notDrained = waitForLag(topic, group, "<= 0", "1500");
        assertThat(notDrained.isSuccessful()).isFalse();
        assertThat(notDrained.getResponseCode()).isEqualTo("TimeoutException");
        assertThat(notDrained.getResponseMessage()).contains("group " + group + "'s lag <= 0 (it was 100)");
        assertThat(notDrained.getTime()).isBetween(1400L, 10_000L);

        Thread drain = new Thread(() -> {
            sleep(500);
            consumeAndCommit(topic, group, 100);
        });
        drain.start();
        SampleResult drained = ok(waitForLag(topic, group, "<=0", "30000"));
        drain.join();
        assertThat(vars.get("kafka_lag")).isEqualTo("0");
        assertThat(drained.getTime()).as("it waited for the consumer").isGreaterThanOrEqualTo(400);

        SampleResult bad = waitForLag(topic, group, "== 5", "30000");
        assertThat(bad.getResponseCode()).isEqualTo("400");
        assertThat(bad.getResponseMessage())
                .isEqualTo("lag condition must be '>= N' or '<= N' (N records), not '== 5'");
        assertThat(bad.getTime()).isZero();
    }

    private static SampleResult waitForLag(String topic, String group, String condition, String timeoutMs) {
        KafkaAdminSampler s = new KafkaAdminSampler();
        s.setName("wait for lag " + condition);
        s.setConnectionName(CONNECTION);
        s.setOperation("waitForLag");
        s.setTopics(topic);
        s.setGroupId(group);
        s.setLagCondition(condition);
        s.setTimeout(timeoutMs);
        return s.sample(null);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Sends {@code n} records, each acknowledged before the next. */
    private static void produce(String topic, int n) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
            for (int i = 0; i < n; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, "v" + i)).get(30, TimeUnit.SECONDS);
            }
        }
    }

    /** Reads {@code n} records from the start and commits exactly those. */
    private static void consumeAndCommit(String topic, String group, int n) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, n);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<String, String>> taken = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (taken.size() < n && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    if (taken.size() < n) {
                        taken.add(r);
                    }
                }
            }
            assertThat(taken).hasSize(n);
            // records of one partition arrive in offset order: the first n are a prefix of each partition;
            // a partition none of them came from is committed at 0, as the consumer stands there
            Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
            consumer.assignment().forEach(tp -> commit.put(tp, new OffsetAndMetadata(0)));
            for (ConsumerRecord<String, String> r : taken) {
                commit.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
            }
            consumer.commitSync(commit);
        }
    }
}
