package io.github.jmeterkafka.reliability;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.CommitMode;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.client.Outgoing;
import io.github.jmeterkafka.client.ReadSpec;
import io.github.jmeterkafka.client.RecordReader;
import io.github.jmeterkafka.client.SendBatch;
import io.github.jmeterkafka.client.Sending;
import io.github.jmeterkafka.harness.MockConnections;
import io.github.jmeterkafka.measure.ProducerStats;
import io.github.jmeterkafka.sampler.KafkaProducerSampler;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Failures that must end a sample at once, with a clear code, count every record, and closes that
 * keep to their timeout: Kafka's mock clients, no network.
 */
class FailFastTest {
    private static final String CONNECTION = "fail-fast";

    @AfterEach
    void unbind() {
        Connections.unbind(CONNECTION, Duration.ZERO);
    }

    /** A plugin that cannot run leaves a failed sample and stops the test; a bad setting fails the sample only. */
    @Test
    void aRefusedRunFailsItsSampleAndStopsTheTest_anInvalidConnectionOnlyFailsTheSample() {
        for (boolean refused : new boolean[] {true, false}) {
            String why = refused ? "Another kafka-clients is on JMeter's class path" : "'acks' is invalid";
            MockConnections.bind(refused ? Connection.refused(CONNECTION, why) : Connection.failed(CONNECTION, why));
            KafkaProducerSampler sampler = new KafkaProducerSampler();
            sampler.setName("refused " + refused);
            sampler.setConnectionName(CONNECTION);
            sampler.setTopic("t");
            sampler.setValue("v");
            sampler.testStarted();
            SampleResult result = sampler.sample(null);
            sampler.testEnded();
            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
            assertThat(result.getResponseMessage()).contains(why);
            assertThat(result.isStopTest()).as("stops the test: %s", why).isEqualTo(refused);
            Connections.unbind(CONNECTION, Duration.ZERO);
        }
    }

    @Test
    void aSendThatGaveUpWaitingForMetadataFailsTheRestOfTheSampleUnsent() {
        TimeoutException noMetadata = new TimeoutException("Topic t not present in metadata after 2000 ms.");
        // as KafkaProducer does after blocking max.block.ms: the callback on the caller's thread, a failed future
        assertFailsTheRestUnsent(
                (callback, sends) -> {
                    callback.onCompletion(null, noMetadata);
                    return CompletableFuture.failedFuture(noMetadata);
                },
                noMetadata);
    }

    @Test
    void aSendThatStopInterruptedFailsTheRestOfTheSampleUnsent() {
        InterruptException stopped = new InterruptException("Interrupted while waiting for metadata");
        Thread.interrupted(); // InterruptException sets the flag
        assertFailsTheRestUnsent(
                (callback, sends) -> {
                    throw stopped;
                },
                stopped);
        Thread.interrupted();
    }

    private static void assertFailsTheRestUnsent(
            java.util.function.BiFunction<Callback, Integer, Future<RecordMetadata>> firstSend, Exception cause) {
        AtomicInteger sends = new AtomicInteger();
        Producer<Object, Object> producer = new MockProducer<>(true, null, bytes(), bytes()) {
            @Override
            public synchronized Future<RecordMetadata> send(ProducerRecord<Object, Object> r, Callback callback) {
                return firstSend.apply(callback, sends.incrementAndGet());
            }
        };
        ProducerStats stats = new ProducerStats();

        SendBatch batch =
                SendBatch.send(new Sending(producer, FailFastTest::record, stats, 5, false, 0), 5, false, null);

        assertThat(sends).as("records handed to send()").hasValue(1);
        assertThat(batch.failed()).isEqualTo(5);
        assertThat(batch.pending()).isZero();
        assertThat(batch.firstFailure()).isSameAs(cause);
        assertThat(stats.failedCount()).isEqualTo(5);
    }

    @Test
    void aFailureOnTheProducersOwnThreadDoesNotStopTheSample() throws Exception {
        MockProducer<Object, Object> producer = new MockProducer<>(false, null, bytes(), bytes());
        SendBatch batch = SendBatch.send(
                new Sending(producer, FailFastTest::record, new ProducerStats(), 3, false, 0), 3, false, null);
        Thread io = new Thread(() -> {
            producer.errorNext(new TimeoutException("Expiring 1 record(s)"));
            producer.completeNext();
            producer.completeNext();
        });
        io.start();
        io.join();

        assertThat(batch.await(1000)).isTrue();
        assertThat(batch.failed()).isEqualTo(1);
        assertThat(batch.acked()).isEqualTo(2);
        assertThat(producer.history()).hasSize(3);
    }

