package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.measure.SequenceHeader;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaProducerSamplerTest {

    private TestClients clients;

    @AfterEach
    void unbind() {
        TestClients.unbind();
    }

    private KafkaProducerSampler sampler(boolean autoComplete, int perSample) {
        clients = new TestClients(autoComplete).bind();
        KafkaProducerSampler s = new KafkaProducerSampler();
        s.setName("produce-" + System.nanoTime());
        s.setTopic("t");
        s.setValueMode("random");
        s.setRecordSize("100");
        s.setRecordsPerSample(Integer.toString(perSample));
        return s;
    }

    @Test
    void allAcknowledgedIsOneSampleForNRecords() {
        KafkaProducerSampler s = sampler(true, 5);
        s.setKeyMode("text");
        s.setKey("k1");
        s.getHeaders().add(new KeyValue("h", "v"));

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isTrue();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.OK);
        assertThat(r.getSampleCount()).isEqualTo(5);
        assertThat(r.getSentBytes()).isEqualTo(5 * (2 + 100 + 2));
        assertThat(clients.producer.history()).hasSize(5);
        ProducerRecord<Object, Object> first = clients.producer.history().get(0);
        assertThat((byte[]) first.key()).asString().isEqualTo("k1");
        assertThat((byte[]) first.value()).hasSize(100);
        assertThat(first.headers().lastHeader("h").value()).asString().isEqualTo("v");
    }

    @Test
    void someFailedRecordsFailTheSampleAndSayHowMany() throws Exception {
        KafkaProducerSampler s = sampler(false, 5);
        CompletableFuture<SampleResult> r = CompletableFuture.supplyAsync(() -> s.sample(null));
        await().atMost(5, TimeUnit.SECONDS)
                .until(() -> clients.producer.history().size() == 5);
        for (int i = 0; i < 3; i++) {
            clients.producer.completeNext();
        }
        clients.producer.errorNext(new RecordTooLargeException("too big"));
        clients.producer.errorNext(new RecordTooLargeException("too big"));

        SampleResult result = r.get(5, TimeUnit.SECONDS);
        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("RecordTooLargeException");
        assertThat(result.getResponseMessage()).isEqualTo("2 of 5 records failed: RecordTooLargeException: too big");
        assertThat(result.getSampleCount()).isEqualTo(5);
    }

    @Test
    void recordsNotAcknowledgedInTimeFailWithTimeoutException() {
        KafkaProducerSampler s = sampler(false, 3);
        s.setAckTimeout("100");

        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("TimeoutException");
        assertThat(r.getResponseMessage()).isEqualTo("3 of 3 records not acknowledged within 100 ms");
    }

    @Test
    void interruptEndsTheWaitAtOnce() throws Exception {
        KafkaProducerSampler s = sampler(false, 1);
        s.setAckTimeout("60000");
        CompletableFuture<SampleResult> r = CompletableFuture.supplyAsync(() -> s.sample(null));
        await().atMost(5, TimeUnit.SECONDS)
                .until(() -> clients.producer.history().size() == 1);

        long start = System.nanoTime();
        assertThat(s.interrupt()).isTrue();
        SampleResult result = r.get(1, TimeUnit.SECONDS);

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(1000);
        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseMessage()).contains("interrupted");
    }

    @Test
    void theBudgetIsSharedAndExact() {
        KafkaProducerSampler s = sampler(true, 3);
        s.setRecordBudget("7");
        KafkaProducerSampler otherThread = (KafkaProducerSampler) s.clone();
        otherThread.setName(s.getName());
        otherThread.setTopic("t");
        otherThread.setRecordsPerSample("3");
        otherThread.setRecordBudget("7");

        assertThat(s.sample(null).getSampleCount()).isEqualTo(3);
        assertThat(otherThread.sample(null).getSampleCount()).isEqualTo(3);
        assertThat(s.sample(null).getSampleCount()).isEqualTo(1);
        assertThat(otherThread.sample(null)).isNull();
        assertThat(clients.producer.history()).hasSize(7);
    }

    @Test
    void samplesThatFailBeforeSendingSpendTheBudgetToo_soABudgetedPlanEnds() {
        KafkaProducerSampler s = sampler(true, 2);
        s.setRecordBudget("3");
        s.setConnectionName("nowhere");

        SampleResult first = s.sample(null);
        SampleResult second = s.sample(null);

        assertThat(first.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(first.getSampleCount()).as("the records it stood for").isEqualTo(2);
        assertThat(second.getSampleCount()).isEqualTo(1);
        assertThat(s.sample(null)).as("budget spent: the thread stops").isNull();
        s.testEnded();
    }

    @Test
    void sequenceHeaderNumbersTheRecordsOfAThread() {
        KafkaProducerSampler s = sampler(true, 3);
        s.setSequenceHeader(true);
        s.sample(null);
        s.sample(null);

        long expected = 0;
        String producer = null;
        for (ProducerRecord<Object, Object> rec : clients.producer.history()) {
            Header h = rec.headers().lastHeader(SequenceHeader.NAME);
            SequenceHeader seq = SequenceHeader.decode(h.value());
            assertThat(seq.sequence).isEqualTo(expected++);
            producer = producer == null ? seq.producer : producer;
            assertThat(seq.producer).isEqualTo(producer);
        }
        assertThat(expected).isEqualTo(6);
    }

    @Test
    void aSampleTimeoutInterruptsOneSample_theThreadSamplesOnUninterrupted() throws Exception {
        AtomicBoolean block = new AtomicBoolean(true);
        // the first send() blocks, as on a full buffer.memory, until interrupted
        MockProducer<Object, Object> full = new MockProducer<>(true, null, TestClients.bytes(), TestClients.bytes()) {
            @Override
            public synchronized Future<RecordMetadata> send(ProducerRecord<Object, Object> r, Callback callback) {
                if (block.getAndSet(false)) {
                    try {
                        Thread.sleep(30_000);
                    } catch (InterruptedException e) {
                        throw new InterruptException(e);
                    }
                }
                return super.send(r, callback);
            }
        };
        clients = new TestClients(full).bind();
        KafkaProducerSampler s = new KafkaProducerSampler();
        s.setName("produce-" + System.nanoTime());
        s.setTopic("t");
        List<Object> seen = new ArrayList<>();
        // one task: an executor clears a thread's interrupt between tasks, JMeter's loop does not
        Thread jmeterThread = new Thread(() -> {
            seen.add(s.sample(null));
            seen.add(s.sample(null));
            seen.add(Thread.currentThread().isInterrupted());
        });
        jmeterThread.start();
        await().atMost(5, TimeUnit.SECONDS).until(() -> !block.get());
        Thread.sleep(100);
        s.interrupt(); // what JMeter's Sample Timeout does; the thread is not stopped
        jmeterThread.join(10_000);

        assertThat(seen).hasSize(3);
        assertThat(((SampleResult) seen.get(0)).isSuccessful()).isFalse();
        SampleResult second = (SampleResult) seen.get(1);
        assertThat(second.isSuccessful()).as(second.getResponseMessage()).isTrue();
        assertThat(seen.get(2)).as("interrupt left on the JMeter thread").isEqualTo(false);
    }

    @Test
    void eachRecordCarriesTheTimeOfItsOwnSend() {
        // a send() that blocks, as on a full buffer.memory: the records after it are sent later
        MockProducer<Object, Object> slow = new MockProducer<>(true, null, TestClients.bytes(), TestClients.bytes()) {
            @Override
            public synchronized Future<RecordMetadata> send(ProducerRecord<Object, Object> r, Callback callback) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(30));
                return super.send(r, callback);
            }
        };
        clients = new TestClients(slow).bind();
        KafkaProducerSampler s = new KafkaProducerSampler();
        s.setName("produce-" + System.nanoTime());
        s.setTopic("t");
        s.setSequenceHeader(true);
        s.setRecordsPerSample("3");

        assertThat(s.sample(null).isSuccessful()).isTrue();

        List<Long> sent = slow.history().stream()
                .map(r -> SequenceHeader.decode(
                                r.headers().lastHeader(SequenceHeader.NAME).value())
                        .sendMicros)
                .collect(Collectors.toList());
        assertThat(sent).hasSize(3);
        assertThat(sent.get(1) - sent.get(0)).isGreaterThanOrEqualTo(30_000);
        assertThat(sent.get(2) - sent.get(1)).isGreaterThanOrEqualTo(30_000);
    }

    @Test
    void invalidInputFailsWith400BeforeSending(@TempDir Path dir) throws IOException {
        KafkaProducerSampler s = sampler(true, 1);
        s.setTopic(" ");
        SampleResult r = s.sample(null);
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).isEqualTo("topic is empty");

        s.setTopic("t");
        s.setRecordsPerSample("ten");
        r = s.sample(null);
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).contains("records per sample must be a whole number, not 'ten'");

        s.setRecordsPerSample("10");
        s.setValueMode("text");
        s.setValue("{{csv '" + Files.writeString(dir.resolve("customers.csv"), "id,name\n1,Ann\n") + "' mail}}");
        r = s.sample(null);
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).endsWith("has no column 'mail'; its columns: id, name");
        assertThat(clients.producer.history()).isEmpty();
    }

    @Test
    void csvRowsReadWithStopAreSentOnce_thenTheThreadEndsWithoutASample(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("ids.csv"), "id\n1\n2\n3\n4\n5\n");
        KafkaProducerSampler s = sampler(true, 2);
        s.setValueMode("text");
        s.setValue("{{csv '" + file + "' id stop}}");

        SampleResult first = s.sample(null);
        SampleResult second = s.sample(null);
        SampleResult third = s.sample(null);

        assertThat(first.isSuccessful()).isTrue();
        assertThat(second.isSuccessful()).isTrue();
        assertThat(third.isSuccessful()).as("its second record found no row").isFalse();
        assertThat(third.getResponseMessage()).contains("1 of 2 records failed", "no row left");
        assertThat(clients.producer.history())
                .extracting(record -> new String((byte[]) record.value(), StandardCharsets.UTF_8))
                .containsExactly("1", "2", "3", "4", "5");
        assertThat(s.sample(null))
                .as("no row left: the thread ends, as at the end of a record budget")
                .isNull();
    }

    @Test
    void aMissingConnectionIsAClearError() {
        KafkaProducerSampler s = sampler(true, 1);
        s.setConnectionName("nope");
        SampleResult r = s.sample(null);
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).contains("no Kafka Connection element is named 'nope'");
    }
}
