package io.github.jmeterkafka.harness.spring.payments;

import io.github.jmeterkafka.harness.spring.SpringService;
import java.time.Duration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * A payment service as written with Spring Boot and Spring Kafka: a {@code @KafkaListener} with {@code @SendTo}
 * answers each payment request on the topic its {@code kafka_replyTopic} header names, and Spring Kafka copies the
 * request's {@code kafka_correlationId} into the reply. JSON in and out through Spring Kafka's Jackson serializers.
 */
@SpringBootApplication
public class PaymentsApplication {
    static final String LISTENER = "payments";

    /**
     * Starts the service reading {@code requestTopic} (it must exist) with {@code concurrency} consumers and returns
     * once its group has every one of the topic's {@code partitions}.
     */
    public static SpringService start(String bootstrapServers, String requestTopic, int partitions, int concurrency) {
        SpringService service = SpringService.start(
                PaymentsApplication.class,
                WebApplicationType.NONE,
                bootstrapServers,
                "payments.request-topic=" + requestTopic,
                "payments.group=" + LISTENER + "-" + requestTopic,
                "spring.kafka.listener.concurrency=" + concurrency,
                "spring.kafka.consumer.auto-offset-reset=earliest",
                "spring.kafka.consumer.value-deserializer="
                        + "org.springframework.kafka.support.serializer.JsonDeserializer",
                "spring.kafka.consumer.properties.spring.json.value.default.type=" + PaymentRequest.class.getName(),
                "spring.kafka.producer.value-serializer="
                        + "org.springframework.kafka.support.serializer.JsonSerializer",
                "spring.kafka.producer.properties.spring.json.add.type.headers=false");
        MessageListenerContainer container =
                service.context().getBean(KafkaListenerEndpointRegistry.class).getListenerContainer(LISTENER);
        service.awaitUntil(
                () -> container.getAssignedPartitions() != null
                        && container.getAssignedPartitions().size() == partitions,
                Duration.ofSeconds(60),
                "the payment service's consumers to be assigned " + partitions + " partitions of " + requestTopic);
        return service;
    }
}
