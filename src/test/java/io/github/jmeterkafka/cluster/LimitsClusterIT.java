package io.github.jmeterkafka.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaCluster;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.harness.SharedCluster;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.sweep.files.CsvTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What limited a run, as the producer's summary names it, on a real 3-node cluster: producer-fixed-rate.jmx at 1,000 x
 * 1 KB records/s with a warm-up, while one node is paused in short bursts (SIGSTOP, SIGCONT: slow, never fenced), or
 * while a node that only follows is killed under acks=all. The summary's first limit and limits lines, and the summary
 * CSV's row of the steady state, must name that broker, or the replication the cluster lost, and when.
 *
 * <p>The brokers, JMeter and whatever else runs here share the machine's cores. When they are full (90 % and more)
 * from the steady state's start, the rules name the load generator first, as they must (a tie goes to it), and nothing
 * else can be first: then the first limit must say exactly that, and the broker or the replication is checked in the
 * figures that name it regardless (the latency by broker, slowest_broker, the replication counts).
 */
class LimitsClusterIT {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx");
    private static final String TITLE = "Kafka Producer summary for 'Produce at a fixed rate':";
    private static final String LABEL = "Produce at a fixed rate";
    private static final int RATE = 1000;
    private static final int WARMUP_S = 3;
    private static final int PARTITIONS = 6;
    // a request per node every 50 ms, not every 5: the few that meet a pause weigh in the node's mean latency
    private static final String LINGER_MS = "50";
    // bursts far below the broker session (9 s), the quorum's fetch timeout (2 s) and replica.lag.time.max.ms (30 s)
    private static final long PAUSED_MS = 300;
    private static final long RUNNING_MS = 700;
    private static final Pattern FIRST_LIMIT = Pattern.compile("first limit hit \\(steady state\\): (?:none seen|(the"
            + " load generator|a quota|replication|a broker|the client), (\\d+) s in: (.*))");
    private static final String NONE_SEEN = "none seen";
    private static final Map<String, String> TAGS = Map.of(
            "the load generator", "generator",
            "a quota", "quota",
            "replication", "replication",
            "a broker", "broker",
            "the client", "client");
    // the rule's tie goes to the generator: cores full of other work from the start name it before anything else
    private static final Pattern CORES_FULL =
            Pattern.compile("its 2 cores were (\\d+) % busy \\(this JVM \\d+ %[^)]*\\)");
    private static final Pattern SLOW_BROKER =
            Pattern.compile("broker (\\d+) answered in (\\d+) ms, the others in (\\d+) ms");
    private static final Pattern BROKER_FIGURES = Pattern.compile(
            "^handlers (\\d+) % idle, network (\\d+) % idle, produce [\\d.]+ ms \\(.*\\), fetch .*, in ([\\d.]+) MB/s,");
    private static final Pattern BY_BROKER = Pattern.compile("; request latency by broker ([^;]+);");
    private static final Pattern NODE_MS = Pattern.compile("(\\d+): ([\\d.]+) ms");
    private static final Pattern REPLICATION = Pattern.compile("; replication (\\d+) under-replicated, (\\d+) under min"
            + " ISR, (\\d+) offline \\(most at once\\), (\\d+) leader changes$");

    private static KafkaCluster cluster;
    private static Admin admin;
    private static JMeter jmeter;

