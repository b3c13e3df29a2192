package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.PageData;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.harness.ZooKeeperServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The plugin jar where users' JMeter and Java are, one case per row of the README's compatibility
 * tables: the quick start plan, headless with its HTML dashboard, in JMeter 5.4.3, 5.5 and 5.6.2 on
 * the tests' Java and in 5.6.3 on the newest JDK of /usr/lib/jvm; the ready plans against Kafka 3.9
 * (KRaft) and 2.8 (ZooKeeper) brokers. Runs in every {@code mvn verify}, which assembles those homes.
 */
class CompatibilityIT {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/quickstart.jmx");
    private static final int RECORDS = 2000;
    private static final Path JVMS = Path.of("/usr/lib/jvm");
    /** The README's row "5.6.3 on Java 25", run where such a JDK is installed (CI's machines have one). */
    private static final int NEWEST_JAVA = 25;

    static Stream<Arguments> jmeterAndJava() {
        Stream<Arguments> older =
                homes("compat.homes").stream().map(home -> Arguments.of(home, Harness.javaExecutable()));
        // last and lazily: the other rows are checked before a missing JDK fails the run
        Stream<Arguments> newest = Stream.of(Harness.jmeterHome()).map(home -> Arguments.of(home, newestJava()));
        return Stream.concat(older, newest);
    }

    /** The homes a system property set by pom.xml lists, comma-separated. */
    private static List<Path> homes(String property) {
        String value = System.getProperty(property, "");
        if (value.isBlank()) {
            throw new IllegalStateException(
                    property + " is not set: run the test through mvn verify (pom.xml lists the homes)");
        }
        return Stream.of(value.split(",", -1)).map(h -> Path.of(h.trim())).toList();
    }

