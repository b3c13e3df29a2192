package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.RequestSender;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 * The reference request-reply client, written directly on kafka-clients and run in its own JVM as the perf tools
 * are. {@code latency}: a closed loop that sends one request (Spring Kafka's headers), polls the reply topic
 * until the reply with its id comes and times the two, paced to a fixed rate. {@code flood}: sends every request
 * as fast as the producer takes them while a second thread counts the replies, so the service, not the client,
 * sets the rate. {@code window}: THREADS threads, each sending PER_BATCH requests and waiting for all their replies
 * before the next batch, as the plugin's threads do with that many requests per sample. Producer and consumer settings are the plugin's (acks=all, linger.ms=0 as the plan sets it).
 *
 * <p>{@code RoundTripClient latency|flood|window BOOTSTRAP REQUEST_TOPIC REPLY_TOPIC REQUESTS SIZE [RATE | THREADS
 * PER_BATCH]}
 */
final class RoundTripClient {
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration SETUP_TIMEOUT = Duration.ofSeconds(30);

    private RoundTripClient() {}

    public static void main(String[] args) throws InterruptedException {
        String bootstrap = args[1];
        int requests = Integer.parseInt(args[4]);
        int size = Integer.parseInt(args[5]);
        if (args[0].equals("latency")) {
            Histogram h = latency(bootstrap, args[2], args[3], requests, size, Double.parseDouble(args[6]));
            System.out.println(RequestReplyCase.Latency.clientLine(h));
        } else if (args[0].equals("window")) {
            System.out.println(window(
                    bootstrap, args[2], args[3], requests, size, Integer.parseInt(args[6]), Integer.parseInt(args[7])));
        } else {
            System.out.println(flood(bootstrap, args[2], args[3], requests, size));
        }
    }

    /** Round trips in µs of {@code requests} requests of {@code size} random letters at {@code rate} a second. */
    static Histogram latency(
            String bootstrapServers, String requestTopic, String replyTopic, int requests, int size, double rate) {
        Histogram roundTrips = new Histogram(TimeUnit.MINUTES.toMicros(1), 3);
        SplittableRandom random = new SplittableRandom(42);
        try (KafkaProducer<byte[], byte[]> producer = producer(bootstrapServers);
                KafkaConsumer<byte[], byte[]> consumer = atEnd(bootstrapServers, replyTopic)) {
            long start = System.nanoTime();
            long intervalNanos = (long) (1e9 / rate);
            for (int i = 0; i < requests; i++) {
                pace(start + i * intervalNanos);
                byte[] id = id(start, 0, i);
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

    /** Sends every request at once and returns a line with the replies/s from the first send to the last reply. */
    static String flood(String bootstrapServers, String requestTopic, String replyTopic, int requests, int size)
            throws InterruptedException {
        return window(bootstrapServers, requestTopic, replyTopic, requests, size, 1, requests);
    }

    /**
     * {@code threads} threads send {@code requests} in all, each {@code perBatch} at a time, waiting for the
     * batch's replies (dispatched by the id's thread number) before the next; returns a line with the replies/s
     * from the first send to the last reply.
     */
    static String window(
            String bootstrapServers,
            String requestTopic,
            String replyTopic,
            int requests,
            int size,
            int threads,
            int perBatch)
            throws InterruptedException {
        Semaphore[] replied = new Semaphore[threads];
        Arrays.setAll(replied, t -> new Semaphore(0));
        AtomicLong replies = new AtomicLong();
        AtomicLong lastReply = new AtomicLong();
        CountDownLatch positioned = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (KafkaConsumer<byte[], byte[]> consumer = atEnd(bootstrapServers, replyTopic)) {
                positioned.countDown();
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
                while (replies.get() < requests && System.nanoTime() < deadline) {
                    for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
                        byte[] id = r.headers()
                                .lastHeader(RequestSender.CORRELATION_HEADER)
                                .value();
                        replied[ByteBuffer.wrap(id, 8, 4).getInt()].release();
                        replies.incrementAndGet();
                        lastReply.set(System.nanoTime());
                    }
                }
            }
        });
        reader.setDaemon(true);
        reader.start();
        if (!positioned.await(SETUP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException("the reply reader was not positioned within " + SETUP_TIMEOUT);
        }
        long start = System.nanoTime();
        try (KafkaProducer<byte[], byte[]> producer = producer(bootstrapServers)) {
            Thread[] senders = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int thread = t;
                int share = requests / threads + (t < requests % threads ? 1 : 0);
                senders[t] = new Thread(() -> sendBatches(
                        producer, requestTopic, replyTopic, size, start, thread, share, perBatch, replied[thread]));
                senders[t].start();
            }
            for (Thread sender : senders) {
                sender.join();
            }
        }
        reader.join(TimeUnit.MINUTES.toMillis(5));
        double seconds = (lastReply.get() - start) / 1e9;
        return String.format(
                Locale.ROOT,
                "flood: %d replies of %d, %.1f replies/sec",
                replies.get(),
                requests,
                replies.get() / seconds);
    }

    private static void sendBatches(
            KafkaProducer<byte[], byte[]> producer,
            String requestTopic,
            String replyTopic,
            int size,
            long run,
            int thread,
            int requests,
            int perBatch,
            Semaphore replied) {
        SplittableRandom random = new SplittableRandom(thread);
        try {
            for (int sent = 0; sent < requests; ) {
                int batch = Math.min(perBatch, requests - sent);
                for (int i = 0; i < batch; i++, sent++) {
                    byte[] id = id(run, thread, sent);
                    Future<RecordMetadata> unused = producer.send(RequestSender.request(
                            requestTopic, replyTopic, id, null, RequestSender.letters(size, random)));
                }
                // a flood's one batch may take a while: a ms more per request
                long timeoutMs = REPLY_TIMEOUT.toMillis() + batch;
                if (!replied.tryAcquire(batch, timeoutMs, TimeUnit.MILLISECONDS)) {
                    throw new IllegalStateException("a batch got no replies within " + timeoutMs + " ms");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static KafkaProducer<byte[], byte[]> producer(String bootstrapServers) {
        return new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ProducerConfig.LINGER_MS_CONFIG, 0),
                new ByteArraySerializer(),
                new ByteArraySerializer());
    }

    /** A consumer with every partition of the reply topic, at its end. */
    private static KafkaConsumer<byte[], byte[]> atEnd(String bootstrapServers, String replyTopic) {
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(replyTopic, SETUP_TIMEOUT).stream()
                .map(p -> new TopicPartition(replyTopic, p.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(p -> consumer.position(p, SETUP_TIMEOUT));
        return consumer;
    }

    /** The run, then the sending thread's number, which the reply reader of {@link #window} reads back. */
    private static byte[] id(long run, int thread, int i) {
        return ByteBuffer.allocate(16).putLong(run).putInt(thread).putInt(i).array();
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
