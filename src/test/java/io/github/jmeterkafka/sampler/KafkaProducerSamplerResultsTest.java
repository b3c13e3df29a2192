package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.harness.MockConnections;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TransactionAbortedException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every way a producer sample can end, on Kafka's MockProducer: code, message, count and what was sent. */
class KafkaProducerSamplerResultsTest {
    private static final Serializer<Object> BYTES = cast(new ByteArraySerializer());

    private final String connection = "results-" + System.nanoTime();
    private final Mocks mocks = new Mocks();

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Serializer<Object> cast(Serializer s) {
        return s;
    }

    /** A new producer from {@code next} for every producer the sampler asks for. */
    private static final class Mocks implements ClientFactory {
        final List<MockProducer<Object, Object>> producers = new CopyOnWriteArrayList<>();
        final List<Map<String, Object>> configs = new CopyOnWriteArrayList<>();
        Supplier<MockProducer<Object, Object>> next = () -> new MockProducer<>(true, null, BYTES, BYTES);

        @Override
        public Producer<Object, Object> producer(Map<String, Object> config) {
            MockProducer<Object, Object> p = next.get();
            producers.add(p);
            configs.add(config);
            return p;
        }

        @Override
        public Consumer<Object, Object> consumer(Map<String, Object> config) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Admin admin(Map<String, Object> config) {
            throw new UnsupportedOperationException();
        }

        MockProducer<Object, Object> last() {
            return producers.get(producers.size() - 1);
        }
    }

    private void bind(Map<String, String> producerProperties) {
        MockConnections.bind(connection, producerProperties, Map.of(), mocks);
    }

    @AfterEach
    void unbind() {
        MockConnections.unbind(connection);
    }

    private KafkaProducerSampler sampler(int perSample) {
        bind(Map.of());
        return unbound(perSample);
    }

    private KafkaProducerSampler unbound(int perSample) {
        KafkaProducerSampler s = new KafkaProducerSampler();
        s.setName("results-" + System.nanoTime());
        s.setConnectionName(connection);
        s.setTopic("t");
        s.setValue("v");
        s.setRecordsPerSample(Integer.toString(perSample));
        return s;
    }

    @Test
    void oneRecordIsSaidInTheSingular() {
        SampleResult r = sampler(1).sample(null);
        assertThat(r.getResponseMessage()).isEqualTo("1 record acknowledged");
        assertThat(r.getResponseDataAsString())
                .startsWith("t-0@0 timestamp=")
                .endsWith("\n")
                .hasLineCount(1);
    }

    @Test
    void theResponseListsTwentyRecordsThenCounts() {
        SampleResult r = sampler(25).sample(null);

        List<String> lines = r.getResponseDataAsString().lines().collect(java.util.stream.Collectors.toList());
        assertThat(lines).hasSize(21);
        assertThat(lines.get(0)).startsWith("t-0@0 ");
        assertThat(lines.get(19)).startsWith("t-0@19 ");
        assertThat(lines.get(20)).isEqualTo("... 5 more records");
        assertThat(r.getSampleCount()).isEqualTo(25);
    }

    @Test
    void recordsNotAcknowledgedAreListedAsSuch() {
        mocks.next = () -> new MockProducer<>(false, null, BYTES, BYTES);
        KafkaProducerSampler s = sampler(2);
        s.setAckTimeout("50");

        SampleResult r = s.sample(null);

        assertThat(r.getResponseCode()).isEqualTo("TimeoutException");
        assertThat(r.getResponseDataAsString()).isEqualTo("not acknowledged\nnot acknowledged\n");
    }

    @Test
    void aTransactionalSampleCommitsWithItsOwnTransactionalId() {
        KafkaProducerSampler s = sampler(3);
        s.setTransactional(true);

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isTrue();
        assertThat(r.getResponseMessage()).isEqualTo("3 records acknowledged, transaction committed");
        assertThat(r.getSamplerData()).endsWith("\ntransactional");
        MockProducer<Object, Object> p = mocks.last();
        assertThat(p.transactionInitialized()).isTrue();
        assertThat(p.transactionCommitted()).isTrue();
        assertThat(p.history()).hasSize(3);
        assertThat((String) mocks.configs.get(0).get(ProducerConfig.TRANSACTIONAL_ID_CONFIG))
                .startsWith("test-host-")
                .contains("-tx-");

        s.threadFinished();
        assertThat(p.closed()).isTrue();
    }

