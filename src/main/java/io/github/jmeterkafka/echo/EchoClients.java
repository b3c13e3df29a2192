package io.github.jmeterkafka.echo;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** The echo's clients, all of bytes (a reply is the request's key and value as they came), and its topics. */
final class EchoClients {
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final EchoOptions options;
    private final String clientId;

    EchoClients(EchoOptions options) {
        this.options = options;
        this.clientId = "jmeter-kafka-echo-" + ProcessHandle.current().pid();
    }

    KafkaConsumer<byte[], byte[]> consumer() {
        Map<String, Object> c = common("consumer");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, options.fromBeginning() ? "earliest" : "latest");
        if (options.group() != null) {
            c.put(ConsumerConfig.GROUP_ID_CONFIG, options.group());
        }
        c.putAll(options.properties());
        return new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    KafkaProducer<byte[], byte[]> producer() {
        Map<String, Object> c = common("producer");
        // a reply goes out at once: the echo adds as little as it can to the round trip
        c.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        c.putAll(options.properties());
        return new KafkaProducer<>(c, new ByteArraySerializer(), new ByteArraySerializer());
    }

    /**
     * Makes the request and reply topics with {@code --partitions} if they are missing; without it the request
     * topic must exist: the echo never reads a topic the broker would make on first use.
     */
    void prepareTopics() throws InterruptedException {
        Map<String, Object> c = common("admin");
        c.putAll(options.properties());
        Admin admin = Admin.create(c);
        try {
            if (options.partitions() > 0) {
                for (String topic : List.of(options.requestTopic(), options.replyTopic())) {
                    create(admin, topic);
                }
                if (options.httpPort() != null) {
                    create(admin, options.eventsTopic());
                }
            } else {
                describe(admin, options.requestTopic());
            }
        } finally {
            // bounded: a call still pending (no cluster) would hold close() for default.api.timeout.ms
            admin.close(CLOSE_TIMEOUT);
        }
    }

    private void create(Admin admin, String topic) throws InterruptedException {
        NewTopic t = new NewTopic(topic, Optional.of(options.partitions()), Optional.empty());
        try {
            admin.createTopics(List.of(t)).all().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new KafkaException(
                        "cannot create topic '" + topic + "': " + e.getCause().getMessage(), e);
            }
        } catch (java.util.concurrent.TimeoutException e) {
            throw new KafkaException(
                    "topic '" + topic + "' was not created within " + ADMIN_TIMEOUT.toSeconds() + " s");
        }
    }

    private void describe(Admin admin, String topic) throws InterruptedException {
        try {
            admin.describeTopics(List.of(topic)).allTopicNames().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new KafkaException(
                        "request topic '" + topic + "' does not exist: create it first or give --partitions N");
            }
            throw new KafkaException(
                    "cannot describe topic '" + topic + "': " + e.getCause().getMessage(), e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new KafkaException("topic '" + topic + "' was not described within " + ADMIN_TIMEOUT.toSeconds()
                    + " s: is " + options.bootstrapServers() + " a Kafka cluster?");
        }
    }

    private Map<String, Object> common(String role) {
        Map<String, Object> c = new HashMap<>();
        c.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, options.bootstrapServers());
        c.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId + "-" + role);
        return c;
    }
}
