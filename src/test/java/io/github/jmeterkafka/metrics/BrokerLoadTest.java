package io.github.jmeterkafka.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.jmeterkafka.measure.LimitSample;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerLoadTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aSecondsFiguresComeFromTwoReadings() {
        BrokerLoad load = new BrokerLoad();
        assertThat(load.next(reading(0, 1e9, 100, 1.0, 5_000_000, 0))).isEqualTo(LimitSample.Broker.NONE);

        // 2 s later: handlers idle 0.5 s a second; 100 more requests whose mean brings 100 x 1.0 to 200 x 2.0 (3 ms
        // each); 10 MB in
        LimitSample.Broker b = load.next(reading(2 * SECOND, 2e9, 200, 2.0, 15_000_000, 1));

        assertThat(b.handlerIdle()).isCloseTo(0.5, within(1e-9));
        assertThat(b.produceMs()).isCloseTo(3.0, within(1e-9));
        assertThat(b.bytesIn()).isCloseTo(5_000_000, within(1e-6));
        assertThat(b.isrShrinks()).isEqualTo(1);
        assertThat(b.networkIdle()).isEqualTo(0.7);
        // not exposed: n/a
        assertThat(b.bytesOut()).isNaN();
    }

    @Test
    void noRequestsInTheSecondOrACountGoneBack_isNotAvailable() {
        BrokerLoad load = new BrokerLoad();
        load.next(reading(0, 5e9, 100, 1.0, 5_000_000, 3));

        LimitSample.Broker b = load.next(reading(SECOND, 1e9, 100, 1.0, 6_000_000, 0));

        // the broker restarted: its counts went back
        assertThat(b.handlerIdle()).isNaN();
        assertThat(b.isrShrinks()).isNaN();
        assertThat(b.produceMs()).isNaN();
        assertThat(b.bytesIn()).isEqualTo(1_000_000);
    }

    @Test
    void aLostReadingStartsOver() {
        BrokerLoad load = new BrokerLoad();
        load.next(reading(0, 0, 0, 0, 0, 0));
        load.lost();

        assertThat(load.next(reading(SECOND, 1e9, 1, 1, 1, 0))).isEqualTo(LimitSample.Broker.NONE);
    }

    private static BrokerLoad.Reading reading(
            long nanos, double idleNanos, double produced, double produceMean, double bytesIn, double shrinks) {
        return new BrokerLoad.Reading(
                nanos,
                Map.of(
                        BrokerMetric.HANDLER_IDLE, new double[] {idleNanos},
                        BrokerMetric.NETWORK_IDLE, new double[] {0.7},
                        BrokerMetric.PRODUCE_TOTAL, new double[] {produced, produceMean},
                        BrokerMetric.BYTES_IN, new double[] {bytesIn},
                        BrokerMetric.ISR_SHRINKS, new double[] {shrinks}));
    }
}