    @Test
    void aFailedRecordAbortsTheTransaction() throws Exception {
        mocks.next = () -> new MockProducer<>(false, null, BYTES, BYTES);
        KafkaProducerSampler s = sampler(3);
        s.setTransactional(true);
        CompletableFuture<SampleResult> r = CompletableFuture.supplyAsync(() -> s.sample(null));
        // inside a transaction MockProducer keeps the records apart until the commit
        await().atMost(5, TimeUnit.SECONDS)
                .until(() -> !mocks.producers.isEmpty()
                        && mocks.last().uncommittedRecords().size() == 3);
        MockProducer<Object, Object> p = mocks.last();
        p.completeNext();
        p.errorNext(new RecordTooLargeException("too big"));
        p.completeNext();

        SampleResult result = r.get(5, TimeUnit.SECONDS);

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("RecordTooLargeException");
        assertThat(result.getResponseMessage())
                .isEqualTo("1 of 3 records failed: RecordTooLargeException: too big; transaction aborted");
        assertThat(p.transactionAborted()).isTrue();
        assertThat(p.transactionCommitted()).isFalse();
    }

    /** As KafkaProducer: aborting waits for the requests in flight, whose records are then acknowledged. */
    private static final class AcksWhileAborting extends MockProducer<Object, Object> {
        AcksWhileAborting() {
            super(false, null, BYTES, BYTES);
        }

        @Override
        public void abortTransaction() {
            while (completeNext()) {
                // acknowledged during the abort
            }
            super.abortTransaction();
        }
    }

    @Test
    void aTransactionAbortedAfterTheAckTimeoutFailsEvenIfTheAbortAcknowledgedEverything() {
        mocks.next = AcksWhileAborting::new;
        KafkaProducerSampler s = sampler(3);
        s.setTransactional(true);
        s.setAckTimeout("100");

        SampleResult r = s.sample(null);

        assertThat(mocks.last().transactionAborted()).isTrue();
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("TimeoutException");
        assertThat(r.getResponseMessage())
                .isEqualTo("3 of 3 records not acknowledged within 100 ms; transaction aborted");
    }

    @Test
    void aFailedCommitFailsTheSampleAndTheNextSampleUsesANewProducer() {
        KafkaProducerSampler s = sampler(2);
        s.setTransactional(true);
        mocks.next = () -> {
            MockProducer<Object, Object> p = new MockProducer<>(true, null, BYTES, BYTES);
            if (mocks.producers.isEmpty()) {
                p.commitTransactionException = new ProducerFencedException("fenced by another producer");
            }
            return p;
        };

        SampleResult fenced = s.sample(null);
        SampleResult next = s.sample(null);

        assertThat(fenced.isSuccessful()).isFalse();
        assertThat(fenced.getResponseCode()).isEqualTo("ProducerFencedException");
        assertThat(fenced.getResponseMessage()).isEqualTo("ProducerFencedException: fenced by another producer");
        assertThat(fenced.getResponseDataAsString()).startsWith(ProducerFencedException.class.getName() + ": fenced");
        assertThat(mocks.producers.get(0).closed()).isTrue();
        assertThat(next.isSuccessful()).isTrue();
        assertThat(mocks.producers).hasSize(2);
        assertThat(mocks.producers.get(1).transactionCommitted()).isTrue();
    }

    @Test
    void aFailedInitTransactionsClosesTheProducerAndSendsNothing() {
        mocks.next = () -> {
            MockProducer<Object, Object> p = new MockProducer<>(true, null, BYTES, BYTES);
            p.initTransactionException =
                    new TimeoutException("Timeout expired after 60000ms while awaiting InitProducerId");
            return p;
        };
        KafkaProducerSampler s = sampler(2);
        s.setTransactional(true);
        s.setRecordBudget("2");
        s.testStarted();

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("TimeoutException");
        assertThat(r.getResponseMessage()).startsWith("2 of 2 records failed: TimeoutException: Timeout expired");
        assertThat(mocks.last().closed()).isTrue();
        assertThat(mocks.last().history()).isEmpty();
        assertThat(r.getSampleCount()).isEqualTo(2);
        // records to send in total counts attempts, as perf-test's --num-records does: these 2 failed
        assertThat(s.sample(null)).isNull();
        s.testEnded();
    }

