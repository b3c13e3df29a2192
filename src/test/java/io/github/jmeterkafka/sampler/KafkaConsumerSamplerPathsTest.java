package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.harness.TestConsumer.P0;
import static io.github.jmeterkafka.harness.TestConsumer.P1;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.CommitMode;
import io.github.jmeterkafka.client.ReadSpec;
import io.github.jmeterkafka.client.RecordReader;
import io.github.jmeterkafka.harness.MockConnections;
import io.github.jmeterkafka.harness.TestConsumer;
import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SequenceHeader;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The consumer's result paths beyond KafkaConsumerSamplerTest: each code, the latency, and rebalances. */
class KafkaConsumerSamplerPathsTest {
    private static final String CONNECTION = "consumer-paths";

    private TestConsumer consumer;
    private JMeterVariables vars;

    @BeforeEach
    void bind() {
        consumer = new TestConsumer();
        consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        MockConnections.bind(CONNECTION, MockConnections.clients(null, () -> consumer, null));
        vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
    }

    @AfterEach
    void unbind() {
        MockConnections.unbind(CONNECTION);
    }

    private static KafkaConsumerSampler sampler(int perSample) {
        KafkaConsumerSampler s = new KafkaConsumerSampler();
        s.setName("paths-" + System.nanoTime());
        s.setConnectionName(CONNECTION);
        s.setTopics("t");
        s.setRecordsPerSample(Integer.toString(perSample));
        s.setPollTimeout("200");
        return s;
    }

    private static KafkaConsumerSampler assigned(int perSample) {
        KafkaConsumerSampler s = sampler(perSample);
        s.setSubscription("assign");
        s.setPartitions("0");
        return s;
    }

    private static ConsumerRecord<Object, Object> record(
            TopicPartition tp, long offset, long timestamp, SequenceHeader seq) {
        RecordHeaders headers = new RecordHeaders();
        if (seq != null) {
            headers.add(SequenceHeader.NAME, seq.encode());
        }
        byte[] value = ("v" + offset).getBytes(StandardCharsets.UTF_8);
        return new ConsumerRecord<>(
                tp.topic(),
                tp.partition(),
                offset,
                timestamp,
                TimestampType.CREATE_TIME,
                0,
                value.length,
                null,
                value,
                headers,
                Optional.empty());
    }

    /** The consumer's next poll assigns these partitions and brings these records. */
    @SafeVarargs
    private void nextPoll(Set<TopicPartition> assignment, ConsumerRecord<Object, Object>... records) {
        consumer.schedulePollTask(() -> {
            consumer.rebalance(assignment);
            for (ConsumerRecord<Object, Object> r : records) {
                consumer.addRecord(r);
            }
        });
    }

    private static ConsumerRecord<Object, Object> record(long offset, SequenceHeader seq) {
        return record(P0, offset, System.currentTimeMillis(), seq);
    }

    @Test
    void aRevokeDuringARead_commitsTheRecordsThatReadAlreadyTook() {
        KafkaConsumerSampler s = sampler(5);
        s.setCommitMode("auto"); // no commit of its own within the 5 s interval: only the revoke commits
        AtomicReference<List<Map<TopicPartition, OffsetAndMetadata>>> commitsBeforeNextOwner = new AtomicReference<>();
        consumer.schedulePollTask(() -> {
            consumer.rebalance(Set.of(P0, P1));
            for (long o = 0; o < 3; o++) {
                consumer.addRecord(record(o, null));
            }
        });
        // the read has 3 of its 5 records and polls again: P0 moves to another member
        consumer.schedulePollTask(() -> {
            consumer.rebalance(Set.of(P1));
            commitsBeforeNextOwner.set(List.copyOf(consumer.commits));
            consumer.addRecord(record(P1, 0, System.currentTimeMillis(), null));
            consumer.addRecord(record(P1, 1, System.currentTimeMillis(), null));
        });

        SampleResult r = s.sample(null);

        assertThat(r.getSampleCount()).isEqualTo(5);
        assertThat(r.getResponseDataAsString()).contains("t-0@2").contains("t-1@1");
        // (MockConsumer.committed() says 0 for a partition it no longer has: look at the commits)
        assertThat(commitsBeforeNextOwner.get())
                .as("commits before the partition's next owner starts")
                .containsExactly(Map.of(P0, new OffsetAndMetadata(3)));
    }

