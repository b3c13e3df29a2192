package io.github.jmeterkafka.bench;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The await case's reference, written directly on a socket (HTTP/1.1, kept alive, TCP_NODELAY) and kafka-clients and run in its own JVM:
 * THREADS threads POST orders (the plan's JSON, keyed by a new order id) at RATE orders/s over all of them, on one
 * uniform schedule, and each waits for its order's event, read by one consumer that has every partition of the
 * events topic from its end; each wait is timed from just before the POST to the poll that returned the event.
 *
 * <p>{@code AwaitClient BOOTSTRAP EVENTS_TOPIC HTTP_URL REQUESTS THREADS RATE}
 */
final class AwaitClient {
    private static final Duration EVENT_TIMEOUT = Duration.ofSeconds(10);

    private AwaitClient() {}

    public static void main(String[] args) throws InterruptedException {
        String bootstrap = args[0];
        String topic = args[1];
        URI url = URI.create(args[2]);
        int requests = Integer.parseInt(args[3]);
        int threads = Integer.parseInt(args[4]);
        double rate = Double.parseDouble(args[5]);
        Map<String, CompletableFuture<Long>> awaited = new ConcurrentHashMap<>();
        try (KafkaConsumer<String, String> consumer = consumer(bootstrap, topic)) {
            Thread reader = new Thread(() -> read(consumer, awaited), "events");
            reader.start();
            Histogram micros = new Histogram(TimeUnit.SECONDS.toMicros(60), 3);
            AtomicLong next = new AtomicLong();
            AtomicLong timeouts = new AtomicLong();
            long intervalNanos = (long) (TimeUnit.SECONDS.toNanos(1) / rate);
            long start = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            for (int t = 0; t < threads; t++) {
                pool.execute(() -> {
                    long i;
                    try (Http http = new Http(url)) {
                        while ((i = next.getAndIncrement()) < requests) {
                            long due = start + i * intervalNanos;
                            for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                                LockSupport.parkNanos(wait);
                            }
                            Long took = order(http, awaited);
                            if (took == null) {
                                timeouts.incrementAndGet();
                            } else {
                                synchronized (micros) {
                                    micros.recordValue(took);
                                }
                            }
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.HOURS);
            double seconds = (System.nanoTime() - start) / 1e9;
            consumer.wakeup();
            reader.join();
            System.out.println(RequestReplyCase.Latency.clientLine(micros));
            System.out.printf(
                    java.util.Locale.ROOT,
                    "awaits: %d matched, %d timeouts, %.1f matched/sec%n",
                    micros.getTotalCount(),
                    timeouts.get(),
                    micros.getTotalCount() / seconds);
        }
    }

    /**
     * One thread's HTTP/1.1 connection, kept alive: each request written in one piece with TCP_NODELAY and its
     * answer read to its end, so the reference adds no client of its own to the HTTP call's time.
     */
    private static final class Http implements AutoCloseable {
        private final URI url;
        private Socket socket;
        private DataInputStream in;

        Http(URI url) {
            this.url = url;
        }

        /** POSTs {@code body}; the answer's status. */
        int post(byte[] body) throws IOException {
            if (socket == null) {
                socket = new Socket(url.getHost(), url.getPort());
                socket.setTcpNoDelay(true);
                in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            }
            byte[] head = ("POST " + url.getPath() + " HTTP/1.1\r\nHost: " + url.getHost() + ":" + url.getPort()
                            + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            byte[] request = Arrays.copyOf(head, head.length + body.length);
            System.arraycopy(body, 0, request, head.length, body.length);
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            String status = line();
            int length = 0;
            for (String h = line(); !h.isEmpty(); h = line()) {
                if (h.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                    length = Integer.parseInt(h.substring(15).trim());
                }
            }
            in.skipNBytes(length);
            return Integer.parseInt(status.split(" ", 3)[1]);
        }

        private String line() throws IOException {
            StringBuilder s = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("the connection closed");
                }
                if (c != '\r') {
                    s.append((char) c);
                }
            }
            return s.toString();
        }

        @Override
        public void close() throws IOException {
            if (socket != null) {
                socket.close();
            }
        }
    }

    /** One order: its event's time from the POST in µs, or null when it did not come. */
    private static Long order(Http http, Map<String, CompletableFuture<Long>> awaited) {
        String id = "order-" + UUID.randomUUID();
        CompletableFuture<Long> event = new CompletableFuture<>();
        awaited.put(id, event);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long sent = System.nanoTime();
        byte[] body = ("{\"orderId\":\"" + id + "\",\"customerId\":\"cust-" + random.nextInt(1, 501) + "\",\"amount\":"
                        + random.nextInt(5, 901) + "." + random.nextInt(10, 100)
                        + ",\"currency\":\"EUR\",\"createdAt\":"
                        + System.currentTimeMillis() + "}")
                .getBytes(StandardCharsets.UTF_8);
        try {
            int status = http.post(body);
            if (status != 202) {
                throw new IllegalStateException("POST answered " + status);
            }
            long arrived = event.get(EVENT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return (arrived - sent) / 1000;
        } catch (TimeoutException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | IOException e) {
            throw new IllegalStateException(e);
        } finally {
            awaited.remove(id);
        }
    }

    private static KafkaConsumer<String, String> consumer(String bootstrap, String topic) {
        KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName()));
        List<TopicPartition> partitions = c.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
        c.assign(partitions);
        c.seekToEnd(partitions);
        partitions.forEach(p -> c.position(p, Duration.ofSeconds(30)));
        return c;
    }

    private static void read(KafkaConsumer<String, String> consumer, Map<String, CompletableFuture<Long>> awaited) {
        try {
            while (true) {
                var records = consumer.poll(Duration.ofSeconds(1));
                long now = System.nanoTime();
                for (ConsumerRecord<String, String> r : records) {
                    CompletableFuture<Long> f = r.key() == null ? null : awaited.get(r.key());
                    if (f != null) {
                        f.complete(now);
                    }
                }
            }
        } catch (WakeupException e) {
            // the end of the run
        }
    }
}
