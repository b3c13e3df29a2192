package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.client.FakeAdmin;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.harness.MockConnections;
import io.github.jmeterkafka.sampler.admin.AdminOperation;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class KafkaAdminSamplerTest {
    private static final String CONNECTION = "admin-test";

    private final FakeAdmin fake = new FakeAdmin();
    private JMeterVariables vars;

    @BeforeEach
    void bind() {
        MockConnections.bind(CONNECTION, MockConnections.clients(null, null, fake::admin));
        vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
    }

    @AfterEach
    void unbind() {
        MockConnections.unbind(CONNECTION);
        JMeterContextService.getContext().setVariables(null);
    }

    private static KafkaAdminSampler sampler(String operation, String topics) {
        KafkaAdminSampler s = new KafkaAdminSampler();
        s.setName("admin");
        s.setConnectionName(CONNECTION);
        s.setOperation(operation);
        s.setTopics(topics);
        s.setTimeout("2000");
        return s;
    }

    @Test
    void createsTopics() {
        KafkaAdminSampler s = sampler(AdminOperation.CREATE_TOPIC.tag(), "a, b,");
        s.setPartitions("6");
        s.setTopicConfigs(List.of(new KeyValue("retention.ms", "60000")));

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isTrue();
        assertThat(r.getResponseCode()).isEqualTo("200");
        assertThat(r.getResponseMessage()).isEqualTo("created topics a, b");
        assertThat(r.getSampleCount()).isEqualTo(1);
        assertThat(r.getSamplerData()).contains("operation: createTopic", "partitions: 6", "retention.ms=60000");
        assertThat(fake.topics).containsEntry("a", 6).containsEntry("b", 6);
    }

    @Test
    void takesTheBareOperationWord() {
        SampleResult r = sampler("createTopic", "a").sample(null);

        assertThat(r.getResponseCode()).isEqualTo("200");
        assertThat(fake.topics).containsKey("a");
    }

    @Test
    void anExistingTopicIsASuccessByDefault() {
        fake.topics.put("a", 1);

        SampleResult r = sampler(AdminOperation.CREATE_TOPIC.tag(), "a").sample(null);

        assertThat(r.isSuccessful()).isTrue();
        assertThat(r.getResponseMessage()).isEqualTo("a already existed");
    }

    @Test
    void anExistingTopicFailsWithKafkasCodeWhenNotIgnored() {
        fake.topics.put("a", 1);
        KafkaAdminSampler s = sampler(AdminOperation.CREATE_TOPIC.tag(), "a");
        s.setIgnoreExisting(false);

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("TopicExistsException");
        assertThat(r.getResponseMessage()).startsWith("TopicExistsException: Topic 'a' already exists.");
        assertThat(r.getResponseDataAsString()).contains("TopicExistsException");
    }

    @Test
    void deletingAMissingTopicIsASuccessByDefault() {
        SampleResult r = sampler(AdminOperation.DELETE_TOPIC.tag(), "gone").sample(null);

        assertThat(r.isSuccessful()).isTrue();
        assertThat(r.getResponseMessage()).isEqualTo("gone did not exist");
    }

    @Test
    void deletingAMissingTopicFailsWhenNotIgnored() {
        KafkaAdminSampler s = sampler(AdminOperation.DELETE_TOPIC.tag(), "gone");
        s.setIgnoreMissing(false);

        assertThat(s.sample(null).getResponseCode()).isEqualTo("UnknownTopicOrPartitionException");
    }

    @Test
    void describeSetsThePartitionCount() {
        fake.topics.put("a", 3);

        SampleResult r = sampler(AdminOperation.DESCRIBE_TOPIC.tag(), "a").sample(null);

        assertThat(r.getResponseMessage()).isEqualTo("a: 3 partitions, replication factor 1");
        assertThat(vars.get("kafka_partitions")).isEqualTo("3");
        assertThat(r.getResponseDataAsString()).contains("partition 2: leader 1, replicas [1], isr [1]");
    }

    @Test
    void aFailedSampleLeavesNoValueOfTheLastOneForAssertionsToFind() {
        fake.topics.put("a", 3);
        KafkaAdminSampler s = sampler(AdminOperation.DESCRIBE_TOPIC.tag(), "a");
        assertThat(s.sample(null).isSuccessful()).isTrue();
        assertThat(vars.get("kafka_partitions")).isEqualTo("3");

        fake.hang = true;
        s.setTimeout("200");
        assertThat(s.sample(null).isSuccessful()).isFalse();

        assertThat(vars.get("kafka_partitions")).isNull();
    }

    @Test
    void aBlankPrefixSetsNoVariables() {
        fake.topics.put("a", 3);
        KafkaAdminSampler s = sampler(AdminOperation.LIST_TOPICS.tag(), "");
        s.setVariablePrefix(" ");

        assertThat(s.sample(null).isSuccessful()).isTrue();
        assertThat(vars.entrySet()).isEmpty();
    }

    @Test
    void listSetsTheTopicCount() {
        fake.topics.put("a", 1);
        fake.topics.put("b", 1);
        KafkaAdminSampler s = sampler(AdminOperation.LIST_TOPICS.tag(), "");
        s.setVariablePrefix("k");

        SampleResult r = s.sample(null);

        assertThat(r.getResponseDataAsString()).isEqualTo("a\nb\n");
        assertThat(vars.get("k_topics")).isEqualTo("2");
    }

    @Test
    void addsPartitions() {
        fake.topics.put("a", 1);
        KafkaAdminSampler s = sampler(AdminOperation.ADD_PARTITIONS.tag(), "a");
        s.setPartitions("4");

        SampleResult r = s.sample(null);

        assertThat(r.getResponseMessage()).isEqualTo("a raised to 4 partitions");
        assertThat(fake.topics).containsEntry("a", 4);
    }

    @Test
    void lagGoesIntoTheMessageAndVariables() {
        TopicPartition tp = new TopicPartition("t", 0);
        fake.topics.put("t", 1);
        fake.endOffsets.put(tp, 100L);
        fake.committed.put("g", Map.of(tp, new OffsetAndMetadata(40)));
        KafkaAdminSampler s = sampler(AdminOperation.CONSUMER_GROUP_LAG.tag(), "");
        s.setGroupId("g");

        SampleResult r = s.sample(null);

        assertThat(r.getResponseMessage()).isEqualTo("lag 60 for group g on 1 partition");
        assertThat(vars.get("kafka_lag")).isEqualTo("60");
        assertThat(vars.get("kafka_lag_t_0")).isEqualTo("60");
    }

    @Test
    void aCallWithoutAnswerFailsWithTimeoutException() {
        fake.hang = true;
        KafkaAdminSampler s = sampler(AdminOperation.LIST_TOPICS.tag(), "");
        s.setTimeout("200");

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("TimeoutException");
        assertThat(r.getResponseMessage()).isEqualTo("TimeoutException: listing topics: no answer within 200 ms");
        assertThat(r.getTime()).isBetween(150L, 2000L);
    }

    @Test
    void interruptEndsTheSampleInFlight() {
        fake.hang = true;
        KafkaAdminSampler s = sampler(AdminOperation.LIST_TOPICS.tag(), "");
        s.setTimeout("30000");
        CompletableFuture<Void> interrupter = CompletableFuture.runAsync(() -> {
            await().atMost(Duration.ofSeconds(5)).until(() -> fake.calls.contains("listTopics"));
            s.interrupt();
        });

        SampleResult r = s.sample(null);

        interrupter.join();
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseMessage()).contains("interrupted while listing topics");
        assertThat(r.getTime()).isLessThan(5000);
    }

    @Test
    void invalidInputFailsWith400BeforeAnyCall() {
        KafkaAdminSampler emptyTopics = sampler(AdminOperation.CREATE_TOPIC.tag(), " , ");
        KafkaAdminSampler negative = sampler(AdminOperation.CREATE_TOPIC.tag(), "a");
        negative.setPartitions("-1");
        KafkaAdminSampler zeroRf = sampler(AdminOperation.CREATE_TOPIC.tag(), "a");
        zeroRf.setReplicationFactor("0");
        KafkaAdminSampler unknownOperation = sampler("frobnicate", "a");
        KafkaAdminSampler noGroup = sampler(AdminOperation.CONSUMER_GROUP_LAG.tag(), "");
        noGroup.setGroupId("");
        KafkaAdminSampler badTimeout = sampler(AdminOperation.LIST_TOPICS.tag(), "");
        badTimeout.setTimeout("soon");
        KafkaAdminSampler noTotal = sampler(AdminOperation.ADD_PARTITIONS.tag(), "a");
        noTotal.setPartitions("");

        for (KafkaAdminSampler s :
                List.of(emptyTopics, negative, zeroRf, unknownOperation, noGroup, badTimeout, noTotal)) {
            SampleResult r = s.sample(null);
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).as(r.getResponseMessage()).isEqualTo("400");
        }
        assertThat(sampler("frobnicate", "a").sample(null).getResponseMessage())
                .contains("operation 'frobnicate' is not one of: ");
        assertThat(fake.calls).isEmpty();
    }

    @Test
    void blankPartitionsAndReplicationFactorLeaveItToTheBroker() {
        KafkaAdminSampler s = sampler(AdminOperation.CREATE_TOPIC.tag(), "a");
        s.setPartitions("");
        s.setReplicationFactor("");

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isTrue();
        assertThat(r.getSamplerData()).contains("partitions: broker default", "replication factor: broker default");
    }
}