    @BeforeAll
    static void start() throws Exception {
        cluster = SharedCluster.get();
        admin = cluster.admin();
        jmeter = JMeter.fromSystemProperties().installPlugin();
        // a cluster just started answers in tens of ms until its JVMs have compiled the paths, one node sooner than
        // another: warm every node first, or the first node to warm up stands out of the others
        String warmUp = "limits-warm-up-" + System.nanoTime();
        Topics.create(admin, PARTITIONS, (short) 3, Map.of(), warmUp);
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(
                Map.of("bootstrap.servers", cluster.bootstrapServers(), "acks", "all"),
                new ByteArraySerializer(),
                new ByteArraySerializer())) {
            byte[] value = new byte[1000];
            List<Future<?>> acks = new ArrayList<>();
            for (int i = 0; i < 15_000; i++) {
                acks.add(p.send(new ProducerRecord<>(warmUp, value)));
            }
            for (Future<?> ack : acks) {
                ack.get(60, TimeUnit.SECONDS);
            }
        }
        Topics.delete(admin, warmUp);
    }

    @AfterAll
    static void close() {
        cluster.startAll();
        admin.close();
    }

    @Test
    void aBrokerPausedInShortBurstsIsNamedAsTheFirstLimit() throws Exception {
        int slow = notTheQuorumLeader();
        String topic = "limits-slow-broker-" + System.nanoTime();
        // every node leads two partitions: acks=1 sends to each, and only the slowed one answers late
        createPlaced(topic, Map.of(), i -> i % 3 + 1);
        int seconds = 18;
        Path csv = Harness.targetDir().resolve("limits-slow-broker-" + System.nanoTime() + ".csv");

        // both ways in at once: the slowed node and one other over HTTP, the third over JMX; node 9 does not exist
        int jmxNode = others(slow)[0];
        String closed = "http://127.0.0.1:" + Loopback.freePort() + "/metrics";
        String brokerMetrics = jmxNode + "=" + cluster.node(jmxNode).jmxUrl() + ", "
                + IntStream.of(others(jmxNode))
                        .mapToObj(n -> n + "=" + cluster.node(n).prometheusUrl())
                        .collect(java.util.stream.Collectors.joining(", "))
                + ", 9=" + closed;

        Bursts bursts = new Bursts(topic, cluster.node(slow).pid());
        bursts.start();
        JMeter.Result result;
        try {
            result = run(topic, "1", seconds, csv, brokerMetrics);
        } finally {
            bursts.finish();
        }

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(bursts.paused.get()).as("bursts while the records flowed").isGreaterThanOrEqualTo(seconds / 2);
        SummaryText summary = result.summary(TITLE);
        assertThat(summary.producer().records()).isEqualTo((long) RATE * seconds);
        assertThat(Topics.endOffsets(admin, topic))
                .as("every acked record stored")
                .isEqualTo((long) RATE * seconds);

        Map<Integer, Double> byBroker = byBroker(summary);
        assertThat(byBroker).as("%s", summary).containsOnlyKeys(1, 2, 3);
        List<Double> others = new ArrayList<>();
        byBroker.forEach((node, ms) -> {
            if (node != slow) {
                others.add(ms);
            }
        });
        // the mean of the seconds dilutes what stood out in some of them: half the rule's factor over the others'
        assertThat(byBroker.get(slow))
                .as("broker %d against the others: %s", slow, summary)
                .isGreaterThan(Math.max(others.get(0), others.get(1)))
                .isGreaterThanOrEqualTo(1.5 * Math.min(others.get(0), others.get(1)));
        // nothing left the ISR: the bursts slow the node without the cluster noticing
        assertThat(replication(summary)).as("%s", summary).containsExactly(0, 0, 0, 0);

        Map<String, String> row = steadyRow(csv);
        FirstLimit first = firstLimit(summary);
        assertThat(row.get("first_limit")).as("as the summary says it").isEqualTo(first.cell());
        if (!first.coresFull()) {
            assertThat(first.kind()).as("%s", summary).isEqualTo("a broker");
            Matcher broker = SLOW_BROKER.matcher(first.what());
            assertThat(broker.matches()).as("%s", summary).isTrue();
            assertThat(Integer.parseInt(broker.group(1))).as("%s", summary).isEqualTo(slow);
        }
        assertThat(row.get("slowest_broker")).isEqualTo(Integer.toString(slow));
        assertThat(Double.parseDouble(row.get("slowest_broker_ms"))).isCloseTo(byBroker.get(slow), within(0.06));
        assertThat(List.of(row.get("under_min_isr"), row.get("offline_partitions"), row.get("leader_changes")))
                .containsExactly("0", "0", "0");

        // each broker's own figures, whichever way they were read; the endpoint that answers nothing is n/a, one WARN
        Map<Integer, String> brokers = brokers(summary);
        assertThat(brokers).as("%s", summary).containsOnlyKeys(1, 2, 3, 9);
        assertThat(brokers.get(9)).isEqualTo("n/a");
        for (int node = 1; node <= 3; node++) {
            Matcher figures = BROKER_FIGURES.matcher(brokers.get(node));
            assertThat(figures.find()).as("broker %d: %s", node, summary).isTrue();
            assertThat(Integer.parseInt(figures.group(1)))
                    .as("broker %d handlers idle %%", node)
                    .isPositive();
            // each node leads two of the six partitions: a third of 1,000 x 1 KB/s comes in at each
            assertThat(Double.parseDouble(figures.group(3)))
                    .as("broker %d MB/s in", node)
                    .isBetween(0.2, 0.6);
        }
        assertThat(row.get("least_idle_broker")).isIn("1", "2", "3");
        assertThat(row.get("broker_handlers_idle_percent")).isNotEmpty();
        assertThat(result.logWarningsAndErrors())
                .as(result.describe())
                .filteredOn(l -> !l.contains(" WARN i.g.j.s.p.ProducerRun: Kafka Producer '" + LABEL + "': achieved "))
                .singleElement()
                .asString()
                .contains(" WARN i.g.j.m.BrokerWatch: Kafka limits: cannot read the metrics of broker 9 at " + closed);
    }

    /** The brokers line's figures per node id. */
    private static Map<Integer, String> brokers(SummaryText summary) {
        for (String l : summary.lines()) {
            if (l.startsWith("brokers (steady state): ")) {
                Map<Integer, String> figures = new TreeMap<>();
                for (String entry :
                        l.substring("brokers (steady state): ".length()).split("; ", -1)) {
                    int colon = entry.indexOf(": ");
                    figures.put(Integer.parseInt(entry.substring(0, colon)), entry.substring(colon + 2));
                }
                return figures;
            }
        }
        throw new AssertionError("No steady state brokers line in:\n" + summary);
    }

    @Test
    void aFollowerKilledUnderAcksAllIsNamedAsReplicationWhenTheClusterDropsIt() throws Exception {
        int victim = notTheQuorumLeader();
        String topic = "limits-lost-follower-" + System.nanoTime();
        // the victim follows every partition and leads none: its loss leaves every leader in place
        createPlaced(topic, Map.of("min.insync.replicas", "2"), i -> others(victim)[i % 2]);
        int seconds = 24;
        long killAfterMs = 5000;
        Path csv = Harness.targetDir().resolve("limits-lost-follower-" + System.nanoTime() + ".csv");

        AtomicLong firstStoredMs = new AtomicLong();
        AtomicLong killedMs = new AtomicLong();
        Thread killer = new Thread(
                () -> {
                    try {
                        firstStoredMs.set(awaitFirstRecords(topic));
                        Thread.sleep(killAfterMs);
                        cluster.node(victim).kill();
                        killedMs.set(System.currentTimeMillis());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "kill-follower");
        killer.setDaemon(true);
        killer.start();
        JMeter.Result result;
        try {
            result = run(topic, "all", seconds, csv);
        } finally {
            killer.interrupt();
            killer.join();
            heal(topic);
        }

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(killedMs.get()).as("the follower killed during the run").isPositive();
        SummaryText summary = result.summary(TITLE);
        assertThat(summary.producer().records()).isEqualTo((long) RATE * seconds);
        assertThat(Topics.endOffsets(admin, topic))
                .as("every acked record stored")
                .isEqualTo((long) RATE * seconds);

        // every partition lost its third replica, none its leader
        assertThat(replication(summary)).as("%s", summary).containsExactly(PARTITIONS, 0, 0, 0);
        Map<String, String> row = steadyRow(csv);
        assertThat(List.of(row.get("under_min_isr"), row.get("offline_partitions"), row.get("leader_changes")))
                .containsExactly("0", "0", "0");
        FirstLimit first = firstLimit(summary);
        assertThat(row.get("first_limit")).as("as the summary says it").isEqualTo(first.cell());
        if (!first.coresFull()) {
            assertThat(first.kind()).as("%s", summary).isEqualTo("replication");
            assertThat(first.what()).isEqualTo(PARTITIONS + " partitions under-replicated");
            // the steady state starts WARMUP_S after the first send; the cluster drops a dead follower from the ISR
            // when its broker session (9 s) times out: named after the kill, by about that much
            long killedIn = (killedMs.get() - firstStoredMs.get()) / 1000 - WARMUP_S;
            assertThat(first.seconds())
                    .as("seen %d s in, killed %d s in:\n%s", first.seconds(), killedIn, summary)
                    .isBetween(killedIn + 5, killedIn + 14);
        }
        assertOnlyShortfallWarnings(result, victim);
    }

    /** The plan at {@link #RATE} for {@code seconds}, with a warm-up, its summary rows appended to {@code csv}. */
    private static JMeter.Result run(String topic, String acks, int seconds, Path csv) {
        return run(topic, acks, seconds, csv, "");
    }

    private static JMeter.Result run(String topic, String acks, int seconds, Path csv, String brokerMetrics) {
        JMeter.RunBuilder plan = jmeter.plan(PLAN);
        // JMeter warns of a -J property given empty
        if (!brokerMetrics.isEmpty()) {
            plan.property("kafka.broker.metrics", brokerMetrics);
        }
        return plan.property("kafka.bootstrap", cluster.bootstrapServers())
                .property("topic", topic)
                .property("acks", acks)
                .property("rate", Integer.toString(RATE))
                .property("records", Integer.toString(RATE * seconds))
                .property("linger.ms", LINGER_MS)
                .property("kafka.warmup.s", Integer.toString(WARMUP_S))
                .property("kafka.summary.file", csv.toString())
                .run();
    }

    /** A node other than the quorum's leader (the highest such id): slowing or killing it leaves the quorum be. */
    private static int notTheQuorumLeader() throws Exception {
        int leader = admin.describeMetadataQuorum()
                .quorumInfo()
                .get(30, TimeUnit.SECONDS)
                .leaderId();
        return leader == 3 ? 2 : 3;
    }

    private static int[] others(int node) {
        return IntStream.rangeClosed(1, 3).filter(n -> n != node).toArray();
    }

    /**
     * Creates a topic of {@link #PARTITIONS} partitions on all 3 nodes, partition i led by {@code leader.apply(i)} and
     * followed by the others in id order; returns once each has that leader.
     */
    private static void createPlaced(
            String topic, Map<String, String> configs, java.util.function.IntUnaryOperator leader) throws Exception {
        Map<Integer, List<Integer>> placed = new TreeMap<>();
        for (int i = 0; i < PARTITIONS; i++) {
            int lead = leader.applyAsInt(i);
            List<Integer> replicas = new ArrayList<>(List.of(lead));
            IntStream.rangeClosed(1, 3).filter(n -> n != lead).forEach(replicas::add);
            placed.put(i, replicas);
        }
        admin.createTopics(List.of(new NewTopic(topic, placed).configs(configs)))
                .all()
                .get(30, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                TopicDescription d = describe(topic);
                if (d.partitions().stream()
                        .allMatch(p -> p.leader() != null
                                && p.leader().id() == placed.get(p.partition()).get(0)
                                && p.isr().size() == 3)) {
                    return;
                }
            } catch (Exception e) {
                // not known everywhere yet
            }
            assertThat(System.nanoTime())
                    .as("%s led as placed: %s", topic, placed)
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static TopicDescription describe(String topic) throws Exception {
        return admin.describeTopics(List.of(topic))
                .allTopicNames()
                .get(10, TimeUnit.SECONDS)
                .get(topic);
    }

    /** Epoch ms at which the topic first holds records (60 s at most). */
    private static long awaitFirstRecords(String topic) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && Topics.endOffsets(admin, topic) == 0) {
            Thread.sleep(50);
        }
        return System.currentTimeMillis();
    }

    /** Starts every node again, waits until the topic is in sync on all 3 and gives leadership back as placed. */
    private static void heal(String topic) throws Exception {
        cluster.startAll();
        Topics.awaitIsr(admin, topic, 3);
        for (String t : admin.listTopics(new org.apache.kafka.clients.admin.ListTopicsOptions().listInternal(true))
                .names()
                .get(30, TimeUnit.SECONDS)) {
            Topics.awaitIsr(admin, t, describe(t).partitions().get(0).replicas().size());
        }
        // other tests share the cluster: the leaders the killed node had go back to it (errors: already there)
        admin.electLeaders(ElectionType.PREFERRED, null).partitions().get(30, TimeUnit.SECONDS);
    }

    /** The first limit line of the steady state. */
    private static FirstLimit firstLimit(SummaryText summary) {
        for (String l : summary.lines()) {
            Matcher m = FIRST_LIMIT.matcher(l);
            if (m.matches()) {
                return m.group(1) == null
                        ? new FirstLimit(NONE_SEEN, -1, "")
                        : new FirstLimit(m.group(1), Long.parseLong(m.group(2)), m.group(3));
            }
        }
        throw new AssertionError("No steady state first limit line in:\n" + summary);
    }

    /** What the first limit line says: the kind in words, seconds into the steady state, what was seen. */
    private record FirstLimit(String kind, long seconds, String what) {
        /** The summary CSV's first_limit cell of the same. */
        String cell() {
            return kind.equals(NONE_SEEN) ? NONE_SEEN : TAGS.get(kind) + ": " + what + ", " + seconds + " s in";
        }

        /**
         * The generator named because its cores were full (at least 90 %, the rule's threshold): on a machine
         * shared with the brokers and other work this comes first, and the rule rightly names it before what it
         * slows; nothing else can be named first then.
         */
        boolean coresFull() {
            Matcher m = CORES_FULL.matcher(what);
            return kind.equals("the load generator") && m.matches() && Integer.parseInt(m.group(1)) >= 90;
        }
    }

    /**
     * No WARN or ERROR but the plugin's own, when a busy machine held the rate under 99 %, and the client's, when it
     * tried the dead node again (a producer picks any node for its metadata requests, the dead one among them).
     */
    private static void assertOnlyShortfallWarnings(JMeter.Result result, int killed) {
        String deadNode =
                " WARN o.a.k.c.NetworkClient: .*Connection to node " + killed + " \\(.*could not be established.*";
        assertThat(result.logWarningsAndErrors())
                .as(result.describe())
                .allMatch(l -> l.contains(" WARN i.g.j.s.p.ProducerRun: Kafka Producer '" + LABEL + "': achieved ")
                        || l.matches(".*" + deadNode));
    }

    /** The limits line's request latency by broker, ms per node id. */
    private static Map<Integer, Double> byBroker(SummaryText summary) {
        Map<Integer, Double> ms = new TreeMap<>();
        for (String l : summary.lines()) {
            Matcher m = BY_BROKER.matcher(l);
            if (l.startsWith("limits (steady state): ") && m.find()) {
                Matcher node = NODE_MS.matcher(m.group(1));
                while (node.find()) {
                    ms.put(Integer.parseInt(node.group(1)), Double.parseDouble(node.group(2)));
                }
                return ms;
            }
        }
        throw new AssertionError("No steady state limits line in:\n" + summary);
    }

    /** The limits line's replication: under-replicated, under min ISR, offline (most at once), leader changes. */
    private static List<Integer> replication(SummaryText summary) {
        for (String l : summary.lines()) {
            Matcher m = REPLICATION.matcher(l);
            if (l.startsWith("limits (steady state): ") && m.find()) {
                return IntStream.rangeClosed(1, 4)
                        .mapToObj(i -> Integer.parseInt(m.group(i)))
                        .toList();
            }
        }
        throw new AssertionError("No steady state replication figures in:\n" + summary);
    }

    /** The summary CSV's steady-state row of the producer, by column. */
    private static Map<String, String> steadyRow(Path csv) throws Exception {
        CsvTable rows = CsvTable.read(csv);
        List<Map<String, String>> steady = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i, "kind").equals("producer")
                    && rows.get(i, "label").equals(LABEL)
                    && rows.get(i, "part").equals(SummaryRow.STEADY)) {
                Map<String, String> row = new HashMap<>();
                for (String column : rows.header()) {
                    row.put(column, rows.get(i, column));
                }
                steady.add(row);
            }
        }
        assertThat(steady).as("the producer's steady-state rows in %s", csv).hasSize(1);
        return steady.get(0);
    }

    private static org.assertj.core.data.Offset<Double> within(double ms) {
        return org.assertj.core.data.Offset.offset(ms);
    }

    /**
     * Once the topic holds records, pauses a broker for {@link #PAUSED_MS} every {@link #PAUSED_MS} +
     * {@link #RUNNING_MS}, until {@link #finish}; it always leaves the broker running.
     */
    private static final class Bursts extends Thread {
        private final String topic;
        private final long pid;
        private volatile boolean done;
        final AtomicInteger paused = new AtomicInteger();

        Bursts(String topic, long pid) {
            super("broker-bursts");
            setDaemon(true);
            this.topic = topic;
            this.pid = pid;
        }

        @Override
        public void run() {
            try {
                awaitFirstRecords(topic);
                while (!done) {
                    signal("STOP");
                    try {
                        Thread.sleep(PAUSED_MS);
                    } finally {
                        signal("CONT");
                    }
                    paused.incrementAndGet();
                    Thread.sleep(RUNNING_MS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void finish() throws InterruptedException {
            done = true;
            interrupt();
            join(TimeUnit.SECONDS.toMillis(10));
            signal("CONT");
        }

        private void signal(String name) {
            try {
                Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                        .inheritIO()
                        .start();
                if (!kill.waitFor(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("kill -" + name + " " + pid + " did not return");
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                // the broker must run on whatever interrupted this: signal again, without waiting
                try {
                    new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start();
                } catch (java.io.IOException io) {
                    throw new java.io.UncheckedIOException(io);
                }
                Thread.currentThread().interrupt();
            }
        }
    }
}
