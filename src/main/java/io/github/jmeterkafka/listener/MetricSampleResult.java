package io.github.jmeterkafka.listener;

import io.github.jmeterkafka.metrics.MetricPoint;
import org.apache.jmeter.samplers.SampleResult;

/** How the collector hands one metric value to the graph: label, time and value. */
final class MetricSampleResult extends SampleResult {
    private static final long serialVersionUID = 1L;

    private final double value;

    MetricSampleResult(MetricPoint point) {
        super(point.timestamp, 0);
        setSampleLabel(point.label());
        setSuccessful(true);
        this.value = point.value;
    }

    double value() {
        return value;
    }
}
