package io.github.jmeterkafka.harness;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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
        return send(bootstrapServers, topic, replyTopic, n, 0);
    }

    /**
     * The same with values of {@code size} random letters ({@code 0}: "request i").
     *
     * @return the correlation ids, in the order sent
     */
    public static List<byte[]> send(String bootstrapServers, String topic, String replyTopic, int n, int size) {
        SplittableRandom random = new SplittableRandom(n);
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
                ProducerRecord<byte[], byte[]> request = request(
                        topic, replyTopic, id, ("key-" + i).getBytes(StandardCharsets.UTF_8), value(i, size, random));
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

    /** A request with the correlation id and the reply topic in Spring Kafka's headers. */
    public static ProducerRecord<byte[], byte[]> request(
            String topic, String replyTopic, byte[] id, byte[] key, byte[] value) {
        ProducerRecord<byte[], byte[]> request = new ProducerRecord<>(topic, key, value);
        request.headers()
                .add(CORRELATION_HEADER, id)
                .add(REPLY_TOPIC_HEADER, replyTopic.getBytes(StandardCharsets.UTF_8));
        return request;
    }

    private static byte[] value(int i, int size, SplittableRandom random) {
        return size == 0 ? ("request " + i).getBytes(StandardCharsets.UTF_8) : letters(size, random);
    }

    /** {@code size} random letters, as the bench plans' values are. */
    public static byte[] letters(int size, SplittableRandom random) {
        byte[] v = new byte[size];
        for (int b = 0; b < size; b++) {
            v[b] = (byte) ('a' + random.nextInt(26));
        }
        return v;
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
