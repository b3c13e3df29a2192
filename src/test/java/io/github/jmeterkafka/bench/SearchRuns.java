package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.ProduceQuota;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.sweep.CapacitySearch;
import io.github.jmeterkafka.sweep.SweepSpec;
import io.github.jmeterkafka.sweep.files.CsvTable;
import io.github.jmeterkafka.sweep.files.SearchFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/** Runs the search case: the searches as a user runs them, then perf-test at and around the answer. */
final class SearchRuns {
    private final BenchRun bench;

    SearchRuns(BenchRun bench) {
        this.bench = bench;
    }

    void run() {
        SearchCase c = SearchCase.fromSystemProperties();
        System.out.println("Case search: " + c.title());
        try (ProduceQuota quota = ProduceQuota.set(bench.admin(), c.quotaMb * 1_000_000.0)) {
            List<SearchCase.Search> found = new ArrayList<>();
            for (int i = 1; i <= c.searches; i++) {
                found.add(search(c, i));
                System.out.println(
                        "  search " + i + ": " + found.get(found.size() - 1).answer());
            }
            List<SearchCase.Check> checks = new ArrayList<>();
            long r = SearchCase.median(found);
            if (bench.check(r > 0, "search: no search found a rate")) {
                for (double f : SearchCase.CHECKS) {
                    checks.add(perfTest(c, f, Math.round(r * f)));
                }
            }
            bench.report.search(c, found, checks);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException | ExecutionException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException(e);
        }
    }

    private SearchCase.Search search(SearchCase c, int number) throws IOException, InterruptedException {
        Path dir = bench.runDir(SearchCase.CASE + "-" + number);
        Files.createDirectories(dir);
        Path shipped = Harness.projectDir().resolve("test-plans/sweeps").resolve(SearchCase.SWEEP);
        // the shipped file with the bench's bounds and run length: later lines win
        Path file = Files.writeString(
                dir.resolve(SearchCase.SWEEP),
                Files.readString(shipped, StandardCharsets.UTF_8)
                        + "\nname=bench-search-" + number
                        + "\nplan=" + Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx")
                        + "\nsearch.rate=" + c.rate + "\nsearch.seconds=" + c.seconds + "\nrepeats=" + c.repeats + "\n",
                StandardCharsets.UTF_8);
        int status =
                new CapacitySearch(SweepSpec.read(file), bench.jmeterHome(), bench.bootstrap(), dir, System.out).run();
        CsvTable verdicts = CsvTable.read(dir.resolve(SearchFiles.VERDICTS));
        // with repeats a rate holds only where every run of it held
        Map<Long, Boolean> holds = new HashMap<>();
        for (int i = 0; i < verdicts.size(); i++) {
            holds.merge(
                    Long.parseLong(verdicts.get(i, "rate")),
                    verdicts.get(i, "verdict").equals("holds"),
                    Boolean::logicalAnd);
        }
        long held = holds.entrySet().stream()
                .filter(Map.Entry::getValue)
                .mapToLong(Map.Entry::getKey)
                .max()
                .orElse(0);
        long failed = holds.entrySet().stream()
                .filter(e -> !e.getValue())
                .mapToLong(Map.Entry::getKey)
                .min()
                .orElse(0);
        String answer = Files.readString(dir.resolve(SearchFiles.ANSWER), StandardCharsets.UTF_8)
                .trim();
        bench.check(status == 0, "search " + number + " found no rate: " + answer);
        return new SearchCase.Search(number, status == 0 ? held : 0, failed, verdicts.size(), answer);
    }

    private SearchCase.Check perfTest(SearchCase c, double factor, long rate) {
        String id = SearchCase.CASE + "-" + rate;
        String topic = bench.topic(id, 0, "perf");
        Topics.create(bench.admin(), PacingCase.PARTITIONS, topic);
        // as many steady seconds as the plan's runs have after their warm-up
        long records = rate * (c.perfWarmupS + c.seconds - SearchCase.WARMUP_S);
        Path dir = bench.runDir(id + "-perf");
        List<String> args = bench.producerPerformanceArgs(
                topic, records, PacingCase.RECORD_SIZE, Math.toIntExact(rate), PacingCase.producerProperties());
        args.addAll(List.of("--warmup-records", Long.toString(rate * c.perfWarmupS)));
        KafkaTool.Result r = bench.tool(KafkaTool.PRODUCER_PERFORMANCE, args, dir);
        SearchCase.Check check = new SearchCase.Check(factor, rate, 0, -1, -1);
        if (bench.check(r.exitCode == 0, id + " perf-test exit code " + r.exitCode + ", see " + r.dir)) {
            Figures.Producer f = Figures.Producer.parseSteady(r.stdout);
            check = new SearchCase.Check(factor, rate, f.recordsPerSec, f.p99Ms, f.p999Ms);
            System.out.printf(
                    "  perf-test at %.2f R = %d/s: %.1f records/s, p99 %d ms%n",
                    factor, rate, f.recordsPerSec, f.p99Ms);
        }
        Topics.delete(bench.admin(), topic);
        return check;
    }
}
