package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.HlogFiles;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.IntervalLog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** producer-fixed-rate.jmx against what it expects: its rate, its threads, its warm-up. */
class FixedRatePlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx");
    private static final String PRODUCER = "Produce at a fixed rate";

    private JMeter.RunBuilder run(String topic) {
        return jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("partitions", "1")
                .property("acks", "1");
    }

    @Test
    void tooFewRecordsInFlightForTheRateLogOneWarnNamingTheCauseAndTheFix() throws Exception {
        String topic = "too-few-in-flight-" + System.nanoTime();
        // one thread holding 2 records in flight (2 samples of 1), linger.ms=5: ~400 records/s against 2000
        JMeter.Result result = run(topic)
                .property("rate", "2000")
                .property("threads", "1")
                .property("records.per.sample", "1")
                .property("records", "400")
                .property("kafka.warmup.records", "100")
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).isEmpty();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(400);
        assertThat(result.logWarningsAndErrors())
                .as(result.describe())
                .singleElement()
                .satisfies(w -> assertThat(w)
                        .contains("Kafka Producer '" + PRODUCER + "': achieved ")
                        .contains("of the expected 2000.0. The threads' in-flight limit held records back most: raise"
                                + " records per sample (or threads)."));
        String out = result.stdout();
        assertThat(out)
                .contains("\n400 records sent, ")
                .contains("\n300 steady state records sent, ")
                .contains("(the first 100 records left out)")
                .contains("\nexpected 2000.0 records/sec, achieved ");
        Path hlog = result.runDir().resolve("kafka-hlog").resolve(IntervalLog.fileName(PRODUCER));
        assertThat(HlogFiles.total(hlog).getTotalCount())
                .as("records in %s", hlog)
                .isEqualTo(400);
        assertThat(HlogFiles.tagged(hlog, "bytes").getTotalCount()).isEqualTo(400 * 1000);
    }

    @Test
    void withoutThreadsAndRecordsPerSampleThePlanSizesThemFromTheRate() throws Exception {
        String topic = "threads-from-rate-" + System.nanoTime();
        // at least 2 threads, one per 40,000/s: 3 at 80,001/s; records per sample: the rate, at least 1000
        JMeter.Result result =
                run(topic).property("rate", "80001").property("records", "8000").run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).isEmpty();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(8000);
        assertThat(jtl.rows(PRODUCER).stream().mapToLong(Jtl.Row::sampleCount).sum())
                .as("every record in one sample")
                .isEqualTo(8000);
        assertThat(Files.readString(result.log())).contains("threads=3 ");
        // a run of 0.8 s on a busy machine can fall short of the rate: then the shortfall WARN is the only one
        assertThat(result.logWarningsAndErrors())
                .as(result.describe())
                .allMatch(w -> w.contains("Kafka Producer '" + PRODUCER + "': achieved ")
                        && w.contains("of the expected 80001.0"));
        assertThat(result.stdout()).contains("\nexpected 80001.0 records/sec, achieved ");
    }

    @Test
    void stepsHoldEachRateInOnePacedRun_aLinePerStep_andEveryRecordStored() throws Exception {
        String topic = "steps-" + System.nanoTime();
        JMeter.Result result = run(topic)
                // 10 s a step: a step's rate is the records whose send fell in its time, so the +-0.5 % below
                // allows 50 ms of send delay at a step's end (a healthy run's largest is about 30 ms, its 99.9th 5)
                .property("steps", "1000 for 10s, 4000 for 10s, 1000 for 10s")
                .property("rate", "4000")
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).isEmpty();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(60_000);
        assertThat(result.samples().rows(PRODUCER).stream()
                        .mapToLong(Jtl.Row::sampleCount)
                        .sum())
                .isEqualTo(60_000);
        SummaryText summary = result.summary("Kafka Producer summary for '" + PRODUCER + "':");
        assertThat(summary.producer().records()).isEqualTo(60_000);
        assertThat(summary.steps())
                .as("%s", summary)
                .hasSize(3)
                .allSatisfy(step -> assertThat(step.percentOfTarget())
                        .as("step %s's rate against its %s", step.index(), step.rate())
                        .isBetween(99.5, 100.5));
        assertThat(result.logWarningsAndErrors()).as(result.describe()).isEmpty();
    }
}
