package io.github.jmeterkafka.metrics;

import java.io.IOException;
import java.util.Map;

/** Where a broker's MBeans are read: its JMX port ({@link JmxSource}) or a Prometheus endpoint ({@link PrometheusSource}). */
interface BrokerSource extends AutoCloseable {

    /** Each metric the broker exposes, its kind's attributes in order (NaN: that attribute is not exposed). */
    Map<BrokerMetric, double[]> read() throws IOException;

    @Override
    void close();

    static BrokerSource of(BrokerEndpoint e) {
        return e.jmx() ? new JmxSource(e.url()) : new PrometheusSource(e.url());
    }
}
