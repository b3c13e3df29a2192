package io.github.jmeterkafka.listener;

/** One value of one metric of one client or group at one time. */
final class MetricPoint {
    final long timestamp;
    /** The client id, or the group id for the group lag. */
    final String source;
    /** A short name of the source for the graph, e.g. {@code producer-1}. */
    final String shortSource;

    final String metric;
    final double value;

    MetricPoint(long timestamp, String source, String shortSource, String metric, double value) {
        this.timestamp = timestamp;
        this.source = source;
        this.shortSource = shortSource;
        this.metric = metric;
        this.value = value;
    }

    /** The graph's row label. */
    String label() {
        return shortSource + " " + metric;
    }

    @Override
    public String toString() {
        return timestamp + " " + source + " " + metric + "=" + value;
    }
}
