package io.github.jmeterkafka.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The await case's second reference, on kafka-clients in its own JVM, run beside the plugin: it reads the events
 * the plugin awaits (a fresh topic, from its beginning, every partition) and times each as the plugin does, from
 * the order's {@code createdAt} (the HTTP call's start, ms since the epoch, carried into the event) to the poll
 * that returned it. The same events under the same load: what differs is the plugin's measuring alone.
 *
 * <p>{@code EventTimer BOOTSTRAP EVENTS_TOPIC EVENTS}: ends after EVENTS events, or 30 s with none.
 */
final class EventTimer {
    private static final Pattern CREATED_AT = Pattern.compile("\"createdAt\":(\\d+)");
    private static final Duration IDLE = Duration.ofSeconds(30);

    private EventTimer() {}

    public static void main(String[] args) {
        String topic = args[1];
        long events = Long.parseLong(args[2]);
        Histogram micros = new Histogram(TimeUnit.SECONDS.toMicros(60), 3);
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, args[0],
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName()))) {
            List<TopicPartition> partitions = c.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .toList();
            c.assign(partitions);
            c.seekToBeginning(partitions);
            long lastNanos = System.nanoTime();
            while (micros.getTotalCount() < events && System.nanoTime() - lastNanos < IDLE.toNanos()) {
                ConsumerRecords<String, String> records = c.poll(Duration.ofSeconds(1));
                Instant now = Instant.now();
                long nowMicros = TimeUnit.SECONDS.toMicros(now.getEpochSecond()) + now.getNano() / 1000;
                for (ConsumerRecord<String, String> r : records) {
                    Matcher m = CREATED_AT.matcher(r.value() == null ? "" : r.value());
                    if (m.find()) {
                        micros.recordValue(
                                Math.max(0, nowMicros - TimeUnit.MILLISECONDS.toMicros(Long.parseLong(m.group(1)))));
                        lastNanos = System.nanoTime();
                    }
                }
            }
        }
        System.out.println(RequestReplyCase.Latency.clientLine(micros));
    }
}
