package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.sampler.base.ResponseCodes;
import io.github.jmeterkafka.sampler.consumer.ConsumerRun;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class KafkaConsumerSamplerTest {
    private static final TopicPartition TP = new TopicPartition("t", 0);

    private TestClients clients;

    @BeforeEach
    void bind() {
        clients = new TestClients(true).bind();
        clients.consumer.updateBeginningOffsets(Map.of(TP, 0L));
        JMeterContextService.getContext().setVariables(new JMeterVariables());
    }

    @AfterEach
    void unbind() {
        TestClients.unbind();
    }

    private KafkaConsumerSampler sampler(int perSample) {
        KafkaConsumerSampler s = new KafkaConsumerSampler();
        s.setName("consume-" + System.nanoTime());
        s.setTopics("t");
        s.setRecordsPerSample(Integer.toString(perSample));
        s.setPollTimeout("200");
        return s;
    }

    /** MockConsumer takes records only once the sampler's consumer has its partition. */
    private void addOnFirstPoll(int from, int count) {
        clients.consumer.schedulePollTask(() -> add(from, count));
    }

    private void add(int from, int count) {
        for (int i = from; i < from + count; i++) {
            clients.consumer.addRecord(new ConsumerRecord<>("t", 0, i, bytes("k" + i), bytes("value-" + i)));
        }
    }

    /** As the plugin's consumer hands values out: a view into a larger fetch buffer, here of '#'. */
    private static Object bytes(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        byte[] fetch = new byte[b.length + 8];
        Arrays.fill(fetch, (byte) '#');
        System.arraycopy(b, 0, fetch, 4, b.length);
        return ByteBuffer.wrap(fetch, 4, b.length).slice();
    }

    @Test
    void recordsBeyondTheSampleAreKeptForTheNextOne() {
        KafkaConsumerSampler s = sampler(4);
        s.setSubscription("assign");
        s.setPartitions("0");
        addOnFirstPoll(0, 10);

        SampleResult first = s.sample(null);
        assertThat(first.isSuccessful()).isTrue();
        assertThat(first.getSampleCount()).isEqualTo(4);
        assertThat(first.getSamplerData()).endsWith("\nup to 4 records within 200 ms");
        assertThat(s.sample(null).getSampleCount()).isEqualTo(4);
        // a limit from a variable may change between samples: the sampler data follows it
        s.setRecordsPerSample("3");
        SampleResult third = s.sample(null);
        assertThat(third.getSamplerData()).endsWith("\nup to 3 records within 200 ms");
        assertThat(third.getSampleCount()).isEqualTo(2);
        assertThat(third.getResponseDataAsString())
                .contains("t-0@9 timestamp=-1 key=k9\nvalue-9\n")
                .doesNotContain("#");

        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        assertThat(vars.get("kafka_count")).isEqualTo("2");
        assertThat(vars.get("kafka_key_1")).isEqualTo("k8");
        assertThat(vars.get("kafka_value_2")).isEqualTo("value-9");
        assertThat(vars.get("kafka_offset_2")).isEqualTo("9");
    }

    @Test
    void noRecordWithinTheTimeoutIsA404AndTheTestGoesOn() {
        KafkaConsumerSampler s = sampler(1);
        s.setSubscription("assign");
        s.setPartitions("0");
        long start = System.nanoTime();

        SampleResult r = s.sample(null);

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isBetween(150L, 2000L);
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.NO_RECORDS);
        assertThat(r.getResponseMessage()).isEqualTo("no record within 200 ms");
        assertThat(r.getSampleCount()).isEqualTo(1);
    }

    @Test
    void bytesCountKeyValueAndHeaders() {
        KafkaConsumerSampler s = sampler(1);
        s.setSubscription("assign");
        s.setPartitions("0");
        RecordHeaders headers = new RecordHeaders();
        headers.add("h", "12".getBytes(StandardCharsets.UTF_8));
        ConsumerRecord<Object, Object> rec = new ConsumerRecord<>(
                "t",
                0,
                0,
                0L,
                TimestampType.CREATE_TIME,
                3,
                5,
                bytes("key"),
                bytes("value"),
                headers,
                Optional.empty());
        clients.consumer.schedulePollTask(() -> clients.consumer.addRecord(rec));

        SampleResult r = s.sample(null);

        assertThat(r.getBytesAsLong()).isEqualTo(3 + 5 + 1 + 2);
    }

    @Test
    void onlyReportedRecordsAreCommitted() {
        KafkaConsumerSampler s = sampler(3);
        s.setCommitMode("sync");
        clients.consumer.schedulePollTask(() -> {
            clients.consumer.rebalance(List.of(TP));
            add(0, 5);
        });

        SampleResult r = s.sample(null);

        assertThat(r.getSampleCount()).isEqualTo(3);
        assertThat(clients.consumer.committed(Set.of(TP)).get(TP).offset()).isEqualTo(3);
        assertThat(clients.lastConsumerConfig)
                .containsEntry("enable.auto.commit", false)
                .containsEntry("group.id", "jmeter-kafka");
    }

    @Test
    void theReadBudgetStopsTheThread() {
        KafkaConsumerSampler s = sampler(4);
        s.setSubscription("assign");
        s.setPartitions("0");
        s.setRecordBudget("6");
        addOnFirstPoll(0, 10);

        assertThat(s.sample(null).getSampleCount()).isEqualTo(4);
        assertThat(s.sample(null).getSampleCount()).isEqualTo(2);
        assertThat(s.sample(null)).isNull();
    }

    @Test
    void interruptEndsABlockedPollAtOnce() throws Exception {
        KafkaConsumerSampler s = sampler(1);
        s.setSubscription("assign");
        s.setPartitions("0");
        s.sample(null); // creates the consumer; nothing to read yet
        s.setPollTimeout("60000");
        CompletableFuture<SampleResult> r = CompletableFuture.supplyAsync(() -> s.sample(null));
        Thread.sleep(200);

        long start = System.nanoTime();
        s.interrupt();
        SampleResult result = r.get(1, TimeUnit.SECONDS);

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(1000);
        assertThat(result.getResponseCode()).isEqualTo(ResponseCodes.NO_RECORDS);
    }

    @Test
    void threadsInDifferentGroupsNeverShareWhereAPartitionStartsOrGoesOn() {
        ConsumerRun run = new ConsumerRun(0, false, "read");
        run.started("group-1").put(new TopicPartition("t", 0), 42L);

        assertThat(run.started("group-2"))
                .as("a group id per thread: each group reads from its own start")
                .isEmpty();
        assertThat(run.started("group-1")).containsEntry(new TopicPartition("t", 0), 42L);
    }

    @Test
    void groupsThatEachReadEveryRecordAreVerifiedApart() {
        ConsumerRun run = new ConsumerRun(0, true, "read");
        for (String group : List.of("g-2", "g-1")) {
            for (long seq = 0; seq < 3; seq++) {
                run.verifier(group).observe("p", "t", 0, seq, 0);
            }
        }

        assertThat(run.deliveryLines())
                .containsExactly(
                        "group 'g-1' delivery: 3 records verified from 1 producers, 0 missing, 0 duplicated, 0 out of order.",
                        "group 'g-2' delivery: 3 records verified from 1 producers, 0 missing, 0 duplicated, 0 out of order.");
    }
}