    /**
     * The java of the JDK in /usr/lib/jvm with the highest feature version when it is at least 25; null (the row
     * says it did not run) on a machine without one, so a newcomer's build with only JDK 17 still passes, but not
     * CI's (CI=true).
     */
    private static Path newestJava() {
        List<Path> jdks;
        try (Stream<Path> dirs = Files.isDirectory(JVMS) ? Files.list(JVMS) : Stream.empty()) {
            jdks = dirs.filter(d -> Files.isExecutable(d.resolve("bin/java")))
                    .sorted(Comparator.comparingInt(CompatibilityIT::feature))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (jdks.isEmpty() || feature(jdks.get(jdks.size() - 1)) < NEWEST_JAVA) {
            System.out.println("The README's compatibility row \"JMeter 5.6.3 on Java " + NEWEST_JAVA
                    + "\" did not run: no JDK " + NEWEST_JAVA + " or newer in " + JVMS + " (found "
                    + jdks.stream()
                            .map(d -> d.getFileName() + " (" + feature(d) + ")")
                            .toList()
                    + "); install one, e.g. Eclipse Temurin " + NEWEST_JAVA + " (temurin-" + NEWEST_JAVA
                    + "-jdk), and run mvn verify again.");
            return null;
        }
        return jdks.get(jdks.size() - 1).resolve("bin/java");
    }

    private static int feature(Path jdk) {
        try {
            for (String line : Files.readAllLines(jdk.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return Integer.parseInt(line.replaceAll("[^0-9.]", "").split("\\.", -1)[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not a JDK with a release file
        }
        return 0;
    }

    /**
     * JMeter 5.4.3 runs plans headless on Java 17, but its GUI does not start there (its look-and-feel:
     * IllegalAccessError on sun.swing) and its dashboard generator fails ("Begin size 0 is not equal to
     * fixed size 5"), with or without the plugin: both are left out for it.
     */
    static boolean headlessOnly(Path home) {
        return home.getFileName().toString().equals("jmeter-home-5.4.3");
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("jmeterAndJava")
    void theQuickStartRunsWithItsDashboard(Path home, Path java) throws Exception {
        // CI's machines have the JDK: there the row fails without it; elsewhere (a newcomer with JDK 17) it skips
        String missing = "no JDK " + NEWEST_JAVA + " or newer in " + JVMS;
        assertThat(java != null || !"true".equals(System.getenv("CI")))
                .as("%s, and CI=true: CI's row must run", missing)
                .isTrue();
        Assumptions.assumeTrue(java != null, missing);
        KafkaBroker broker = SharedBroker.get();
        JMeter jmeter = new JMeter(home, Harness.targetDir().resolve("jmeter-runs")).installPlugin();
        String topic = "compat-" + System.nanoTime();

        JMeter.RunBuilder run = jmeter.plan(PLAN)
                .name("compat-" + home.getFileName())
                .java(java)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("records", Integer.toString(RECORDS));
        boolean dashboard = !headlessOnly(home);
        if (dashboard) {
            run.htmlReport();
        }
        JMeter.Result result = run.run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(result.logErrors()).as(result.describe()).isEmpty();
        // the plan's 4 threads start over 1 s: a fast run may spend the records before the last one starts
        assertThat(result.stdout())
                .contains("\n" + RECORDS + " records sent, ")
                .containsPattern("delivery: " + RECORDS
                        + " records verified from [1-4] producers, 0 missing, 0 duplicated, 0 out of order\\.");
        try (Admin admin = broker.admin()) {
            assertThat(Topics.endOffsets(admin, topic)).isEqualTo(RECORDS);
        }
        if (dashboard) {
            Path report = result.reportDir().orElseThrow();
            PageData.assertSamplers(
                    report.resolve("kafka.html"), RECORDS, "Produce 1 KB records", "Consume all records");
        }
        System.out.printf(
                "compat: %s on %s: %s%n",
                home.getFileName(),
                java,
                result.stdout()
                        .lines()
                        .filter(l -> l.contains(" records sent, "))
                        .findFirst()
                        .orElse(""));
    }

    static List<Path> olderBrokers() {
        return homes("compat.kafka.homes");
    }

    /**
     * An older broker, in KRaft mode (3.x) or with ZooKeeper (2.x): the quick start (its topic made
     * by the Admin sampler), transactions, the e2e plan, and every operation of the Admin sampler.
     */
    @ParameterizedTest(name = "broker of {0}")
    @MethodSource("olderBrokers")
    void theReadyPlansRunAgainstAnOlderBroker(Path kafkaHome) throws Exception {
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        Path work = Harness.targetDir().resolve("kafka-brokers").resolve("compat-" + System.nanoTime());
        // null in KRaft mode: try-with-resources skips it
        try (ZooKeeperServer zk =
                        beforeKRaft(kafkaHome) ? ZooKeeperServer.start(kafkaHome, work.resolve("zookeeper")) : null;
                KafkaBroker broker = KafkaBroker.builder()
                        .kafkaHome(kafkaHome)
                        .zookeeper(zk)
                        .workDir(work.resolve("broker"))
                        .build()
                        .start();
                Admin admin = broker.admin()) {
            System.out.printf(
                    "compat broker %s (%s) started in %d ms%n",
                    kafkaHome.getFileName(),
                    zk == null ? "KRaft" : "ZooKeeper",
                    broker.lastStartTime().toMillis());
            AdminSamplerCheck.run(broker.bootstrapServers());

            String quick = "compat-quick-" + System.nanoTime();
            JMeter.Result q = jmeter.plan(PLAN)
                    .name("compat-broker-quickstart")
                    .property("kafka.bootstrap", broker.bootstrapServers())
                    .property("topic", quick)
                    .property("records", Integer.toString(RECORDS))
                    .run();
            healthy(q);
            assertThat(q.stdout())
                    .containsPattern("delivery: " + RECORDS + " records verified from [1-4] producers, 0 missing,");
            assertThat(Topics.endOffsets(admin, quick)).isEqualTo(RECORDS);

            String tx = "compat-tx-" + System.nanoTime();
            JMeter.Result t = jmeter.plan(Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx"))
                    .name("compat-broker-transactions")
                    .property("kafka.bootstrap", broker.bootstrapServers())
                    .property("topic", tx)
                    .property("records", "500")
                    .property("rate", "1000")
                    .property("threads", "4")
                    .property("transactional", "true")
                    .run();
            healthy(t);
            // 500 records and one commit marker per transaction (one per sample)
            assertThat(Topics.endOffsets(admin, tx)).isGreaterThanOrEqualTo(500);
            assertThat(Topics.read(broker.bootstrapServers(), tx, "read_committed"))
                    .hasSize(500);

            String e2e = "compat-e2e-" + System.nanoTime();
            JMeter.Result e = jmeter.plan(Harness.projectDir().resolve("test-plans/produce-consume-e2e.jmx"))
                    .name("compat-broker-e2e")
                    .property("kafka.bootstrap", broker.bootstrapServers())
                    .property("topic", e2e)
                    // 5 s: in a run of 1 s the last acks' latency alone makes the rate fall short
                    .property("records", "2000")
                    .property("rate", "400")
                    .property("threads", "2")
                    .property("consumers", "2")
                    .property("partitions", "2")
                    .property("duration", "30")
                    // the consumers stop at their first empty poll after the producers are done: this
                    // idle wait ends each run (the group joins on 200 ms polls, whatever this is; 200 records/s a
                    // consumer)
                    .property("timeout", "2000")
                    .run();
            healthy(e);
            assertThat(e.stdout())
                    .contains(
                            "delivery: 2000 records verified from 2 producers, 0 missing, 0 duplicated, 0 out of order.");
            System.out.printf(
                    "compat broker %s: admin operations, quick start, transactions and e2e ok%n",
                    kafkaHome.getFileName());
        }
    }

    /** A Kafka home whose broker predates KRaft (2.x) and so needs ZooKeeper. */
    private static boolean beforeKRaft(Path kafkaHome) throws IOException {
        try (Stream<Path> jars = Files.list(kafkaHome.resolve("lib"))) {
            return jars.anyMatch(j -> j.getFileName().toString().matches("kafka_2\\.\\d+-2\\..*\\.jar"));
        }
    }

    private static void healthy(JMeter.Result r) {
        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(r.samples().failures()).as(r.describe()).isEmpty();
        assertThat(r.logErrors()).as(r.describe()).isEmpty();
    }
}
