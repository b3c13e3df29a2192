package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

class ReadTallyTest {

    private static ConsumerRecord<Object, Object> record(long offset, long sequence, long sendMicros) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(SequenceHeader.NAME, new SequenceHeader("p", sequence, sendMicros).encode());
        byte[] value = new byte[100];
        return new ConsumerRecord<>(
                "t", 0, offset, 0L, TimestampType.CREATE_TIME, 0, value.length, null, value, headers, Optional.empty());
    }

    @Test
    void countsBytesGapsAndTheLargestLatencyOfTheCurrentSample_andFeedsTheSharedFigures() {
        ConsumerStats stats = new ConsumerStats();
        DeliveryVerifier verifier = new DeliveryVerifier(true);
        ReadTally tally = new ReadTally(stats, verifier);
        long now = SequenceHeader.nowMicros();
        int headerBytes = SequenceHeader.NAME.getBytes(StandardCharsets.UTF_8).length
                + new SequenceHeader("p", 0, now).encode().length;

        tally.record(record(0, 0, now - 2_000_000), now);
        tally.record(record(1, 2, now - 5_000_000), now);

        assertThat(tally.bytes()).as("JMeter's received bytes").isEqualTo(2L * (100 + headerBytes));
        assertThat(tally.keyValueBytes()).as("consumer-perf-test's: no headers").isEqualTo(2 * 100);
        assertThat(tally.gaps()).isEqualTo(1);
        assertThat(tally.maxEndToEndMillis()).isEqualTo(5_000L);
        assertThat(verifier.missing()).isEqualTo(1);

        tally.reset();
        tally.record(record(2, 1, now), now);
        assertThat(tally.gaps()).isZero();
        assertThat(tally.maxEndToEndMillis()).isZero();
        assertThat(verifier.missing()).as("the late record filled the hole").isZero();

        // every record's latency reaches the shared figures when the thread is done
        assertThat(stats.summary().e2e.getTotalCount()).isZero();
        tally.finish();
        assertThat(stats.summary().e2e.getTotalCount()).isEqualTo(3);
        assertThat(stats.summary().e2e.getMaxValue()).isBetween(5_000_000L, 5_010_000L);
    }

    @Test
    void aSampleEndsWithItsLatestRecordsArrival_notWithTheSample() {
        ReadTally tally = new ReadTally(new ConsumerStats(), null);
        long now = SequenceHeader.nowMicros();
        tally.record(record(0, 0, now - 9_000), now - 3_000);
        tally.record(record(1, 1, now - 9_000), now - 7_000);
        assertThat(tally.lastReceivedMillis()).isEqualTo((now - 3_000) / 1000);
        assertThat(tally.maxEndToEndMillis()).isEqualTo(6L);

        tally.reset();
        assertThat(tally.lastReceivedMillis()).isZero();
    }

    @Test
    void withoutAVerifierOnlyLatencyAndBytesAreKept() {
        ReadTally tally = new ReadTally(new ConsumerStats(), null);
        long now = SequenceHeader.nowMicros();
        tally.record(record(0, 5, now), now);
        assertThat(tally.gaps()).isZero();
        assertThat(tally.bytes()).isPositive();
    }
}
