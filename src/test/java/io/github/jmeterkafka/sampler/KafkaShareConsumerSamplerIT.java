package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.measure.ShareStats;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import io.github.jmeterkafka.sampler.share.ShareAcknowledgement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Kafka Share Consumer against a real broker, its threads called as JMeter calls them (one clone per thread,
 * each on its own Java thread): more members than partitions, released records delivered again, rejected ones
 * never, and every record accepted exactly once.
 */
class KafkaShareConsumerSamplerIT {
    private static LiveKafka kafka;
    private static String connection;

    @BeforeAll
    static void connect() {
        kafka = new LiveKafka(SharedBroker.get());
        connection = kafka.connect(Map.of());
    }

    @AfterAll
    static void disconnect() {
        kafka.close();
    }

    @Test
    void sixMembersOnOnePartition_releasedRecordsComeBack_andEveryRecordIsAcceptedOnce() throws Exception {
        String topic = kafka.topic("share", 1);
        String group = startsAtEarliest(LiveKafka.unique("share-group"));
        produce(topic, 3000);
        Supplier<KafkaShareConsumerSampler> threads = sampler(topic, group, s -> {
            s.setAcknowledgement(ShareAcknowledgement.EXPLICIT.tag());
            // 5 %: one record in 3 million is released 5 times in a row and archived by the delivery limit
            // (the plan test releases 10 % by an expression, each record at most once)
            s.setReleasePercent("5");
        });
        KafkaShareConsumerSampler template = started(threads);
        ShareStats share = template.run().share;
        runThreads(threads, 6, () -> share.confirmedAcceptances() >= 3000);

        assertThat(share.accepted()).isEqualTo(3000);
        assertThat(share.released()).isBetween(60L, 300L);
        assertThat(share.rejected()).isZero();
        assertThat(share.deliveredTimes(1)).isEqualTo(3000);
        // each release is one more delivery
        assertThat(redelivered(share)).isEqualTo(share.released());
        assertThat(String.join("\n", share.lines()))
                .contains("delivery: 3000 records accepted from 1 producers, 0 missing, 0 duplicated,");
        template.testEnded();
    }

    @Test
    void rejectedRecordsNeverComeBack_andAreAllThatIsNotAccepted() throws Exception {
        String topic = kafka.topic("share-reject", 1);
        String group = startsAtEarliest(LiveKafka.unique("share-group"));
        produce(topic, 2000);
        Supplier<KafkaShareConsumerSampler> threads = sampler(topic, group, s -> {
            s.setAcknowledgement(ShareAcknowledgement.EXPLICIT.tag());
            s.setRejectPercent("2");
        });
        KafkaShareConsumerSampler template = started(threads);
        ShareStats share = template.run().share;
        runThreads(threads, 3, () -> share.accepted() + share.rejected() >= 2000);

        assertThat(share.rejected()).isPositive().isLessThan(200);
        assertThat(share.accepted() + share.rejected()).isEqualTo(2000);
        assertThat(share.deliveredTimes(1)).isEqualTo(2000);
        assertThat(share.deliveredTimes(2)).isZero();
        // the rejected are exactly the records never accepted; the check sees a gap only below the highest sequence
        // accepted, so rejects after the last accepted record (one run in fifty rejects the last) are not gaps
        Matcher delivery = Pattern.compile(
                        "delivery: (\\d+) records accepted from 1 producers, (\\d+) missing, 0 duplicated,")
                .matcher(String.join("\n", share.lines()));
        assertThat(delivery.find()).isTrue();
        assertThat(Long.parseLong(delivery.group(1))).isEqualTo(share.accepted());
        assertThat(Long.parseLong(delivery.group(2))).isBetween(share.rejected() - 3, share.rejected());
        template.testEnded();
    }

    @Test
    void implicitModeAcceptsWhatItReads_withinTheRecordBudget() throws Exception {
        String topic = kafka.topic("share-implicit", 3);
        String group = startsAtEarliest(LiveKafka.unique("share-group"));
        produce(topic, 1500);
        Supplier<KafkaShareConsumerSampler> threads = sampler(topic, group, s -> s.setRecordBudget("1500"));
        KafkaShareConsumerSampler template = started(threads);
        ShareStats share = template.run().share;
        runThreads(threads, 2, () -> false);

        assertThat(share.accepted()).isEqualTo(1500);
        assertThat(share.deliveredTimes(1)).isEqualTo(1500);
        assertThat(template.run().reads.stats.records()).isEqualTo(1500);
        template.testEnded();
    }

