package io.github.jmeterkafka.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code mvn -Pbench verify}: one local broker, warmed up, then each case run alternately with
 * Kafka's perf tool and with a JMeter plan from bench/plans, on a fresh topic each time and with
 * the same client properties on both sides; prints medians side by side and checks every run's
 * record count against the broker's end offsets. Exits 1 if a run failed or a count is off;
 * a missed target is reported, not fatal (timing on a shared 2-core box is noisy).
 *
 * <p>System properties: {@code bench.repeats} (3), {@code bench.cases} (all: a,b,c,d,single, the codecs
 * lz4,snappy,gzip,zstd,none, template,avro,registry,generators, consume1,consume6, latency, reqreply, await, stall,
 * rates, pacing, search, drain, faults and replication (each on a 3-node cluster
 * of its own), influxdb;
 * {@code codecs} and {@code payloads} name groups), {@code bench.warmup.records} (2000000),
 * {@code bench.records.per.sample} (records per plugin sample in a-c and the codec, template and avro cases),
 * {@code bench.payload.records} (1000000: records per run in the codec, template, avro and registry cases),
 * {@code bench.consumer.records.per.sample} (10000), {@code bench.consumer.records} (1000000),
 * {@code bench.stall.records} (60000) and {@code bench.stall.rate} (2000: records/s in the stall case),
 * {@code bench.rates} (100,2000,20000,100000), {@code bench.rates.threads} (1,16), {@code bench.rates.partitions} (6),
 * {@code bench.rates.warmup.s} (5), {@code bench.rates.window.s} (60) and {@code bench.rates.records.per.sample} (0: as
 * the producer's buffer allows) for the rates case, {@code bench.pacing.rates} (10000,20000,40000,60000,80000) and
 * {@code bench.pacing.seconds} (25) and {@code bench.pacing.long.s} (0) for the pacing case, {@code bench.search.rate} (10000-200000),
 * {@code bench.search.seconds} (30) and {@code bench.search.count} (3) for the search case, {@code bench.jfr} (false),
 * {@code bench.jvm.args} (none: more JVM options for both load generators, {@code {dir}} standing for the run
 * directory).
 *
 * <p>Each family of cases runs in its own {@code *Runs} class, on what {@link BenchRun} holds for the whole run.
 */
public final class Bench {
    private static final List<String> ALL_CASES = List.of(
            "a",
            "b",
            "c",
            "d",
            "single",
            "lz4",
            "snappy",
            "gzip",
            "zstd",
            "none",
            "template",
            "avro",
            "registry",
            "generators",
            "consume1",
            "consume6",
            "share",
            "latency",
            "reqreply",
            "await",
            "stall",
            "rates",
            "pacing",
            "search",
            "drain",
            "faults",
            "replication",
            "influxdb");
    private static final Map<String, List<String>> GROUPS =
            Map.of("codecs", CodecCase.CODECS, "payloads", List.of("template", "avro", "registry", "generators"));

    private final Set<String> cases = cases(System.getProperty("bench.cases", "all"));
    private final long warmupRecords = Long.getLong("bench.warmup.records", 2_000_000);
    /** The plugin's records per sample in the unthrottled cases a-c and in the codec, template and avro cases. */
    private final int recordsPerSample = Integer.getInteger("bench.records.per.sample", 10_000);

    private final BenchRun bench = new BenchRun();
    private final ProducerRuns producers = new ProducerRuns(bench);
    private final SingleRuns single = new SingleRuns(bench, producers);
    private final PayloadRuns payloads = new PayloadRuns(bench, producers, recordsPerSample);
    private final ConsumerRuns consumers = new ConsumerRuns(bench);
    private final ShareRuns share = new ShareRuns(bench, consumers);
    private final LatencyRuns latency = new LatencyRuns(bench);
    private final RequestReplyRuns requestReply = new RequestReplyRuns(bench);
    private final AwaitRuns await = new AwaitRuns(bench);
    private final StallRuns stall = new StallRuns(bench);
    private final RatesRuns rates = new RatesRuns(bench);
    private final PacingRuns pacing = new PacingRuns(bench);
    private final SearchRuns search = new SearchRuns(bench);
    private final DrainRuns drain = new DrainRuns(bench);
    private final FaultRuns faults = new FaultRuns(bench);
    private final ReplicationRuns replication = new ReplicationRuns(bench);

    public static void main(String[] args) {
        System.exit(new Bench().run());
    }

    int run() {
        long t0 = System.nanoTime();
        try {
            bench.start();
            warmUp();
            baseline();
            for (String c : cases) {
                try {
                    runCase(c);
                } catch (RuntimeException e) {
                    // one broken case must not cost the others' figures
                    bench.problem("case " + c + " aborted: " + e.getMessage());
                    e.printStackTrace();
                }
                bench.writeResults();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            bench.problem("aborted: " + e);
            e.printStackTrace();
        } finally {
            bench.close();
        }
        return bench.end(Duration.ofNanos(System.nanoTime() - t0)) ? 0 : 1;
    }

    private void runCase(String c) {
        switch (c) {
            case "a" ->
                producers.run(ProducerCase.unthrottled(
                        "a", "1M x 1000 B, 1 partition", 1_000_000, 1000, 1, recordsPerSample));
            case "b" ->
                producers.run(ProducerCase.unthrottled(
                        "b", "1M x 1000 B, 6 partitions", 1_000_000, 1000, 6, recordsPerSample));
            case "c" ->
                producers.run(
                        ProducerCase.unthrottled("c", "1M x 100 B, 1 partition", 1_000_000, 100, 1, recordsPerSample));
            case "d" -> producers.run(ProducerCase.paced("d", "100k x 1000 B at 5000/s", 100_000, 1000, 5000, 10, 16));
            case "single" -> single.run();
            case "lz4", "snappy", "gzip", "zstd", "none" -> payloads.codec(c);
            case "template" -> payloads.payload(Payload.template(bench.plans));
            case "avro" -> payloads.payload(Payload.avro(bench.plans));
            case "registry" -> payloads.registry();
            case "generators" -> payloads.generators();
            case "consume1" -> consumers.run("consume1", 1, 1);
            case "consume6" -> consumers.run("consume6", 6, 3);
            case "share" -> share.run();
            case "latency" -> latency.run();
            case "reqreply" -> requestReply.run();
            case "await" -> await.run();
            case "stall" -> stall.run();
            case "search" -> search.run();
            case "drain" -> drain.run();
            case "faults" -> faults.run();
            case "replication" -> replication.run();
            case "rates" -> rates.run();
            case "pacing" -> pacing.run();
            case "influxdb" -> payloads.influxDb();
            default -> throw new IllegalArgumentException("No case " + c + "; cases: " + ALL_CASES);
        }
    }

    private void warmUp() {
        if (warmupRecords <= 0) {
            return;
        }
        System.out.println("Warming the broker up: " + warmupRecords + " x 1000 B with ProducerPerformance...");
        ProducerCase w = ProducerCase.unthrottled("warmup", "warm-up", warmupRecords, 1000, 1, 1);
        Report.Run r = producers.perfTest(w, 0);
        System.out.println("  warm-up: " + Report.format(r));
    }

    /** JMeter starting and stopping with nothing to do: the start-up cost in every plugin figure. */
    private void baseline() {
        List<Report.Run> runs = new ArrayList<>();
        for (int i = 0; i < Math.max(1, bench.repeats); i++) {
            Path dir = bench.runDir("baseline-empty-plan");
            PluginRun run = PluginRun.of(bench.jmeter("empty.jmx", dir), dir);
            bench.check(
                    run.result.exitCode() == 0, "empty plan: JMeter exit code " + run.result.exitCode() + ", " + dir);
            Report.Run r = Report.Run.baseline(
                    i,
                    run.cpuSeconds,
                    run.cpuSecondsAfterStart,
                    run.result.elapsed().toMillis() / 1000.0,
                    run.steal);
            runs.add(r);
            System.out.printf(
                    Locale.ROOT,
                    "  JMeter empty plan: %.2f s CPU (%.2f s after test start), %.1f s wall%n",
                    r.cpu(),
                    r.cpuAfterStart(),
                    r.wall());
        }
        bench.report.baseline(runs);
    }

    /** 1000000 as 1M, 100000 as 100k: how the case titles count records. */
    static String count(long records) {
        if (records % 1_000_000 == 0) {
            return records / 1_000_000 + "M";
        }
        return records % 1000 == 0 ? records / 1000 + "k" : Long.toString(records);
    }

    static Set<String> cases(String value) {
        if (value.isBlank() || value.trim().equals("all")) {
            return new LinkedHashSet<>(ALL_CASES);
        }
        Set<String> out = new LinkedHashSet<>();
        // limit 0: a trailing comma adds no case
        for (String c : value.split(",", 0)) {
            String id = c.trim();
            if (GROUPS.containsKey(id)) {
                out.addAll(GROUPS.get(id));
            } else if (ALL_CASES.contains(id)) {
                out.add(id);
            } else {
                throw new IllegalArgumentException(
                        "No case '" + id + "'; cases: " + ALL_CASES + ", groups: " + GROUPS.keySet());
            }
        }
        return out;
    }
}
