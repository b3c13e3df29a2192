package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterLog;
import io.github.jmeterkafka.harness.JMeterServer;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.harness.NetworkHosts;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * JMeter's distributed mode across hosts: the broker, the controller and two jmeter-servers each on a test host of
 * its own (a network namespace with its own address, {@link NetworkHosts}), RMI over SSL as JMeter ships it with a
 * keystore made here. Loopback is no proof of RMI across hosts: a server that announced 127.0.0.1, or a controller
 * the servers cannot call back, fails here.
 */
class MultiHostIT {
    private static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/distributed.jmx");
    private static final String PRODUCER = "Produce 100 B records";
    private static final long PER_SERVER = 10_000;

    @Test
    void twoServersOnHostsOfTheirOwnOverRmiSslAreMergedExactly() throws Exception {
        Path dir = Harness.targetDir()
                .resolve("multi-host-runs")
                .resolve("run-" + ProcessHandle.current().pid());
        Loopback.deleteRecursively(dir);
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        List<JMeterServer> servers = new ArrayList<>();
        try (NetworkHosts hosts = NetworkHosts.create("kafka", "controller", "server1", "server2");
                KafkaBroker broker = KafkaBroker.builder()
                        .workDir(dir.resolve("broker"))
                        .heap("512m")
                        .onHost(hosts, "kafka")
                        .start();
                Admin admin = broker.admin()) {
            Path keystore = JMeterServer.createRmiKeystore(dir.resolve("rmi_keystore.jks"));
            for (String host : List.of("server1", "server2")) {
                servers.add(
                        JMeterServer.startOnHost(jmeter.home(), dir.resolve(host), Map.of(), hosts, host, keystore));
            }
            for (int i = 0; i < servers.size(); i++) {
                servers.set(i, servers.get(i).awaitReadyOrRestart(Duration.ofSeconds(90)));
            }
            String topic = "multi-host-" + System.nanoTime();
            JMeter.Result run = jmeter.plan(PLAN)
                    .runDir(dir.resolve("controller"))
                    .on(hosts.on("controller"))
                    .jvmArg("-Djava.rmi.server.hostname=" + hosts.address("controller"))
                    .remote(servers)
                    .property("kafka.bootstrap", broker.bootstrapServers())
                    .property("topic", topic)
                    .property("threads", "2")
                    .property("loops", Long.toString(PER_SERVER / 20))
                    .property("records.per.sample", "10")
                    .run();

            assertThat(run.exitCode()).as(run.describe()).isZero();
            assertThat(run.samples().failures()).as(run.describe()).isEmpty();
            assertThat(broker.bootstrapServers()).doesNotStartWith("127.");
            String merged = run.stdout()
                    .substring(run.stdout().indexOf("Kafka Producer summary for '" + PRODUCER + "' over 2 servers:"));
            assertThat(merged).as(run.describe()).contains("\n" + 2 * PER_SERVER + " records sent, ");
            for (JMeterServer s : servers) {
                assertThat(s.hostAndPort()).doesNotStartWith("127.");
                assertThat(merged).contains("server " + s.hostAndPort() + ": " + PER_SERVER + " records sent, ");
                assertThat(s.logText())
                        .as("RMI over SSL on the server's own address, %s", s.log())
                        .contains("Created SSLSocket: [SSL: ServerSocket[addr=/"
                                + s.hostAndPort().split(":", 2)[0]);
                assertThat(JMeterLog.parse(s.logText()).warningsAndErrors())
                        .as("WARN or ERROR in %s", s.log())
                        .isEmpty();
            }
            Matcher threads = Pattern.compile("^(10\\.[0-9.]+):[0-9]+-")
                    .matcher(run.samples().rows(PRODUCER).get(0).threadName());
            assertThat(threads.find())
                    .as("samples named by the server's address")
                    .isTrue();
            assertThat(Topics.endOffsets(admin, topic)).isEqualTo(2 * PER_SERVER);
            System.out.printf(
                    "multi-host: broker %s, controller %s, servers %s over RMI SSL: %d records merged%n",
                    broker.bootstrapServers(),
                    hosts.address("controller"),
                    servers.stream().map(JMeterServer::hostAndPort).toList(),
                    2 * PER_SERVER);
        } finally {
            servers.forEach(JMeterServer::close);
        }
    }
}
