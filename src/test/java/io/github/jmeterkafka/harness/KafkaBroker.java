package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.Uuid;

/**
 * A Kafka broker in its own JVM (alone, or one node of a {@link KafkaCluster}), run from the class path the build copied to
 * {@code kafka.home}/lib: in KRaft mode (broker and controller in one process), or, for brokers
 * older than KRaft, registered in a {@link ZooKeeperServer} given to {@link Builder#zookeeper}.
 * Listens on 127.0.0.1 on free ports that it keeps for its lifetime, so {@link #stop()} then
 * {@link #start()} brings back the same broker with the same data.
 *
 * <p>The broker's output goes to {@link #logFile()}. The process is stopped by {@link #close()},
 * by a JVM shutdown hook, and, if this JVM is killed, by noticing its standard input close.
 *
 * <pre>
 * try (KafkaBroker broker = KafkaBroker.builder().build().start()) {
 *     String bootstrap = broker.bootstrapServers();
 * }
 * </pre>
 */
public final class KafkaBroker implements AutoCloseable {

    /** The listener clients use and the brokers talk over; always PLAINTEXT. */
    public static final String CLIENT_LISTENER = "PLAINTEXT";

    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    private static final String HOST = Loopback.HOST;

    private final KafkaHomeJvm jvm;
    private final String host;
    private final Path workDir;
    private final Path dataDir;
    private final Path configFile;
    private final Path logFile;
    private final boolean kraft;
    private final int controllerPort;
    private final Map<String, Integer> listenerPorts;
    private final Map<String, String> serverProperties;
    private final List<String> jvmArgs;
    private final Duration startTimeout;
    private final Duration stopTimeout;

    private final Quorum quorum;
    // 0: the broker's metrics are not served
    private final int jmxPort;
    private final int prometheusPort;
    private Process process;
    private Duration lastStartTime = Duration.ZERO;