    @Test
    void aClientKafkaRefusedToMakeGivesInvalidInputWithTheReason() {
        KafkaException wrapped = new KafkaException(
                "Failed to construct kafka producer",
                new ConfigException("Invalid url in bootstrap.servers: localhost"));

        assertThat(ResponseCodes.of(wrapped)).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(FailureText.describe(wrapped))
                .isEqualTo("ConfigException: Invalid url in bootstrap.servers: localhost");
        // a bare KafkaException of its own stays what it is
        assertThat(ResponseCodes.of(new KafkaException("boom"))).isEqualTo("KafkaException");
    }

    @Test
    void stopReportsTheRecordsNotYetAcknowledgedWhetherItInterruptsTheThreadOrNot() throws Exception {
        for (boolean alsoInterruptThread : new boolean[] {false, true}) {
            MockProducer<Object, Object> producer = new MockProducer<>(false, null, bytes(), bytes());
            bind(producer);
            KafkaProducerSampler sampler = new KafkaProducerSampler();
            sampler.setName("stopped " + alsoInterruptThread);
            sampler.setConnectionName(CONNECTION);
            sampler.setTopic("t");
            sampler.setValue("v");
            sampler.setRecordsPerSample("4");
            sampler.setAckTimeout("60000");
            sampler.testStarted();
            AtomicReference<SampleResult> result = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            Thread jmeterThread = new Thread(() -> {
                result.set(sampler.sample(null));
                done.countDown();
            });
            jmeterThread.start();
            while (producer.history().size() < 4) {
                Thread.sleep(10);
            }
            Thread.sleep(200);
            // as JMeter's StopTestNow: the sampler's interrupt(), then the thread's
            sampler.interrupt();
            if (alsoInterruptThread) {
                jmeterThread.interrupt();
            }
            assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
            SampleResult r = result.get();
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("TimeoutException");
            assertThat(r.getResponseMessage())
                    .isEqualTo("4 of 4 records not acknowledged when the sample was interrupted");
            assertThat(r.getSampleCount()).isEqualTo(4);
            sampler.testEnded();
            unbind();
        }
    }

    @Test
    void closingAConsumerCommitsWithinTheCloseTimeoutNotKafkasDefaultMinute() {
        TopicPartition tp = new TopicPartition("t", 0);
        List<Duration> commitTimeouts = new ArrayList<>();
        MockConsumer<Object, Object> consumer = new MockConsumer<>("earliest") {
            private boolean timed;

            @Override
            public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets, Duration timeout) {
                commitTimeouts.add(timeout);
                timed = true;
                try {
                    super.commitSync(offsets, timeout);
                } finally {
                    timed = false;
                }
            }

            @Override
            public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
                if (!timed) {
                    // bounded by default.api.timeout.ms only
                    commitTimeouts.add(null);
                }
                super.commitSync(offsets);
            }
        };
        consumer.updateBeginningOffsets(Map.of(tp, 0L));
        RecordReader reader = new RecordReader(
                consumer, ReadSpec.assign("t", "0", ReadSpec.Start.EARLIEST, 0), CommitMode.SYNC, 5000);
        consumer.addRecord(new ConsumerRecord<>("t", 0, 0, null, "v".getBytes(UTF_8)));
        assertThat(reader.read(1, 1000)).hasSize(1);

        reader.close(Duration.ofMillis(1234));

        assertThat(commitTimeouts).containsExactly(Duration.ofMillis(1234));
        assertThat(consumer.closed()).isTrue();
    }

    private static void bind(Producer<Object, Object> producer) {
        MockConnections.bind(CONNECTION, MockConnections.clients(() -> producer, null, null));
    }

    private static Outgoing record(int i, long intendedMicros) {
        byte[] value = ("v" + i).getBytes(UTF_8);
        return new Outgoing(new ProducerRecord<>("t", 0, null, value), value.length, value.length);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Serializer<Object> bytes() {
        return (Serializer) new ByteArraySerializer();
    }
}
