package io.github.jmeterkafka.influx;

import io.github.jmeterkafka.measure.Interval;
import io.github.jmeterkafka.measure.IntervalFigures;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One sampler's interval as an InfluxDB line, in the layout of JMeter's own InfluxDB client (tags
 * {@code application}, {@code transaction}, {@code statut=all}; fields {@code count}, {@code countError}, {@code
 * avg}, {@code min}, {@code max}, {@code pct90.0}, {@code pct99.9}) with per-record values, and the Kafka figures beside them.
 * Latencies in ms, timestamp the interval's end in ns (JMeter's client writes ns too).
 */
final class IntervalLine {
    static final double[] PERCENTILES = {50, 90, 95, 99, 99.9, 99.99};
    private static final double MB = 1024.0 * 1024.0;

    private final String measurement;
    private final String tags;

    /** @param tags tag names and values every line carries besides transaction, statut, kind and latency */
    IntervalLine(String measurement, Map<String, String> tags) {
        this.measurement = measurement.replace(",", "\\,").replace(" ", "\\ ");
        StringBuilder t = new StringBuilder();
        tags.forEach((k, v) -> {
            if (!v.isEmpty()) {
                t.append(',').append(tag(k)).append('=').append(tag(v));
            }
        });
        this.tags = t.toString();
    }

    String line(IntervalFigures f) {
        StringBuilder s = new StringBuilder(512)
                .append(measurement)
                .append(tags)
                .append(",transaction=")
                .append(tag(f.label()))
                .append(",statut=all,kind=")
                .append(tag(f.kind()))
                .append(",latency=")
                .append(tag(f.latency()))
                .append(' ');
        Interval in = f.interval();
        double seconds = f.seconds();
        long records = f.records();
        // floats, as JMeter's client writes them: InfluxDB keeps one type per field
        s.append("count=").append(records + in.failed());
        s.append(",countError=").append(in.failed());
        s.append(",records=").append(records).append('i');
        s.append(",failed=").append(in.failed()).append('i');
        s.append(",bytes=").append(in.bytes()).append('i');
        s.append(",interval_s=").append(number(seconds));
        s.append(",records_per_s=").append(number(records / seconds));
        s.append(",mb_per_s=").append(number(in.bytes() / MB / seconds));
        s.append(",failed_per_s=").append(number(in.failed() / seconds));
        latencies(s, "", in.latencyMicros());
        if (in.correctedMicros() != null) {
            latencies(s, "corrected_", in.correctedMicros());
        }
        // what may limit the run, as the probe read it last: only what it could read
        f.limits()
                .forEach((series, v) ->
                        s.append(',').append(series.field()).append('=').append(number(series.shown(v))));
        return s.append(' ').append(in.endMs() * 1_000_000L).toString();
    }

    /** Nothing when the interval has no latency: InfluxDB keeps no empty field. */
    private static void latencies(StringBuilder s, String prefix, Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return;
        }
        s.append(',').append(prefix).append("avg=").append(ms(micros.getMean()));
        s.append(',').append(prefix).append("min=").append(ms((double) micros.getMinValue()));
        s.append(',').append(prefix).append("max=").append(ms((double) micros.getMaxValue()));
        for (double p : PERCENTILES) {
            s.append(',').append(prefix).append(percentileField(p)).append('=').append(ms((double)
                    micros.getValueAtPercentile(p)));
        }
    }

    /** As JMeter's client names them: pct90.0, pct99.9. */
    static String percentileField(double p) {
        return "pct" + p;
    }

    private static String ms(double micros) {
        return number(micros / 1000.0);
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6f", v);
    }

    /** Line protocol: commas, equal signs and spaces in tag keys and values are escaped. */
    static String tag(String v) {
        return v.replace('\n', ' ')
                .replace('\r', ' ')
                .replace(",", "\\,")
                .replace("=", "\\=")
                .replace(" ", "\\ ");
    }
}
