package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.BackendListeners;
import io.github.jmeterkafka.harness.InfluxDb;
import io.github.jmeterkafka.registry.SchemaRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the cases of what the records are made of: the codecs beside perf-test, templates, schemas and the schema
 * registry beside random letters, the InfluxDB listener on and off, and the value generators alone.
 */
final class PayloadRuns {
    /** The generators' warm-up, and their windows: long enough for C2 to compile a template's placeholders. */
    private static final Duration GENERATOR_WARMUP = Duration.ofSeconds(3);

    private static final Duration GENERATOR_WINDOW = Duration.ofSeconds(1);
    private static final int GENERATOR_WINDOWS = 5;

    /** Records per run in the codec, template and avro cases (a quick look: 200000). */
    private final long payloadRecords = Long.getLong("bench.payload.records", 1_000_000);

    private final BenchRun bench;
    private final ProducerRuns producers;
    private final int recordsPerSample;

    PayloadRuns(BenchRun bench, ProducerRuns producers, int recordsPerSample) {
        this.bench = bench;
        this.producers = producers;
        this.recordsPerSample = recordsPerSample;
    }

    /** perf-test and the plugin alternately with {@code codec}, with the bytes the broker stores per record. */
    void codec(String codec) {
        ProducerCase c = CodecCase.of(codec, payloadRecords, recordsPerSample);
        producers.alternately(c, (perf, plugin) -> bench.report.payloads().codec(c, perf, plugin));
    }

    /**
     * The plugin alone, alternately sending random letters and the payload's values through the same
     * plan: what making each record from a template or schema costs the send rate.
     */
    void payload(Payload payload) {
        payload(payload, Payload.random());
    }

    /** The plugin alone, alternately sending {@code reference}'s values and {@code payload}'s through the same plan. */
    private void payload(Payload payload, Payload reference) {
        ProducerCase base = reference.producerCase(payload.id + "-" + reference.id, payloadRecords, recordsPerSample);
        ProducerCase c = payload.producerCase(payload.id, payloadRecords, recordsPerSample);
        System.out.println(
                "Case " + c.id + ": " + payload.title + " against " + reference.title + " (" + c.describe() + ")");
        List<Report.Run> referenceRuns = new ArrayList<>();
        List<Report.Run> runs = new ArrayList<>();
        bench.alternate(i -> referenceRuns.add(producers.plugin(base, i)), i -> runs.add(producers.plugin(c, i)));
        bench.report.payloads().payload(base, reference.title, referenceRuns, c, payload.title, runs);
    }

    /**
     * The avro case's records in the registry wire format written by the plugin, against the same records with no
     * registry: a real registry (Apicurio, its own JVM) asked once per run.
     */
    void registry() {
        try (SchemaRegistry registry = SchemaRegistry.start()) {
            payload(Payload.avroThroughRegistry(bench.plans, registry.confluentUrl()), Payload.avro(bench.plans));
        }
    }

    /**
     * The producer plan without and with JMeter's Backend Listener on the plugin's InfluxDB client, writing to a real
     * InfluxDB 1.x on this machine: what the listener costs the send rate.
     */
    void influxDb() {
        List<String> tried = new ArrayList<>();
        Path influxd = InfluxDb.obtain(tried)
                .orElseThrow(() -> new IllegalStateException("no influxd: Debian's influxdb package: " + tried));
        try (InfluxDb influx = InfluxDb.start(influxd, bench.runDir("influxdb-server"))) {
            influx.createDatabase("bench");
            String title = Bench.count(payloadRecords) + " x 1000 B, 1 partition, 1 thread";
            ProducerCase off =
                    ProducerCase.unthrottled("influxdb-off", title, payloadRecords, 1000, 1, recordsPerSample);
            Path plan = BackendListeners.addedTo(
                    bench.plans.resolve("producer.jmx"),
                    bench.runDir("influxdb-plan"),
                    "producer-influxdb",
                    BackendListeners.influxDb("InfluxDB", influx.writeUrl("bench"), "bench", "influxdb case"));
            ProducerCase on = ProducerCase.unthrottled("influxdb", title, payloadRecords, 1000, 1, recordsPerSample)
                    .plan(plan.toString(), Map.of());
            System.out.println("Case influxdb: the Backend Listener on the plugin's InfluxDB client, on and off ("
                    + on.describe() + ")");
            List<Report.Run> offRuns = new ArrayList<>();
            List<Report.Run> onRuns = new ArrayList<>();
            bench.alternate(i -> offRuns.add(producers.plugin(off, i)), i -> onRuns.add(producers.plugin(on, i)));
            bench.report.payloads().listener(off, offRuns, on, onRuns);
        }
    }

    /** The generators alone, in this JVM: random letters, the template, the Avro schema. */
    void generators() {
        System.out.println("Case generators: values made by one thread, no Kafka (" + GENERATOR_WARMUP.toSeconds()
                + " s warm-up, " + GENERATOR_WINDOWS + " windows of " + GENERATOR_WINDOW.toSeconds() + " s each)");
        List<GeneratorRates.Rate> rates = new ArrayList<>();
        for (Payload p : List.of(Payload.random(), Payload.template(bench.plans), Payload.avro(bench.plans))) {
            GeneratorRates.Rate r = GeneratorRates.measure(
                    p, p.spec(bench.plans), GENERATOR_WARMUP, GENERATOR_WINDOW, GENERATOR_WINDOWS);
            System.out.printf(
                    Locale.ROOT,
                    "  %-8s %,.0f records/s (%,.0f to %,.0f), %.2f µs/record, %.1f B/record, "
                            + "load %.1f, steal %.0f %%%n",
                    r.id,
                    r.median(),
                    r.min(),
                    r.max(),
                    r.microsPerRecord(),
                    r.bytesPerRecord(),
                    r.load,
                    r.steal * 100);
            rates.add(r);
        }
        bench.report.payloads().generators(rates);
    }
}
