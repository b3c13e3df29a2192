package io.github.jmeterkafka.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The documented {@code jmeter -n -t test-plans/...} lines run as written on the test broker, one per ready plan that
 * runs on one broker: the line that sets the most of its properties (of those, the last: a plan reading a topic is
 * documented after the line that fills it, or fills it itself), with the bootstrap servers made the test
 * broker's, its topic made its own and its size cut to seconds (records at most 500, also where the line leaves the
 * plan's default, a duration at most 4 s). The others are listed with why; DocBlocksTest checks every line's plan, properties and files.
 */
class DocCommandsIT {
    private static final Map<String, String> ELSEWHERE = Map.of(
            "request-reply.jmx", "needs the echo service: RequestReplyPlanIT runs it with one",
            "pipeline-latency.jmx", "needs a service between two topics: PipelineLatencyPlanIT runs it with the echo",
            "async-api.jmx", "needs the echo's HTTP front: AsyncApiPlanIT runs it with one",
            "failover.jmx", "needs three brokers: FailoverPlanIT runs it on a 3-node cluster");
    private static final Set<String> CUT = Set.of("records", "duration", "ramp.up");
    private static final long RECORDS = 500;
    /** A plan whose records default to a number (0, where one is "no limit", is left so). */
    private static final Pattern DEFAULT_RECORDS = Pattern.compile("__P\\(records,[1-9]");

    @Test
    void eachReadyPlanRunsAsItsDocumentedLineSays() throws IOException {
        Map<String, List<String>> byPlan = new LinkedHashMap<>();
        for (DocBlocks.Block b : DocBlocks.all()) {
            for (String c : b.commands()) {
                List<String> w = DocBlocks.words(c);
                int t = w.indexOf("-t");
                if (w.get(0).equals("jmeter") && t > 0 && w.get(t + 1).startsWith("test-plans/")) {
                    String plan = Path.of(w.get(t + 1)).getFileName().toString();
                    List<String> best = byPlan.get(plan);
                    if (oneBroker(w)
                            && (best == null
                                    || properties(w).size() >= properties(best).size())) {
                        byPlan.put(plan, w);
                    } else {
                        byPlan.putIfAbsent(plan, null);
                    }
                }
            }
        }
        KafkaBroker broker = SharedBroker.get();
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        List<String> ran = new ArrayList<>();
        for (var e : byPlan.entrySet()) {
            if (ELSEWHERE.containsKey(e.getKey()) || e.getValue() == null) {
                System.out.println("Not run here: " + e.getKey() + ": "
                        + ELSEWHERE.getOrDefault(e.getKey(), "each of its documented lines needs a cluster"));
                continue;
            }
            List<String> w = e.getValue();
            Path plan = Harness.projectDir().resolve(w.get(w.indexOf("-t") + 1));
            JMeter.RunBuilder run = jmeter.plan(plan).name("doc-" + e.getKey().replace(".jmx", ""));
            // a line that leaves the plan's default number of records (up to 100,000) runs it cut, as a documented one
            if (!properties(w).containsKey("records")
                    && DEFAULT_RECORDS.matcher(Files.readString(plan)).find()) {
                run.property("records", Long.toString(RECORDS));
            }
            for (int i = 0; i < w.size(); i++) {
                if (w.get(i).equals("-q")) {
                    run.properties(read(Harness.projectDir().resolve(w.get(++i))));
                }
            }
            properties(w).forEach((k, v) -> run.property(k, value(k, v, broker)));
            JMeter.Result result = run.run();
            String line = String.join(" ", w);
            assertThat(result.exitCode()).as(line + "\n" + result.describe()).isZero();
            assertThat(result.samples().failures())
                    .as(line + "\n" + result.describe())
                    .isEmpty();
            assertThat(result.logErrors())
                    .as(line + ": ERROR in " + result.log())
                    .isEmpty();
            assertThat(result.stdout()).as(line).contains(" summary for '");
            ran.add(e.getKey());
        }
        System.out.println("Documented lines run: " + ran.size() + " plans: " + ran);
        assertThat(ran).hasSizeGreaterThanOrEqualTo(8);
    }

    /** What a line sets with -J or -G, in order. */
    private static Map<String, String> properties(List<String> w) {
        Map<String, String> p = new LinkedHashMap<>();
        for (String a : w) {
            if ((a.startsWith("-J") || a.startsWith("-G")) && a.contains("=")) {
                String[] kv = a.substring(2).split("=", 2);
                p.put(kv[0], kv[1]);
            }
        }
        return p;
    }

    /** A line one broker can run: no replicas on other brokers, no jmeter-servers. */
    private static boolean oneBroker(List<String> w) {
        return !w.contains("-R")
                && properties(w).entrySet().stream()
                        .noneMatch(p -> p.getKey().equals("replication")
                                && !p.getValue().equals("1"));
    }

    private static String value(String key, String documented, KafkaBroker broker) {
        if (key.equals("kafka.bootstrap")) {
            return broker.bootstrapServers();
        }
        if (key.equals("topic")) {
            return "doc-" + documented + "-" + System.nanoTime();
        }
        if (CUT.contains(key) && documented.matches("[0-9]+")) {
            return Long.toString(Math.min(
                    Long.parseLong(documented), key.equals("records") ? RECORDS : key.equals("duration") ? 4 : 1));
        }
        return documented;
    }

    private static Map<String, String> read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        Map<String, String> out = new LinkedHashMap<>();
        p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
        return out;
    }
}
