package io.github.jmeterkafka.harness.spring.payments;

import java.math.BigDecimal;

/** What the service reads of a request; other fields of the JSON are ignored. */
public record PaymentRequest(String requestId, String customerId, BigDecimal amount, String currency) {}
