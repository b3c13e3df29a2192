package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;

import io.github.jmeterkafka.measure.ProducerStats;

class SendBatchTest {

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void jmeterCountsKeyValueAndHeaderBytes_theSummaryCountsValuesAsProducerPerfTestDoes() throws Exception {
        Serializer bytes = new ByteArraySerializer();
        MockProducer<Object, Object> producer = new MockProducer<>(true, null, bytes, bytes);
        ProducerStats stats = new ProducerStats();

        SendBatch batch = SendBatch.send(producer, 4,
                i -> new SendBatch.Outgoing(new ProducerRecord<>("t", new byte[100]), 130, 100), stats);

        assertThat(batch.await(1000)).isTrue();
        assertThat(batch.sentBytes()).isEqualTo(4 * 130);
        assertThat(stats.summary().bytes).isEqualTo(4 * 100);
    }
}
