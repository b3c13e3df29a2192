package io.github.jmeterkafka.harness.spring.orders;

import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Accepts an order and publishes it; the event is sent asynchronously, after the answer may have gone. */
@RestController
class OrderController {
    private static final Logger log = LoggerFactory.getLogger(OrderController.class);
    private final KafkaTemplate<String, Order> kafka;
    private final String eventsTopic;

    OrderController(KafkaTemplate<String, Order> kafka, @Value("${orders.events-topic}") String eventsTopic) {
        this.kafka = kafka;
        this.eventsTopic = eventsTopic;
    }

    // the send's failure is logged by whenComplete; the stage it returns would only repeat it
    @SuppressWarnings("FutureReturnValueIgnored")
    @PostMapping("/orders")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Map<String, String> accept(@RequestBody Order order) {
        kafka.send(eventsTopic, order.orderId(), order).whenComplete((sent, failure) -> {
            if (failure != null) {
                log.error("order {} not published", order.orderId(), failure);
            }
        });
        return Map.of("orderId", order.orderId());
    }
}
