package io.github.jmeterkafka.client;

import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;

/**
 * The one seam where Kafka clients are created: unit tests pass a factory that returns Kafka's
 * MockProducer / MockConsumer; everything else uses {@link #KAFKA}.
 */
public interface ClientFactory {

    Producer<Object, Object> producer(Map<String, Object> config);

    Consumer<Object, Object> consumer(Map<String, Object> config);

    Admin admin(Map<String, Object> config);

    /** A member of a share group; the fakes of unit tests that never read a share group need not make one. */
    default ShareConsumer<Object, Object> shareConsumer(Map<String, Object> config) {
        return new KafkaShareConsumer<>(config);
    }

    ClientFactory KAFKA = new ClientFactory() {
        @Override
        public Producer<Object, Object> producer(Map<String, Object> config) {
            return new KafkaProducer<>(config);
        }

        @Override
        public Consumer<Object, Object> consumer(Map<String, Object> config) {
            return new KafkaConsumer<>(config);
        }

        @Override
        public Admin admin(Map<String, Object> config) {
            return Admin.create(config);
        }
    };
}
