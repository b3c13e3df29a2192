package io.github.jmeterkafka.bench;

import static io.github.jmeterkafka.bench.Report.f0;
import static io.github.jmeterkafka.bench.Report.f1;
import static io.github.jmeterkafka.bench.Report.f2;
import static io.github.jmeterkafka.bench.Report.median;
import static io.github.jmeterkafka.bench.Report.pairs;
import static io.github.jmeterkafka.bench.Report.target;

import io.github.jmeterkafka.bench.Report.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The tables and targets of the codec cases (perf-test beside the plugin, with the bytes the broker
 * stores per record), the template and avro cases (the plugin beside itself sending random letters),
 * the influxdb case (the plugin beside itself with a Backend Listener writing to InfluxDB) and the generators' own
 * rates without Kafka.
 */
final class PayloadReport {

    /** Runs of one case against their reference runs, repeat by repeat. */
    private static final class Pair {
        final ProducerCase reference;
        final ProducerCase measured;
        final String referenceLabel;
        final String measuredLabel;
        final List<Run> referenceRuns;
        final List<Run> runs;

        Pair(
                ProducerCase reference,
                String referenceLabel,
                List<Run> referenceRuns,
                ProducerCase measured,
                String measuredLabel,
                List<Run> runs) {
            this.reference = reference;
            this.measured = measured;
            this.referenceLabel = referenceLabel;
            this.measuredLabel = measuredLabel;
            this.referenceRuns = referenceRuns.stream().filter(Objects::nonNull).collect(Collectors.toList());
            this.runs = runs.stream().filter(Objects::nonNull).collect(Collectors.toList());
        }

        /** What the reference sends: its case id is {@code <measured>-<reference>} ("template-random"). */
        String referenceId() {
            return reference.id.substring(reference.id.lastIndexOf('-') + 1);
        }

        double ratio(ToDoubleFunction<Run> metric) {
            return median(runs, metric) / median(referenceRuns, metric);
        }
    }

    static final double LISTENER_MIN_RATIO = 0.97;

    private final List<Pair> codecs = new ArrayList<>();
    private final List<Pair> payloads = new ArrayList<>();
    private final List<Pair> listeners = new ArrayList<>();
    private final List<GeneratorRates.Rate> generators = new ArrayList<>();

    void codec(ProducerCase c, List<Run> perf, List<Run> plugin) {
        codecs.add(new Pair(c, "perf-test", perf, c, "plugin", plugin));
    }

    /** A template, avro or registry case: its runs beside the same plan's runs with its reference's values. */
    void payload(
            ProducerCase random,
            String randomLabel,
            List<Run> randomRuns,
            ProducerCase made,
            String madeLabel,
            List<Run> madeRuns) {
        payloads.add(new Pair(random, randomLabel, randomRuns, made, madeLabel, madeRuns));
    }

    /** The same plan without and with a Backend Listener on the plugin's InfluxDB client. */
    void listener(ProducerCase off, List<Run> offRuns, ProducerCase on, List<Run> onRuns) {
        listeners.add(new Pair(off, "listener off", offRuns, on, "Backend Listener on, writing to InfluxDB", onRuns));
    }

    void generators(List<GeneratorRates.Rate> rates) {
        generators.addAll(rates);
    }

    List<Run> runs() {
        List<Run> all = new ArrayList<>();
        for (Pair p : all()) {
            all.addAll(p.referenceRuns);
            all.addAll(p.runs);
        }
        return all;
    }

    private List<Pair> all() {
        List<Pair> all = new ArrayList<>(codecs);
        all.addAll(payloads);
        all.addAll(listeners);
        return all;
    }

    void tables(StringBuilder s, double baselineCpu) {
        codecTable(s, baselineCpu);
        payloadTable(s, baselineCpu);
        listenerTable(s, baselineCpu);
        generatorTable(s);
    }

