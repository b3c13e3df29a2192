package io.github.jmeterkafka.harness.spring.orders;

import java.math.BigDecimal;

/** An order as the service's clients post it and as its event carries it. */
public record Order(String orderId, String customerId, BigDecimal amount, String currency, long createdAt) {}
