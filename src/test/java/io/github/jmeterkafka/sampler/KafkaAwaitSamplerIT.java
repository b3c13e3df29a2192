package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.LiveKafka.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Kafka Await against a real broker: where its topic's reader starts reading and when a record counts, what it
 * finds records by, a Stop during its wait, and a topic that does not exist.
 */
class KafkaAwaitSamplerIT {
    @RegisterExtension
    final LiveKafka kafka = new LiveKafka(SharedBroker.get());

    private static KafkaAwaitSampler await(String connection, String topic, String value) {
        KafkaAwaitSampler s = new KafkaAwaitSampler();
        s.setName(unique("await"));
        s.setConnectionName(connection);
        s.setTopic(topic);
        s.setAwaitValue(value);
        return s;
    }

    private KafkaProducer<String, String> producer() {
        return new KafkaProducer<>(
                Map.of("bootstrap.servers", kafka.broker.bootstrapServers(), "linger.ms", 0),
                new StringSerializer(),
                new StringSerializer());
    }

    /** Writes a record and waits for its ack. */
    private static void write(KafkaProducer<String, String> producer, ProducerRecord<String, String> rec)
            throws Exception {
        producer.send(rec).get(30, TimeUnit.SECONDS);
    }

    private static ProducerRecord<String, String> record(String topic, String key, String orderHeader, String value) {
        ProducerRecord<String, String> rec = new ProducerRecord<>(topic, key, value);
        if (orderHeader != null) {
            rec.headers().add("orderId", orderHeader.getBytes(StandardCharsets.UTF_8));
        }
        return rec;
    }

    @Test
    void theReaderStartsAtTheAwaitFromProperty_andARecordCountsFromTheStartTimeOrElseTheSamplesStart()
            throws Exception {
        Path empty = null;
        if (JMeterUtils.getJMeterProperties() == null) {
            empty = Files.createTempFile("jmeter", ".properties");
            JMeterUtils.loadJMeterProperties(empty.toString());
        }
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("events", 1);
        try (KafkaProducer<String, String> producer = producer()) {
            long beforeMs = System.currentTimeMillis();
            write(producer, record(topic, "o-before", null, "{}"));
            Thread.sleep(100);
            long fromMs = System.currentTimeMillis();
            Thread.sleep(100);
            long causeMs = System.currentTimeMillis();
            // the cause takes 200 ms to make its record
            Thread.sleep(200);
            write(producer, record(topic, "o-after", null, "{}"));
            Thread.sleep(300);
            JMeterUtils.getJMeterProperties().setProperty(PluginProperties.AWAIT_FROM, Long.toString(fromMs));

            KafkaAwaitSampler after = await(connection, topic, "o-after");
            after.setStartTime(Long.toString(causeMs));
            SampleResult found = LiveKafka.ok(after.sample(null));
            assertThat(found.getLatency())
                    .as("from the start time to the record, not from the sample's start, 500 ms later")
                    .isBetween(190L, 480L);

            KafkaAwaitSampler before = await(connection, topic, "o-before");
            // were it read, it would be in time from this start
            before.setStartTime(Long.toString(beforeMs - 20));
            before.setTimeout("1000");
            SampleResult notRead = before.sample(null);
            assertThat(notRead.getResponseCode()).isEqualTo("TimeoutException");
            assertThat(notRead.getResponseMessage())
                    .as("written before kafka.await.from: never read, whatever the start time")
                    .isEqualTo("1 of 1 awaited records did not arrive within 1000 ms, first: key o-before");

            write(producer, record(topic, "o-early", null, "{}"));
            Thread.sleep(300);
            KafkaAwaitSampler blank = await(connection, topic, "o-early");
            blank.setTimeout("300");
            assertThat(blank.sample(null).getResponseMessage())
                    .as("read, but before the sample's start, which a blank start time means")
                    .isEqualTo("1 of 1 awaited records did not arrive within 300 ms, first: key o-early");
        } finally {
            JMeterUtils.getJMeterProperties().remove(PluginProperties.AWAIT_FROM);
            if (empty != null) {
                Files.delete(empty);
            }
        }
    }

