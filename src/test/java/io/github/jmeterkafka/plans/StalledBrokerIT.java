package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.SummaryText;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * producer-fixed-rate.jmx through a broker paused with SIGSTOP: the records due during the pause wait for it, and
 * that wait is in their latency from the intended send time (never hidden by threads waiting for acks), the
 * backlog is sent once the broker is back, and every record is stored.
 */
class StalledBrokerIT extends BrokerAndJMeter {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx");
    private static final int RATE = 1000;
    private static final int RECORDS = 6000;
    private static final long PAUSE_MS = 2000;
    private static final String TITLE = "Kafka Producer summary for 'Produce at a fixed rate':";

    @Test
    void aPausedBrokersWaitIsInTheCorrectedLatencyAndTheBacklogIsSent() throws Exception {
        String topic = "stalled-" + System.nanoTime();
        JMeter.Result result = runThroughAPause(topic, "catchUp", "", "");

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.samples().failures()).isEmpty();
        assertThat(Topics.endOffsets(admin, topic)).isEqualTo(RECORDS);
        String out = result.stdout();
        SummaryText summary = result.summary(TITLE);
        SummaryText.Producer perf = summary.producer();
        SummaryText.Latencies corrected = summary.corrected();
        SummaryText.SendDelay delay = summary.sendDelay();
        assertThat(perf.records()).isEqualTo(RECORDS);
        // a third of the records were due during the pause: its wait shows from the 95th percentile on
        assertThat(corrected.maxMs()).as(out).isGreaterThanOrEqualTo(PAUSE_MS * 0.9);
        assertThat(corrected.p99Ms()).as(out).isGreaterThan(PAUSE_MS / 2);
        assertThat(corrected.p95Ms()).as(out).isGreaterThan(PAUSE_MS / 4);
        // the threads kept sending through the pause, into the producer's buffer, as perf-test does: the records
        // due during it waited from their actual send too, and none waited to be sent
        assertThat(perf.latency().p95Ms()).as("send-to-ack p95: " + out).isGreaterThan(PAUSE_MS / 4);
        assertThat(delay.maxMs()).as(out).isLessThan(PAUSE_MS / 4.0);
        assertThat(delay.skipped()).as("skipped").isZero();
        // the backlog was sent once the broker was back: from the first send to the last ack the run lasted its
        // schedule (its last record is never sent early) and less than a pause more (had the schedule waited for
        // the broker, the run would end a whole pause late)
        double runMs = RECORDS * 1000.0 / perf.recordsPerSec();
        double scheduleMs = (RECORDS - 1) * 1000.0 / RATE;
        assertThat(runMs).as(out).isGreaterThan(scheduleMs).isLessThan(scheduleMs + PAUSE_MS);
        // what broke first: the requests the pause held end with it, and name the broker (the only one: no other
        // stands out, and its average over Kafka's 30 s window hardly moves)
        assertThat(summary.lines())
                .as(out)
                .anySatisfy(l -> assertThat(l)
                        .matches("first limit hit: a broker, \\d+ s in: broker 1 took (\\d+) ms to answer a request")
                        .satisfies(m -> assertThat(Long.parseLong(m.replaceAll(".* took (\\d+) ms.*", "$1")))
                                .isGreaterThanOrEqualTo(PAUSE_MS / 2)));
    }

    @Test
    void skippingMissedRecordsCountsThemAndSendsTheRest() throws Exception {
        String topic = "stalled-skip-" + System.nanoTime();
        // one thread holding 2 samples of 10 in flight: the records due in the pause wait for it, and are skipped
        JMeter.Result result = runThroughAPause(topic, "skip", "1", "10");

        assertThat(result.exitCode()).as(result.describe()).isZero();
        String out = result.stdout();
        SummaryText summary = result.summary(TITLE);
        long skipped = summary.sendDelay().skipped();
        // about the records due during the pause, less those the threads had taken before it
        // (a loaded machine may miss a few more by 10 ms now and then)
        assertThat(skipped).as(out).isBetween(PAUSE_MS * RATE / 1000 / 2, PAUSE_MS * RATE / 1000 + 500);
        assertThat(Topics.endOffsets(admin, topic)).as(out).isEqualTo(RECORDS - skipped);
        assertThat(summary.producer().records()).isEqualTo(RECORDS - skipped);
        assertThat(out).contains("s at the threads' in-flight limit");
    }

    /**
     * The plan at {@link #RATE}, the broker paused for {@link #PAUSE_MS} once a quarter of the records are stored;
     * {@code threads} and {@code perSample} blank: the plan's.
     */
    private static JMeter.Result runThroughAPause(String topic, String behindSchedule, String threads, String perSample)
            throws InterruptedException {
        Pauser pauser = new Pauser(topic, RECORDS / 4);
        pauser.start();
        JMeter.RunBuilder run = jmeter.plan(PLAN)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("partitions", "6")
                .property("acks", "1")
                .property("rate", Integer.toString(RATE))
                .property("records", Integer.toString(RECORDS))
                .property("behind.schedule", behindSchedule);
        if (!threads.isEmpty()) {
            run.property("threads", threads).property("records.per.sample", perSample);
        }
        JMeter.Result result = run.run();
        pauser.join(TimeUnit.SECONDS.toMillis(60));
        assertThat(pauser.pausedMs.get()).as("the broker was paused").isGreaterThanOrEqualTo(PAUSE_MS);
        return result;
    }

    /** Pauses the broker for {@link #PAUSE_MS} once {@code after} records of the topic are stored. */
    private static final class Pauser extends Thread {
        private final String topic;
        private final long after;
        final AtomicLong pausedMs = new AtomicLong();

        Pauser(String topic, long after) {
            super("broker-pauser");
            setDaemon(true);
            this.topic = topic;
            this.after = after;
        }

        @Override
        public void run() {
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (System.nanoTime() < deadline && stored() < after) {
                    Thread.sleep(50);
                }
                signal("STOP");
                long t0 = System.nanoTime();
                try {
                    Thread.sleep(PAUSE_MS);
                } finally {
                    signal("CONT");
                    pausedMs.set(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
                }
            } catch (Exception e) {
                Thread.currentThread().interrupt();
            }
        }

        private long stored() {
            try {
                return Topics.endOffsets(admin, topic);
            } catch (Exception e) {
                return 0; // the topic is not there yet
            }
        }

        private static void signal(String name) throws Exception {
            new ProcessBuilder("kill", "-" + name, Long.toString(broker.pid()))
                    .inheritIO()
                    .start()
                    .waitFor(10, TimeUnit.SECONDS);
        }
    }
}
