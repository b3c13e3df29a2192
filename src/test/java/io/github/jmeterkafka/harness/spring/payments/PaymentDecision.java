package io.github.jmeterkafka.harness.spring.payments;

import java.math.BigDecimal;

/** The service's answer to a request. */
public record PaymentDecision(String requestId, String customerId, BigDecimal amount, String currency, String status) {}
