package io.github.jmeterkafka.echo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReplierTest {
    private final MockProducer<byte[], byte[]> producer =
            new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final EchoTally tally = new EchoTally();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void stop() {
        scheduler.shutdownNow();
    }

    @Test
    void repliesWithTheKeyValueAndCorrelationIdToTheTopicInTheHeader() {
        Replier replier = replier("--bootstrap-server", "b");
        replier.answer(request("id-1", "replies-a"));
        replier.answer(request("id-2", null));

        List<ProducerRecord<byte[], byte[]>> sent = producer.history();
        assertThat(sent).extracting(ProducerRecord::topic).containsExactly("replies-a", "jmeter-kafka-replies");
        ProducerRecord<byte[], byte[]> first = sent.get(0);
        assertThat(text(first.key())).isEqualTo("key");
        assertThat(text(first.value())).isEqualTo("value");
        assertThat(text(first.headers().lastHeader("kafka_correlationId").value()))
                .isEqualTo("id-1");
        assertThat(first.headers().lastHeader("kafka_replyTopic")).isNull();
        assertThat(tally.counts()).satisfies(c -> {
            assertThat(c.read()).isEqualTo(2);
            assertThat(c.replied()).isEqualTo(2);
        });
    }

    @Test
    void transformWritesTheEnrichedEventWithItsKeyAndNoHeaderToTheReplyTopic() {
        Replier replier = replier("--bootstrap-server", "b", "--transform", "--reply-topic", "orders-processed");
        replier.answer(request(null, "ignored", "{\"orderId\":\"o-1\",\"amount\":2.5}"));
        replier.answer(request("id-2", null, "not json"));

        List<ProducerRecord<byte[], byte[]>> sent = producer.history();
        assertThat(sent).extracting(ProducerRecord::topic).containsExactly("orders-processed", "orders-processed");
        assertThat(text(sent.get(0).key())).isEqualTo("key");
        assertThat(text(sent.get(0).value()))
                .isEqualTo("{\"orderId\":\"o-1\",\"amount\":2.5,\"status\":\"processed\"}");
        assertThat(sent.get(0).headers().toArray()).isEmpty();
        assertThat(text(sent.get(1).value())).as("forwarded as it is").isEqualTo("not json");
        assertThat(sent.get(1).headers().toArray()).isEmpty();
        assertThat(tally.counts().unanswered().uncorrelated()).isZero();
    }

    @Test
    void aRequestWithoutACorrelationIdIsCountedNotAnswered() {
        Replier replier = replier("--bootstrap-server", "b");
        replier.answer(request(null, "replies"));
        assertThat(producer.history()).isEmpty();
        assertThat(tally.counts().unanswered().uncorrelated()).isEqualTo(1);
    }

    @Test
    void dropsTheShareAskedAndCountsEachDrop() {
        Replier replier = replier("--bootstrap-server", "b", "--drop", "0.1", "--seed", "3");
        for (int i = 0; i < 10_000; i++) {
            replier.answer(request("id-" + i, "replies"));
        }
        EchoCounts c = tally.counts();
        assertThat(c.unanswered().dropped()).isBetween(850L, 1150L);
        assertThat(c.replied() + c.unanswered().dropped()).isEqualTo(10_000);
        assertThat(producer.history()).hasSize((int) c.replied());
    }

    @Test
    void aDelayedReplyGoesOutLater() throws InterruptedException {
        Replier replier = replier("--bootstrap-server", "b", "--delay-ms", "200");
        replier.answer(request("id-1", "replies"));
        assertThat(producer.history()).isEmpty();
        assertThat(replier.delayed()).isEqualTo(1);
        scheduler.shutdown();
        assertThat(scheduler.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
        assertThat(producer.history()).hasSize(1);
        assertThat(replier.delayed()).isZero();
    }

    @Test
    void aFailedReplyIsCountedAndTheFirstShown() {
        MockProducer<byte[], byte[]> failing =
                new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
        Replier replier = new Replier(
                EchoOptions.parse("--bootstrap-server", "b"),
                failing,
                scheduler,
                tally,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        replier.answer(request("id-1", "replies"));
        replier.answer(request("id-2", "replies"));
        failing.errorNext(new IllegalStateException("no leader"));
        failing.errorNext(new IllegalStateException("no leader"));
        assertThat(tally.counts().failed()).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .containsOnlyOnce("echo: a reply to topic 'replies' failed (the first; all are counted):")
                .contains("no leader");
    }

    private Replier replier(String... args) {
        return new Replier(
                EchoOptions.parse(args),
                producer,
                scheduler,
                tally,
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static ConsumerRecord<byte[], byte[]> request(String id, String replyTopic) {
        return request(id, replyTopic, "value");
    }

    private static ConsumerRecord<byte[], byte[]> request(String id, String replyTopic, String value) {
        RecordHeaders headers = new RecordHeaders();
        if (id != null) {
            headers.add("kafka_correlationId", id.getBytes(StandardCharsets.UTF_8));
        }
        if (replyTopic != null) {
            headers.add("kafka_replyTopic", replyTopic.getBytes(StandardCharsets.UTF_8));
        }
        return new ConsumerRecord<>(
                "requests",
                0,
                0,
                0,
                TimestampType.CREATE_TIME,
                3,
                5,
                "key".getBytes(StandardCharsets.UTF_8),
                value.getBytes(StandardCharsets.UTF_8),
                headers,
                java.util.Optional.empty());
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
