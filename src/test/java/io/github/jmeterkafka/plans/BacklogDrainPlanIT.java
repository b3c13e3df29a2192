package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * backlog-drain.jmx for real: producers hold 2,000/s throughout; the consumers start when the new group's lag has
 * reached 10,000 records and read until it is under one second of production. The drain's sample, the consumers'
 * summary and the producer's three steps say what it cost.
 */
class BacklogDrainPlanIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/backlog-drain.jmx");
    private static final int RATE = 2000;
    private static final int BACKLOG = 10_000;

    @Test
    void consumersStartAtTheBacklogAndTheDrainIsTimedWhileProductionGoesOn() throws Exception {
        String topic = "drain-" + System.nanoTime();
        JMeter.Result result = jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("rate", Integer.toString(RATE))
                .property("backlog", Integer.toString(BACKLOG))
                .property("drain.s", "5")
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).as(result.describe()).isEmpty();
        // the build (5 s), the drain window (5 s) and 10 s more, at 2,000/s
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(20L * RATE);
        List<Jtl.Row> built = result.samples().rows("Backlog built: lag reached " + BACKLOG);
        assertThat(built).singleElement().satisfies(r -> assertThat(r.success()).isTrue());
        Jtl.Row drained = result.samples()
                .rows("Drained: lag under one second of production")
                .get(0);
        assertThat(drained.timeStamp())
                .isGreaterThanOrEqualTo(built.get(0).timeStamp() + built.get(0).elapsed());
        assertThat(drained.elapsed()).as("drain time").isBetween(1L, 15_000L);
        // the drain ends when the group's lag, read by the Admin sample, is at most one second of production
        Matcher end = Pattern.compile("Drain time (\\d+) ms: group jmeter-kafka-drain-\\S+ lag (\\d+) records")
                .matcher(Files.readString(result.log()));
        assertThat(end.find()).as(result.describe()).isTrue();
        assertThat(Long.parseLong(end.group(1))).isEqualTo(drained.elapsed());
        assertThat(Long.parseLong(end.group(2)))
                .as("the lag at the drain's end")
                .isBetween(0L, (long) RATE);
        assertThat(drained.responseMessage()).startsWith("lag " + end.group(2) + " for group jmeter-kafka-drain-");
        // the consumers read only during the drain: at least the backlog, and no sample after it
        long consumed = result.samples().rows("Drain the backlog").stream()
                .mapToLong(Jtl.Row::sampleCount)
                .sum();
        assertThat(consumed).isGreaterThanOrEqualTo(BACKLOG).isLessThan(20L * RATE);
        // a consumer that looked for the stop just before it was set begins one more sample, never two
        Matcher stop = Pattern.compile("consumers told to stop at (\\d+)").matcher(Files.readString(result.log()));
        assertThat(stop.find()).as("the stop's time in the log").isTrue();
        long stopAt = Long.parseLong(stop.group(1));
        assertThat(result.samples().rows("Drain the backlog").stream()
                        .filter(r -> r.timeStamp() > stopAt)
                        .collect(Collectors.groupingBy(Jtl.Row::threadName, Collectors.counting())))
                .as("samples begun after the consumers were told to stop, by thread")
                .allSatisfy((thread, n) -> assertThat(n).isEqualTo(1L));
        assertThat(result.summary("Kafka Consumer summary for 'Drain the backlog':")
                        .consumer()
                        .records())
                .isEqualTo(consumed);
        SummaryText produced = result.summary("Kafka Producer summary for 'Produce throughout':");
        assertThat(produced.steps()).as("%s", produced).hasSize(3).allSatisfy(step -> {
            assertThat(step.rate()).startsWith("2000/s for ");
            assertThat(step.percentOfTarget()).isBetween(99.0, 101.0);
        });
        assertThat(result.logWarningsAndErrors()).as(result.describe()).isEmpty();
    }

    /**
     * The backlog in MB (backlog.mb), the consumers started by time (start.after), and a drain that never ends: no
     * consumer reads, so the lag only grows; the drain's wait gives up at drain.timeout.s naming the lag, and the run
     * ends by itself.
     */
    @Test
    void aDrainThatNeverEndsFailsAtItsTimeoutWithTheLagAndTheRunEnds() throws Exception {
        String topic = "drain-never-" + System.nanoTime();
        long started = System.currentTimeMillis();
        JMeter.Result result = jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("rate", "1000")
                .property("record.size", "500")
                .property("backlog.mb", "2")
                .property("start.after", "2")
                .property("drain.s", "2")
                .property("duration", "6")
                .property("consumers", "0")
                .property("drain.timeout.s", "5")
                .timeout(java.time.Duration.ofMinutes(2))
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        String log = Files.readString(result.log());
        // 2 MB of 500 B values; the consumers start at 2 s, whatever the lag
        assertThat(log)
                .contains("Backlog 4000 records at 1000/s: the consumers start at 2 s; producing 6 s as 1000 for 2s,"
                        + " 1000 for 2s, 1000 for 2s");
        assertThat(result.samples().rows().stream().map(Jtl.Row::label))
                .as("no wait for a lag when started by time")
                .noneMatch(l -> l.startsWith("Backlog built"));
        Jtl.Row drained = result.samples()
                .rows("Drained: lag under one second of production")
                .get(0);
        assertThat(drained.success()).as(drained.responseMessage()).isFalse();
        assertThat(drained.timeStamp()).as("started at start.after").isGreaterThanOrEqualTo(started + 2000);
        assertThat(drained.elapsed()).as("drain.timeout.s").isBetween(5000L, 8000L);
        assertThat(drained.responseMessage()).containsPattern("lag <= 1000 \\(it was [1-9]\\d*\\)");
        assertThat(log).doesNotContain("Drain time ");
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(6000L);
        assertThat(result.elapsed()).as("the run ends by itself").isLessThan(java.time.Duration.ofSeconds(60));
    }
}