    @Test
    void recordsAreFoundByAHeadersTextOrByAFieldOfTheirJsonValue() throws Exception {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("events", 2);
        KafkaAwaitSampler byHeader = await(connection, topic, "o-7");
        byHeader.setCorrelateBy("correlateBy.header");
        byHeader.setCorrelationHeader("orderId");
        KafkaAwaitSampler byPath = await(connection, topic, "o-8");
        byPath.setCorrelateBy("correlateBy.jsonPath");
        byPath.setCorrelationPath("$.order.id");

        CompletableFuture<SampleResult> header = CompletableFuture.supplyAsync(() -> byHeader.sample(null));
        CompletableFuture<SampleResult> path = CompletableFuture.supplyAsync(() -> byPath.sample(null));
        waitingOn(connection, topic);
        try (KafkaProducer<String, String> producer = producer()) {
            // first what either might take for its own: the value in the key, another field, a longer value
            write(producer, record(topic, "o-7", "o-6", "{\"order\":{\"id\":\"o-80\"},\"id\":\"o-8\"}"));
            write(producer, record(topic, "o-8", "o-8x", "{\"id\":\"o-8\",\"order\":{\"ref\":\"o-8\"}}"));
            write(producer, record(topic, "k1", "o-7", "{\"order\":{\"id\":\"by-header\"}}"));
            write(producer, record(topic, "k2", null, "{\"order\":{\"id\":\"o-8\",\"by\":\"path\"}}"));
        }

        SampleResult h = LiveKafka.ok(header.get(30, TimeUnit.SECONDS));
        SampleResult p = LiveKafka.ok(path.get(30, TimeUnit.SECONDS));
        assertThat(h.getResponseMessage()).isEqualTo("1 record arrived within 10000 ms");
        assertThat(h.getResponseDataAsString()).contains("by-header").doesNotContain("o-80", "o-8x");
        assertThat(p.getResponseDataAsString()).contains("\"by\":\"path\"").doesNotContain("o-80", "\"ref\"");
    }

    @Test
    void stopDuringTheWaitEndsTheSampleAtOnceSayingSo() throws Exception {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("events", 1);
        KafkaAwaitSampler first = await(connection, topic, "o-1");
        first.setTimeout("200");
        // positions the topic's reader: the sample below goes straight to its wait
        assertThat(first.sample(null).getResponseCode()).isEqualTo("TimeoutException");
        KafkaAwaitSampler s = await(connection, topic, "o-2");
        s.setTimeout("60000");

        CompletableFuture<SampleResult> running = CompletableFuture.supplyAsync(() -> s.sample(null));
        Thread.sleep(500);
        long stop = System.nanoTime();
        s.interrupt();
        SampleResult r = running.get(10, TimeUnit.SECONDS);

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stop)).isLessThan(2_000);
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.GENERIC);
        assertThat(r.getResponseMessage())
                .isEqualTo("1 of 1 awaited records given up: the sample was stopped (Stop, Shutdown or the thread"
                        + " group's end)");
        assertThat(r.getTime()).isLessThan(5_000);
    }

    @Test
    void aMissingTopicFailsAtOnceNamingIt_andIsNotCreated() {
        String missing = unique("missing");
        KafkaAwaitSampler s = await(kafka.connect(Map.of()), missing, "o-1");
        s.setTimeout("60000");

        long start = System.nanoTime();
        SampleResult r = s.sample(null);

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(10_000);
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("UnknownTopicOrPartitionException");
        assertThat(r.getResponseMessage()).contains("awaited topic '" + missing + "' does not exist: create it first");
        assertThat(r.getSampleCount()).isEqualTo(1);
        assertThat(kafka.admin.listTopics().names())
                .succeedsWithin(Duration.ofSeconds(10))
                .satisfies(names -> assertThat(names).doesNotContain(missing));
    }

    /** Until the connection's reader of the topic is running, and a little more for it to be positioned. */
    private static void waitingOn(String connection, String topic) throws InterruptedException {
        String name = "kafka-reply-reader-" + connection + "-" + topic;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (Thread.getAllStackTraces().keySet().stream()
                        .noneMatch(t -> t.getName().equals(name))
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(1000);
    }
}
