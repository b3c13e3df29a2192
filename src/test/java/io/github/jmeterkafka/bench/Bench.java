package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
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
 * rates, influxdb;
 * {@code codecs} and {@code payloads} name groups), {@code bench.warmup.records} (2000000),
 * {@code bench.records.per.sample} (records per plugin sample in a-c and the codec, template and avro cases),
 * {@code bench.payload.records} (1000000: records per run in the codec, template, avro and registry cases),
 * {@code bench.consumer.records.per.sample} (10000), {@code bench.consumer.records} (1000000),
 * {@code bench.stall.records} (60000) and {@code bench.stall.rate} (2000: records/s in the stall case),
 * {@code bench.rates} (100,2000,20000,100000), {@code bench.rates.threads} (1,16), {@code bench.rates.partitions} (6),
 * {@code bench.rates.warmup.s} (5), {@code bench.rates.window.s} (60) and {@code bench.rates.records.per.sample} (0: as
 * the producer's buffer allows) for the rates case, {@code bench.jfr} (false),
 * {@code bench.jvm.args} (none: more JVM options for both load generators, {@code {dir}} standing for the run
 * directory).
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
            "influxdb");
    private static final Map<String, List<String>> GROUPS =
            Map.of("codecs", CodecCase.CODECS, "payloads", List.of("template", "avro", "registry", "generators"));
    private final Set<String> cases = cases(System.getProperty("bench.cases", "all"));
    private final long warmupRecords = Long.getLong("bench.warmup.records", 2_000_000);
    /** The plugin's records per sample in the unthrottled cases a-c. */
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
            case "stall" -> stallCase();
            case "rates" -> ratesCase();
            case "influxdb" -> payloads.influxDb();
            default -> throw new IllegalArgumentException("No case " + c + "; cases: " + ALL_CASES);
        }
    }

    // ---------------------------------------------------------------- producer

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

    // ---------------------------------------------------------------- stall

    /**
     * perf-test and producer-fixed-rate.jmx alternately through a broker stopped for a while mid-run, then without a
     * stall perf-test, and bench/plans/producer-paced.jmx paced by the target rate and by the Constant Throughput
     * Timer (who goes first alternates there too).
     */
    private void stallCase() {
        StallCase c = StallCase.fromSystemProperties();
        System.out.println("Case stall: " + c.title());
        bench.check(
                c.outlastsTheStall(),
                "stall: " + c.records + " records at " + c.rate + "/s end before the stall does; more records");
        bench.check(
                60_000 % c.samplesPerMinute() == 0,
                "stall: the timer's " + c.samplesPerMinute() + " samples/min are not a whole number of ms apart"
                        + " (it rounds); another bench.stall.rate");
        List<StallCase.Run> runs = new ArrayList<>();
        bench.alternate(
                i -> runs.add(stallPerfTest(c, i, true)),
                i -> runs.add(stallPlugin(c, i, StallCase.STALL_VARIANT, StallCase.FIELD)));
        bench.alternate(i -> runs.add(stallPerfTest(c, i, false)), i -> {
            List<String> sides =
                    i % 2 == 0 ? List.of(StallCase.FIELD, StallCase.TIMER) : List.of(StallCase.TIMER, StallCase.FIELD);
            sides.forEach(side -> runs.add(stallPlugin(c, i, StallCase.PACED_VARIANT, side)));
        });
        runs.removeIf(Objects::isNull);
        bench.report.stall(c, runs);
    }

    private StallCase.Run stallPerfTest(StallCase c, int repeat, boolean stall) {
        String variant = stall ? StallCase.STALL_VARIANT : StallCase.PACED_VARIANT;
        String topic = bench.topic(variant, repeat, "perf");
        Topics.create(bench.admin(), StallCase.PARTITIONS, topic);
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap-server",
                bench.bootstrap(),
                "--topic",
                topic,
                "--num-records",
                Long.toString(c.records),
                "--record-size",
                Integer.toString(StallCase.RECORD_SIZE),
                "--throughput",
                Integer.toString(c.rate),
                "--command-property"));
        StallCase.producerProperties(false).forEach((k, v) -> args.add(k + "=" + v));
        Path dir = bench.runDir(variant + "-perf");
        BrokerStall s = stall(stall, topic);
        KafkaTool.Result r;
        try {
            r = bench.tool(KafkaTool.PRODUCER_PERFORMANCE, args, dir);
        } finally {
            closeStall(s);
        }
        BrokerStall.Result stalled = stallHappened(variant + " perf-test", s);
        StallCase.Run run = null;
        if (bench.check(r.exitCode == 0, variant + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            long stored = Topics.endOffsets(bench.admin(), topic);
            run = StallCase.Run.perfTest(
                    variant, repeat, r.stdout, r.cpuSeconds, r.wallSeconds, r.steal, stored, stalled);
            bench.checkCount(variant + " perf-test", c.records, run.sendToAck().records(), stored);
            System.out.println("  perf-test #" + (repeat + 1) + ": " + run.format());
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    /** The target rate (FIELD; under a stall through producer-fixed-rate.jmx) or the timer (TIMER). */
    private StallCase.Run stallPlugin(StallCase c, int repeat, String variant, String side) {
        boolean stall = variant.equals(StallCase.STALL_VARIANT);
        boolean timer = side.equals(StallCase.TIMER);
        String topic = bench.topic(variant, repeat, timer ? "timer" : "plugin");
        Topics.create(bench.admin(), StallCase.PARTITIONS, topic);
        Path dir = bench.runDir(variant + "-" + (timer ? "timer" : "plugin"));
        JMeter.RunBuilder b = (stall ? bench.testPlan(StallCase.PLAN, dir) : bench.plugin(StallCase.PACED_PLAN, dir))
                .property("kafka.bootstrap", bench.bootstrap())
                .property("topic", topic)
                .property("partitions", Integer.toString(StallCase.PARTITIONS))
                .property("records", Long.toString(c.records))
                .property("record.size", Integer.toString(StallCase.RECORD_SIZE))
                .property("records.per.sample", Integer.toString(StallCase.RECORDS_PER_SAMPLE))
                .property("threads", Integer.toString(c.threads()))
                .properties(StallCase.producerProperties(stall));
        if (stall) {
            b.property("rate", Integer.toString(c.rate));
        } else if (timer) {
            b.property("samples.per.minute", Double.toString(c.samplesPerMinute()));
        } else {
            b.property("target.rate", Integer.toString(c.rate));
        }
        BrokerStall s = stall(stall, topic);
        PluginRun p;
        try {
            p = PluginRun.of(b, dir);
        } finally {
            closeStall(s);
        }
        BrokerStall.Result stalled = stallHappened(variant + " plugin", s);
        StallCase.Run run = null;
        String what = variant + " " + side;
        if (bench.check(
                p.result.exitCode() == 0, what + ": JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            bench.check(p.result.stdout().contains("\n0 records failed."), what + ": records failed, see " + dir);
            long stored = Topics.endOffsets(bench.admin(), topic);
            List<Jtl.Row> samples = p.result.samples().rows(stall ? StallCase.LABEL : StallCase.PACED_LABEL);
            run = StallCase.Run.plugin(
                    variant,
                    side,
                    repeat,
                    p.result.stdout(),
                    stall ? StallCase.TITLE : StallCase.PACED_TITLE,
                    p.cpuSeconds,
                    p.cpuSecondsAfterStart,
                    p.result.elapsed().toMillis() / 1000.0,
                    p.steal,
                    stored,
                    samples.size(),
                    samples.stream()
                            .mapToLong(r -> Long.parseLong(r.get("Connect")))
                            .max()
                            .orElse(-1),
                    stalled);
            bench.checkCount(what, c.records, run.sendToAck().records(), stored);
            bench.check(timer || run.paced(), what + ": no corrected latency in the summary, see " + dir);
            System.out.println("  " + side + " #" + (repeat + 1) + ": " + run.format());
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    /** A stall of the broker for this run, started; null without one. */
    private BrokerStall stall(boolean stall, String topic) {
        return stall
                ? new BrokerStall(bench.brokerPid(), bench.admin(), topic, StallCase.STALL_AT, StallCase.STALL).start()
                : null;
    }

    private static void closeStall(BrokerStall s) {
        if (s != null) {
            s.close();
        }
    }

    /** The stall's result (null without one); a stall that did not happen is a problem: the run measured something else. */
    private BrokerStall.Result stallHappened(String what, BrokerStall s) {
        if (s == null) {
            return null;
        }
        BrokerStall.Result r = s.result();
        bench.check(
                r != null && r.happened(StallCase.STALL),
                what + ": the broker was not stopped for " + StallCase.STALL.toMillis() + " ms: "
                        + (r == null ? s.failure() : r.format()));
        return r;
    }

    // ---------------------------------------------------------------- rates

    /**
     * producer-paced.jmx paced by the target rate at each rate and thread count, rates rising, each thread count in
     * turn; ProducerPerformance at --throughput -1 right before every run at the top rate gives the broker's ceiling.
     */
    private void ratesCase() {
        RatesCase c = RatesCase.fromSystemProperties();
        System.out.println("Case rates: " + c.title());
        List<RatesCase.Run> runs = new ArrayList<>();
        List<Report.Run> ceilings = new ArrayList<>();
        for (int i = 0; i < bench.repeats; i++) {
            for (int rate : c.rates) {
                for (int threads : c.threads) {
                    if (rate == c.topRate()) {
                        ceilings.add(ratesCeiling(c, threads, i));
                    }
                    runs.add(ratesPlugin(c, threads, rate, i));
                }
            }
        }
        runs.removeIf(Objects::isNull);
        bench.report.rates(c, runs, ceilings);
    }

    /** perf-test unthrottled with the rates case's records and properties: its steady state is the broker's ceiling. */
    private Report.Run ratesCeiling(RatesCase c, int beforeThreads, int repeat) {
        String id = RatesCase.CASE + "-ceiling-" + beforeThreads;
        String topic = bench.topic(id, repeat, "perf");
        Topics.create(bench.admin(), c.partitions, topic);
        KafkaTool.Result r = bench.tool(
                KafkaTool.PRODUCER_PERFORMANCE, c.ceilingArgs(bench.bootstrap(), topic), bench.runDir(id + "-perf"));
        Report.Run run = null;
        if (bench.check(r.exitCode == 0, id + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            long stored = Topics.endOffsets(bench.admin(), topic);
            bench.checkCount(
                    id + " perf-test",
                    RatesCase.CEILING_RECORDS,
                    Figures.Producer.parseWhole(r.stdout).records,
                    stored);
            run = Report.Run.producer(
                    "perf-test steady state",
                    repeat,
                    Figures.Producer.parseSteady(r.stdout),
                    r.cpuSeconds,
                    Double.NaN,
                    r.wallSeconds,
                    r.steal,
                    stored,
                    -1);
            System.out.println("  perf-test ceiling #" + (repeat + 1) + ", steady state: " + Report.format(run));
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    private RatesCase.Run ratesPlugin(RatesCase c, int threads, int rate, int repeat) {
        String what = "rates " + RatesCase.side(threads, rate);
        String topic = bench.topic(RatesCase.CASE + "-" + threads + "x" + rate, repeat, "plugin");
        Topics.create(bench.admin(), c.partitions, topic);
        Path dir = bench.runDir(RatesCase.CASE + "-" + threads + "x" + rate);
        long records = c.records(rate);
        JMeter.RunBuilder b = bench.plugin(RatesCase.PLAN, dir)
                .property("kafka.bootstrap", bench.bootstrap())
                .property("topic", topic)
                .property("records", Long.toString(records))
                .property("record.size", Integer.toString(RatesCase.RECORD_SIZE))
                .property("records.per.sample", Integer.toString(c.recordsPerSample(threads)))
                .property("threads", Integer.toString(threads))
                .property("target.rate", Integer.toString(rate))
                .properties(RatesCase.producerProperties());
        PluginRun p = PluginRun.of(b, dir);
        RatesCase.Run run = null;
        if (bench.check(
                p.result.exitCode() == 0, what + ": JMeter exit code " + p.result.exitCode() + ", see " + dir)) {
            bench.check(p.result.stdout().contains("\n0 records failed."), what + ": records failed, see " + dir);
            long stored = Topics.endOffsets(bench.admin(), topic);
            RatesCase.Window w = RatesCase.window(p.result.samples().rows(RatesCase.LABEL), c.warmup, c.window);
            run = RatesCase.Run.of(
                    threads,
                    rate,
                    repeat,
                    w,
                    p.result.stdout(),
                    p.cpuSeconds,
                    p.cpuSecondsAfterStart,
                    p.result.elapsed().toMillis() / 1000.0,
                    p.steal,
                    stored,
                    records);
            bench.checkCount(what, records, run.whole().records(), stored);
            bench.check(run.summary().paced(), what + ": no schedule figures in the summary, see " + dir);
            bench.check(w.covered(), what + ": the run ended inside the window, see " + dir);
            System.out.println("  " + RatesCase.side(threads, rate) + " #" + (repeat + 1) + ": " + run.format());
        }
        Topics.delete(bench.admin(), topic);
        return run;
    }

    // ---------------------------------------------------------------- helpers

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
