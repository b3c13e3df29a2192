package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class PollBufferTest {
    private static final TopicPartition P0 = new TopicPartition("t", 0);
    private static final TopicPartition P1 = new TopicPartition("t", 1);

    private final PollBuffer buffer = new PollBuffer();
    private final List<Long> told = new ArrayList<>();
    private final Map<TopicPartition, Long> upTo = new LinkedHashMap<>();

    @Test
    void handsOutInPollOrder_tellingEachRecordAndEachPartitionsLastOffset() {
        buffer.add(poll(P0, 0, 3, P1, 10, 2));
        RecordReader.Handout out = new RecordReader.Handout(10);

        buffer.handOut(4, out, (r, polledMicros) -> told.add(r.offset()), upTo::put);

        assertThat(out.kept).extracting(ConsumerRecord::offset).containsExactly(0L, 1L, 2L, 10L);
        assertThat(told).containsExactly(0L, 1L, 2L, 10L);
        assertThat(upTo).containsExactly(Map.entry(P0, 2L), Map.entry(P1, 10L));
        assertThat(buffer.size()).isEqualTo(1);
        assertThat(buffer.firstOffset(P1)).isEqualTo(11L);
        assertThat(buffer.firstOffset(P0)).as("all of t-0 handed out").isNull();
    }

    @Test
    void aHandoutKeepsOnlyItsFirstRecords_butCountsAll() {
        buffer.add(poll(P0, 0, 5));
        RecordReader.Handout out = new RecordReader.Handout(2);

        buffer.handOut(5, out, (r, t) -> told.add(r.offset()), upTo::put);

        assertThat(out.kept).extracting(ConsumerRecord::offset).containsExactly(0L, 1L);
        assertThat(out.count()).isEqualTo(5);
        assertThat(told).hasSize(5);
    }

    @Test
    void recordsKeepTheTimeTheirPollReturned_acrossHandouts() throws InterruptedException {
        buffer.add(poll(P0, 0, 2));
        List<Long> times = new ArrayList<>();
        buffer.handOut(1, new RecordReader.Handout(1), (r, t) -> times.add(t), upTo::put);
        Thread.sleep(5);
        buffer.handOut(1, new RecordReader.Handout(1), (r, t) -> times.add(t), upTo::put);

        assertThat(times).hasSize(2).containsOnly(times.get(0));
    }

    @Test
    void droppingAPartitionLetsGoOfItsRecordsNotHandedOut() {
        buffer.add(poll(P0, 0, 3, P1, 0, 4));
        buffer.handOut(1, new RecordReader.Handout(1), (r, t) -> {}, upTo::put);

        buffer.drop(List.of(P0));

        assertThat(buffer.size()).isEqualTo(4);
        assertThat(buffer.firstOffset(P0)).isNull();
        RecordReader.Handout out = new RecordReader.Handout(10);
        buffer.handOut(4, out, (r, t) -> {}, upTo::put);
        assertThat(out.kept).extracting(ConsumerRecord::partition).containsOnly(1);

        buffer.add(poll(P0, 5, 2));
        buffer.clear();
        assertThat(buffer.size()).isZero();
    }

    /** A poll with, per partition, a first offset and a count: (partition, first, count)... */
    private static ConsumerRecords<Object, Object> poll(Object... spec) {
        Map<TopicPartition, List<ConsumerRecord<Object, Object>>> records = new LinkedHashMap<>();
        for (int i = 0; i < spec.length; i += 3) {
            TopicPartition tp = (TopicPartition) spec[i];
            List<ConsumerRecord<Object, Object>> list = new ArrayList<>();
            for (int o = (Integer) spec[i + 1]; o < (Integer) spec[i + 1] + (Integer) spec[i + 2]; o++) {
                list.add(new ConsumerRecord<>(tp.topic(), tp.partition(), o, null, "v"));
            }
            records.put(tp, list);
        }
        return new ConsumerRecords<>(records, Map.of());
    }
}
