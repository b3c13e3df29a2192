package io.github.jmeterkafka.bench;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The reference for one record per sample, written directly on kafka-clients and run in its own JVM as the perf
 * tools are: THREADS threads share one producer, each sending a record of SIZE fresh random upper-case letters and
 * waiting for its ack before the next ({@code send().get()}), RECORDS in all. Prints one line in ProducerPerformance's
 * format, so the bench reads it as it reads perf-test's.
 *
 * <p>{@code ClosedLoopProducer BOOTSTRAP TOPIC RECORDS SIZE THREADS [key=value ...]}
 */
final class ClosedLoopProducer {
    private ClosedLoopProducer() {}

    public static void main(String[] args) throws InterruptedException {
        String topic = args[1];
        long records = Long.parseLong(args[2]);
        int size = Integer.parseInt(args[3]);
        int threads = Integer.parseInt(args[4]);
        Map<String, Object> config = new HashMap<>();
        config.put("bootstrap.servers", args[0]);
        for (int i = 5; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            config.put(kv[0], kv[1]);
        }
        AtomicLong left = new AtomicLong(records);
        Recorder latencies = new Recorder(3);
        AtomicLong failures = new AtomicLong();
        long start;
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
            // the topic's metadata before the clock starts, as the plugin's first sample on a topic fetches it untimed
            producer.partitionsFor(topic);
            Thread[] workers = new Thread[threads];
            start = System.nanoTime();
            for (int t = 0; t < threads; t++) {
                SplittableRandom random = new SplittableRandom(t);
                workers[t] = new Thread(() -> {
                    byte[] value = new byte[size];
                    while (left.getAndDecrement() > 0) {
                        for (int i = 0; i < size; i++) {
                            value[i] = (byte) ('A' + random.nextInt(26));
                        }
                        // send() copies the value into its batch: the array is free again once it returns
                        long t0 = System.nanoTime();
                        try {
                            producer.send(new ProducerRecord<>(topic, value)).get();
                            latencies.recordValue((System.nanoTime() - t0) / 1000);
                        } catch (ExecutionException e) {
                            failures.incrementAndGet();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                    }
                });
                workers[t].start();
            }
            for (Thread w : workers) {
                w.join();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Histogram h = latencies.getIntervalHistogram();
        long sent = h.getTotalCount();
        System.out.printf(
                Locale.ROOT,
                "%d records sent, %.1f records/sec (%.2f MB/sec), %.2f ms avg latency, %.2f ms max latency, "
                        + "%d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.%n",
                sent,
                sent / seconds,
                sent * (double) size / seconds / (1024 * 1024),
                h.getMean() / 1000,
                h.getMaxValue() / 1000.0,
                h.getValueAtPercentile(50) / 1000,
                h.getValueAtPercentile(95) / 1000,
                h.getValueAtPercentile(99) / 1000,
                h.getValueAtPercentile(99.9) / 1000);
        if (failures.get() > 0) {
            System.out.println(failures.get() + " records failed.");
            System.exit(1);
        }
    }
}
