package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.RequestSender;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The reference for request-reply latency: a closed-loop client written directly on kafka-clients. It sends one
 * request (correlation id and reply topic in Spring Kafka's headers), polls the reply topic until the reply with
 * that id comes, and times the two, paced to a fixed rate; the producer and consumer settings are the plugin's
 * defaults (acks=all, linger.ms=0 as the plan sets it).
 */
final class RoundTripClient {
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(5);

    private RoundTripClient() {}

    /** Round trips in µs of {@code requests} requests of {@code size} random bytes at {@code rate} a second. */
    static Histogram run(
            String bootstrapServers, String requestTopic, String replyTopic, int requests, int size, double rate) {
        Histogram roundTrips = new Histogram(TimeUnit.MINUTES.toMicros(1), 3);
        SplittableRandom random = new SplittableRandom(42);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                        Map.of(
                                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                                bootstrapServers,
                                ProducerConfig.LINGER_MS_CONFIG,
                                0),
                        new ByteArraySerializer(),
                        new ByteArraySerializer());
                KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                        Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                        new ByteArrayDeserializer(),
                        new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(replyTopic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(replyTopic, p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(p -> consumer.position(p, Duration.ofSeconds(30)));
            long start = System.nanoTime();
            long intervalNanos = (long) (1e9 / rate);
            for (int i = 0; i < requests; i++) {
                pace(start + i * intervalNanos);
                byte[] id = ByteBuffer.allocate(16).putLong(start).putLong(i).array();
                ProducerRecord<byte[], byte[]> request =
                        RequestSender.request(requestTopic, replyTopic, id, null, RequestSender.letters(size, random));
                long sent = System.nanoTime();
                // a failed send shows as no reply
                Future<RecordMetadata> unused = producer.send(request);
                awaitReply(consumer, id, sent);
                roundTrips.recordValue(TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sent));
            }
        }
        return roundTrips;
    }

    private static void awaitReply(KafkaConsumer<byte[], byte[]> consumer, byte[] id, long sent) {
        while (System.nanoTime() - sent < REPLY_TIMEOUT.toNanos()) {
            for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
                Header h = r.headers().lastHeader(RequestSender.CORRELATION_HEADER);
                if (h != null && Arrays.equals(h.value(), id)) {
                    return;
                }
            }
        }
        throw new IllegalStateException("no reply within " + REPLY_TIMEOUT.toMillis() + " ms: is the echo running?");
    }

    private static void pace(long at) {
        long wait = at - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }
}
