package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Topics;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * produce-consume-e2e.jmx on a broker with Kafka's default {@code group.initial.rebalance.delay.ms} (3 s; the
 * shared test broker sets 0): the plan's consumer group forms 3 s late, as on a real cluster, and still every
 * record is read once, with no failed sample.
 */
class GroupJoinDelayPlanIT {
    private static final int RECORDS = 1000;

    @Test
    void theEndToEndPlansGroupFormsLateAndReadsEveryRecordOnce() {
        try (KafkaBroker broker = KafkaBroker.builder()
                        .serverProperty("group.initial.rebalance.delay.ms", "3000")
                        .start();
                Admin admin = broker.admin()) {
            String topic = "group-delay-" + System.nanoTime();
            JMeter.Result result = JMeter.fromSystemProperties()
                    .installPlugin()
                    .plan(Harness.projectDir().resolve("test-plans/produce-consume-e2e.jmx"))
                    .property("kafka.bootstrap", broker.bootstrapServers())
                    .property("topic", topic)
                    .property("records", Integer.toString(RECORDS))
                    .property("rate", "200")
                    .property("threads", "2")
                    .property("consumers", "2")
                    .property("partitions", "2")
                    .property("duration", "30")
                    // the join falls in the plan's wait for the consumers (200 ms polls), not in this timeout:
                    // it is the idle wait that ends the run once the producers are done (at 100 records/s a consumer)
                    .property("timeout", "2000")
                    .run();

            assertThat(result.exitCode()).as(result.describe()).isZero();
            Jtl jtl = result.samples();
            assertThat(jtl.failures()).as(result.describe()).isEmpty();
            assertThat(result.logErrors()).as(result.describe()).isEmpty();
            assertThat(Topics.endOffsets(admin, topic)).isEqualTo(RECORDS);
            assertThat(jtl.rows("Consume and verify").stream()
                            .mapToLong(Jtl.Row::sampleCount)
                            .sum())
                    .isEqualTo(RECORDS);
            assertThat(result.stdout())
                    .as(result.describe())
                    .contains("delivery: " + RECORDS
                            + " records verified from 2 producers, 0 missing, 0 duplicated, 0 out of order.");
        }
    }
}
