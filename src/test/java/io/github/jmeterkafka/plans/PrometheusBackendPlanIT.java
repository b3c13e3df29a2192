package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.harness.BackendListeners;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.harness.PrometheusServers;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * test-plans/produce-consume-e2e.jmx in a real JMeter with JMeter's Backend Listener on the plugin's Prometheus
 * client, scraped by a real Prometheus and pushing to a real Pushgateway (Debian's packages, started here): the
 * records Prometheus holds equal the summaries and the broker's end offsets, the last interval included, and every
 * query of the Grafana dashboard finds them; a port in use and a Pushgateway that is down cost one line each.
 */
class PrometheusBackendPlanIT extends BrokerAndJMeter {
    private static final String PRODUCER = "Produce with sequence numbers";
    private static final String CONSUMER = "Consume and verify";
    private static final Pattern PUSHES =
            Pattern.compile("Kafka Prometheus metrics: (\\d+) pushes to (\\S+), (\\d+) failed");
    private static PrometheusServers prometheus;

    @BeforeAll
    static void startPrometheus() {
        // a real part that cannot be had fails the run like any other, never skips it
        prometheus = PrometheusServers.start(Harness.targetDir().resolve("prometheus-runs/" + System.nanoTime()));
    }

    @AfterAll
    static void stopPrometheus() {
        if (prometheus != null) {
            prometheus.close();
        }
    }

    @Test
    void theRecordsInPrometheusEqualTheBrokersAndEveryDashboardQueryFindsThem() throws Exception {
        String name = "prometheus-e2e-" + System.nanoTime();
        JMeter.Result result = e2eWithListeners(
                name,
                BackendListeners.prometheus("Prometheus", prometheus.jmeterPort(), prometheus.pushgatewayUrl(), name),
                "15");

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
        Matcher pushes = PUSHES.matcher(java.nio.file.Files.readString(result.log()));
        assertThat(pushes.find()).as("the pushes' line in %s", result.log()).isTrue();
        assertThat(Long.parseLong(pushes.group(1))).as("pushes").isGreaterThanOrEqualTo(10);
        assertThat(pushes.group(3)).as("failed pushes").isEqualTo("0");

        long produced = result.summary("Kafka Producer summary for '" + PRODUCER + "':")
                .producer()
                .records();
        SummaryText consumerSummary = result.summary("Kafka Consumer summary for '" + CONSUMER + "':");
        long consumed = consumerSummary.consumer().records();
        // the consumers' lag the series below carry is on the summary's limits line too
        assertThat(consumerSummary.lines())
                .anySatisfy(l -> assertThat(l).matches("limits.*, consumers' lag up to \\d+ records; .*"));
        assertThat(produced).isGreaterThan(4000).isEqualTo(Topics.endOffsets(admin, name));
        // the Pushgateway holds the last push, made after the samplers' last intervals: Prometheus scrapes it each
        // second
        Map<String, Long> expected = Map.of(PRODUCER, produced, CONSUMER, consumed);
        for (var sampler : expected.entrySet()) {
            String q = "jmeter_kafka_records_total{job=\"jmeter-kafka\",instance=\"" + name + "\",sampler=\""
                    + sampler.getKey() + "\"}";
            assertThat(awaitValue(q, sampler.getValue())).as(q).isEqualTo(sampler.getValue());
        }
        // scraped from JMeter while the run lasted
        JsonNode scraped = prometheus.query(
                "max_over_time(jmeter_kafka_records_per_second{job=\"jmeter\",sampler=\"" + PRODUCER + "\"}[10m])");
        assertThat(scraped).as("scraped from JMeter's /metrics").isNotEmpty();
        assertThat(scraped.get(0).path("value").get(1).asDouble()).isGreaterThan(300);
        // the samplers' very last interval, cut short by the end, may have no record and so no latency
        assertThat(prometheus.query("max_over_time(jmeter_kafka_corrected_latency_ms{job=\"jmeter-kafka\",instance=\""
                        + name + "\",quantile=\"0.99\"}[10m])"))
                .as("the paced producer's corrected p99")
                .hasSize(1);
        // the consumers' lag, as the limits probe read their partitions' records-lag
        assertThat(prometheus.query("max_over_time(jmeter_kafka_limit_consumer_lag{job=\"jmeter-kafka\",instance=\""
                        + name + "\",sampler=\"" + CONSUMER + "\"}[10m])"))
                .as("the consumers' lag")
                .hasSize(1);

        int queries = 0;
        JsonNode dashboard = new ObjectMapper()
                .readTree(Harness.projectDir()
                        .resolve("src/grafana/jmeter-kafka-prometheus.json")
                        .toFile());
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                String q = target.path("expr")
                        .asText()
                        .replace("$sampler", ".*")
                        .replace("$job", "jmeter-kafka")
                        .replace("$__range", "10m");
                // as Grafana draws it: over the run's time
                assertThat(prometheus.queryRange(q, 120))
                        .as("%s: %s", panel.path("title").asText(), q)
                        .isNotEmpty();
                queries++;
            }
        }
        assertThat(queries).isEqualTo(11);
    }

    @Test
    void aPortInUseAndAPushgatewayThatIsDownCostOneLineEachAndNoRecord() throws IOException {
        String name = "prometheus-down-" + System.nanoTime();
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            JMeter.Result result = e2eWithListeners(
                    name,
                    BackendListeners.prometheus(
                            "Prometheus", taken.getLocalPort(), "http://127.0.0.1:" + Loopback.freePort(), name),
                    "6");

            assertThat(result.exitCode()).as(result.describe()).isZero();
            assertThat(result.samples().failures()).as(result.describe()).isEmpty();
            assertThat(result.stdout()).contains("delivery: ").contains(" 0 missing, 0 duplicated");
            List<String> ours = result.logWarningsAndErrors().stream()
                    .filter(l -> l.contains("Kafka Prometheus metrics"))
                    .toList();
            assertThat(ours)
                    .as("the client's lines in %s", result.log())
                    .hasSize(2)
                    .anySatisfy(l -> assertThat(l)
                            .contains(" ERROR ")
                            .contains("cannot serve on 127.0.0.1:" + taken.getLocalPort())
                            .contains("BindException"))
                    .anySatisfy(l ->
                            assertThat(l).contains(" WARN ").contains("does not take them (java.net.ConnectException"));
            long produced = result.summary("Kafka Producer summary for '" + PRODUCER + "':")
                    .producer()
                    .records();
            assertThat(produced).isGreaterThan(1000).isEqualTo(Topics.endOffsets(admin, name));
        }
    }

    /** The query's single value once it reaches {@code expected}, or what it is after 30 s. */
    private static long awaitValue(String query, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        long last = -1;
        while (System.nanoTime() < deadline) {
            JsonNode r = prometheus.query(query);
            if (r.size() == 1) {
                last = (long) r.get(0).path("value").get(1).asDouble();
                if (last == expected) {
                    return last;
                }
            }
            Thread.sleep(250);
        }
        return last;
    }
}
