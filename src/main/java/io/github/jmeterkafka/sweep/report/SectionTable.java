package io.github.jmeterkafka.sweep.report;

import java.util.List;
import java.util.Optional;

/** One sampler's table: its kind, label and the part of the runs it summarises, one row per configuration. */
record SectionTable(String kind, String label, String part, List<Metric> metrics, List<ConfigurationStats> rows) {

    /** What the latency columns measure, as the plugin's summary defines it per kind. */
    String latency() {
        String latency = switch (kind) {
            case "consumer" -> "end to end";
            case "request-reply" -> "round trip";
            case "await" -> "from the await's start";
            default -> "send to ack";
        };
        return metrics.stream().anyMatch(Metric::paced) ? latency + ", corrected: from the intended send" : latency;
    }

    Optional<ConfigurationStats> row(Configuration c) {
        return rows.stream().filter(r -> r.configuration().equals(c)).findFirst();
    }

    boolean sameSampler(SectionTable other) {
        return kind.equals(other.kind) && label.equals(other.label);
    }
}
