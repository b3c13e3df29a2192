package io.github.jmeterkafka.prometheus;

import io.github.jmeterkafka.measure.IntervalFigures;
import io.github.jmeterkafka.measure.LimitSeries;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * The Kafka samplers' figures in Prometheus's text format (0.0.4), from the intervals their interval logs write:
 * per sampler, counters since the test started (records, failed records, bytes) and the last interval's rates, latency
 * quantiles in ms and what the limits probe read. The same figures, from the same histograms, as the InfluxDB points.
 * Thread-safe.
 */
final class KafkaMetrics {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99, 0.999, 0.9999};
    private static final double MB = 1024.0 * 1024.0;

    /** One sampler's counters since the test started and its last interval. */
    private record Sampler(long records, long failed, long bytes, IntervalFigures last) {}

    private final Map<String, Sampler> samplers = new TreeMap<>();

    synchronized void add(IntervalFigures f) {
        Sampler before = samplers.getOrDefault(f.label(), new Sampler(0, 0, 0, null));
        samplers.put(
                f.label(),
                new Sampler(
                        before.records + f.records(),
                        before.failed + f.interval().failed(),
                        before.bytes + f.interval().bytes(),
                        f));
    }

    synchronized boolean isEmpty() {
        return samplers.isEmpty();
    }

    synchronized String text() {
        StringBuilder s = new StringBuilder(4096);
        counter(
                s,
                "records",
                "Records acknowledged (producers), read (consumers) or answered since the test started",
                Sampler::records);
        counter(s, "failed", "Records that failed since the test started", Sampler::failed);
        counter(s, "bytes", "Bytes of those records since the test started", Sampler::bytes);
        gauge(s, "records_per_second", "Records per second over the last interval", f -> f.records() / f.seconds());
        gauge(
                s,
                "mb_per_second",
                "MB (2^20 bytes) per second over the last interval",
                f -> f.interval().bytes() / MB / f.seconds());
        gauge(
                s,
                "failed_per_second",
                "Failed records per second over the last interval",
                f -> f.interval().failed() / f.seconds());
        quantiles(
                s,
                "latency_ms",
                "Each record's latency over the last interval, in ms (send-to-ack, end-to-end or round-trip: the latency label)",
                false);
        quantiles(
                s,
                "corrected_latency_ms",
                "A paced producer's latency from each record's intended send time over the last interval, in ms",
                true);
        Set<LimitSeries> limits = EnumSet.noneOf(LimitSeries.class);
        samplers.values().forEach(m -> limits.addAll(m.last.limits().keySet()));
        for (LimitSeries series : limits) {
            String name = "jmeter_kafka_" + series.field();
            header(
                    s,
                    name,
                    "gauge",
                    "What may limit the run, as the limits probe read it last: " + series.title + " (" + series.unit
                            + ")");
            samplers.forEach((label, m) -> {
                Long v = m.last.limits().get(series);
                if (v != null) {
                    line(s, name, labels(label, m.last), series.shown(v));
                }
            });
        }
        return s.toString();
    }

    private void counter(StringBuilder s, String what, String help, ToDoubleFunction<Sampler> value) {
        String name = "jmeter_kafka_" + what + "_total";
        header(s, name, "counter", help);
        samplers.forEach((label, m) -> line(s, name, labels(label, m.last), value.applyAsDouble(m)));
    }

    private void gauge(StringBuilder s, String what, String help, ToDoubleFunction<IntervalFigures> value) {
        String name = "jmeter_kafka_" + what;
        header(s, name, "gauge", help);
        samplers.forEach((label, m) -> line(s, name, labels(label, m.last), value.applyAsDouble(m.last)));
    }

    /** Only samplers whose last interval has latencies: an empty interval has no quantile to show. */
    private void quantiles(StringBuilder s, String what, String help, boolean corrected) {
        String name = "jmeter_kafka_" + what;
        header(s, name, "gauge", help);
        samplers.forEach((label, m) -> {
            Histogram h = corrected
                    ? m.last.interval().correctedMicros()
                    : m.last.interval().latencyMicros();
            if (h == null || h.getTotalCount() == 0) {
                return;
            }
            String labels = labels(label, m.last);
            for (double q : QUANTILES) {
                line(s, name, labels + ",quantile=\"" + number(q) + "\"", h.getValueAtPercentile(q * 100) / 1000.0);
            }
            line(s, name, labels + ",quantile=\"1\"", h.getMaxValue() / 1000.0);
        });
    }

    private static void header(StringBuilder s, String name, String type, String help) {
        s.append("# HELP ").append(name).append(' ').append(help).append('\n');
        s.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static String labels(String label, IntervalFigures f) {
        return "sampler=\"" + escape(label) + "\",kind=\"" + escape(f.kind()) + "\",latency=\"" + escape(f.latency())
                + "\"";
    }

    private static void line(StringBuilder s, String name, String labels, double value) {
        s.append(name)
                .append('{')
                .append(labels)
                .append("} ")
                .append(number(value))
                .append('\n');
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** A label value: backslash, double quote and line feed escaped, as the format says. */
    static String escape(String v) {
        return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
