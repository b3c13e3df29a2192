package io.github.jmeterkafka.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** A producer case: the same records and producer properties for perf-test and the plugin. */
final class ProducerCase {
    final String id;
    final String title;
    final long records;
    final int recordSize;
    final int partitions;
    /** records/s, or 0 for unthrottled */
    final int throughput;

    final int recordsPerSample;
    final int threads;
    final Map<String, String> producerProperties;
    /** The plugin's plan in bench/plans; null: producer.jmx, or producer-paced.jmx when throttled. */
    final String plan;
    /** -J properties for the plugin's side alone: what its records are made of. */
    final Map<String, String> planProperties;
    /** Whether each run also measures the bytes the broker stores for its topic. */
    final boolean storedBytes;

    private ProducerCase(
            String id,
            String title,
            long records,
            int recordSize,
            int partitions,
            int throughput,
            int recordsPerSample,
            int threads,
            Map<String, String> producerProperties,
            String plan,
            Map<String, String> planProperties,
            boolean storedBytes) {
        this.id = id;
        this.title = title;
        this.records = records;
        this.recordSize = recordSize;
        this.partitions = partitions;
        this.throughput = throughput;
        this.recordsPerSample = recordsPerSample;
        this.threads = threads;
        this.producerProperties = producerProperties;
        this.plan = plan;
        this.planProperties = planProperties;
        this.storedBytes = storedBytes;
    }

    static ProducerCase unthrottled(
            String id, String title, long records, int recordSize, int partitions, int recordsPerSample) {
        return new ProducerCase(
                id,
                title,
                records,
                recordSize,
                partitions,
                0,
                recordsPerSample,
                1,
                props("1", "5"),
                null,
                Map.of(),
                false);
    }

    static ProducerCase paced(
            String id, String title, long records, int recordSize, int throughput, int recordsPerSample, int threads) {
        return new ProducerCase(
                id,
                title,
                records,
                recordSize,
                1,
                throughput,
                recordsPerSample,
                threads,
                props("1", "5"),
                null,
                Map.of(),
                false);
    }

    ProducerCase with(Map<String, String> props, int threads) {
        return new ProducerCase(
                id,
                title,
                records,
                recordSize,
                partitions,
                throughput,
                recordsPerSample,
                threads,
                props,
                plan,
                planProperties,
                storedBytes);
    }

    /** The plugin runs {@code plan} with these -J properties besides the producer properties. */
    ProducerCase plan(String plan, Map<String, String> planProperties) {
        return new ProducerCase(
                id,
                title,
                records,
                recordSize,
                partitions,
                throughput,
                recordsPerSample,
                threads,
                producerProperties,
                plan,
                Map.copyOf(planProperties),
                storedBytes);
    }

    ProducerCase measuringStoredBytes() {
        return new ProducerCase(
                id,
                title,
                records,
                recordSize,
                partitions,
                throughput,
                recordsPerSample,
                threads,
                producerProperties,
                plan,
                planProperties,
                true);
    }

    /** The plan this case's plugin side runs. */
    String planFile() {
        if (plan != null) {
            return plan;
        }
        return throughput > 0 ? "producer-paced.jmx" : "producer.jmx";
    }

    /**
     * Every producer property the plans set, with Kafka 4's defaults except acks; perf-test gets
     * the same map, so neither side runs on a default the other does not share.
     */
    static Map<String, String> props(String acks, String lingerMs) {
        return props(acks, lingerMs, "none");
    }

    static Map<String, String> props(String acks, String lingerMs, String compression) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("acks", acks);
        p.put("linger.ms", lingerMs);
        p.put("batch.size", "16384");
        p.put("compression.type", compression);
        return p;
    }

    String describe() {
        StringBuilder s = new StringBuilder();
        c(s, "records", Long.toString(records));
        c(s, "record size", recordSize > 0 ? recordSize + " B" : "as made");
        c(s, "partitions", Integer.toString(partitions));
        c(s, "throughput", throughput > 0 ? throughput + "/s" : "unthrottled");
        c(s, "plugin", threads + (threads == 1 ? " thread, " : " threads, ") + recordsPerSample + " records/sample");
        producerProperties.forEach((k, v) -> c(s, k, v));
        return s.toString();
    }

    private static void c(StringBuilder s, String k, String v) {
        s.append(s.length() == 0 ? "" : ", ").append(k).append('=').append(v);
    }

    @Override
    public String toString() {
        return id + Arrays.asList(title, describe());
    }
}
