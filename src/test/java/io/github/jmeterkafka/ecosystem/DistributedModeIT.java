package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.echo.EchoCounts;
import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.Echoes;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.HlogFiles;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterJvm;
import io.github.jmeterkafka.harness.JMeterLog;
import io.github.jmeterkafka.harness.JMeterServer;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Processes;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.IntervalLog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * JMeter's distributed mode for real: two jmeter-server processes with the plugin in lib/ext, a
 * controller that sends them plans/distributed.jmx with -R and properties with -G, and a shared
 * broker. Each server runs its own copy of the plan; the controller's JTL gets every sample.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DistributedModeIT {
    private static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/distributed.jmx");
    private static final String PRODUCER = "Produce 100 B records";
    private static final Path REQUEST_REPLY_PLAN = Harness.projectDir().resolve("test-plans/request-reply.jmx");
    private static final String REQUEST_REPLY = "Request and reply";
    private static final Path ASYNC_API_PLAN = Harness.projectDir().resolve("test-plans/async-api.jmx");
    private static final String AWAIT = "Order event";
    private static final Path SHARE_PLAN = Harness.projectDir().resolve("test-plans/share-group-queue.jmx");
    private static final String SHARE = "Take jobs";
    private static final Pattern ACKNOWLEDGED = Pattern.compile("acknowledged: (\\d+) accepted, .*");
    private static final Pattern UNMATCHED =
            Pattern.compile("\\n0 timeouts, 0 late, (\\d+) unmatched, 0 duplicate records, 0 failed awaits\\.");
    private static final Pattern SERVER_TIMEOUTS =
            Pattern.compile("\\n(\\d+) timeouts, (\\d+) late, 0 foreign, 0 duplicate replies, 0 failed requests\\.");
    private static final Pattern CLIENT_CREATED =
            Pattern.compile("Kafka Connection 'kafka': shared producer (\\S+) created on (.+)");

    /** In each server's own properties file, read by the plan's ${__P(client.id.prefix)}. */
    private static final String SERVER_PREFIX = "from-server-file";

    private static KafkaBroker broker;
    private static Admin admin;
    private static Path runDir;
    private static final List<JMeterServer> servers = new ArrayList<>();
    private static int runs;

    @BeforeAll
    static void startServers() throws InterruptedException {
        // the broker first: its start has fixed time limits, and two JMeter JVMs booting beside it on
        // a busy machine can push it past them
        broker = SharedBroker.get();
        admin = broker.admin();
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        runDir = Harness.targetDir()
                .resolve("distributed-runs")
                .resolve("run-" + ProcessHandle.current().pid());
        for (int i = 1; i <= 2; i++) {
            servers.add(JMeterServer.start(
                    jmeter.home(), runDir.resolve("server-" + i), Map.of("client.id.prefix", SERVER_PREFIX)));
        }
        for (int i = 0; i < servers.size(); i++) {
            servers.set(i, servers.get(i).awaitReadyOrRestart(Duration.ofSeconds(90)));
        }
    }

    @AfterAll
    static void stopServers() {
        try {
            for (JMeterServer s : servers) {
                boolean clean = s.stop();
                assertThat(s.isAlive())
                        .as("jmeter-server %s still running", s.hostAndPort())
                        .isFalse();
                assertThat(clean)
                        .as(
                                "jmeter-server %s did not exit by itself; log:\n%s",
                                s.hostAndPort(), Processes.tail(s.log(), 20))
                        .isTrue();
            }
        } finally {
            servers.forEach(JMeterServer::close);
            if (admin != null) {
                admin.close();
            }
        }
    }

    @Test
    @Order(1)
    void eachServerProducesItsShareAndTheControllerCollectsEverySample() throws Exception {
        String topic = "distributed-" + System.nanoTime();
        int threads = 2;
        int loops = 25;
        int perSample = 10;
        Map<String, String> logsBefore = logTexts();

        Controller run = controller(
                PLAN,
                topic,
                Map.of(
                        "threads",
                        "" + threads,
                        "loops",
                        "" + loops,
                        "records.per.sample",
                        "" + perSample,
                        "kafka.summary.file",
                        "kafka-summary.csv",
                        "kafka.metrics.file",
                        "kafka-metrics.csv",
                        "kafka.metrics.interval.s",
                        "1"));

        assertThat(run.exitCode).as(run.describe()).isZero();
        Jtl jtl = Jtl.read(run.jtl);
        assertThat(jtl.failures()).as(run.describe()).isEmpty();
        long perServer = (long) threads * loops * perSample;
        for (JMeterServer s : servers) {
            List<Jtl.Row> rows = rowsOf(jtl, s, PRODUCER);
            assertThat(rows).as("samples of %s", s.hostAndPort()).hasSize(threads * loops);
            assertThat(rows.stream().mapToLong(Jtl.Row::sampleCount).sum()).isEqualTo(perServer);
            assertThat(rowsOf(jtl, s, "Create topic")).hasSize(1);
        }
        assertThat(jtl.rows(PRODUCER)).hasSize(2 * threads * loops);
        assertThat(jtl.rows(PRODUCER).stream().mapToLong(Jtl.Row::sampleCount).sum())
                .isEqualTo(2 * perServer);
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(2 * perServer);

        List<String> clientIds = new ArrayList<>();
        for (JMeterServer s : servers) {
            String log = newText(s.logText(), logsBefore.get(s.hostAndPort()));
            List<String> ids = createdProducers(log);
            assertThat(ids).as("shared producers created in %s", s.log()).hasSize(1);
            assertThat(ids.get(0)).startsWith(SERVER_PREFIX + "-").contains("-" + s.pid() + "-producer-");
            clientIds.add(ids.get(0));
            assertThat(log)
                    .as("the server's own end-of-test summary in %s", s.log())
                    .contains("Kafka Producer summary for '" + PRODUCER + "':")
                    .contains("\n" + perServer + " records sent, ");
            assertThat(s.stdoutText())
                    .as("the summary on the server's console, %s", s.stdout())
                    .contains("\n" + perServer + " records sent, ");
            // a relative kafka.summary.file is the server's own file, in its working directory
            assertThat(Files.readAllLines(s.workDir().resolve("kafka-summary.csv"), StandardCharsets.UTF_8))
                    .anyMatch(l -> l.startsWith("producer," + PRODUCER + ",all," + perServer + ",0,"));
            assertThat(JMeterLog.parse(log).warningsAndErrors())
                    .as("WARN or ERROR in %s", s.log())
                    .isEmpty();
            // -Gkafka.metrics.file: each server keeps its own clients' metrics
            assertThat(Files.readAllLines(s.workDir().resolve("kafka-metrics.csv"), StandardCharsets.UTF_8))
                    .as("metrics of %s", s.hostAndPort())
                    .first()
                    .isEqualTo("timestamp,source,metric,value");
            assertThat(Files.readAllLines(s.workDir().resolve("kafka-metrics.csv"), StandardCharsets.UTF_8))
                    .anyMatch(l -> l.contains("record-send-rate"));
        }
        assertThat(JMeterLog.read(run.log).warningsAndErrors())
                .as("WARN or ERROR in %s", run.log)
                .isEmpty();
        assertThat(clientIds).doesNotHaveDuplicates();
        String merged = theMergedSummaryAgreesWithTheServersOwnHistograms(run, 2 * perServer);
        System.out.println("distributed merged summary:\n" + merged);
        System.out.printf(
                "distributed: %s samples per server %s, client ids %s, %d records in JTL, %d on the broker, %d ms%n",
                servers.stream().map(JMeterServer::hostAndPort).collect(Collectors.toList()),
                servers.stream().map(s -> rowsOf(jtl, s, PRODUCER).size()).collect(Collectors.toList()),
                clientIds,
                jtl.rows(PRODUCER).stream().mapToLong(Jtl.Row::sampleCount).sum(),
                Topics.endOffsets(admin, topic),
                run.elapsed.toMillis());
    }

    @Test
    @Order(2)
    void theRecordBudgetHoldsPerServer() throws Exception {
        String topic = "distributed-budget-" + System.nanoTime();
        int budget = 300;

        Controller run = controller(
                PLAN,
                topic,
                Map.of(
                        "threads",
                        "2",
                        "loops",
                        "-1",
                        "records.per.sample",
                        "7",
                        "budget",
                        "" + budget,
                        "duration",
                        "60",
                        OBJECTIVES,
                        "failed = 0; " + PRODUCER + ": records/s >= 1000000; Nobody: failed = 0"));

        assertThat(run.exitCode).as(run.describe()).isZero();
        Jtl jtl = Jtl.read(run.jtl);
        // the controller judges the merged figures: 2 x 300 records, none failed; the servers judge nothing. Each
        // criterion is a sample in the controller's JTL, so what fails a run on failed samples fails it
        assertThat(jtl.rows().stream().filter(r -> r.label().startsWith("Kafka objective: ")))
                .as(run.describe())
                .extracting(Jtl.Row::label, Jtl.Row::responseCode)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(
                                "Kafka objective: failed = 0 for '" + PRODUCER + "'", "200"),
                        org.assertj.core.groups.Tuple.tuple(
                                "Kafka objective: records/s >= 1000000 for '" + PRODUCER + "'", "ObjectiveMissed"),
                        org.assertj.core.groups.Tuple.tuple(
                                "Kafka objective: failed = 0 for 'Nobody'", "ObjectiveMissed"));
        assertThat(jtl.failures())
                .as("only the objectives missed")
                .allSatisfy(r -> assertThat(r.responseCode()).isEqualTo("ObjectiveMissed"))
                .hasSize(2);
        String stdout = Files.readString(run.dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
        assertThat(stdout)
                .contains("Kafka objective met: failed 0 = 0 for '" + PRODUCER + "'")
                .containsPattern("Kafka objective missed: records/s [0-9.]+ < 1000000 for '" + PRODUCER + "'")
                .contains("Kafka objective missed: no Kafka sampler labelled 'Nobody' ran to meet 'failed = 0'");
        for (JMeterServer s : servers) {
            assertThat(s.stdoutText()).doesNotContain("Kafka objective");
        }
        for (JMeterServer s : servers) {
            assertThat(rowsOf(jtl, s, PRODUCER).stream()
                            .mapToLong(Jtl.Row::sampleCount)
                            .sum())
                    .as("records sent by %s", s.hostAndPort())
                    .isEqualTo(budget);
        }
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(2L * budget);
    }

    /**
     * The ready request-reply plan on both servers against one echo: the controller's Kafka Summary merges their
     * round trips, and each server counts the other's replies on the shared reply topic apart, not as foreign.
     */
    @Test
    @Order(3)
    void requestReplyIsMergedOverTheServers_timeoutsIncluded() throws Exception {
        String name = "distributed-rr-" + System.nanoTime();
        // each dropped request holds a thread for the 2 s timeout: 200 a server (some 10 dropped) keep it to seconds
        int perServer = 200;
        Controller run;
        EchoCounts echoed;
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        // the echo leaves 5 % unanswered: each server's timeouts, merged, are the echo's drops
        try (EchoService echo =
                Echoes.start(broker.bootstrapServers(), name, 6, quiet, "--drop", "0.05", "--seed", "7")) {
            run = controller(
                    REQUEST_REPLY_PLAN,
                    name,
                    Map.of(
                            "request.topic", name + "-requests",
                            "reply.topic", name + "-replies",
                            "requests", "" + perServer,
                            "threads", "2",
                            "reply.timeout", "2000"));
            echoed = echo.counts();
        }

        assertThat(run.exitCode).as(run.describe()).isZero();
        assertThat(echoed.read()).isEqualTo(2L * perServer);
        assertThat(echoed.unanswered().dropped()).as("the seeded drops").isPositive();
        assertThat(echoed.replied() + echoed.unanswered().dropped()).isEqualTo(2L * perServer);
        String stdout = Files.readString(run.dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
        String title = "Kafka Request-Reply summary for '" + REQUEST_REPLY + "' over 2 servers:";
        assertThat(stdout).as(run.describe()).contains(title);
        String merged = stdout.substring(stdout.indexOf(title));
        assertThat(merged)
                .contains("\n" + 2 * perServer + " requests, " + echoed.replied() + " replies, ")
                .contains("\n" + echoed.unanswered().dropped() + " timeouts, 0 failed or given up requests");
        long timeouts = 0;
        for (JMeterServer s : servers) {
            assertThat(merged).contains("server " + s.hostAndPort() + ": " + perServer + " requests, ");
            Matcher m = SERVER_TIMEOUTS.matcher(s.stdoutText());
            assertThat(m.find()).as("the server's own summary, %s", s.stdout()).isTrue();
            assertThat(m.group(2)).as("late, foreign and duplicate replies").isEqualTo("0");
            timeouts += Long.parseLong(m.group(1));
        }
        assertThat(timeouts)
                .as("the servers' own timeouts")
                .isEqualTo(echoed.unanswered().dropped());
        assertThat(Files.readAllLines(run.dir.resolve("kafka-summary.csv"), StandardCharsets.UTF_8))
                .anyMatch(l -> l.startsWith("request-reply," + REQUEST_REPLY + ",all," + echoed.replied() + ","
                        + echoed.unanswered().dropped() + ","));
    }

    /**
     * Two servers await their own events on one topic: each finds all of its own, counts the other's it read as
     * unmatched (not as errors), and the controller merges the awaits.
     */
    @Test
    @Order(4)
    void awaitsOnOneTopicAreEachServersOwnAndMerged() throws Exception {
        String name = "distributed-await-" + System.nanoTime();
        int perServer = 200;
        Controller run;
        EchoCounts echoed;
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        try (EchoService echo = Echoes.start(
                broker.bootstrapServers(), name, 6, quiet, "--http", "0", "--events-topic", name + "-events")) {
            run = controller(
                    ASYNC_API_PLAN,
                    name,
                    Map.of(
                            "http.url",
                            echo.httpUrl(),
                            "events.topic",
                            name + "-events",
                            "requests",
                            "" + perServer,
                            "threads",
                            "2"));
            echoed = echo.counts();
        }

        assertThat(run.exitCode).as(run.describe()).isZero();
        assertThat(Jtl.read(run.jtl).failures()).as(run.describe()).isEmpty();
        assertThat(echoed.replied()).isEqualTo(2L * perServer);
        String stdout = Files.readString(run.dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
        String title = "Kafka Await summary for '" + AWAIT + "' over 2 servers:";
        assertThat(stdout).as(run.describe()).contains(title);
        String merged = stdout.substring(stdout.indexOf(title));
        assertThat(merged)
                .contains("\n" + 2 * perServer + " awaited, " + 2 * perServer + " matched, ")
                .contains("\n0 timeouts, 0 failed or given up awaits");
        long unmatched = 0;
        for (JMeterServer s : servers) {
            assertThat(merged).contains("server " + s.hostAndPort() + ": " + perServer + " awaited, " + perServer);
            Matcher m = UNMATCHED.matcher(s.stdoutText());
            assertThat(m.find()).as("the server's own summary, %s", s.stdout()).isTrue();
            assertThat(Long.parseLong(m.group(1)))
                    .as("the other server's events this one read")
                    .isBetween(0L, (long) perServer);
            unmatched += Long.parseLong(m.group(1));
        }
        assertThat(unmatched).as("each server read some of the other's events").isPositive();
        assertThat(Files.readAllLines(run.dir.resolve("kafka-summary.csv"), StandardCharsets.UTF_8))
                .anyMatch(l -> l.startsWith("await," + AWAIT + ",all," + 2 * perServer + ",0,"));
    }

    /**
     * Both servers' workers in one share group: the controller's summary adds up their deliveries and outcomes (each
     * record accepted once, wherever it went), and each server's line in it is that server's own.
     */
    @Test
    @Order(5)
    void shareGroupMembersOnBothServersAreMerged() throws Exception {
        String name = "distributed-share-" + System.nanoTime();
        int perServer = 1000;
        Controller run = controller(
                SHARE_PLAN,
                name,
                Map.of("group", name, "records", "" + perServer, "rate", "1000", "timeout", "3000", "threads", "2"));

        assertThat(run.exitCode).as(run.describe()).isZero();
        assertThat(Jtl.read(run.jtl).failures()).as(run.describe()).isEmpty();
        String stdout = Files.readString(run.dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
        String title = "Kafka Share Consumer summary for '" + SHARE + "' over 2 servers:";
        assertThat(stdout).as(run.describe()).contains(title);
        String merged = stdout.substring(stdout.indexOf(title));
        int all = 2 * perServer;
        assertThat(merged)
                .as(run.describe())
                // one partition: offsets 0, 10, ... released at their first delivery, on either server
                .contains("\nacknowledged: " + all + " accepted, " + all / 10 + " released, 0 rejected;")
                .contains("\ndelivery counts (records handed out, by delivery): 1: " + all + ", 2: " + all / 10 + ".")
                .contains("in each server's own summary");
        long accepted = 0;
        for (JMeterServer s : servers) {
            String own = s.stdoutText();
            own = own.substring(own.lastIndexOf("Kafka Share Consumer summary for '" + SHARE + "':"));
            Matcher m = ACKNOWLEDGED.matcher(own);
            assertThat(m.find()).as("the server's own summary, %s", s.stdout()).isTrue();
            assertThat(merged).contains("server " + s.hostAndPort() + ": " + m.group());
            accepted += Long.parseLong(m.group(1));
        }
        assertThat(accepted).isEqualTo(all);
        assertThat(Files.readAllLines(run.dir.resolve("kafka-summary.csv"), StandardCharsets.UTF_8))
                .anyMatch(l -> l.startsWith("consumer," + SHARE + ",all," + (all + all / 10) + ","));
    }

    /**
     * The controller's Kafka Summary: the records of both servers, and percentiles equal to those of
     * the two servers' own interval logs added together.
     */
    private static String theMergedSummaryAgreesWithTheServersOwnHistograms(Controller run, long records)
            throws IOException {
        String stdout = Files.readString(run.dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
        String title = "Kafka Producer summary for '" + PRODUCER + "' over 2 servers:";
        assertThat(stdout).as(run.describe()).contains(title);
        String merged = stdout.substring(stdout.indexOf(title));
        Matcher line = Pattern.compile("\n(\\d+) records sent, .* (\\d+) ms 50th, (\\d+) ms 95th, (\\d+) ms 99th, "
                        + "(\\d+) ms 99\\.9th\\.")
                .matcher(merged);
        assertThat(line.find()).as(merged).isTrue();
        Histogram servers = new Histogram(3);
        for (JMeterServer s : DistributedModeIT.servers) {
            Histogram own = HlogFiles.total(s.workDir().resolve("kafka-hlog").resolve(IntervalLog.fileName(PRODUCER)));
            assertThat(merged).contains("server " + s.hostAndPort() + ": " + own.getTotalCount() + " records sent, ");
            servers.add(own);
        }
        assertThat(Long.parseLong(line.group(1))).isEqualTo(records).isEqualTo(servers.getTotalCount());
        // what limited it, from each server's own probe, brought with its samples
        assertThat(merged).containsPattern("\nfirst limit hit: (none seen on 2 servers|.*, seen by server .*)\n");
        for (JMeterServer s : DistributedModeIT.servers) {
            assertThat(merged)
                    .contains("server " + s.hostAndPort() + ": first limit hit: ")
                    .contains("server " + s.hostAndPort() + ": limits: generator cores ");
        }
        assertThat(List.of(line.group(2), line.group(3), line.group(4), line.group(5)))
                .as(merged)
                .containsExactly(
                        "" + servers.getValueAtPercentile(50) / 1000, "" + servers.getValueAtPercentile(95) / 1000,
                        "" + servers.getValueAtPercentile(99) / 1000, "" + servers.getValueAtPercentile(99.9) / 1000);
        assertThat(Files.readAllLines(run.dir.resolve("kafka-summary.csv"), StandardCharsets.UTF_8))
                .anyMatch(l -> l.startsWith("producer," + PRODUCER + ",all," + records + ",0,"))
                .anyMatch(l -> l.startsWith("producer," + PRODUCER + ",server "));
        assertThat(HlogFiles.total(run.dir.resolve("kafka-hlog").resolve(IntervalLog.fileName(PRODUCER)))
                        .getTotalCount())
                .as("the controller's merged interval log")
                .isEqualTo(records);
        return merged.lines().limit(6).collect(Collectors.joining("\n"));
    }

    private static List<Jtl.Row> rowsOf(Jtl jtl, JMeterServer server, String label) {
        // a server prefixes its thread names with the host:port the controller called it by
        return jtl.rows(label).stream()
                .filter(r -> r.threadName().startsWith(server.hostAndPort() + "-"))
                .collect(Collectors.toList());
    }

    private static List<String> createdProducers(String log) {
        List<String> ids = new ArrayList<>();
        Matcher m = CLIENT_CREATED.matcher(log);
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    private static Map<String, String> logTexts() {
        Map<String, String> m = new LinkedHashMap<>();
        servers.forEach(s -> m.put(s.hostAndPort(), s.logText()));
        return m;
    }

    private static String newText(String now, String before) {
        return now.startsWith(before) ? now.substring(before.length()) : now;
    }

    /** A non-GUI controller: {@code -n -t plan -R servers -G<props> -l jtl}. */
    private static final String OBJECTIVES = "kafka.objectives";

    private static Controller controller(Path plan, String topic, Map<String, String> props)
            throws IOException, InterruptedException {
        Path dir = runDir.resolve("controller-" + ++runs);
        Path jtl = dir.resolve("results.jtl");
        Path log = dir.resolve("jmeter.log");
        List<String> args = new ArrayList<>(List.of(
                "-n",
                "-t",
                plan.toString(),
                "-R",
                servers.stream().map(JMeterServer::hostAndPort).collect(Collectors.joining(",")),
                "-l",
                jtl.toString(),
                "-j",
                log.toString(),
                "-Jserver.rmi.ssl.disable=true",
                "-Jjmeter.save.saveservice.output_format=csv",
                "-Jjmeter.save.saveservice.print_field_names=true",
                "-Jjmeter.save.saveservice.thread_name=true",
                "-Jjmeter.save.saveservice.sample_count=true",
                "-Jkafka.summary.file=kafka-summary.csv",
                "-Gkafka.bootstrap=" + broker.bootstrapServers(),
                "-Gtopic=" + topic));
        props.forEach((k, v) -> args.add("-G" + k + "=" + v));
        // the controller judges the objectives, on the merged figures
        if (props.containsKey(OBJECTIVES)) {
            args.add("-J" + OBJECTIVES + "=" + props.get(OBJECTIVES));
        }
        long t0 = System.nanoTime();
        Process p = JMeterJvm.start(
                JMeter.fromSystemProperties().home(),
                dir,
                List.of("-Xms256m", "-Xmx256m", "-Djava.awt.headless=true", "-Djava.rmi.server.hostname=127.0.0.1"),
                args,
                Map.of());
        boolean exited = p.waitFor(120, TimeUnit.SECONDS);
        if (!exited) {
            Processes.kill(p);
        }
        Processes.stopByClosingInput(p, Duration.ZERO);
        return new Controller(exited ? p.exitValue() : -1, dir, jtl, log, Duration.ofNanos(System.nanoTime() - t0));
    }

    private static final class Controller {
        final int exitCode;
        final Path dir;
        final Path jtl;
        final Path log;
        final Duration elapsed;

        Controller(int exitCode, Path dir, Path jtl, Path log, Duration elapsed) {
            this.exitCode = exitCode;
            this.dir = dir;
            this.jtl = jtl;
            this.log = log;
            this.elapsed = elapsed;
        }

        String describe() {
            StringBuilder s =
                    new StringBuilder("controller exit " + exitCode + " after " + elapsed.toMillis() + " ms in "
                            + dir + "\n--- stdout:\n" + Processes.tail(dir.resolve("stdout.txt"), 30)
                            + "\n--- jmeter.log:\n" + Processes.tail(log, 30));
            for (JMeterServer srv : servers) {
                s.append("\n--- ").append(srv.log()).append(":\n").append(Processes.tail(srv.log(), 20));
            }
            try {
                if (Files.isRegularFile(jtl)) {
                    s.append("\n--- JTL head:\n")
                            .append(Files.readAllLines(jtl, StandardCharsets.UTF_8).stream()
                                    .limit(5)
                                    .collect(Collectors.joining("\n")));
                }
            } catch (IOException e) {
                s.append(e);
            }
            return s.toString();
        }
    }
}
