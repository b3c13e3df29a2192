package io.github.jmeterkafka.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A sweep as its file describes it (a .properties file, kept in order):
 * <pre>
 * name=producer-acks
 * plan=../producer-max-throughput.jmx      (relative to this file)
 * repeats=3
 * fixed.records=100000                    (a -J property for every run)
 * vary.partitions=1,6                     (a -J property taking each value; the first varies slowest)
 * vary.acks=0,1,all
 * fresh.topic=true                        (each run its own topic: topic-run; false: the plan's topic)
 * timeout.s=1800                          (the longest one run may take)
 * jvm.args=-Xms1g -Xmx1g                  (JMeter's JVM)
 * </pre>
 * A search file has {@link Search}'s {@code search.} lines instead of {@code vary.} lines.
 */
public final class SweepSpec {
    static final String FIXED = "fixed.";
    static final String VARY = "vary.";

    public final String name;
    public final Path plan;
    public final int repeats;
    public final Map<String, List<String>> varied;
    public final EveryRun everyRun;
    /** Null for a sweep over a matrix of values. */
    final Search search;

    /**
     * What every run of the sweep has: the -J properties that do not vary, a topic of its own ({@code freshTopic};
     * else the plan's), the JVM's arguments, and the longest it may take.
     */
    public record EveryRun(Map<String, String> fixed, boolean freshTopic, long timeoutSeconds, List<String> jvmArgs) {}

    private SweepSpec(
            String name, Path plan, int repeats, Map<String, List<String>> varied, EveryRun everyRun, Search search) {
        this.name = name;
        this.plan = plan;
        this.repeats = repeats;
        this.varied = varied;
        this.everyRun = everyRun;
        this.search = search;
    }

    public static SweepSpec read(Path file) throws IOException {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        Map<String, String> fixed = new LinkedHashMap<>();
        Map<String, List<String>> varied = new LinkedHashMap<>();
        // Properties forgets the order: the file's lines give it
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String key = line.split("[=:]", 2)[0].trim();
            if (key.startsWith(FIXED) && p.containsKey(key)) {
                fixed.put(key.substring(FIXED.length()), p.getProperty(key).trim());
            } else if (key.startsWith(VARY) && p.containsKey(key)) {
                List<String> values = new ArrayList<>();
                for (String v : p.getProperty(key).split(",", -1)) {
                    if (!v.isBlank()) {
                        values.add(v.trim());
                    }
                }
                if (values.isEmpty()) {
                    throw new IllegalArgumentException(file + ": " + key + " has no value");
                }
                varied.put(key.substring(VARY.length()), values);
            }
        }
        String plan = p.getProperty("plan", "").trim();
        if (plan.isEmpty()) {
            throw new IllegalArgumentException(file + ": no plan= line");
        }
        Search search = Search.read(file, p);
        if (search != null && !varied.isEmpty()) {
            throw new IllegalArgumentException(
                    file + ": a search varies the rate alone: leave out the vary. lines, or make it a sweep");
        }
        Path base = file.toAbsolutePath().getParent();
        String fileName = file.getFileName().toString();
        return new SweepSpec(
                p.getProperty("name", fileName.replaceFirst("\\.properties$", ""))
                        .trim(),
                base.resolve(plan).normalize(),
                positive(file, p, "repeats", 1),
                varied,
                new EveryRun(
                        fixed,
                        Boolean.parseBoolean(
                                p.getProperty("fresh.topic", "true").trim()),
                        positive(file, p, "timeout.s", 1800),
                        List.of(p.getProperty("jvm.args", "-Xms1g -Xmx1g")
                                .trim()
                                .split("\\s+"))),
                search);
    }

    /** The properties that change from run to run: the varied ones, or the searched rate. */
    List<String> variedNames() {
        return search == null ? List.copyOf(varied.keySet()) : List.of(Search.RATE);
    }

    private static int positive(Path file, Properties p, String key, int dflt) {
        String v = p.getProperty(key, "").trim();
        if (v.isEmpty()) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(file + ": " + key + "=" + v + " is not a whole number >= 1");
    }

    /**
     * Every run: each configuration of the varied values (the first property varies slowest), and the
     * repeats interleaved, repeat 1 of every configuration before repeat 2, so that a drift of the
     * cluster over the sweep spreads over all configurations rather than falling on one.
     */
    public List<Run> runs() {
        List<Map<String, String>> configs = new ArrayList<>(List.of(new LinkedHashMap<>()));
        for (Map.Entry<String, List<String>> e : varied.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : configs) {
                for (String v : e.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(e.getKey(), v);
                    next.add(m);
                }
            }
            configs = next;
        }
        List<Run> runs = new ArrayList<>();
        for (int r = 1; r <= repeats; r++) {
            for (Map<String, String> c : configs) {
                runs.add(new Run(runs.size() + 1, r, c));
            }
        }
        return runs;
    }

    /** One JMeter run of the sweep. */
    public static final class Run {
        public final int number;
        public final int repeat;
        public final Map<String, String> config;

        Run(int number, int repeat, Map<String, String> config) {
            this.number = number;
            this.repeat = repeat;
            this.config = config;
        }

        /** The configuration as {@code partitions=6 acks=all}. */
        public String describe() {
            StringBuilder b = new StringBuilder();
            config.forEach((k, v) ->
                    b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v));
            return b.toString();
        }
    }
}