    private KafkaBroker(Builder b) {
        this.workDir = b.workDir.toAbsolutePath();
        this.jvm = new KafkaHomeJvm(b.kafkaHome, workDir, b.on);
        this.host = b.host;
        this.dataDir = workDir.resolve("data");
        this.configFile = workDir.resolve("server.properties");
        this.logFile = workDir.resolve("broker.log");
        this.kraft = b.zookeeper == null;
        this.startTimeout = b.startTimeout;
        this.stopTimeout = b.stopTimeout;
        List<String> args = new ArrayList<>(b.jvmArgs);
        this.jmxPort = b.metricsServed ? Loopback.freePort() : 0;
        this.prometheusPort = b.metricsServed ? Loopback.freePort() : 0;
        if (b.metricsServed) {
            args.addAll(metricsArgs());
        }
        this.jvmArgs = List.copyOf(args);

        this.quorum = b.quorum;
        this.controllerPort =
                quorum != null ? quorum.controllerPorts().get(quorum.nodeId()) : kraft ? Loopback.freePort() : 0;
        Map<String, Integer> ports = new LinkedHashMap<>();
        ports.put(CLIENT_LISTENER, Loopback.freePort());
        for (String name : b.extraListeners.keySet()) {
            ports.put(name, Loopback.freePort());
        }
        this.listenerPorts = Map.copyOf(ports);

        Map<String, String> props = new LinkedHashMap<>();
        StringBuilder listeners = new StringBuilder();
        StringBuilder protocols = new StringBuilder(CLIENT_LISTENER + ":PLAINTEXT");
        for (Map.Entry<String, Integer> e : ports.entrySet()) {
            listeners
                    .append(e.getKey())
                    .append("://")
                    .append(host)
                    .append(':')
                    .append(e.getValue())
                    .append(',');
        }
        for (Map.Entry<String, String> e : b.extraListeners.entrySet()) {
            protocols.append(',').append(e.getKey()).append(':').append(e.getValue());
        }
        String advertised = listeners.substring(0, listeners.length() - 1);

        if (quorum != null) {
            // a node of a cluster: static voters, every node broker and controller, clients told the client listener
            // only
            protocols.append(',').append(CONTROLLER_LISTENER).append(":PLAINTEXT");
            props.put("process.roles", "broker,controller");
            props.put("node.id", Integer.toString(quorum.nodeId()));
            props.put("controller.quorum.voters", quorum.voters());
            props.put("controller.listener.names", CONTROLLER_LISTENER);
            props.put("listeners", advertised + "," + CONTROLLER_LISTENER + "://" + HOST + ":" + controllerPort);
            props.put("advertised.listeners", advertised);
        } else if (kraft) {
            String controller = CONTROLLER_LISTENER + "://" + host + ":" + controllerPort;
            protocols.append(',').append(CONTROLLER_LISTENER).append(":PLAINTEXT");
            props.put("process.roles", "broker,controller");
            props.put("node.id", "1");
            props.put("controller.quorum.bootstrap.servers", host + ":" + controllerPort);
            props.put("controller.listener.names", CONTROLLER_LISTENER);
            props.put("listeners", advertised + "," + controller);
            props.put("advertised.listeners", advertised + "," + controller);
        } else {
            props.put("broker.id", "1");
            props.put("zookeeper.connect", b.zookeeper.connectString());
            props.put("listeners", advertised);
            props.put("advertised.listeners", advertised);
        }
        props.put("inter.broker.listener.name", CLIENT_LISTENER);
        props.put("listener.security.protocol.map", protocols.toString());
        props.put("log.dirs", dataDir.toString());
        props.put("num.partitions", Integer.toString(b.numPartitions));
        props.put("auto.create.topics.enable", Boolean.toString(b.autoCreateTopics));
        // one broker: internal topics cannot have more than one replica
        props.put("offsets.topic.replication.factor", "1");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        if (kraft) {
            // share groups exist only in KRaft brokers
            props.put("share.coordinator.state.topic.replication.factor", "1");
            props.put("share.coordinator.state.topic.min.isr", "1");
            // lets a test's share group lock records for 1 s, not at least 15 s, to see a slow job's lock expire
            props.put("group.share.min.record.lock.duration.ms", "1000");
            // a share group's members get partitions at a heartbeat after the share coordinator set them up: every
            // 1 s, not 5 s, so a test's group starts reading in about a second
            props.put("group.share.min.heartbeat.interval.ms", "1000");
            props.put("group.share.heartbeat.interval.ms", "1000");
        }
        // consumers in tests should not wait 3 s for a group that will never grow
        props.put("group.initial.rebalance.delay.ms", "0");
        props.putAll(b.serverProperties);
        this.serverProperties = Map.copyOf(props);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Formats the data directory on first use (KRaft), starts the broker and waits until it
     * answers an Admin call.
     *
     * @throws IllegalStateException with the tail of the broker log if it does not come up in time
     */
    public synchronized KafkaBroker start() {
        if (isRunning()) {
            return this;
        }
        long t0 = System.nanoTime();
        try {
            Files.createDirectories(dataDir);
            writeConfig();
            if (kraft && !Files.exists(dataDir.resolve("meta.properties"))) {
                format();
            }
            process = jvm.start(jvmArgs, List.of("kafka.Kafka", configFile.toString()), logFile);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start Kafka broker in " + workDir, e);
        }
        awaitReady(t0);
        lastStartTime = Duration.ofNanos(System.nanoTime() - t0);
        return this;
    }

    /** Stops the broker cleanly (SIGTERM), killing it if it takes longer than the stop timeout. Keeps the data. */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        Process p = process;
        process = null;
        Processes.stop(p, stopTimeout);
        awaitPortClosed(port(), Duration.ofSeconds(10));
    }

    /** Kills the broker at once (SIGKILL), as a machine that dies; keeps the data, so {@link #start()} brings it back. */
    public synchronized void kill() {
        if (process == null) {
            return;
        }
        Processes.kill(process);
        process = null;
        awaitPortClosed(port(), Duration.ofSeconds(10));
    }

    /** The node id: 1 for a broker alone, its own in a {@link KafkaCluster}. */
    public int nodeId() {
        return quorum == null ? 1 : quorum.nodeId();
    }