    private void codecTable(StringBuilder s, double baselineCpu) {
        if (codecs.isEmpty()) {
            return;
        }
        s.append("| case | side | runs | records/s | MB/s | p50 ms | p95 ms | p99 ms | CPU s: whole (net) "
                + "| stored B/record |\n|---|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
        for (Pair p : codecs) {
            String name = "(" + p.measured.id + ") " + p.measured.title;
            codecRow(s, name, p.referenceLabel, p.referenceRuns, baselineCpu);
            codecRow(s, p.referenceRuns.isEmpty() ? name : "", p.measuredLabel, p.runs, baselineCpu);
            if (!p.referenceRuns.isEmpty() && !p.runs.isEmpty()) {
                double stored = p.ratio(Run::storedPerRecord);
                s.append("| | **plugin / perf-test** | | **")
                        .append(f2(p.ratio(Run::recordsPerSec)))
                        .append("** | ")
                        .append(f2(p.ratio(Run::mbPerSec)))
                        .append(" | | | | ")
                        .append(cpuRatios(p, baselineCpu))
                        .append(" | ")
                        .append(Double.isNaN(stored) ? "" : String.format(Locale.ROOT, "%.3f", stored))
                        .append(" |\n");
            }
        }
        s.append("\nStored B/record: the topic's log on the broker (record batches as stored, compressed, with their "
                + "headers; from Admin describeLogDirs once two readings agree) over its end offsets. Both sides send "
                + "fresh random upper-case letters per record.\n\n");
    }

    private static void codecRow(StringBuilder s, String name, String side, List<Run> runs, double baselineCpu) {
        if (runs.isEmpty()) {
            return;
        }
        s.append(String.format(
                Locale.ROOT,
                "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s |%n",
                name,
                side,
                runs.size(),
                f0(median(runs, Run::recordsPerSec)),
                f2(median(runs, Run::mbPerSec)),
                f0(median(runs, Run::p50Ms)),
                f0(median(runs, Run::p95Ms)),
                f0(median(runs, Run::p99Ms)),
                cpu(runs, baselineCpu),
                f1(median(runs, Run::storedPerRecord))));
    }

    private void payloadTable(StringBuilder s, double baselineCpu) {
        pairTable(
                s,
                baselineCpu,
                payloads,
                "value",
                "Both rows of a case: the plugin, 1 thread, the same plan (bench/plans/" + Payload.PLAN + "), "
                        + "runs alternating on the same broker; the reference sends fresh random letters per record (the "
                        + "registry case's: the avro case's Avro binary with no registry).");
    }

    private void listenerTable(StringBuilder s, double baselineCpu) {
        pairTable(
                s,
                baselineCpu,
                listeners,
                "listener",
                "Both rows: the plugin, 1 thread, bench/plans/producer.jmx, runs alternating on the same broker; "
                        + "\"on\" adds JMeter's Backend Listener with the plugin's client, writing every interval to a "
                        + "local InfluxDB 1.x (Debian's influxdb) on the same machine.");
    }

    /** The plugin beside itself: each pair's two rows and their ratios. */
    private static void pairTable(
            StringBuilder s, double baselineCpu, List<Pair> pairs, String variedColumn, String footnote) {
        if (pairs.isEmpty()) {
            return;
        }
        s.append("| case | " + variedColumn + " | runs | records/s | MB/s | stored B/record | p50 ms | p95 ms "
                + "| CPU s: whole (net) | CPU µs/record: whole (net) |\n|---|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
        for (Pair p : pairs) {
            payloadRow(
                    s, "(" + p.measured.id + ") " + p.measured.title, p.referenceLabel, p.referenceRuns, baselineCpu);
            payloadRow(s, "", p.measuredLabel, p.runs, baselineCpu);
            if (!p.referenceRuns.isEmpty() && !p.runs.isEmpty()) {
                s.append("| | **")
                        .append(p.measured.id)
                        .append(" / ")
                        .append(p.referenceId())
                        .append("** | | **")
                        .append(f2(p.ratio(Run::recordsPerSec)))
                        .append("** | ")
                        .append(f2(p.ratio(Run::mbPerSec)))
                        .append(" | | | | | ")
                        .append(cpuRatios(p, baselineCpu))
                        .append(" |\n");
            }
        }
        s.append("\n").append(footnote).append("\n\n");
    }

    private static void payloadRow(StringBuilder s, String name, String value, List<Run> runs, double baselineCpu) {
        if (runs.isEmpty()) {
            return;
        }
        s.append(String.format(
                Locale.ROOT,
                "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s |%n",
                name,
                value,
                runs.size(),
                f0(median(runs, Run::recordsPerSec)),
                f2(median(runs, Run::mbPerSec)),
                f1(median(runs, Run::storedPerRecord)),
                f0(median(runs, Run::p50Ms)),
                f0(median(runs, Run::p95Ms)),
                cpu(runs, baselineCpu),
                f1(median(runs, Run::cpuMicrosPerRecord)) + " ("
                        + f1(median(runs, r -> r.netCpu(baselineCpu) * 1e6 / r.records())) + ")"));
    }

    private void generatorTable(StringBuilder s) {
        if (generators.isEmpty()) {
            return;
        }
        s.append("""
                | generator | value | windows | records/s (median) | range | µs/record | B/record | MB/s | load | steal |
                |---|---|--:|--:|--:|--:|--:|--:|--:|--:|
                """);
        for (GeneratorRates.Rate r : generators) {
            s.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %d | %s | %s to %s | %.2f | %.1f | %.1f | %.1f | %.0f %% |%n",
                    r.id,
                    r.title,
                    r.windows.length,
                    f0(r.median()),
                    f0(r.min()),
                    f0(r.max()),
                    r.microsPerRecord(),
                    r.bytesPerRecord(),
                    r.mbPerSec(),
                    r.load,
                    r.steal * 100));
        }
        s.append("\nGenerators: the sampler's RecordMaker alone, 1 thread in the bench's JVM, no Kafka: values made "
                + "one after the other, as a sampler makes them, counted in windows after a warm-up.\n\n");
    }

