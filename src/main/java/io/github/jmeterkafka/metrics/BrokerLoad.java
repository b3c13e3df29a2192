package io.github.jmeterkafka.metrics;

import io.github.jmeterkafka.measure.LimitSample;
import java.util.Map;

/**
 * One broker's figures of a second, from two readings of its MBeans: a meter's count grows (its rate is the growth
 * over the time between), a histogram's mean is over all its requests since the broker started (the second's mean
 * is the growth of mean x count over the growth of count), a gauge is as read.
 */
final class BrokerLoad {
    /** A reading of the broker's metrics at {@code nanos} ({@link System#nanoTime}). */
    record Reading(long nanos, Map<BrokerMetric, double[]> values) {}

    private Reading last;

    /** The second's figures from {@code now} and the reading before it; NONE on the first. */
    LimitSample.Broker next(Reading now) {
        Reading before = last;
        last = now;
        if (before == null) {
            return LimitSample.Broker.NONE;
        }
        double seconds = (now.nanos - before.nanos) / 1e9;
        return new LimitSample.Broker(
                // the idle meter counts idle nanoseconds per handler thread
                rate(before, now, BrokerMetric.HANDLER_IDLE, seconds) / 1e9,
                gauge(now, BrokerMetric.NETWORK_IDLE),
                mean(before, now, BrokerMetric.PRODUCE_TOTAL),
                mean(before, now, BrokerMetric.PRODUCE_QUEUE),
                mean(before, now, BrokerMetric.PRODUCE_LOCAL),
                mean(before, now, BrokerMetric.PRODUCE_REMOTE),
                mean(before, now, BrokerMetric.PRODUCE_SEND),
                mean(before, now, BrokerMetric.FETCH_TOTAL),
                gauge(now, BrokerMetric.UNDER_REPLICATED),
                grown(before, now, BrokerMetric.ISR_SHRINKS, 0),
                rate(before, now, BrokerMetric.BYTES_IN, seconds),
                rate(before, now, BrokerMetric.BYTES_OUT, seconds),
                mean(before, now, BrokerMetric.LOG_FLUSH));
    }

    /** Forgets the last reading: the broker could not be read, so the next reading starts over. */
    void lost() {
        last = null;
    }

    private static double gauge(Reading r, BrokerMetric m) {
        double[] v = r.values.get(m);
        return v == null ? Double.NaN : v[0];
    }

    private static double rate(Reading before, Reading now, BrokerMetric m, double seconds) {
        return seconds <= 0 ? Double.NaN : grown(before, now, m, 0) / seconds;
    }

    /** How much attribute {@code i} grew; NaN when not exposed or when it went back (the broker restarted). */
    private static double grown(Reading before, Reading now, BrokerMetric m, int i) {
        double[] a = before.values.get(m);
        double[] b = now.values.get(m);
        if (a == null || b == null) {
            return Double.NaN;
        }
        double d = b[i] - a[i];
        return d >= 0 ? d : Double.NaN;
    }

    /** The mean of the requests between the readings; NaN when none came. */
    private static double mean(Reading before, Reading now, BrokerMetric m) {
        double[] a = before.values.get(m);
        double[] b = now.values.get(m);
        if (a == null || b == null) {
            return Double.NaN;
        }
        double count = b[0] - a[0];
        return count > 0 ? Math.max(0, (b[1] * b[0] - a[1] * a[0]) / count) : Double.NaN;
    }
}
