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
 * Services written as users write them with Kafka Streams. {@link #start}: request-reply, every request goes on,
 * key, value and headers as they came (Streams carries headers over), to the topic its reply-topic header names.
 * {@link #transform}: a pipeline stage that maps each value to another topic and keeps the key. Second
 * implementations beside the echo, so the samplers are shown to work with services they did not come with.
 */
public final class StreamsEcho implements AutoCloseable {
    private final KafkaStreams streams;

    private StreamsEcho(KafkaStreams streams) {
        this.streams = streams;
    }

    /** Starts the request-reply application and waits until it runs; it reads the request topic from its start. */
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
        return run(builder, "streams-echo-" + requestTopic, bootstrapServers, stateDir);
    }

    /**
     * Starts a stage that writes every record of {@code input} to {@code output} with its key and its JSON object
     * value given {@code "status":"processed"}, and waits until it runs.
     */
    public static StreamsEcho transform(String bootstrapServers, String input, String output, Path stateDir) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(input, Consumed.with(Serdes.String(), Serdes.String()))
                .mapValues(v -> v.endsWith("}") ? v.substring(0, v.length() - 1) + ",\"status\":\"processed\"}" : v)
                .to(output, Produced.with(Serdes.String(), Serdes.String()));
        return run(builder, "streams-transform-" + input, bootstrapServers, stateDir);
    }

    private static StreamsEcho run(StreamsBuilder builder, String id, String bootstrapServers, Path stateDir) {
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, id);
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
                throw new IllegalStateException("Kafka Streams service is " + streams.state() + ", not running");
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
            throw new IllegalStateException("interrupted while the Kafka Streams service started", e);
        }
    }

    @Override
    public void close() {
        streams.close(Duration.ofSeconds(10));
    }
}
