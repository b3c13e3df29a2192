package io.github.jmeterkafka.metrics;

/** One value of one metric of one client or group at one time. */
public final class MetricPoint {
    public final long timestamp;
    /** The client id, or the group id for the group lag. */
    final String source;
    /** A short name of the source for the graph, e.g. {@code producer-1}. */
    final String shortSource;

    final String metric;
    public final double value;

    public MetricPoint(long timestamp, String source, String shortSource, String metric, double value) {
        this.timestamp = timestamp;
        this.source = source;
        this.shortSource = shortSource;
        this.metric = metric;
        this.value = value;
    }

    /** The graph's row label. */
    public String label() {
        return shortSource + " " + metric;
    }

    @Override
    public String toString() {
        return timestamp + " " + source + " " + metric + "=" + value;
    }
}
