package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;

/**
 * What a service behind Kafka took of each record by the records' own times (from its cause to the service's
 * write), beside what the plugin measured of the same records in the same run.
 */
final class ServiceSpans {
    private ServiceSpans() {}

    /**
     * The service's delay is in the plugin's p50 once: at least the delay, and less than the delay beyond the p50 of
     * the service's own spans, which hold the delay already. All the plugin may add to a span is the way back through
     * Kafka; counting the delay again, or waiting as long, would put the p50 past that.
     */
    static void assertDelayCountedOnce(long p50, LongStream spans, long delayMs) {
        long[] sorted = spans.sorted().toArray();
        long spanP50 = sorted[(sorted.length - 1) / 2];
        assertThat(p50)
                .as("p50 with a %d ms delay in the service, ms; the service's own p50 span: %d", delayMs, spanP50)
                .isGreaterThanOrEqualTo(delayMs)
                .isLessThan(spanP50 + delayMs);
    }
}