    @Test
    void membersThatLeaveAndJoinMidRunLoseNothing() throws Exception {
        String topic = kafka.topic("share-churn", 2);
        String group = startsAtEarliest(LiveKafka.unique("share-group"));
        produce(topic, 3000);
        Supplier<KafkaShareConsumerSampler> threads = sampler(topic, group, s -> {
            s.setAcknowledgement(ShareAcknowledgement.EXPLICIT.tag());
            s.setRecordsPerSample("20");
        });
        KafkaShareConsumerSampler template = started(threads);
        ShareStats share = template.run().share;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> running = new ArrayList<>();
        // two members leave after 5 samples each, one joins after 2 s, one stays throughout
        for (int t = 0; t < 4; t++) {
            int samples = t < 2 ? 5 : Integer.MAX_VALUE;
            long joinMs = t == 3 ? 2000 : 0;
            running.add(pool.submit(() -> {
                Thread.sleep(joinMs);
                member(threads.get(), samples, () -> share.confirmedAcceptances() >= 3000);
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get(90, TimeUnit.SECONDS);
        }
        pool.shutdownNow();

        assertThat(share.accepted()).isEqualTo(3000);
        assertThat(String.join("\n", share.lines()))
                .contains("delivery: 3000 records accepted from 1 producers, 0 missing, 0 duplicated,");
        template.testEnded();
    }

    @Test
    void aSlowJobKeepsItsRecordsByRenewingTheirLocks_withoutRenewalTheyComeBack() throws Exception {
        for (boolean renew : new boolean[] {true, false}) {
            String topic = kafka.topic("share-slow", 1);
            String group = startsAtEarliest(LiveKafka.unique("share-group"));
            // a lock of 1 s (the test broker allows it), and renewals allowed (off by default)
            setGroupConfig(group, "share.record.lock.duration.ms", "1000");
            setGroupConfig(group, "share.renew.acknowledge.enable", "true");
            produce(topic, 6);
            Supplier<KafkaShareConsumerSampler> threads = sampler(topic, group, s -> {
                s.setAcknowledgement(ShareAcknowledgement.EXPLICIT.tag());
                s.setRecordsPerSample("3");
                s.setProcessingTime("700");
                s.setRenewLocks(renew);
            });
            KafkaShareConsumerSampler template = started(threads);
            ShareStats share = template.run().share;
            // polls of 3 jobs of 0.7 s: the third is done 2.1 s after its lock was taken. Without renewal the member
            // stops once records came back and acceptances were refused: the acceptance of a record that came back
            // would wait for a delivery of it alone, whose job fits its lock by only 0.3 s, a margin a busy machine
            // can miss
            member(
                    threads.get(),
                    40,
                    renew
                            ? () -> share.confirmedAcceptances() >= 6
                            : () -> redelivered(share) > 0 && share.refusals() > 0);

            if (renew) {
                assertThat(share.confirmedAcceptances())
                        .as(share.lines().toString())
                        .isEqualTo(6);
                assertThat(share.accepted()).isEqualTo(6);
                assertThat(share.renewals()).isPositive();
                assertThat(share.refusals()).isZero();
                assertThat(share.deliveredTimes(1)).isEqualTo(6);
                assertThat(share.deliveredTimes(2)).isZero();
            } else {
                // the broker refuses the late jobs' acceptance and delivers them again
                assertThat(share.renewals()).isZero();
                assertThat(redelivered(share)).isPositive();
                assertThat(share.refusals()).isPositive();
                // every delivery was accepted by its job: those refused are taken back (the answers to the last
                // ones may be lost as the member leaves, so the count is of the answers that came)
                assertThat(share.accepted() + share.refusals())
                        .as(share.lines().toString())
                        .isEqualTo(share.deliveredTimes(1) + redelivered(share));
            }
            template.testEnded();
        }
    }

    /** Deliveries after the first, of all records. */
    private static long redelivered(ShareStats share) {
        long n = 0;
        for (int times = 2; times <= 10; times++) {
            n += share.deliveredTimes(times);
        }
        return n;
    }

    /** One member: samples until {@code done}, at most {@code samples} times, then leaves the group. */
    @Test
    void badNumbersFailTheSampleWith400NamingTheField_andTheThreadReadsOnceTheyAreRight() throws Exception {
        String topic = kafka.topic("share-bad", 1);
        String group = startsAtEarliest(LiveKafka.unique("share-group"));
        produce(topic, 20);
        KafkaShareConsumerSampler s = sampler(
                        topic, group, f -> f.setAcknowledgement(ShareAcknowledgement.EXPLICIT.tag()))
                .get();
        try {
            refused(s, f -> f.setRecordsPerSample("ten"), "records per sample must be a whole number, not 'ten'");
            refused(s, f -> f.setRecordsPerSample("-5"), "records per sample must not be negative, not -5");
            refused(s, f -> f.setRecordsPerSample("0"), "records per sample must be at least 1");
            refused(s, f -> f.setPollTimeout("soon"), "poll timeout must be a whole number, not 'soon'");
            refused(s, f -> f.setPollTimeout("-1"), "poll timeout must not be negative, not -1");
            refused(s, f -> f.setProcessingTime("1.5"), "processing time per record must be a whole number, not '1.5'");
            refused(s, f -> f.setRecordBudget("-20"), "records to read in total must not be negative, not -20");
            refused(s, f -> f.setReleasePercent("half"), "released share must be a percentage, not 'half'");
            refused(s, f -> f.setRejectPercent("-5"), "rejected share must be from 0 to 100 %, not '-5'");
            refused(
                    s,
                    f -> {
                        f.setReleasePercent("60");
                        f.setRejectPercent("50");
                    },
                    "released and rejected shares add up to more than 100 %: 60.0 + 50.0");

            // the group's first poll may come back empty while the member joins
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            SampleResult r = s.sample(null);
            while (ResponseCodes.NO_RECORDS.equals(r.getResponseCode()) && System.nanoTime() < deadline) {
                r = s.sample(null);
            }
            LiveKafka.ok(r);
        } finally {
            s.threadFinished();
        }
        assertThat(s.run().share.accepted()).isEqualTo(20);
    }

    /** The sample fails with 400 and that message; the fields are then set as {@link #sampler} sets them. */
    private static void refused(
            KafkaShareConsumerSampler s, Consumer<KafkaShareConsumerSampler> change, String message) {
        change.accept(s);
        SampleResult r = s.sample(null);
        assertThat(r.isSuccessful()).as(message).isFalse();
        assertThat(r.getResponseCode()).as(message).isEqualTo(ResponseCodes.INVALID_INPUT);
        assertThat(r.getResponseMessage()).isEqualTo(message);
        s.setRecordsPerSample("50");
        s.setPollTimeout("1000");
        s.setProcessingTime("");
        s.setRecordBudget("");
        s.setReleasePercent("");
        s.setRejectPercent("");
    }

    @Test
    void anUnknownOutcomeWordReleasesTheRecords_andTheSamplesGoOn() throws Exception {
        String topic = kafka.topic("share-word", 1);
        String group = startsAtEarliest(LiveKafka.unique("share-group"));
        produce(topic, 20);
        KafkaShareConsumerSampler s = sampler(topic, group, f -> {
                    f.setAcknowledgement(ShareAcknowledgement.EXPLICIT.tag());
                    f.setOutcomeExpression("maybe");
                })
                .get();
        ShareStats share = s.run().share;
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (share.deliveredTimes(2) < 20 && System.nanoTime() < deadline) {
                SampleResult r = s.sample(null);
                assertThat(r.isSuccessful() || ResponseCodes.NO_RECORDS.equals(r.getResponseCode()))
                        .as(r.getResponseCode() + " " + r.getResponseMessage())
                        .isTrue();
            }
        } finally {
            s.threadFinished();
        }
        assertThat(share.deliveredTimes(2))
                .as("every record released, then delivered again")
                .isEqualTo(20);
        assertThat(share.accepted() + share.rejected()).isZero();
    }

    @Test
    void aSampleNeverHoldsMoreThanItsRecordsPerSample() throws Exception {
        String topic = kafka.topic("share-cap", 1);
        String group = startsAtEarliest(LiveKafka.unique("share-group"));
        // written 100 to a batch: the broker hands out whole batches
        produce(topic, 300);
        KafkaShareConsumerSampler s =
                sampler(topic, group, f -> f.setRecordsPerSample("7")).get();
        List<Integer> counts = new ArrayList<>();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (counts.stream().mapToInt(Integer::intValue).sum() < 300 && System.nanoTime() < deadline) {
                SampleResult r = s.sample(null);
                if (r.isSuccessful()) {
                    counts.add(r.getSampleCount());
                }
            }
        } finally {
            s.threadFinished();
        }
        assertThat(counts).allSatisfy(n -> assertThat(n).isBetween(1, 7)).contains(7);
        assertThat(counts.stream().mapToInt(Integer::intValue).sum()).isEqualTo(300);
    }

    private static void member(KafkaShareConsumerSampler s, int samples, BooleanSupplier done) {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try {
            for (int i = 0; i < samples && !done.getAsBoolean() && System.nanoTime() < deadline; i++) {
                SampleResult r = s.sample(null);
                if (r == null) {
                    // the record budget is spent
                    break;
                }
                // none within a poll timeout is a sample of its own: the group may be busy elsewhere
                assertThat(r.isSuccessful() || ResponseCodes.NO_RECORDS.equals(r.getResponseCode()))
                        .as(r.getResponseCode() + " " + r.getResponseMessage())
                        .isTrue();
            }
        } finally {
            s.threadFinished();
        }
    }

    @Test
    void aBrokerWithoutShareGroups_failsEachSampleAtOnceSayingSo() throws Exception {
        try (KafkaBroker off = KafkaBroker.builder()
                        .workDir(Harness.targetDir().resolve("kafka-brokers").resolve("no-share-" + System.nanoTime()))
                        .build()
                        .start();
                LiveKafka other = new LiveKafka(off)) {
            // as a cluster before 4.2 that never turned them on
            other.admin
                    .updateFeatures(
                            Map.of(
                                    "share.version",
                                    new FeatureUpdate((short) 0, FeatureUpdate.UpgradeType.UNSAFE_DOWNGRADE)),
                            new UpdateFeaturesOptions())
                    .all()
                    .get(30, TimeUnit.SECONDS);
            String conn = other.connect(Map.of());
            String topic = other.topic("share-off", 1);
            KafkaShareConsumerSampler s = new KafkaShareConsumerSampler();
            s.setName(LiveKafka.unique("share"));
            s.setConnectionName(conn);
            s.setTopics(topic);
            s.setGroupId("g");
            s.setPollTimeout("10000");
            s.testStarted();
            for (int i = 0; i < 2; i++) {
                long start = System.nanoTime();
                SampleResult r = s.sample(null);
                assertThat(r.isSuccessful()).isFalse();
                assertThat(r.getResponseMessage()).contains("the cluster has no share groups", "share.version");
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
            }
            s.threadFinished();
            s.testEnded();
        }
    }

    /** Samplers of one label with these fields, as JMeter's TestBean sets them on each thread's clone. */
    private static Supplier<KafkaShareConsumerSampler> sampler(
            String topic, String group, Consumer<KafkaShareConsumerSampler> fields) {
        String label = LiveKafka.unique("share");
        return () -> {
            KafkaShareConsumerSampler s = new KafkaShareConsumerSampler();
            s.setName(label);
            s.setConnectionName(connection);
            s.setTopics(topic);
            s.setGroupId(group);
            s.setRecordsPerSample("50");
            s.setPollTimeout("1000");
            fields.accept(s);
            return s;
        };
    }

    /** The element of the test tree, started: its run holds what all threads did. */
    private static KafkaShareConsumerSampler started(Supplier<KafkaShareConsumerSampler> threads) {
        KafkaShareConsumerSampler s = threads.get();
        s.testStarted();
        return s;
    }

    /** Threads sample until {@code done}, the budget ends them, or 60 s pass; then each finishes. */
    private static void runThreads(Supplier<KafkaShareConsumerSampler> samplers, int threads, BooleanSupplier done)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            KafkaShareConsumerSampler s = samplers.get();
            running.add(pool.submit(() -> member(s, Integer.MAX_VALUE, done)));
        }
        for (Future<?> f : running) {
            f.get(90, TimeUnit.SECONDS);
        }
        pool.shutdownNow();
    }

    private static void produce(String topic, int records) {
        KafkaProducerSampler p = LiveKafka.sampler(LiveKafka.unique("produce"), connection, topic);
        p.setValue("job");
        p.setSequenceHeader(true);
        int perSample = Math.min(100, records);
        p.setRecordsPerSample(Integer.toString(perSample));
        for (int i = 0; i < records / perSample; i++) {
            LiveKafka.ok(p.sample(null));
        }
        p.threadFinished();
    }

    /** A share group starts at the latest offset unless its group config says otherwise. */
    private static String startsAtEarliest(String group) throws Exception {
        setGroupConfig(group, "share.auto.offset.reset", "earliest");
        return group;
    }

    private static void setGroupConfig(String group, String name, String value) throws Exception {
        Admin admin = kafka.admin;
        admin.incrementalAlterConfigs(Map.of(
                        new ConfigResource(ConfigResource.Type.GROUP, group),
                        List.of(new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET))))
                .all()
                .get(30, TimeUnit.SECONDS);
    }
}