    @Test
    void aSendThatThrowsFailsThatRecord() {
        mocks.next = () -> {
            MockProducer<Object, Object> p = new MockProducer<>(true, null, BYTES, BYTES);
            p.sendException = new SerializationException("cannot serialize");
            return p;
        };

        SampleResult r = sampler(3).sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("SerializationException");
        assertThat(r.getResponseMessage()).isEqualTo("3 of 3 records failed: SerializationException: cannot serialize");
        assertThat(r.getResponseDataAsString()).isEqualTo("not acknowledged\n".repeat(3));
    }

    /** As KafkaProducer when max.block.ms passes in send(): the callback fails, the future is failed. */
    private static final class BlocksThenTimesOut extends MockProducer<Object, Object> {
        final AtomicInteger sends = new AtomicInteger();

        BlocksThenTimesOut() {
            super(true, null, BYTES, BYTES);
        }

        @Override
        public synchronized Future<RecordMetadata> send(ProducerRecord<Object, Object> record, Callback callback) {
            sends.incrementAndGet();
            TimeoutException e = new TimeoutException("Topic t not present in metadata after 100 ms.");
            callback.onCompletion(null, e);
            return CompletableFuture.failedFuture(e);
        }
    }

    @Test
    void aTimeoutInSendFailsTheRemainingRecordsWithoutSendingThem() {
        BlocksThenTimesOut producer = new BlocksThenTimesOut();
        mocks.next = () -> producer;

        SampleResult r = sampler(5).sample(null);

        assertThat(r.getResponseCode()).isEqualTo("TimeoutException");
        assertThat(r.getResponseMessage())
                .isEqualTo("5 of 5 records failed: TimeoutException: Topic t not present in metadata after 100 ms.");
        assertThat(producer.sends).hasValue(1);
    }

    @Test
    void aThrownTimeoutInSendFailsTheRemainingRecordsWithoutSendingThem() {
        AtomicInteger sends = new AtomicInteger();
        mocks.next = () -> new MockProducer<>(true, null, BYTES, BYTES) {
            @Override
            public synchronized Future<RecordMetadata> send(ProducerRecord<Object, Object> record, Callback callback) {
                sends.incrementAndGet();
                throw new TimeoutException("Failed to allocate memory within the configured max blocking time 100 ms.");
            }
        };

        SampleResult r = sampler(4).sample(null);

        assertThat(r.getResponseMessage()).startsWith("4 of 4 records failed: TimeoutException: Failed to allocate");
        assertThat(sends).hasValue(1);
    }

    @Test
    void aRecordWhoseSendThrowsAfterItsCallbackFiredCountsOnce() {
        // a transactional KafkaProducer in an error state appends the record (its callback fails it
        // later) and then throws from send()
        mocks.next = () -> new MockProducer<>(true, null, BYTES, BYTES) {
            @Override
            public synchronized Future<RecordMetadata> send(ProducerRecord<Object, Object> record, Callback callback) {
                callback.onCompletion(
                        null, new TransactionAbortedException("Failing batch since transaction was aborted"));
                throw new KafkaException(
                        "Cannot perform send because at least one previous transactional request has failed");
            }
        };

        SampleResult r = sampler(3).sample(null);

        assertThat(r.getResponseMessage())
                .isEqualTo(
                        "3 of 3 records failed: TransactionAbortedException: Failing batch since transaction was aborted");
        assertThat(r.getResponseCode()).isEqualTo("TransactionAbortedException");
    }

