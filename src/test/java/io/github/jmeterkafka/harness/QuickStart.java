package io.github.jmeterkafka.harness;

import io.github.jmeterkafka.echo.EchoOptions;
import io.github.jmeterkafka.echo.EchoService;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code mvn -Pquickstart verify}: runs test-plans/quickstart.jmx against {@code -Dkafka.bootstrap}
 * or, without it, a broker started here, prints JMeter's console output (the plugin's end-of-test
 * summaries among it) and points at the HTML report. Exits non-zero if JMeter failed or any sample did.
 * With {@code -Dplan=request-reply} it runs test-plans/request-reply.jmx instead, against the echo service
 * started here on the same cluster (its topics made if missing); with {@code -Dplan=pipeline-latency},
 * test-plans/pipeline-latency.jmx against the echo's transform (a service that keeps the key); with
 * {@code -Dplan=async-api}, test-plans/async-api.jmx against the echo's HTTP front.
 */
public final class QuickStart {

    private static final String REQUEST_REPLY = "request-reply";
    private static final String PIPELINE = "pipeline-latency";
    private static final String ASYNC_API = "async-api";
    private static final List<String> PLANS = List.of("quickstart", REQUEST_REPLY, PIPELINE, ASYNC_API);

    private QuickStart() {}

    public static void main(String[] args) {
        System.exit(run(
                property("kafka.bootstrap", null),
                property("plan", "quickstart"),
                property(
                        "topic",
                        "quickstart-"
                                + LocalDateTime.now(ZoneId.systemDefault())
                                        .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))),
                Integer.parseInt(property("kafka.nodes", "1")),
                System.out));
    }

    /**
     * @param bootstrap null: start a local broker for the run
     * @param planName  one of {@link #PLANS}
     */
    static int run(String bootstrap, String planName, String topic, PrintStream out) {
        return run(bootstrap, planName, topic, 1, out);
    }

    /** @param nodes without a bootstrap: 1, a local broker; more, a local cluster of that many nodes (replication 3) */
    static int run(String bootstrap, String planName, String topic, int nodes, PrintStream out) {
        Path plan = Harness.projectDir().resolve("test-plans").resolve(planName + ".jmx");
        if (!Files.isRegularFile(plan) || !PLANS.contains(planName)) {
            System.err.println("No such plan: " + planName + " (one of " + PLANS + ")");
            return 2;
        }
        KafkaBroker broker = null;
        KafkaCluster cluster = null;
        EchoService echo = null;
        try {
            if (bootstrap == null && nodes > 1) {
                out.println("Starting a local Kafka cluster of " + nodes + " nodes...");
                cluster = KafkaCluster.start(nodes, b -> b);
                bootstrap = cluster.bootstrapServers();
                out.println("Kafka cluster at " + bootstrap + " (logs "
                        + cluster.node(1).workDir().getParent() + ")");
            } else if (bootstrap == null) {
                out.println("Starting a local Kafka broker...");
                broker = KafkaBroker.builder().build().start();
                bootstrap = broker.bootstrapServers();
                out.println("Kafka broker at " + bootstrap + " (log " + broker.logFile() + ")");
            }
            out.println("Running " + plan.getFileName() + " against " + bootstrap + ", topic " + topic);
            JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
            JMeter.RunBuilder run = jmeter.plan(plan)
                    .runDir(Harness.targetDir().resolve(planName))
                    .property("kafka.bootstrap", bootstrap)
                    .property("topic", topic)
                    .property("replication", cluster == null ? "1" : Integer.toString(Math.min(3, nodes)))
                    .htmlReport()
                    .timeout(Duration.ofMinutes(15));
            if (!planName.equals("quickstart")) {
                String requests = topic + "-requests";
                String replies = topic + "-replies";
                List<String> args = new ArrayList<>(List.of(
                        "--bootstrap-server", bootstrap,
                        "--request-topic", requests,
                        "--reply-topic", replies,
                        "--partitions", "6"));
                if (planName.equals(PIPELINE)) {
                    args.add("--transform");
                }
                String events = topic + "-events";
                if (planName.equals(ASYNC_API)) {
                    args.addAll(List.of("--http", "0", "--events-topic", events));
                }
                echo = EchoService.start(EchoOptions.parse(args.toArray(String[]::new)));
                run.property("request.topic", requests).property("reply.topic", replies);
                if (planName.equals(ASYNC_API)) {
                    run.property("http.url", echo.httpUrl()).property("events.topic", events);
                }
            }
            // the echo's final line comes after JMeter's output: it closes in finally
            return summarize(run.run(), out);
        } catch (RuntimeException e) {
            System.err.println("Quick start failed: " + e.getMessage());
            return 1;
        } finally {
            if (echo != null) {
                echo.close();
            }
            if (broker != null) {
                broker.close();
            }
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    private static int summarize(JMeter.Result result, PrintStream out) {
        if (result.exitCode() != 0 || !Files.isRegularFile(result.jtl())) {
            System.err.println(result.describe());
            return 1;
        }
        // what `jmeter -n` prints, less log4j's notes on JMeter's own logging configuration
        result.stdout()
                .lines()
                .filter(l -> !l.startsWith("WARN StatusConsoleListener"))
                .forEach(out::println);
        Jtl jtl = result.samples();
        long errors = jtl.failures().size();
        out.printf(
                "%nSamples: %d (%d records), failed samples: %d, errors: %d, JMeter took %.1f s%n",
                jtl.size(),
                jtl.totalSampleCount(),
                errors,
                jtl.totalErrorCount(),
                result.elapsed().toMillis() / 1000.0);
        for (Jtl.Row failed : jtl.failures().subList(0, (int) Math.min(5, errors))) {
            out.println("  FAILED " + failed.label() + ": " + failed.responseCode() + " " + failed.responseMessage());
        }
        List<String> logErrors = result.logErrors();
        if (!logErrors.isEmpty()) {
            out.println("jmeter.log has " + logErrors.size() + " ERROR entries: " + result.log());
        }
        Path index = result.reportDir().map(d -> d.resolve("index.html")).orElse(null);
        if (index != null && Files.isRegularFile(index)) {
            out.println("Report: " + index.toAbsolutePath());
            Path kafka = index.resolveSibling("kafka.html");
            if (Files.isRegularFile(kafka)) {
                out.println("Kafka page (records/s, latency percentiles over time): " + kafka.toAbsolutePath());
            }
        } else {
            out.println("No HTML report was generated; see " + result.log());
        }
        out.println("Results: " + result.jtl());
        return errors == 0 && jtl.size() > 0 ? 0 : 1;
    }

    private static String property(String name, String fallback) {
        String value = System.getProperty(name);
        return value == null || value.isBlank() ? fallback : value.trim();
    }
}
