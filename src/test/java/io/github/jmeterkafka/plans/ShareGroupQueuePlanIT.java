package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.PageData;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** share-group-queue.jmx in a real JMeter: six workers on one partition, a tenth of the jobs released once. */
class ShareGroupQueuePlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/share-group-queue.jmx");

    @Test
    void everyJobIsAcceptedOnce_releasedJobsComeBackOnce_andTheGroupEndsWithoutLag() throws Exception {
        String topic = "share-queue-" + System.nanoTime();
        JMeter.Result result = jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("records", "2000")
                .property("rate", "1000")
                .property("timeout", "3000")
                .sampleVariables("queue_lag", "queue_members")
                .htmlReport()
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        assertThat(result.logErrors()).as(result.describe()).isEmpty();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(2000);
        assertThat(result.stdout())
                .as(result.describe())
                .contains(
                        "Kafka Share Consumer summary for 'Take jobs':",
                        "start.time, end.time, data.consumed.in.MB, MB.sec, nMsg.sec, data.consumed.in.nMsg, fetch.time.ms",
                        // one partition: offsets 0, 10, ... 1990 released at their first delivery
                        "acknowledged: 2000 accepted, 200 released, 0 rejected;",
                        "delivery counts (records handed out, by delivery): 1: 2000, 2: 200.",
                        "delivery: 2000 records accepted from 4 producers, 0 missing, 0 duplicated,");
        assertThat(result.samples().rows("Describe the share group"))
                .singleElement()
                .satisfies(r -> assertThat(r.get("queue_lag")).isEqualTo("0"));
        // the share group's lag over time: records not yet acknowledged, drained to 0 at the end
        List<KafkaMetricsPlanIT.Row> lag =
                KafkaMetricsPlanIT.rows(result.runDir().resolve("kafka-metrics.csv"), "consumer-group-lag");
        assertThat(lag).as("share group lag rows").isNotEmpty();
        assertThat(lag.get(lag.size() - 1).value).isZero();
        // the workers' figures are a consumer's on the Kafka page: every delivery, redeliveries included
        var page = PageData.read(result.reportDir().orElseThrow().resolve("kafka.html"));
        assertThat(page.path("samplers"))
                .extracting(n -> n.path("label").asText())
                .contains("Take jobs");
        for (var sampler : page.path("samplers")) {
            if (sampler.path("label").asText().equals("Take jobs")) {
                assertThat(PageData.sum(sampler, "records")).isEqualTo(2200);
            }
        }
    }
}
