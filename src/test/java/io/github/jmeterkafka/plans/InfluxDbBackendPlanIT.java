package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.harness.BackendListeners;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.InfluxDb;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.measure.IntervalLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * test-plans/produce-consume-e2e.jmx in a real JMeter with JMeter's Backend Listener on the plugin's InfluxDB client,
 * writing to a real InfluxDB 1.x (Debian's package, started here): what InfluxDB holds adds up to the summaries and
 * equals the interval logs; an InfluxDB that is down or refuses the writes costs one WARN per kind and no sample.
 */
class InfluxDbBackendPlanIT extends BrokerAndJMeter {
    private static final String PRODUCER = "Produce with sequence numbers";
    private static final String CONSUMER = "Consume and verify";
    private static final Pattern WRITER_REPORT =
            Pattern.compile("Kafka InfluxDB writer: (\\d+) points written to (\\S+), (\\d+) dropped");
    private static InfluxDb influx;

    @BeforeAll
    static void startInfluxDb() {
        List<String> tried = new ArrayList<>();
        Optional<Path> influxd = InfluxDb.obtain(tried);
        // a real part that cannot be had fails the run like any other, never skips it
        assertThat(influxd)
                .as("influxd: Debian's influxdb package could not be had: %s", tried)
                .isPresent();
        influx = InfluxDb.start(influxd.get(), Harness.targetDir().resolve("influxdb-runs/" + System.nanoTime()));
    }

    @AfterAll
    static void stopInfluxDb() {
        if (influx != null) {
            influx.close();
        }
    }

    @Test
    void thePointsAddUpToTheSummariesAndTheLastIntervalEqualsTheIntervalLog() throws Exception {
        String db = "e2e";
        influx.createDatabase(db);
        String name = "influx-e2e-" + System.nanoTime();
        // 20 s at 500 records/s: 20 one-second intervals per sampler, a last one cut short by the end
        JMeter.Result result =
                e2eWithListeners(name, BackendListeners.influxDb("InfluxDB", influx.writeUrl(db), "e2e", name), "20");

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
        Matcher report = WRITER_REPORT.matcher(Files.readString(result.log()));
        assertThat(report.find()).as("the writer's report in %s", result.log()).isTrue();
        assertThat(report.group(3)).as("dropped").isEqualTo("0");

        long produced = result.summary("Kafka Producer summary for '" + PRODUCER + "':")
                .producer()
                .records();
        long consumed = result.summary("Kafka Consumer summary for '" + CONSUMER + "':")
                .consumer()
                .records();
        assertThat(produced).isGreaterThan(5000);
        Map<String, Long> summaries = Map.of(PRODUCER, produced, CONSUMER, consumed);
        for (var sampler : summaries.entrySet()) {
            List<Map<String, JsonNode>> points = points(db, sampler.getKey(), name);
            assertThat(points).as(sampler.getKey()).hasSizeGreaterThanOrEqualTo(15);
            long records = 0;
            double perSecondTimesSeconds = 0;
            for (Map<String, JsonNode> p : points) {
                records += p.get("records").asLong();
                perSecondTimesSeconds +=
                        p.get("records_per_s").asDouble() * p.get("interval_s").asDouble();
                assertThat(p.get("failed_per_s").asDouble()).isZero();
                assertThat(p.get("server").asText()).isNotEmpty();
                assertThat(p.get("application").asText()).isEqualTo("e2e");
            }
            assertThat(records)
                    .as("%s: records of all points", sampler.getKey())
                    .isEqualTo(sampler.getValue());
            assertThat(perSecondTimesSeconds)
                    .as("%s: records/s x interval over all points", sampler.getKey())
                    .isCloseTo(sampler.getValue(), within(sampler.getValue() * 0.001));
            assertLastIntervalEqualsTheLog(
                    points, result.runDir().resolve("kafka-hlog").resolve(IntervalLog.fileName(sampler.getKey())));
        }
        // intervals before the producers start (they wait for the consumers to join) have no records
        assertThat(points(db, PRODUCER, name))
                .filteredOn(p -> p.get("records").asLong() > 0)
                .as("the paced producer's intervals with records")
                .hasSizeGreaterThanOrEqualTo(10)
                .allSatisfy(p -> assertThat(p.get("corrected_pct99.0"))
                        .as("the paced producer's corrected latency")
                        .isNotNull());
        // the consumers' lag, as the limits probe read their partitions' records-lag
        assertThat(points(db, CONSUMER, name))
                .as("the consumer's intervals with the consumers' lag")
                .anySatisfy(p -> assertThat(p.get("limit_consumer_lag")).isNotNull());

        // JMeter's own client, in the same measurement, for the plan's other samples
        JsonNode created = influx.query(
                db, "SELECT \"count\" FROM jmeter WHERE \"transaction\" = 'Create topic' AND statut = 'all'");
        assertThat(created.path(0).path("values")).isNotEmpty();
        JsonNode tagged = influx.query(db, "SHOW TAG VALUES FROM jmeter WITH KEY = \"test\"");
        assertThat(tagged.path(0).path("values").toString()).contains(name);

        assertEveryDashboardQueryFindsPoints(db, name);
    }

    /** Each query of src/grafana's dashboard, its variables set to this run, runs and answers with points. */
    private static void assertEveryDashboardQueryFindsPoints(String db, String test) throws IOException {
        JsonNode dashboard = new ObjectMapper()
                .readTree(Harness.projectDir()
                        .resolve("src/grafana/jmeter-kafka-influxdb.json")
                        .toFile());
        int queries = 0;
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                String q = target.path("query")
                        .asText()
                        .replace("$timeFilter", "time > now() - 1h")
                        .replace("$__interval", "1s")
                        .replace("$measurement", "jmeter")
                        .replace("$application", "e2e")
                        .replace("$test", test)
                        .replace("$kafka_sampler", ".*");
                JsonNode series = influx.query(db, q);
                // JMeter's client writes statut=ko points only for failed samples: this run has none
                if (!q.contains("'ko'")) {
                    assertThat(series)
                            .as("%s: %s", panel.path("title").asText(), q)
                            .isNotEmpty();
                }
                queries++;
            }
        }
        assertThat(queries).isEqualTo(8);
    }

    @Test
    void anInfluxDbThatRefusesOrIsDownCostsOneWarnPerKindAndNoSample() throws Exception {
        String name = "influx-down-" + System.nanoTime();
        int closedPort = Loopback.freePort();
        String listeners = BackendListeners.influxDb(
                        "InfluxDB without the database", influx.writeUrl("missing"), "e2e", name)
                + BackendListeners.influxDb(
                        "InfluxDB that is down", "http://127.0.0.1:" + closedPort + "/write?db=jmeter", "e2e", name);
        JMeter.Result result = e2eWithListeners(name, listeners, "8");

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(result.stdout()).contains("delivery: ").contains(" 0 missing, 0 duplicated");
        List<String> ours = result.logWarningsAndErrors().stream()
                .filter(l -> l.contains("Kafka InfluxDB writer"))
                .toList();
        assertThat(ours)
                .as("WARN lines of the writer in %s", result.log())
                .hasSize(2)
                .allMatch(l -> l.contains(" WARN "))
                .anySatisfy(l -> assertThat(l).contains("(HTTP 404)").contains("database not found"))
                .anySatisfy(l -> assertThat(l).contains("(ConnectException)"));
        Matcher report = WRITER_REPORT.matcher(Files.readString(result.log()));
        Map<String, Long> dropped = new HashMap<>();
        while (report.find()) {
            assertThat(report.group(1)).as("written").isEqualTo("0");
            dropped.put(report.group(2), Long.parseLong(report.group(3)));
        }
        // 2 samplers x about 8 one-second intervals each, all dropped and counted
        assertThat(dropped).hasSize(2).allSatisfy((url, n) -> assertThat(n).isGreaterThanOrEqualTo(10));
    }

    /** The sampler's points in time order, each as column name to value. */
    private static List<Map<String, JsonNode>> points(String db, String label, String test) {
        JsonNode series = influx.query(
                db,
                "SELECT * FROM jmeter WHERE \"transaction\" = '" + label + "' AND \"test\" = '" + test
                        + "' AND kind =~ /./ ORDER BY time");
        List<Map<String, JsonNode>> points = new ArrayList<>();
        JsonNode columns = series.path(0).path("columns");
        for (JsonNode values : series.path(0).path("values")) {
            Map<String, JsonNode> p = new HashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                if (!values.get(i).isNull()) {
                    p.put(columns.get(i).asText(), values.get(i));
                }
            }
            points.add(p);
        }
        return points;
    }

    /**
     * The points' intervals are the log's: the last ends when the log's last does, and the last interval with
     * records (the very last may have none: the samplers' last interval ends as they stop) has the log's percentiles.
     */
    private static void assertLastIntervalEqualsTheLog(List<Map<String, JsonNode>> points, Path hlog)
            throws IOException {
        List<Histogram> intervals = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
            if (h.getTag() == null) {
                intervals.add((Histogram) h);
            }
        }
        assertThat(intervals).as(hlog.toString()).isNotEmpty();
        assertThat(points.get(points.size() - 1).get("time").asLong())
                .isCloseTo(intervals.get(intervals.size() - 1).getEndTimeStamp(), within(1L));
        Map<String, JsonNode> point = points.stream()
                .filter(p -> p.get("records").asLong() > 0)
                .reduce((a, b) -> b)
                .orElseThrow();
        Histogram interval = intervals.stream()
                .filter(i -> Math.abs(i.getEndTimeStamp() - point.get("time").asLong()) <= 1)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no interval of " + hlog + " ends at " + point.get("time")));
        assertThat(point.get("records").asLong()).isEqualTo(interval.getTotalCount());
        Map<String, Double> percentiles =
                Map.of("pct50.0", 50.0, "pct90.0", 90.0, "pct95.0", 95.0, "pct99.0", 99.0, "pct99.9", 99.9);
        percentiles.forEach((field, p) -> assertThat(point.get(field).asDouble())
                .as("%s of %s", field, hlog)
                .isCloseTo(interval.getValueAtPercentile(p) / 1000.0, within(1e-6)));
        assertThat(point.get("max").asDouble()).isCloseTo(interval.getMaxValue() / 1000.0, within(1e-6));
    }
}