    @Test
    void eachRecordIsToldToTheListenerBeforeARevokeCommitsIt() {
        List<String> events = new ArrayList<>();
        TestConsumer c = consumer;
        c.schedulePollTask(() -> {
            c.rebalance(Set.of(P0, P1));
            c.addRecord(record(0, null));
            c.addRecord(record(1, null));
        });
        c.schedulePollTask(() -> c.rebalance(Set.of(P1)));
        RecordReader reader = new RecordReader(
                c,
                ReadSpec.topics("t", ReadSpec.Start.COMMITTED_OR_EARLIEST, 0),
                CommitMode.AUTO,
                5000,
                new HashMap<>(),
                (r, now) -> events.add("reported " + r.offset() + " after " + c.commits.size() + " commits"));

        assertThat(reader.read(3, 200)).hasSize(2);

        // the delivery verifier sees a partition's records before its next owner can read on from the commit
        assertThat(events).containsExactly("reported 0 after 0 commits", "reported 1 after 0 commits");
        assertThat(c.commits).containsExactly(Map.of(P0, new OffsetAndMetadata(2)));
    }

    @Test
    void aReadAcrossPartitionsCommitsTheLastReportedOffsetOfEach_andNothingBeyondWhatWasReported() {
        TestConsumer c = consumer;
        nextPoll(
                Set.of(P0, P1),
                record(P0, 0, 0, null),
                record(P0, 1, 0, null),
                record(P1, 0, 0, null),
                record(P1, 1, 0, null),
                record(P1, 2, 0, null));
        RecordReader reader = new RecordReader(
                c, ReadSpec.topics("t", ReadSpec.Start.COMMITTED_OR_EARLIEST, 0), CommitMode.SYNC, 5000);

        List<ConsumerRecord<Object, Object>> read = reader.read(4, 200);
        reader.commitReported();

        assertThat(read).hasSize(4);
        Map<TopicPartition, OffsetAndMetadata> reported = new HashMap<>();
        read.forEach(r -> reported.merge(
                new TopicPartition(r.topic(), r.partition()),
                new OffsetAndMetadata(r.offset() + 1),
                (a, b) -> a.offset() > b.offset() ? a : b));
        assertThat(reported).hasSize(2);
        assertThat(c.commits).containsExactly(reported);
        assertThat(reader.buffered()).isEqualTo(1);
    }

    @Test
    void aReadKeepingFewerRecordsThanItHandsOut_reportsAndCommitsThemAll() {
        TestConsumer c = consumer;
        nextPoll(Set.of(P0), record(0, null), record(1, null), record(2, null), record(3, null), record(4, null));
        List<Long> reported = new ArrayList<>();
        RecordReader reader = new RecordReader(
                c,
                ReadSpec.topics("t", ReadSpec.Start.COMMITTED_OR_EARLIEST, 0),
                CommitMode.SYNC,
                5000,
                new HashMap<>(),
                (r, polled) -> reported.add(r.offset()));

        RecordReader.Handout read = reader.read(4, 200, RecordBudget.unlimited(), 2);
        reader.commitReported();

        assertThat(read.count()).isEqualTo(4);
        assertThat(read.kept).extracting(ConsumerRecord::offset).containsExactly(0L, 1L);
        assertThat(reported).containsExactly(0L, 1L, 2L, 3L);
        assertThat(c.commits).containsExactly(Map.of(P0, new OffsetAndMetadata(4)));
        assertThat(reader.read(4, 200)).extracting(ConsumerRecord::offset).containsExactly(4L);
    }

    @Test
    void withoutVariables_aSampleCountsEveryRecordButKeepsOnlyThoseItLists() {
        ConsumerRecord<Object, Object>[] records = new ConsumerRecord[30];
        for (int i = 0; i < records.length; i++) {
            records[i] = record(i, null);
        }
        nextPoll(Set.of(P0), records);
        KafkaConsumerSampler s = sampler(30);
        s.setVariablePrefix("");

        SampleResult r = s.sample(null);

        assertThat(r.getSampleCount()).isEqualTo(30);
        assertThat(r.getResponseMessage()).isEqualTo("30 records read");
        assertThat(r.getResponseDataAsString())
                .contains("t-0@19 ")
                .doesNotContain("t-0@20 ")
                .endsWith("... 10 more records\n");
        // values "v0" to "v29": the bytes of all 30
        assertThat(r.getBodySizeAsLong()).isEqualTo(10 * 2 + 20 * 3);
    }

