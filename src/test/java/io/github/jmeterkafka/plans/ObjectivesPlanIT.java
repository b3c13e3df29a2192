package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * kafka.objectives on the quick-start plan in a real JMeter: each criterion is a sample of the JTL (failed when
 * missed), a line on stdout, and counts in JMeter's own summary and HTML report; a bad one is one ERROR line at start,
 * one failed sample at the end, and the run's records and figures as without it.
 */
class ObjectivesPlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/quickstart.jmx");
    private static final String PRODUCER = "Produce 1 KB records";
    private static final String CONSUMER = "Consume all records";

    @Test
    void eachCriterionIsASampleAndAMissIsAFailedOneNamingTheFigure() {
        String topic = "objectives-" + System.nanoTime();
        JMeter.Result result = quickstart(topic)
                .property(
                        "kafka.objectives",
                        "failed = 0; " + PRODUCER + ": send-to-ack p99 <= 60000 ms; " + CONSUMER
                                + ": e2e max <= 0.001 ms; Nobody: records/s >= 1")
                .htmlReport()
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(10_000);
        List<Jtl.Row> objectives = jtl.rows().stream()
                .filter(r -> r.label().startsWith("Kafka objective"))
                .toList();
        // failed = 0 for every sampler with a summary (producer, consumer), two for one label, one for nobody
        assertThat(objectives)
                .extracting(Jtl.Row::label)
                .containsExactlyInAnyOrder(
                        "Kafka objective: failed = 0 for '" + PRODUCER + "'",
                        "Kafka objective: failed = 0 for '" + CONSUMER + "'",
                        "Kafka objective: send-to-ack p99 <= 60000 ms for '" + PRODUCER + "'",
                        "Kafka objective: e2e max <= 0.001 ms for '" + CONSUMER + "'",
                        "Kafka objective: records/s >= 1 for 'Nobody'");
        assertThat(jtl.failures())
                .extracting(Jtl.Row::label, Jtl.Row::responseCode)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(
                                "Kafka objective: e2e max <= 0.001 ms for '" + CONSUMER + "'", "ObjectiveMissed"),
                        org.assertj.core.groups.Tuple.tuple(
                                "Kafka objective: records/s >= 1 for 'Nobody'", "ObjectiveMissed"));
        assertThat(jtl.failures().stream().map(Jtl.Row::responseMessage))
                .anyMatch(
                        m -> m.matches("Kafka objective missed: e2e max [0-9.]+ ms > 0.001 ms for '" + CONSUMER + "'"))
                .contains("Kafka objective missed: no Kafka sampler labelled 'Nobody' ran to meet 'records/s >= 1'");
        assertThat(result.stdout())
                .containsPattern("Kafka objective met: send-to-ack p99 \\d+ ms <= 60000 ms for '" + PRODUCER + "'")
                .contains("Kafka objective met: failed 0 = 0 for '" + PRODUCER + "'")
                .containsPattern("Kafka objective missed: e2e max [0-9.]+ ms > 0.001 ms for '" + CONSUMER + "'")
                // JMeter's own summary counts them: 2 errors
                .containsPattern("summary = +\\d+ in .* Err: +2 \\(");
        assertThat(result.reportDir().orElseThrow().resolve("statistics.json"))
                .content()
                .contains("\"Kafka objective: e2e max <= 0.001 ms for '" + CONSUMER + "'\"");
    }

    @Test
    void anObjectiveThatDoesNotParseIsOneLineAtStartAndOneFailedSampleAtTheEnd() {
        String topic = "objectives-bad-" + System.nanoTime();
        JMeter.Result result = quickstart(topic)
                .property("kafka.objectives", "failed = 0; corected p99 <= 50 ms")
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        String line = "kafka.objectives=failed = 0; corected p99 <= 50 ms is not read, no objective is judged: "
                + "'corected p99 <= 50 ms' is not an objective: write LATENCY PERCENTILE <= MS";
        assertThat(result.stdout()).contains(line).contains("10000 records sent, ");
        assertThat(result.logWarningsAndErrors()).singleElement().asString().contains(line);
        assertThat(result.samples().failures()).singleElement().satisfies(r -> {
            assertThat(r.label()).isEqualTo("Kafka objectives");
            assertThat(r.responseCode()).isEqualTo("400");
            assertThat(r.responseMessage()).startsWith(line);
        });
        assertThat(result.samples().rows(PRODUCER).stream()
                        .mapToLong(Jtl.Row::sampleCount)
                        .sum())
                .isEqualTo(10_000);
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(10_000);
    }

    private static JMeter.RunBuilder quickstart(String topic) {
        return jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic);
    }
}
