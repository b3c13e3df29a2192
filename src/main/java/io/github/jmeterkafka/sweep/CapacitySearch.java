package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.measure.Objective;
import io.github.jmeterkafka.sweep.files.SearchFiles;
import io.github.jmeterkafka.text.CsvField;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Runs a search file ({@link Search}): each run of the {@link RateSearch} a JMeter process of the plan at
 * {@code -Jrate=R -Jrecords=R x seconds} with its own topic, through the sweep's {@link Runs} (so rows.csv is a
 * sweep's, varied over the rate). Beside it: {@code search.csv}, every run's verdict, and {@code search.txt}, the
 * answer ({@link SearchFiles}); the sweep report shows both.
 */
public final class CapacitySearch {
    private final SweepSpec spec;
    private final Runs runs;
    private final Path out;
    private final PrintStream console;
    private final Map<Long, Integer> repeats = new HashMap<>();
    private int number;

    public CapacitySearch(SweepSpec spec, Path jmeterHome, String bootstrap, Path out, PrintStream console) {
        if (spec.search == null) {
            throw new IllegalArgumentException(spec.name + " is not a search: it has no search.rate= line");
        }
        this.spec = spec;
        this.runs = new Runs(spec, jmeterHome, bootstrap, out);
        this.out = out;
        this.console = console;
    }

    /** Runs the search; the rows, verdicts and answer are in {@code out}. 0 when it found a rate or the bounds held. */
    public int run() throws IOException, InterruptedException {
        Search s = spec.search;
        runs.start();
        Files.writeString(
                out.resolve(SearchFiles.VERDICTS),
                String.join(",", SearchFiles.VERDICT_COLUMNS) + System.lineSeparator(),
                StandardCharsets.UTF_8);
        console.printf(
                Locale.ROOT,
                "Search '%s': the highest rate from %,d to %,d records/s that holds %s, within %s %%, %d s per run, of"
                        + " %s%s%n",
                spec.name,
                s.low(),
                s.high(),
                s.objective(),
                Objective.ms(s.precisionPercent()),
                s.seconds(),
                spec.plan,
                s.servers().isEmpty()
                        ? ""
                        : ", on " + s.servers().size() + " jmeter-servers (" + String.join(", ", s.servers())
                                + "), each run's rate split evenly over them");
        double warmup = Double.parseDouble(spec.everyRun.fixed().getOrDefault("kafka.warmup.s", "0"));
        long start = System.nanoTime();
        RateSearch.Result result = new RateSearch(
                        s,
                        spec.repeats,
                        rate -> {
                            int repeat = repeats.merge(rate, 1, Integer::sum);
                            Map<String, String> config = new LinkedHashMap<>();
                            config.put(Search.RATE, Long.toString(rate));
                            config.put(Search.RECORDS, Long.toString(s.records(rate)));
                            SweepSpec.Run run = new SweepSpec.Run(++number, repeat, config);
                            Verdict v = Verdict.of(runs.run(run), s.objective(), rate, warmup);
                            Files.writeString(
                                    out.resolve(SearchFiles.VERDICTS),
                                    row(run, v),
                                    StandardCharsets.UTF_8,
                                    StandardOpenOption.APPEND);
                            console.printf(
                                    "run %d: %s | elapsed %s%n",
                                    run.number, v.describe(s.objective()), Sweep.time(System.nanoTime() - start));
                            return v;
                        },
                        console)
                .run();
        Files.writeString(
                out.resolve(SearchFiles.ANSWER), result.text() + System.lineSeparator(), StandardCharsets.UTF_8);
        console.println(result.text());
        return result.status() == RateSearch.Status.FOUND
                        || result.status() == RateSearch.Status.ABOVE_BOUNDS
                        || result.status() == RateSearch.Status.GENERATOR_BOUND
                ? 0
                : 1;
    }

    private String row(SweepSpec.Run run, Verdict v) {
        StringJoiner j = new StringJoiner(",");
        j.add(Integer.toString(run.number))
                .add(Integer.toString(run.repeat))
                .add(Long.toString(v.rate()))
                .add(v.holds() ? "holds" : "fails")
                .add(number(v.achievedPercent()))
                .add(number(v.objectiveMs()))
                .add(number(v.corrected().p50Ms()))
                .add(number(v.corrected().p99Ms()))
                .add(number(v.corrected().p999Ms()))
                .add(CsvField.of(v.firstLimit()))
                .add(CsvField.of(v.why()))
                .add(number(spec.search.objective().limitMs()));
        return j + System.lineSeparator();
    }

    private static String number(Double v) {
        return v == null ? "" : String.format(Locale.ROOT, "%.2f", v);
    }
}