    @Test
    void aRecordKeptForALaterSample_keepsTheTimeItsPollReturned() throws InterruptedException {
        Map<Long, Long> polledAt = new HashMap<>();
        TestConsumer c = consumer;
        nextPoll(Set.of(P0), record(0, null), record(1, null), record(2, null));
        RecordReader reader = new RecordReader(
                c,
                ReadSpec.topics("t", ReadSpec.Start.COMMITTED_OR_EARLIEST, 0),
                CommitMode.NONE,
                5000,
                new HashMap<>(),
                (r, polled) -> polledAt.put(r.offset(), polled));

        long before = SequenceHeader.nowMicros();
        assertThat(reader.read(1, 200)).hasSize(1);
        long after = SequenceHeader.nowMicros();
        Thread.sleep(20);
        assertThat(reader.read(2, 200)).extracting(ConsumerRecord::offset).containsExactly(1L, 2L);

        // their end-to-end latency ends when the consumer had them, not when a later sample took them
        assertThat(polledAt.get(0L)).isBetween(before, after);
        assertThat(polledAt).containsEntry(1L, polledAt.get(0L)).containsEntry(2L, polledAt.get(0L));
    }

    @Test
    void closingWithBufferedRecordsOfAPartitionNoneReported_commitsItAtItsFirstBufferedRecord() {
        TestConsumer c = consumer;
        nextPoll(
                Set.of(P0, P1),
                record(P0, 0, 0, null),
                record(P0, 1, 0, null),
                record(P1, 7, 0, null),
                record(P1, 8, 0, null));
        RecordReader reader =
                new RecordReader(c, ReadSpec.topics("t", ReadSpec.Start.EARLIEST, 0), CommitMode.AUTO, 5000);

        ConsumerRecord<Object, Object> first = reader.read(1, 200).get(0);
        TopicPartition taken = new TopicPartition(first.topic(), first.partition());
        TopicPartition untouched = taken.equals(P0) ? P1 : P0;
        assertThat(reader.buffered()).isEqualTo(3);
        reader.close();

        // the untouched partition's next owner reads both its records: nothing of them was reported here
        Map<TopicPartition, OffsetAndMetadata> committed = new HashMap<>();
        c.commits.forEach(committed::putAll);
        assertThat(committed)
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        taken,
                        new OffsetAndMetadata(first.offset() + 1),
                        untouched,
                        new OffsetAndMetadata(untouched.equals(P0) ? 0 : 7)));
    }

    @Test
    void aPollFailureAfterRecordsWereTaken_reportsThemFirst_thenFailsTheNextSample() {
        KafkaConsumerSampler s = assigned(5);
        consumer.schedulePollTask(() -> {
            consumer.addRecord(record(0, null));
            consumer.addRecord(record(1, null));
        });
        consumer.schedulePollTask(() -> consumer.setPollException(new TopicAuthorizationException(Set.of("t"))));

        SampleResult first = s.sample(null);
        SampleResult second = s.sample(null);

        assertThat(first.isSuccessful()).isTrue();
        assertThat(first.getSampleCount())
                .as("records whose offsets will be committed are reported")
                .isEqualTo(2);
        assertThat(second.isSuccessful()).isFalse();
        assertThat(second.getResponseCode()).isEqualTo("TopicAuthorizationException");
    }

    @Test
    void aPartitionHandedOverBeforeAnyRecordWasReported_isCommittedWhereItWasPositioned() {
        KafkaConsumerSampler s = sampler(3);
        s.setStartAt("earliest");
        consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 5L));
        consumer.schedulePollTask(() -> {
            consumer.rebalance(Set.of(P0, P1));
            for (long o = 0; o < 4; o++) {
                consumer.addRecord(record(o, null));
            }
        });
        consumer.schedulePollTask(() -> consumer.rebalance(Set.of(P0)));

        assertThat(s.sample(null).getSampleCount()).isEqualTo(3);
        assertThat(s.sample(null).getSampleCount()).isEqualTo(1);

        // the next owner of t-1 starts at the beginning, not at an older commit of the group
        assertThat(consumer.commits).containsExactly(Map.of(P1, new OffsetAndMetadata(5)));
    }

    @Test
    void anAsynchronousCommitThatFailed_isTriedAgainWithTheNextCommit() {
        TestConsumer c = consumer;
        RecordReader reader =
                new RecordReader(c, ReadSpec.topics("t", ReadSpec.Start.EARLIEST, 0), CommitMode.ASYNC, 5000);
        assignT0WithFiveRecords(c);
        c.nextCommitFailure = new RebalanceInProgressException("rebalancing");

        assertThat(reader.read(2, 1000)).hasSize(2);
        reader.commitReported();
        reader.close();

        assertThat(c.commits).as("the final commit of close()").containsExactly(Map.of(P0, new OffsetAndMetadata(2)));
    }

    @Test
    void withoutCommits_aPartitionsNextOwnerInTheGroupGoesOnAfterTheLastReportedRecord() {
        Map<TopicPartition, Long> started = new ConcurrentHashMap<>();
        ReadSpec spec = ReadSpec.topics("t", ReadSpec.Start.EARLIEST, 0);
        TestConsumer first = new TestConsumer();
        first.updateBeginningOffsets(Map.of(P0, 0L));
        RecordReader one = new RecordReader(first, spec, CommitMode.NONE, 5000, started, (r, t) -> {});
        assignT0WithFiveRecords(first);
        assertThat(one.read(3, 1000)).extracting(ConsumerRecord::offset).containsExactly(0L, 1L, 2L);
        one.close(); // revokes t-0 with 3 and 4 polled but not reported

        TestConsumer next = new TestConsumer();
        next.updateBeginningOffsets(Map.of(P0, 0L));
        RecordReader two = new RecordReader(next, spec, CommitMode.NONE, 5000, started, (r, t) -> {});
        assignT0WithFiveRecords(next);

        assertThat(two.read(5, 300)).extracting(ConsumerRecord::offset).containsExactly(3L, 4L);
        assertThat(first.commits).isEmpty();
    }

    /** At its next poll the consumer gets t-0, which holds offsets 0 to 4. */
    private static void assignT0WithFiveRecords(TestConsumer c) {
        c.schedulePollTask(() -> {
            c.rebalance(Set.of(P0));
            for (long o = 0; o < 5; o++) {
                c.addRecord(record(o, null));
            }
        });
    }

    @Test
    void startAtATimestamp_seeksEachPartitionToItsFirstRecordAtOrAfterIt() {
        KafkaConsumerSampler s = assignedFromTimestamp();
        indexTimestamps();
        consumer.updateEndOffsets(Map.of(P0, 4L, P1, 4L));
        addFourRecordsEach();

        assertReadFromTheTimestamp(s.sample(null));
    }

    @Test
    void startAtATimestamp_startsAtTheEndWhereNoRecordIsThatLate() {
        KafkaConsumerSampler s = assignedFromTimestamp();
        consumer.timeIndex.put(P0, new OffsetAndTimestamp(2, 1000));
        consumer.updateEndOffsets(Map.of(P0, 4L, P1, 3L));
        addFourRecordsEach();

        assertReadFromTheTimestamp(s.sample(null));
    }

    @Test
    void aStartThatCouldNotBeFound_isFoundAgainByTheNextSample_andItsConsumerClosed() {
        KafkaConsumerSampler s = assignedFromTimestamp();
        TestConsumer first = consumer;
        first.nextTimesFailure = new org.apache.kafka.common.errors.TimeoutException("offsetsForTimes");

        SampleResult failed = s.sample(null);

        assertThat(failed.getResponseCode()).isEqualTo("TimeoutException");
        assertThat(first.closed()).as("the consumer the failed start made").isTrue();
        consumer = new TestConsumer();
        consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        indexTimestamps();
        addFourRecordsEach();

        assertReadFromTheTimestamp(s.sample(null));
    }

    @Test
    void aStartThatCouldNotBeFoundOnAssignment_isFoundBeforeTheNextPoll() {
        KafkaConsumerSampler s = sampler(4);
        s.setStartAt("timestamp");
        s.setStartValue("1000");
        indexTimestamps();
        consumer.nextTimesFailure = new org.apache.kafka.common.errors.TimeoutException("offsetsForTimes");
        consumer.schedulePollTask(() -> consumer.rebalance(Set.of(P0, P1)));
        addFourRecordsEach();

        assertThat(s.sample(null).getResponseCode()).isEqualTo("TimeoutException");
        assertReadFromTheTimestamp(s.sample(null));
    }

    @Test
    void aTimeoutOfZeroPollsOnceWithoutWaiting() {
        KafkaConsumerSampler s = assigned(4);
        s.setPollTimeout("0");
        consumer.schedulePollTask(() -> consumer.addRecord(record(0, null)));

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
        assertThat(r.getSampleCount()).isEqualTo(1);
    }

    /** Assign mode on t-0 and t-1, 4 records per sample, starting at timestamp 1000. */
    private static KafkaConsumerSampler assignedFromTimestamp() {
        KafkaConsumerSampler s = assigned(4);
        s.setPartitions("0,1");
        s.setStartAt("timestamp");
        s.setStartValue("1000");
        return s;
    }

    /** Partition 0's first record at or after 1000 is at offset 2, partition 1's at 3. */
    private void indexTimestamps() {
        consumer.timeIndex.put(P0, new OffsetAndTimestamp(2, 1000));
        consumer.timeIndex.put(P1, new OffsetAndTimestamp(3, 1100));
    }

    private static void assertReadFromTheTimestamp(SampleResult r) {
        assertThat(r.getSampleCount())
                .as("read from the timestamp, not from the beginning")
                .isEqualTo(3);
        assertThat(r.getResponseDataAsString()).contains("t-0@2", "t-0@3", "t-1@3");
    }

    private void addFourRecordsEach() {
        consumer.schedulePollTask(() -> {
            for (long o = 0; o < 4; o++) {
                consumer.addRecord(record(P0, o, 500 + o * 250, null));
                consumer.addRecord(record(P1, o, 800 + o * 100, null));
            }
        });
    }

    @Test
    void aRecordAfterASequenceGapFailsWithRecordGap_whenAsked() {
        KafkaConsumerSampler s = assigned(1);
        s.setFailOnGap(true);
        consumer.schedulePollTask(() -> {
            consumer.addRecord(record(0, new SequenceHeader("p", 0, SequenceHeader.nowMicros())));
            consumer.addRecord(record(1, new SequenceHeader("p", 1, SequenceHeader.nowMicros())));
            consumer.addRecord(record(2, new SequenceHeader("p", 3, SequenceHeader.nowMicros())));
            consumer.addRecord(record(3, new SequenceHeader("p", 1, SequenceHeader.nowMicros())));
        });

        assertThat(s.sample(null).getResponseCode()).isEqualTo(ResponseCodes.OK);
        assertThat(s.sample(null).getResponseCode()).isEqualTo(ResponseCodes.OK);
        SampleResult gap = s.sample(null);
        SampleResult duplicate = s.sample(null);

        assertThat(gap.isSuccessful()).isFalse();
        assertThat(gap.getResponseCode()).isEqualTo(ResponseCodes.RECORD_GAP);
        assertThat(gap.getResponseMessage()).startsWith("sequence gap before 1 of 1 records");
        assertThat(gap.getSampleCount()).as("the record still counts as read").isEqualTo(1);
        assertThat(gap.getResponseDataAsString()).contains("t-0@2");
        assertThat(duplicate.isSuccessful())
                .as("a duplicate is counted, not failed")
                .isTrue();
    }

    @Test
    void withVerificationOffTheSummarySaysSo_ratherThanNoneVerified() {
        KafkaConsumerSampler s = assigned(5);
        s.setVerifyDelivery(false);
        s.testStarted();
        consumer.schedulePollTask(
                () -> consumer.addRecord(record(0, new SequenceHeader("p", 0, SequenceHeader.nowMicros()))));
        assertThat(s.sample(null).getSampleCount()).isEqualTo(1);

        assertThat(Summaries.of(s)).contains("\ndelivery: not verified (Verify delivery is off)");
    }

    @Test
    void withoutFailOnGapTheGapSampleSucceeds() {
        KafkaConsumerSampler s = assigned(2);
        consumer.schedulePollTask(() -> {
            consumer.addRecord(record(0, new SequenceHeader("p", 0, SequenceHeader.nowMicros())));
            consumer.addRecord(record(1, new SequenceHeader("p", 5, SequenceHeader.nowMicros())));
        });

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isTrue();
        assertThat(r.getSampleCount()).isEqualTo(2);
    }

    @Test
    void latencyIsTheLargestEndToEndLatency_fromTheSendTimeElseTheTimestamp() {
        KafkaConsumerSampler s = assigned(3);
        long now = System.currentTimeMillis();
        consumer.schedulePollTask(() -> {
            // the header's send time wins over the record's timestamp
            consumer.addRecord(record(P0, 0, now, new SequenceHeader("p", 0, (now - 30_000) * 1000)));
            consumer.addRecord(record(P0, 1, now - 60_000, null));
            consumer.addRecord(record(P0, 2, now - 10_000, null));
        });

        SampleResult r = s.sample(null);

        assertThat(r.getLatency()).isBetween(60_000L, 70_000L);
        assertThat(vars.get("kafka_e2e_max")).isEqualTo(Long.toString(r.getLatency()));
        assertThat(vars.get("kafka_count")).isEqualTo("3");
    }

    @Test
    void theResponseListsTheFirst20Records_asUtf8Text_andCutsAtTheCap() {
        KafkaConsumerSampler s = assigned(30);
        byte[] big = new byte[100_000];
        Arrays.fill(big, (byte) 'x');
        consumer.schedulePollTask(() -> {
            consumer.addRecord(new ConsumerRecord<>(
                    "t",
                    0,
                    0,
                    0L,
                    TimestampType.CREATE_TIME,
                    0,
                    0,
                    null,
                    ByteBuffer.wrap("grüße 😀".getBytes(StandardCharsets.UTF_8)),
                    new RecordHeaders(),
                    Optional.empty()));
            for (long o = 1; o < 25; o++) {
                consumer.addRecord(record(o, null));
            }
        });
        SampleResult r = s.sample(null);

        List<String> lines = List.of(r.getResponseDataAsString().split("\n"));
        assertThat(lines.get(0)).isEqualTo("t-0@0 timestamp=0 key=");
        assertThat(lines.get(1)).isEqualTo("grüße 😀");
        assertThat(lines).hasSize(41).last().isEqualTo("... 5 more records");
        assertThat(r.getDataEncodingWithDefault()).isEqualTo("UTF-8");

        consumer.schedulePollTask(() -> consumer.addRecord(new ConsumerRecord<>(
                "t",
                0,
                25,
                0L,
                TimestampType.CREATE_TIME,
                0,
                big.length,
                null,
                ByteBuffer.wrap(big),
                new RecordHeaders(),
                Optional.empty())));
        String cut = s.sample(null).getResponseDataAsString();
        assertThat(cut)
                .endsWith("\n... (cut at kafka.response.max.bytes=65536)")
                .hasSize(65536 + "\n... (cut at kafka.response.max.bytes=65536)".length());
    }

    @Test
    void aTimeoutSetsTheVariablesToNoRecords() {
        KafkaConsumerSampler s = assigned(1);
        vars.put("kafka_count", "7");

        SampleResult r = s.sample(null);

        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.NO_RECORDS);
        assertThat(vars.get("kafka_count")).isEqualTo("0");
        assertThat(vars.get("kafka_e2e_max")).isEqualTo("0");
    }

    @Test
    void invalidFieldsFailWith400BeforeAnyConsumerIsMade() {
        KafkaConsumerSampler noPartitions = sampler(1);
        noPartitions.setSubscription("assign");
        KafkaConsumerSampler noOffset = sampler(1);
        noOffset.setStartAt("offset");
        KafkaConsumerSampler zeroRecords = sampler(0);
        KafkaConsumerSampler badPattern = sampler(1);
        badPattern.setSubscription("pattern");
        badPattern.setTopics("t[");
        KafkaConsumerSampler badCommit = sampler(1);
        badCommit.setCommitMode("sometimes");
        KafkaConsumerSampler noTopic = sampler(1);
        noTopic.setTopics(" ");
        KafkaConsumerSampler noConnection = sampler(1);
        noConnection.setConnectionName("nowhere");

        for (KafkaConsumerSampler s : new KafkaConsumerSampler[] {
            noPartitions, noOffset, zeroRecords, badPattern, badCommit, noTopic, noConnection
        }) {
            SampleResult r = s.sample(null);
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).as(r.getResponseMessage()).isEqualTo(ResponseCodes.INVALID_INPUT);
            assertThat(r.getResponseMessage()).isNotBlank();
        }
        assertThat(consumer.subscription()).isEmpty();
        assertThat(consumer.assignment()).isEmpty();
    }

    @Test
    void aBrokerLackingAnApi_failsTheSample_andClosesTheConsumer_soTheNextSampleTriesANewOne() {
        KafkaConsumerSampler s = sampler(1);
        consumer.schedulePollTask(() -> consumer.setPollException(
                new UnsupportedVersionException("The cluster does not support the new CONSUMER group protocol")));

        SampleResult failed = s.sample(null);

        assertThat(failed.isSuccessful()).isFalse();
        assertThat(failed.getResponseCode()).isEqualTo("UnsupportedVersionException");
        assertThat(failed.getResponseMessage()).contains("does not support the new CONSUMER group protocol");
        assertThat(consumer.closed()).isTrue();
    }

    @Test
    void aKafkaFailureIsItsSimpleName_andGivesBackTheBudget() {
        KafkaConsumerSampler s = assigned(3);
        s.setRecordBudget("3");
        consumer.schedulePollTask(() -> consumer.setPollException(new TopicAuthorizationException(Set.of("t"))));

        SampleResult failed = s.sample(null);

        assertThat(failed.isSuccessful()).isFalse();
        assertThat(failed.getResponseCode()).isEqualTo("TopicAuthorizationException");
        assertThat(failed.getResponseMessage()).startsWith("TopicAuthorizationException: ");
        // Kafka's API exceptions carry no stack trace: the data is the exception's line
        assertThat(failed.getResponseDataAsString()).startsWith(TopicAuthorizationException.class.getName());

        consumer.schedulePollTask(() -> {
            for (long o = 0; o < 3; o++) {
                consumer.addRecord(record(o, null));
            }
        });
        SampleResult next = s.sample(null);
        assertThat(next)
                .as("the failed sample read nothing, so the budget is whole")
                .isNotNull();
        assertThat(next.getSampleCount()).isEqualTo(3);
        assertThat(s.sample(null)).isNull();
    }

    @Test
    void aFailedCommitFailsTheSample_butItsRecordsStillCount() {
        KafkaConsumerSampler s = sampler(2);
        s.setCommitMode("sync");
        s.setRecordBudget("4");
        consumer.schedulePollTask(() -> {
            consumer.rebalance(Set.of(P0));
            for (long o = 0; o < 4; o++) {
                consumer.addRecord(record(o, null));
            }
        });
        consumer.nextCommitFailure = new RebalanceInProgressException("rebalancing");

        SampleResult failed = s.sample(null);

        assertThat(failed.isSuccessful()).isFalse();
        assertThat(failed.getResponseCode()).isEqualTo("RebalanceInProgressException");
        assertThat(failed.getSampleCount())
                .as("records read are reported even if their commit failed")
                .isEqualTo(2);
        assertThat(vars.get("kafka_offset_2")).isEqualTo("1");

        SampleResult next = s.sample(null);
        assertThat(next.isSuccessful())
                .as(next.getResponseCode() + " " + next.getResponseMessage())
                .isTrue();
        assertThat(next.getSampleCount()).isEqualTo(2);
        assertThat(consumer.committed(Set.of(P0)).get(P0).offset())
                .as("the failed commit is retried")
                .isEqualTo(4);
        assertThat(s.sample(null)).as("4 records in all, as the budget says").isNull();
    }
}