    /** Stops the broker and deletes its data; the log file stays for post-mortems. */
    @Override
    public synchronized void close() {
        stop();
        Loopback.deleteRecursively(dataDir);
    }

    /** The broker's process id, to pause it (SIGSTOP) as a stalled broker would stall. */
    public synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException("the broker is not running");
        }
        return process.pid();
    }

    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Remote JMX without authentication, and the Prometheus JMX exporter agent with the limits' beans. */
    private List<String> metricsArgs() {
        Path agent = Harness.targetDir().resolve("jmx-exporter/jmx_prometheus_javaagent.jar");
        if (!Files.isRegularFile(agent)) {
            throw new IllegalStateException(
                    "No " + agent + ": the build copies it in pre-integration-test (mvn verify)");
        }
        Path config = workDir.resolve("jmx-exporter.yaml");
        try (InputStream in = KafkaBroker.class.getResourceAsStream("/jmx-exporter-kafka.yaml")) {
            Files.createDirectories(workDir);
            Files.write(config, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.of(
                "-Dcom.sun.management.jmxremote.port=" + jmxPort,
                "-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort,
                "-Dcom.sun.management.jmxremote.host=" + host,
                "-Dcom.sun.management.jmxremote.authenticate=false",
                "-Dcom.sun.management.jmxremote.ssl=false",
                "-Djava.rmi.server.hostname=" + host,
                "-javaagent:" + agent + "=" + host + ":" + prometheusPort + ":" + config);
    }

    /** The broker's JMX service URL; needs {@link Builder#metricsServed}. */
    public String jmxUrl() {
        return "service:jmx:rmi:///jndi/rmi://" + host + ":" + served(jmxPort) + "/jmxrmi";
    }

    /** The Prometheus JMX exporter's endpoint; needs {@link Builder#metricsServed}. */
    public String prometheusUrl() {
        return "http://" + host + ":" + served(prometheusPort) + "/metrics";
    }

    private static int served(int port) {
        if (port == 0) {
            throw new IllegalStateException("The broker serves no metrics: build it with metricsServed()");
        }
        return port;
    }

    /** {@code 127.0.0.1:port} of the PLAINTEXT listener. */
    public String bootstrapServers() {
        return bootstrapServers(CLIENT_LISTENER);
    }

    /** {@code 127.0.0.1:port} of a listener added with {@link Builder#listener}. */
    public String bootstrapServers(String listenerName) {
        return host + ":" + port(listenerName);
    }

    public int port() {
        return port(CLIENT_LISTENER);
    }

    public int port(String listenerName) {
        Integer port = listenerPorts.get(listenerName);
        if (port == null) {
            throw new IllegalArgumentException("No listener " + listenerName + "; have " + listenerPorts.keySet());
        }
        return port;
    }

    /** The KRaft controller's port; 0 in ZooKeeper mode. */
    public int controllerPort() {
        return controllerPort;
    }

    public Path workDir() {
        return workDir;
    }

    public Path dataDir() {
        return dataDir;
    }

    public Path logFile() {
        return logFile;
    }

    /** The effective server.properties values. */
    public Map<String, String> serverProperties() {
        return serverProperties;
    }

    /** Time the last {@link #start()} took, from launch (and format) to the first Admin answer. */
    public Duration lastStartTime() {
        return lastStartTime;
    }

    /** A new Admin client on the PLAINTEXT listener; the caller closes it. */
    public Admin admin() {
        Map<String, Object> config = new HashMap<>();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        return Admin.create(config);
    }

    /** The last lines of the broker log, for assertion messages. */
    public String logTail(int lines) {
        return Processes.tail(logFile, lines);
    }

    @Override
    public String toString() {
        return "KafkaBroker[" + bootstrapServers() + ", " + workDir + "]";
    }

    private void writeConfig() throws IOException {
        Properties props = new Properties();
        props.putAll(serverProperties);
        try (Writer w = Files.newBufferedWriter(configFile, StandardCharsets.UTF_8)) {
            props.store(
                    w,
                    (quorum != null ? "cluster node " : "single-node ") + (kraft ? "KRaft" : "ZooKeeper-mode")
                            + " broker for tests");
        }
    }

    private void format() throws IOException {
        Process format = jvm.start(
                List.of("-Xmx256m"),
                quorum != null
                        // static voters: every node formatted with the cluster's one id
                        ? List.of(
                                "kafka.tools.StorageTool",
                                "format",
                                "-t",
                                quorum.clusterId(),
                                "-c",
                                configFile.toString())
                        : List.of(
                                "kafka.tools.StorageTool",
                                "format",
                                "--standalone",
                                "-t",
                                Uuid.randomUuid().toString(),
                                "-c",
                                configFile.toString()),
                logFile);
        try {
            if (!format.waitFor(60, TimeUnit.SECONDS)) {
                Processes.kill(format);
                throw new IllegalStateException("Formatting the Kafka data dir timed out; see " + logFile);
            }
        } catch (InterruptedException e) {
            Processes.kill(format);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while formatting " + dataDir, e);
        } finally {
            Processes.stop(format, Duration.ZERO);
        }
        if (format.exitValue() != 0) {
            throw new IllegalStateException("kafka.tools.StorageTool format exited with " + format.exitValue()
                    + "; log " + logFile + ":\n" + logTail(30));
        }
    }

    private void awaitReady(long startNanos) {
        long deadline = startNanos + startTimeout.toNanos();
        String lastError = "port " + port() + " never opened";
        Admin admin = null;
        try {
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    int exit = process.exitValue();
                    process = null;
                    throw new IllegalStateException("Kafka broker exited with " + exit + " while starting; log "
                            + logFile + ":\n" + logTail(40));
                }
                if (portOpen(port())) {
                    if (admin == null) {
                        Map<String, Object> config = new HashMap<>();
                        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
                        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000);
                        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3_000);
                        admin = Admin.create(config);
                    }
                    try {
                        Collection<Node> nodes = admin.describeCluster().nodes().get(3, TimeUnit.SECONDS);
                        if (!nodes.isEmpty()) {
                            return;
                        }
                        lastError = "describeCluster returned no broker";
                    } catch (Exception e) {
                        lastError = "describeCluster: " + e;
                    }
                }
                sleep(200);
            }
            Processes.kill(process);
            process = null;
            throw new IllegalStateException("Kafka broker not ready after " + startTimeout.toSeconds() + " s ("
                    + lastError + "); log " + logFile + ":\n" + logTail(40));
        } finally {
            if (admin != null) {
                admin.close(Duration.ofSeconds(2));
            }
        }
    }

    // an IP literal: there is no host name to resolve
    @SuppressWarnings("AddressSelection")
    boolean portOpen(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void awaitPortClosed(int port, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (portOpen(port) && System.nanoTime() < deadline) {
            sleep(100);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }

    /** A node's place in a cluster's controller quorum: its id, every voter's controller port, the cluster id. */
    record Quorum(int nodeId, Map<Integer, Integer> controllerPorts, String clusterId) {
        String voters() {
            StringBuilder v = new StringBuilder();
            controllerPorts.forEach((id, port) -> v.append(v.length() == 0 ? "" : ",")
                    .append(id)
                    .append('@')
                    .append(HOST)
                    .append(':')
                    .append(port));
            return v.toString();
        }
    }

    /** Settings of a broker; {@link #build()} picks the ports, {@link KafkaBroker#start()} runs it. */
    public static final class Builder {
        private Path kafkaHome = Harness.kafkaHome();
        private Path workDir;
        private ZooKeeperServer zookeeper;
        private Quorum quorum;
        private int numPartitions = 1;
        private boolean autoCreateTopics = true;
        private final Map<String, String> serverProperties = new LinkedHashMap<>();
        private final Map<String, String> extraListeners = new LinkedHashMap<>();
        private final List<String> jvmArgs = new ArrayList<>(List.of(
                // as kafka-server-start.sh: fixed heap, G1 tuned for short pauses
                "-Xmx1g",
                "-Xms1g",
                "-XX:+UseG1GC",
                "-XX:MaxGCPauseMillis=20",
                "-XX:InitiatingHeapOccupancyPercent=35",
                "-XX:+ExplicitGCInvokesConcurrent"));
        // a broker boots in ~10 s on a quiet machine; loaded ones have taken over a minute
        private Duration startTimeout = Duration.ofMinutes(3);
        private Duration stopTimeout = Duration.ofSeconds(30);
        private String host = HOST;
        private List<String> on = List.of();
        private boolean metricsServed;

        private Builder() {}

        /**
         * Runs the broker on a test host ({@link NetworkHosts#on}), its listeners on that host's address: clients
         * reach it as another machine, never over 127.0.0.1. A single broker only.
         */
        public Builder onHost(NetworkHosts hosts, String name) {
            this.host = hosts.address(name);
            this.on = hosts.on(name);
            return this;
        }

        /** Directory whose lib/ holds the broker's jars; default the {@code kafka.home} system property. */
        public Builder kafkaHome(Path kafkaHome) {
            this.kafkaHome = kafkaHome;
            return this;
        }

        /** Holds server.properties, data/ and broker.log; default a new directory under target/kafka-brokers. */
        public Builder workDir(Path workDir) {
            this.workDir = workDir;
            return this;
        }

        /**
         * Runs the broker in ZooKeeper mode, registered in {@code zookeeper}, as brokers before
         * KRaft (2.x) must; null (the default) runs it in KRaft mode. The caller stops ZooKeeper
         * after the broker.
         */
        public Builder zookeeper(ZooKeeperServer zookeeper) {
            this.zookeeper = zookeeper;
            return this;
        }

        /** Makes this broker one node of a {@link KafkaCluster}. */
        Builder quorum(Quorum quorum) {
            this.quorum = quorum;
            return this;
        }

        public Builder numPartitions(int numPartitions) {
            this.numPartitions = numPartitions;
            return this;
        }

        public Builder autoCreateTopics(boolean autoCreateTopics) {
            this.autoCreateTopics = autoCreateTopics;
            return this;
        }

        /** Any server.properties entry; wins over the defaults. */
        public Builder serverProperty(String key, String value) {
            serverProperties.put(key, value);
            return this;
        }

        public Builder serverProperties(Map<String, String> properties) {
            serverProperties.putAll(properties);
            return this;
        }

        /**
         * One more listener on its own free port, e.g. {@code listener("SASL_SSL", "SASL_SSL")};
         * its mechanism and store settings go in with {@link #serverProperty}.
         */
        public Builder listener(String name, String securityProtocol) {
            if (CLIENT_LISTENER.equals(name) || CONTROLLER_LISTENER.equals(name)) {
                throw new IllegalArgumentException(name + " is taken");
            }
            extraListeners.put(name, securityProtocol);
            return this;
        }

        /** Serves the broker's metrics over JMX and the Prometheus JMX exporter agent, each on a free port. */
        public Builder metricsServed() {
            this.metricsServed = true;
            return this;
        }

        /** Extra JVM option for the broker, e.g. {@code -Djava.security.auth.login.config=...}. */
        public Builder jvmArg(String arg) {
            jvmArgs.add(arg);
            return this;
        }

        /** Replaces the default 1 GB heap, e.g. {@code heap("2g")}. */
        public Builder heap(String size) {
            jvmArgs.removeIf(a -> a.startsWith("-Xmx") || a.startsWith("-Xms"));
            jvmArgs.add("-Xmx" + size);
            jvmArgs.add("-Xms" + size);
            return this;
        }

        public Builder startTimeout(Duration startTimeout) {
            this.startTimeout = startTimeout;
            return this;
        }

        public Builder stopTimeout(Duration stopTimeout) {
            this.stopTimeout = stopTimeout;
            return this;
        }

        /** Picks free ports and the work directory; does not start anything. */
        public KafkaBroker build() {
            if (workDir == null) {
                try {
                    Path parent = Files.createDirectories(Harness.targetDir().resolve("kafka-brokers"));
                    workDir = Files.createTempDirectory(parent, "broker-");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return new KafkaBroker(this);
        }

        /** {@code build().start()}. */
        public KafkaBroker start() {
            return build().start();
        }
    }
}
