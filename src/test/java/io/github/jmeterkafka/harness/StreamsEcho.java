package io.github.jmeterkafka.harness;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/**
 * A request-reply service written as users write one with Kafka Streams: every request goes on, key, value and
 * headers as they came (Streams carries headers over), to the topic its reply-topic header names. A second
 * implementation beside the echo, so the sampler is shown to work with services it did not come with.
 */
public final class StreamsEcho implements AutoCloseable {
    private final KafkaStreams streams;

    private StreamsEcho(KafkaStreams streams) {
        this.streams = streams;
    }

    /** Starts the application and waits until it runs; it reads the request topic from its start. */
    public static StreamsEcho start(
            String bootstrapServers, String requestTopic, String replyTopicHeader, Path stateDir) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(requestTopic, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()))
                .to(
                        (key, value, context) -> {
                            Header to = context.headers().lastHeader(replyTopicHeader);
                            return new String(to.value(), StandardCharsets.UTF_8);
                        },
                        Produced.with(Serdes.ByteArray(), Serdes.ByteArray()));
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "streams-echo-" + requestTopic);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        config.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
        // Streams lingers 100 ms by default: a service that answers at once does not
        config.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), 0);
        KafkaStreams streams = new KafkaStreams(builder.build(), config);
        streams.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (streams.state() != KafkaStreams.State.RUNNING) {
            if (System.nanoTime() > deadline || !streams.state().isRunningOrRebalancing()) {
                streams.close(Duration.ofSeconds(10));
                throw new IllegalStateException("Kafka Streams echo is " + streams.state() + ", not running");
            }
            sleep();
        }
        return new StreamsEcho(streams);
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the Kafka Streams echo started", e);
        }
    }

    @Override
    public void close() {
        streams.close(Duration.ofSeconds(10));
    }
}
