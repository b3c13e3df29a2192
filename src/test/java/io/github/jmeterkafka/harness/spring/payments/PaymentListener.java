package io.github.jmeterkafka.harness.spring.payments;

import java.math.BigDecimal;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.messaging.handler.annotation.SendTo;
import org.springframework.stereotype.Component;

/** Approves payments up to 500 and declines the rest; the reply goes where the request asked. */
@Component
class PaymentListener {
    private static final BigDecimal LIMIT = new BigDecimal("500");

    @KafkaListener(
            id = PaymentsApplication.LISTENER,
            groupId = "${payments.group}",
            topics = "${payments.request-topic}")
    @SendTo
    PaymentDecision decide(PaymentRequest request) {
        String status = request.amount().compareTo(LIMIT) <= 0 ? "approved" : "declined";
        return new PaymentDecision(
                request.requestId(), request.customerId(), request.amount(), request.currency(), status);
    }
}