    @Test
    void aThreadScopedProducerIsTheThreadsAndClosedWithIt() {
        KafkaProducerSampler s = sampler(1);
        s.setProducerScope("producerScope.thread");
        KafkaProducerSampler shared = unbound(1);

        s.sample(null);
        s.sample(null);
        shared.sample(null);
        shared.sample(null);

        assertThat(mocks.producers).hasSize(2);
        MockProducer<Object, Object> own = mocks.producers.get(0);
        MockProducer<Object, Object> sharedProducer = mocks.producers.get(1);
        assertThat(own.history()).hasSize(2);
        assertThat(sharedProducer.history()).hasSize(2);
        assertThat(mocks.configs.get(0).get(ProducerConfig.CLIENT_ID_CONFIG))
                .isNotEqualTo(mocks.configs.get(1).get(ProducerConfig.CLIENT_ID_CONFIG));

        s.threadFinished();
        shared.threadFinished();
        assertThat(own.closed()).isTrue();
        assertThat(sharedProducer.closed()).isFalse();
    }

    @Test
    void aStringValueSerializerGetsStringValuesAndByteKeys() {
        mocks.next = () -> new MockProducer<>(true, null, BYTES, cast(new StringSerializer()));
        bind(Map.of(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()));
        KafkaProducerSampler s = unbound(2);
        s.setKeyMode("text");
        s.setKey("k");
        s.setValue("grüße");

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
        ProducerRecord<Object, Object> sent = mocks.last().history().get(0);
        assertThat(sent.key()).isEqualTo("k".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(sent.value()).isEqualTo("grüße");
    }

    @Test
    void anInvalidConnectionFailsEverySampleWith400() {
        bind(Map.of("acks", "maybe", "no.such.property", "1"));
        SampleResult r = unbound(1).sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage())
                .startsWith("Kafka Connection '" + connection + "' is invalid: ")
                .contains("'no.such.property' in producer properties is not a Kafka client property");
        assertThat(mocks.producers).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "keyMode      | bogus | key mode 'bogus' is not one of: none, text, random",
                "valueMode    | bogus | value mode 'bogus' is not one of: text, random, randomBytes, randomOnce, file, fileInOrder, avro, jsonSchema, protobuf",
                "schemaOutput | bogus | schema output 'bogus' is not one of: binary, json, record",
                "seed         | x1    | seed must be a whole number, not 'x1'",
                "value        | '{{int 5 1}}' | value: template placeholder {{int 5 1}} at character 1: min 5 is greater than max 1",
                "valueSchema  | '{\"type\": \"recrd\"}' | schema",
                "producerScope| bogus | producer scope 'bogus' is not one of: shared, thread",
                "partition    | -1    | partition must not be negative, not -1",
                "timestamp    | today | timestamp must be a whole number, not 'today'",
                "ackTimeout   | -5    | ack timeout must not be negative, not -5",
                "keyCount     | 0     | key count must be at least 1",
                "recordSize   | big   | record size 'big': 'big' is not a size in bytes",
                "payloadFile  | /no/such/file | payload file /no/such/file cannot be read",
                "header       | ''    | a header has an empty name (value 'x')",
            })
    void invalidFieldsFailWith400BeforeAnythingIsSent(String field, String value, String message) {
        KafkaProducerSampler s = sampler(1);
        switch (field) {
            case "keyMode" -> s.setKeyMode(value);
            case "valueMode" -> s.setValueMode(value);
            case "producerScope" -> s.setProducerScope(value);
            case "schemaOutput" -> s.setSchemaOutput(value);
            case "seed" -> s.setSeed(value);
            case "value" -> s.setValue(value);
            case "valueSchema" -> {
                s.setValueMode("avro");
                s.setValueSchema(value);
            }
            case "partition" -> s.setPartition(value);
            case "timestamp" -> s.setTimestamp(value);
            case "ackTimeout" -> s.setAckTimeout(value);
            case "keyCount" -> {
                s.setKeyMode("random");
                s.setKeyCount(value);
            }
            case "recordSize" -> {
                s.setValueMode("random");
                s.setRecordSize(value);
            }
            case "payloadFile" -> {
                s.setValueMode("file");
                s.setPayloadFile(value);
            }
            case "header" -> s.getHeaders().add(new KeyValue(value, "x"));
            default -> throw new IllegalArgumentException(field);
        }

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).contains(message);
        assertThat(r.getSampleCount()).isEqualTo(1);
        assertThat(mocks.producers.stream().mapToInt(p -> p.history().size()).sum())
                .isZero();
    }
}
