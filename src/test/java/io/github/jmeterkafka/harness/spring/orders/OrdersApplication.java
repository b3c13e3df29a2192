package io.github.jmeterkafka.harness.spring.orders;

import io.github.jmeterkafka.harness.spring.SpringService;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * An order service as written with Spring Boot: {@code POST /orders} takes a JSON order, sends it with Spring
 * Kafka's {@code KafkaTemplate} as a JSON event keyed by its order id, and answers 202 with the order id.
 */
@SpringBootApplication
public class OrdersApplication {
    /** Starts the service on a free port of 127.0.0.1; it writes each order's event to {@code eventsTopic}. */
    public static SpringService start(String bootstrapServers, String eventsTopic) {
        return SpringService.start(
                OrdersApplication.class,
                WebApplicationType.SERVLET,
                bootstrapServers,
                "orders.events-topic=" + eventsTopic,
                "spring.kafka.producer.value-serializer="
                        + "org.springframework.kafka.support.serializer.JsonSerializer");
    }
}
