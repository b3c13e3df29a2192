package io.github.jmeterkafka.harness;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Requests as a request-reply client sends them (Spring Kafka's headers), for tests of the services that answer. */
public final class RequestSender {
    public static final String CORRELATION_HEADER = "kafka_correlationId";
    public static final String REPLY_TOPIC_HEADER = "kafka_replyTopic";

    private RequestSender() {}

    /**
     * Sends {@code n} requests, each with a 16-byte correlation id and the reply topic in its headers, and waits
     * for every acknowledgement.
     *
     * @return the correlation ids, in the order sent
     */
    public static List<byte[]> send(String bootstrapServers, String topic, String replyTopic, int n) {
        List<byte[]> ids = new ArrayList<>(n);
        List<Future<RecordMetadata>> acks = new ArrayList<>(n);
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < n; i++) {
                byte[] id = ByteBuffer.allocate(16)
                        .putLong(System.nanoTime())
                        .putLong(i)
                        .array();
                ProducerRecord<byte[], byte[]> request = new ProducerRecord<>(
                        topic,
                        ("key-" + i).getBytes(StandardCharsets.UTF_8),
                        ("request " + i).getBytes(StandardCharsets.UTF_8));
                request.headers()
                        .add(CORRELATION_HEADER, id)
                        .add(REPLY_TOPIC_HEADER, replyTopic.getBytes(StandardCharsets.UTF_8));
                acks.add(producer.send(request));
                ids.add(id);
            }
            for (Future<RecordMetadata> ack : acks) {
                ack.get(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending requests", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("a request was not acknowledged: " + e, e);
        }
        return ids;
    }

    /** The correlation id of each reply on {@code replyTopic}, as hex, read from its start. */
    public static List<String> replyIds(String bootstrapServers, String replyTopic) {
        return Topics.read(bootstrapServers, replyTopic).stream()
                .map(r -> hex(r.headers().lastHeader(CORRELATION_HEADER).value()))
                .toList();
    }

    public static String hex(byte[] id) {
        StringBuilder s = new StringBuilder();
        for (byte b : id) {
            s.append(String.format("%02x", b));
        }
        return s.toString();
    }
}