    private static String cpu(List<Run> runs, double baselineCpu) {
        double whole = median(runs, Run::cpu);
        return runs.get(0).side().equals("plugin")
                ? f1(whole) + " (" + f1(median(runs, r -> r.netCpu(baselineCpu))) + ")"
                : f1(whole);
    }

    /** CPU per record over the reference's: whole processes, then (net of an empty JMeter run, where the reference is the plugin too). */
    private static String cpuRatios(Pair p, double baselineCpu) {
        double whole = p.ratio(Run::cpuMicrosPerRecord);
        double net = median(p.runs, r -> r.netCpu(baselineCpu) / r.records())
                / median(p.referenceRuns, r -> r.netCpu(baselineCpu) / r.records());
        return f2(whole) + " (" + f2(net) + ")";
    }

    void targets(List<String[]> rows) {
        for (Pair p : codecs) {
            if (p.referenceRuns.isEmpty() || p.runs.isEmpty()) {
                continue;
            }
            String codec = p.measured.id;
            double rate = p.ratio(Run::recordsPerSec);
            rows.add(target(
                    "(" + codec + ") " + CodecCase.rateTarget(codec),
                    f2(rate) + pairs(p.referenceRuns, p.runs, Run::recordsPerSec),
                    CodecCase.rateMet(codec, rate)));
            double plugin = median(p.runs, Run::storedPerRecord);
            double perf = median(p.referenceRuns, Run::storedPerRecord);
            if (!Double.isNaN(plugin) && !Double.isNaN(perf)) {
                rows.add(target(
                        "(" + codec + ") stored B/record within 3 % of perf-test",
                        CodecCase.storedMeasured(plugin, perf),
                        CodecCase.storedMet(CodecCase.deviation(plugin, perf))));
            }
        }
        for (Pair p : listeners) {
            if (p.referenceRuns.isEmpty() || p.runs.isEmpty()) {
                continue;
            }
            double rate = p.ratio(Run::recordsPerSec);
            rows.add(target(
                    "(" + p.measured.id + ") records/s with the Backend Listener >= " + LISTENER_MIN_RATIO
                            + " x without",
                    f2(rate) + pairs(p.referenceRuns, p.runs, Run::recordsPerSec),
                    rate >= LISTENER_MIN_RATIO));
        }
        for (Pair p : payloads) {
            if (p.referenceRuns.isEmpty() || p.runs.isEmpty()) {
                continue;
            }
            double rate = p.ratio(Run::recordsPerSec);
            rows.add(target(
                    "(" + p.measured.id + ") records/s >= " + Payload.MIN_RATIO + " x the plugin's with "
                            + (p.referenceId().equals("random") ? "random letters" : p.referenceId()),
                    f2(rate) + pairs(p.referenceRuns, p.runs, Run::recordsPerSec),
                    rate >= Payload.MIN_RATIO));
        }
    }

    void csv(StringBuilder s) {
        for (Pair p : all()) {
            String ref = p.reference == p.measured ? p.measured.id : p.reference.id;
            p.referenceRuns.forEach(r -> Report.row(s, ref, r));
            p.runs.forEach(r -> Report.row(s, p.measured.id, r));
        }
    }
}
