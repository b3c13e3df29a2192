package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.ClientIds;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ConnectionSettings;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import io.github.jmeterkafka.measure.SequenceHeader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Kafka Consumer sampler against a real broker, called as JMeter's threads call it: one clone
 * per thread, each on its own Java thread (and so its own JMeter context), threadFinished at the end.
 */
class KafkaConsumerSamplerIT {
    private static final String CONNECTION = "consumer-it";
    // small polls, so that reads often poll again with records in hand (where rebalances strike)
    private static final String SMALL_POLLS = "consumer-it-small-polls";

    private static String bootstrap;
    private static Admin admin;
    private static KafkaProducer<byte[], byte[]> producer;
    private static final AtomicInteger NAMES = new AtomicInteger();

    private JMeterVariables vars;

    @BeforeAll
    static void connect() {
        bootstrap = SharedBroker.get().bootstrapServers();
        admin = SharedBroker.get().admin();
        bind(CONNECTION, "consumer-it", Map.of());
        // members heartbeat every 0.5 s (3 s by default): a thread's join moves partitions about a second later, not
        // 3-6 s
        bind(SMALL_POLLS, "consumer-it-small", Map.of("max.poll.records", "25", "heartbeat.interval.ms", "500"));
        producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class.getName()));
    }

    @AfterAll
    static void disconnect() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
        Connections.unbind(CONNECTION, Duration.ofSeconds(5));
        Connections.unbind(SMALL_POLLS, Duration.ofSeconds(5));
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
    }

    private static void bind(String name, String clientIdPrefix, Map<String, String> consumerProperties) {
        Connections.bind(Connection.of(
                new ConnectionSettings(
                        name, clientIdPrefix, Map.of("bootstrap.servers", bootstrap), Map.of(), consumerProperties),
                ClientFactory.KAFKA,
                new ClientIds(clientIdPrefix, "localhost")));
    }

    @BeforeEach
    void variables() {
        vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
    }

    // ---- 1. a group of three threads ----

    @ParameterizedTest
    @CsvSource({"committedOrEarliest, auto", "earliest, auto", "earliest, none"})
    void threeThreadsOfOneGroupReadEveryRecordOnce(String startAt, String commitMode) throws Exception {
        int total = 3000;
        String topic = topic("group", 6);
        produceWithSequenceHeader(topic, 30, 100);
        String group = fresh("group");
        Consumer<KafkaConsumerSampler> fields = s -> {
            s.setName("consume " + topic);
            s.setConnectionName(SMALL_POLLS);
            s.setTopics(topic);
            s.setGroupId(group);
            s.setStartAt(startAt);
            s.setCommitMode(commitMode);
            s.setRecordsPerSample("10");
            s.setPollTimeout("1000");
            s.setRecordBudget(Integer.toString(total));
        };
        KafkaConsumerSampler template = new KafkaConsumerSampler();
        fields.accept(template);
        template.testStarted();

        // each thread starts once the one before it has read, so each join moves partitions mid-read
        List<Read> reads = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch[] hasRead = {new CountDownLatch(1), new CountDownLatch(1), new CountDownLatch(1)};
        ExecutorService threads = Executors.newFixedThreadPool(3);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            int thread = t;
            done.add(threads.submit(() -> {
                if (thread > 0) {
                    await(hasRead[thread - 1]);
                }
                KafkaConsumerSampler clone = (KafkaConsumerSampler) template.clone();
                fields.accept(clone);
                JMeterVariables own = new JMeterVariables();
                JMeterContextService.getContext().setVariables(own);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                try {
                    SampleResult r;
                    while ((r = clone.sample(null)) != null && System.nanoTime() < deadline) {
                        List<Read> got = reads(own, thread);
                        reads.addAll(got);
                        if (!got.isEmpty()) {
                            hasRead[thread].countDown();
                        }
                        assertThat(r.getResponseCode())
                                .as(r.getResponseMessage())
                                .isIn("200", "404");
                        // slow until the third thread has read, so the budget outlasts both joins on a fast machine
                        Thread.sleep(hasRead[2].getCount() > 0 ? 100 : 20);
                    }
                } finally {
                    clone.threadFinished();
                }
                return null;
            }));
        }
        threads.shutdown();
        for (Future<?> f : done) {
            f.get(90, TimeUnit.SECONDS);
        }
        String summary = Summaries.of(template);

        assertThat(reads).hasSize(total);
        assertThat(reads.stream().map(Read::where).distinct().count())
                .as("records read twice")
                .isEqualTo(total);
        Map<Integer, List<Read>> byPartition = reads.stream().collect(Collectors.groupingBy(r -> r.partition));
        assertThat(byPartition).hasSize(6);
        byPartition.forEach(
                (p, rs) -> assertThat(rs.stream().mapToLong(r -> r.offset).max().getAsLong())
                        .as("partition %d has no hole", p)
                        .isEqualTo(rs.size() - 1));
        // a thread only moves forward on a partition: it never re-reads what another thread took
        for (int t = 0; t < 3; t++) {
            int thread = t;
            Map<Integer, List<Long>> mine = new HashMap<>();
            reads.stream()
                    .filter(r -> r.thread == thread)
                    .forEach(r -> mine.computeIfAbsent(r.partition, k -> new ArrayList<>())
                            .add(r.offset));
            assertThat(mine).as("thread %d read records", thread).isNotEmpty();
            mine.forEach((p, offsets) -> assertThat(offsets)
                    .as("thread %d on partition %d", thread, p)
                    .isSorted());
        }
        // a thread that lost a partition mid-read reports its last records of it after the new owner's first:
        // the verifier sees them late ("out of order"), never lost nor twice
        assertThat(summary)
                .containsPattern("delivery: 3000 records verified from 1 producers, 0 missing, 0 duplicated, "
                        + "\\d+ out of order\\.");
        // without commits, each partition that moved went on where its last owner in this JVM stopped
        assertThat(committed(group).values().stream()
                        .mapToLong(OffsetAndMetadata::offset)
                        .sum())
                .as("the group committed all it read")
                .isEqualTo("none".equals(commitMode) ? 0 : total);
    }

    // ---- 2. assign mode ----

    @Test
    void assignModeReadsOnlyItsPartitions_fromTheStartAskedFor() {
        String topic = topic("assign", 3);
        for (int p = 0; p < 3; p++) {
            for (int i = 0; i < 10; i++) {
                send(topic, p, null, "p" + p + "-" + i, null);
            }
        }

        KafkaConsumerSampler earliest = assigned(topic, "0,2", "earliest", "");
        earliest.setRecordsPerSample("20");
        List<Read> all = readAll(earliest, 20);
        assertThat(all).extracting(r -> r.partition).containsOnly(0, 2);
        assertThat(all.stream().filter(r -> r.partition == 2).map(r -> r.offset))
                .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(all.stream().filter(r -> r.partition == 0).count()).isEqualTo(10);
        earliest.setPollTimeout("1000");
        assertThat(earliest.sample(null).getResponseCode())
                .as("partition 1 stays unread")
                .isEqualTo("404");
        earliest.threadFinished();

        KafkaConsumerSampler fromOffset = assigned(topic, "1", "offset", "4");
        fromOffset.setRecordsPerSample("6");
        SampleResult r = ok(fromOffset.sample(null));
        assertThat(r.getSamplerData()).contains("group: (none: assign mode)");
        assertThat(reads(vars, 0)).extracting(x -> x.offset).containsExactly(4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(vars.get("kafka_value_1")).isEqualTo("p1-4");
        fromOffset.threadFinished();

        KafkaConsumerSampler latest = assigned(topic, "0", "latest", "");
        latest.setRecordsPerSample("3");
        latest.setPollTimeout("3000");
        assertThat(latest.sample(null).getResponseCode())
                .as("nothing after the end yet")
                .isEqualTo("404");
        for (int i = 0; i < 3; i++) {
            send(topic, 0, null, "new-" + i, null);
            send(topic, 1, null, "other-" + i, null);
        }
        latest.setPollTimeout("15000");
        ok(latest.sample(null));
        assertThat(reads(vars, 0))
                .extracting(x -> x.partition + "@" + x.offset)
                .containsExactly("0@10", "0@11", "0@12");
        assertThat(vars.get("kafka_value_1")).isEqualTo("new-0");
        latest.threadFinished();
    }

    // ---- 3. start at a timestamp ----

    @Test
    void startAtATimestampReadsFromTheFirstRecordAtOrAfterIt() {
        String topic = topic("timestamp", 1);
        long t0 = (System.currentTimeMillis() - TimeUnit.MINUTES.toMillis(10)) / 1000 * 1000;
        KafkaProducerSampler stamped = new KafkaProducerSampler();
        stamped.setName("produce " + topic);
        stamped.setConnectionName(CONNECTION);
        stamped.setTopic(topic);
        for (int i = 0; i < 10; i++) {
            stamped.setTimestamp(Long.toString(t0 + i * 1000L));
            stamped.setValue("r" + i);
            ok(stamped.sample(null));
        }

        // between two records: the later one; subscribed, so the seek happens on assignment
        KafkaConsumerSampler between = consumer(topic);
        between.setStartAt("timestamp");
        between.setStartValue(Long.toString(t0 + 4500));
        between.setRecordsPerSample("5");
        ok(between.sample(null));
        assertThat(reads(vars, 0)).extracting(x -> x.offset).containsExactly(5L, 6L, 7L, 8L, 9L);
        assertThat(vars.get("kafka_timestamp_1")).isEqualTo(Long.toString(t0 + 5000));
        assertThat(vars.get("kafka_value_1")).isEqualTo("r5");
        between.threadFinished();

        // exactly a record's timestamp: that record
        KafkaConsumerSampler exact = assigned(topic, "0", "timestamp", Long.toString(t0 + 3000));
        exact.setRecordsPerSample("1");
        ok(exact.sample(null));
        assertThat(vars.get("kafka_offset_1")).isEqualTo("3");
        exact.threadFinished();

        // after every record: the end, then what comes next
        KafkaConsumerSampler after = assigned(topic, "0", "timestamp", Long.toString(t0 + 60_000));
        after.setPollTimeout("3000");
        assertThat(after.sample(null).getResponseCode()).isEqualTo("404");
        send(topic, 0, null, "later", null);
        after.setPollTimeout("15000");
        ok(after.sample(null));
        assertThat(vars.get("kafka_offset_1")).isEqualTo("10");
        after.threadFinished();
    }

    // ---- 4. interrupt ----

    @Test
    void interruptEndsABlockedSampleWithin1s_andTheNextSampleWorks() throws Exception {
        String topic = topic("interrupt", 1);
        KafkaConsumerSampler s = consumer(topic);
        s.setPollTimeout("1000");
        ExecutorService jmeterThread = Executors.newSingleThreadExecutor();
        try {
            // the first sample makes the consumer and joins the group
            assertThat(jmeterThread
                            .submit(() -> s.sample(null))
                            .get(30, TimeUnit.SECONDS)
                            .getResponseCode())
                    .isEqualTo("404");
            s.setPollTimeout("60000");
            Future<SampleResult> blocked = jmeterThread.submit(() -> s.sample(null));
            Thread.sleep(1500);
            assertThat(blocked).isNotDone();

            long t0 = System.nanoTime();
            s.interrupt();
            SampleResult r = blocked.get(5, TimeUnit.SECONDS);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

            // the poll would wait 60 s; a loaded 2-core machine may take a few hundred ms to wake the thread
            assertThat(ms).isLessThan(3000);
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("404");

            send(topic, 0, null, "after the interrupt", null);
            s.setPollTimeout("15000");
            SampleResult next = jmeterThread
                    .submit(() -> {
                        JMeterContextService.getContext().setVariables(new JMeterVariables());
                        SampleResult x = s.sample(null);
                        assertThat(JMeterContextService.getContext()
                                        .getVariables()
                                        .get("kafka_value_1"))
                                .isEqualTo("after the interrupt");
                        return x;
                    })
                    .get(30, TimeUnit.SECONDS);
            assertThat(next.getResponseCode()).isEqualTo("200");
            assertThat(next.getSampleCount()).isEqualTo(1);
        } finally {
            jmeterThread.submit(s::threadFinished).get(30, TimeUnit.SECONDS);
            jmeterThread.shutdown();
        }
    }

    // ---- 5. commits across a restart ----

    @ParameterizedTest
    @ValueSource(strings = {"sync", "async", "auto"})
    void aRestartedConsumerGoesOnAfterWhatWasReported(String commitMode) throws Exception {
        String topic = topic("commit-" + commitMode, 1);
        for (int i = 0; i < 100; i++) {
            send(topic, 0, null, "m" + i, null);
        }
        String group = fresh("commit-" + commitMode);
        String connection = fresh("connection");
        String clientIds = fresh("commit-ids");
        bind(connection, clientIds, Map.of());
        try {
            KafkaConsumerSampler first = consumer(topic);
            first.setConnectionName(connection);
            first.setGroupId(group);
            first.setCommitMode(commitMode);
            first.setRecordsPerSample("30");
            ok(first.sample(null));
            assertThat(reads(vars, 0)).extracting(r -> r.offset).startsWith(0L).endsWith(29L);
            ok(first.sample(null));
            assertThat(reads(vars, 0)).extracting(r -> r.offset).startsWith(30L).endsWith(59L);
            assertThat(recordsFetched(clientIds))
                    .as("polled beyond what was reported")
                    .isGreaterThan(60);
            first.threadFinished();

            assertThat(committed(group)).containsEntry(new TopicPartition(topic, 0), new OffsetAndMetadata(60));

            KafkaConsumerSampler second = consumer(topic);
            second.setConnectionName(connection);
            second.setGroupId(group);
            second.setRecordsPerSample("40");
            ok(second.sample(null));
            List<Read> rest = reads(vars, 0);
            assertThat(rest).hasSize(40);
            assertThat(rest.get(0).offset).isEqualTo(60);
            assertThat(rest.get(39).offset).isEqualTo(99);
            assertThat(vars.get("kafka_value_1")).isEqualTo("m60");
            second.setPollTimeout("1000");
            assertThat(second.sample(null).getResponseCode())
                    .as("nothing read twice")
                    .isEqualTo("404");
            second.threadFinished();
        } finally {
            Connections.unbind(connection, Duration.ofSeconds(5));
        }
    }

    // ---- 6. delivery verification ----

    @Test
    void anInjectedGapAndDuplicateAreCounted_andTheGapFailsItsSample() {
        String topic = topic("verify", 1);
        KafkaProducerSampler sequenced = new KafkaProducerSampler();
        sequenced.setName("produce " + topic);
        sequenced.setConnectionName(CONNECTION);
        sequenced.setTopic(topic);
        sequenced.setValue("x");
        sequenced.setSequenceHeader(true);
        sequenced.setRecordsPerSample("5");
        ok(sequenced.sample(null));

        KafkaConsumerSampler s = consumer(topic);
        s.setStartAt("earliest");
        s.setFailOnGap(true);
        s.testStarted();
        for (int i = 0; i < 5; i++) {
            ok(s.sample(null));
        }
        SequenceHeader last = header(vars.get("kafka_headers_1"));
        assertThat(last.sequence).isEqualTo(4);
        send(topic, 0, null, "gap", new SequenceHeader(last.producer, 6, SequenceHeader.nowMicros()));
        send(topic, 0, null, "duplicate", new SequenceHeader(last.producer, 2, SequenceHeader.nowMicros()));

        SampleResult gap = s.sample(null);
        assertThat(gap.isSuccessful()).isFalse();
        assertThat(gap.getResponseCode()).isEqualTo("RecordGap");
        assertThat(vars.get("kafka_value_1")).isEqualTo("gap");
        SampleResult duplicate = s.sample(null);
        assertThat(duplicate.getResponseCode()).isEqualTo("200");
        assertThat(vars.get("kafka_value_1")).isEqualTo("duplicate");
        s.threadFinished();

        assertThat(Summaries.of(s))
                .contains("delivery: 7 records verified from 1 producers, 1 missing, 1 duplicated, 0 out of order.");
    }

    // ---- 9. end-to-end latency ----

    @Test
    void latencyIsTheLargestEndToEndLatencyOfTheSample() {
        String topic = topic("latency", 1);
        long now = System.currentTimeMillis();
        send(topic, 0, now - 60_000, "a minute old", null);
        KafkaProducerSampler stamped = new KafkaProducerSampler();
        stamped.setName("produce " + topic);
        stamped.setConnectionName(CONNECTION);
        stamped.setTopic(topic);
        stamped.setTimestamp(Long.toString(now - 120_000));
        ok(stamped.sample(null));
        // the send time in the header counts, not the timestamp
        send(topic, 0, now, "sent 30 s ago", new SequenceHeader("it", 0, (now - 30_000) * 1000));

        KafkaConsumerSampler s = consumer(topic);
        s.setRecordsPerSample("2");
        SampleResult two = ok(s.sample(null));
        assertThat(two.getLatency()).isBetween(120_000L, 150_000L);
        assertThat(vars.get("kafka_e2e_max")).isEqualTo(Long.toString(two.getLatency()));

        s.setRecordsPerSample("1");
        SampleResult one = ok(s.sample(null));
        assertThat(one.getLatency()).isBetween(30_000L, 60_000L);
        assertThat(vars.get("kafka_e2e_max")).isEqualTo(Long.toString(one.getLatency()));
        s.threadFinished();
    }

    // ---- 10. the record budget ----

    @Test
    void aThreadWaitingWithRecordsInHand_endsSoonAfterAnotherThreadSpendsTheBudget() throws Exception {
        String topic = topic("budget", 2);
        // two threads of one sampler (one name: one budget), each on its own partition
        String name = fresh("budget");
        Function<String, KafkaConsumerSampler> thread = partition -> {
            KafkaConsumerSampler s = assigned(topic, partition, "earliest", "");
            s.setName(name);
            s.setRecordsPerSample("10");
            s.setRecordBudget("25");
            return s;
        };
        KafkaConsumerSampler a = thread.apply("0");
        KafkaConsumerSampler b = thread.apply("1");
        b.setRecordsPerSample("20");
        a.testStarted();
        ExecutorService threadA = Executors.newSingleThreadExecutor();
        ExecutorService threadB = Executors.newSingleThreadExecutor();
        try {
            // both consumers made and positioned on their still empty partitions
            a.setPollTimeout("300");
            b.setPollTimeout("300");
            assertThat(threadA.submit(() -> a.sample(null))
                            .get(30, TimeUnit.SECONDS)
                            .getResponseCode())
                    .isEqualTo("404");
            assertThat(threadB.submit(() -> b.sample(null))
                            .get(30, TimeUnit.SECONDS)
                            .getResponseCode())
                    .isEqualTo("404");
            for (int i = 0; i < 5; i++) {
                send(topic, 0, null, "a" + i, null);
            }
            for (int i = 0; i < 20; i++) {
                send(topic, 1, null, "b" + i, null);
            }
            a.setPollTimeout("10000");
            b.setPollTimeout("10000");

            // a has its 5 records and waits for 5 more, up to a second of quiet; b then takes the last 20
            Future<SampleResult> waiting = threadA.submit(() -> a.sample(null));
            Thread.sleep(300);
            SampleResult last = threadB.submit(() -> b.sample(null)).get(30, TimeUnit.SECONDS);
            SampleResult held = waiting.get(30, TimeUnit.SECONDS);

            assertThat(last.getSampleCount()).isEqualTo(20);
            assertThat(held.getSampleCount()).isEqualTo(5);
            assertThat(held.isSuccessful()).isTrue();
            assertThat(held.getEndTime() - last.getEndTime())
                    .as("ms from the budget's end to the waiting sample's")
                    .isLessThan(400);
        } finally {
            threadA.submit(a::threadFinished).get(30, TimeUnit.SECONDS);
            threadB.submit(b::threadFinished).get(30, TimeUnit.SECONDS);
            threadA.shutdown();
            threadB.shutdown();
        }
    }

    // ---- closing ----

    @Test
    void aConsumerWhoseTopicWasDeleted_closesWithinTheCloseTimeout() throws Exception {
        String topic = topic("deleted", 2);
        send(topic, 0, null, "only", null);
        KafkaConsumerSampler s = consumer(topic);
        // a start of its own: the partition with no record is handed over at close, where it stands
        s.setStartAt("earliest");
        assertThat(s.sample(null).getSampleCount()).isEqualTo(1);
        admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);

        long t0 = System.nanoTime();
        s.threadFinished();
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

        // kafka.close.timeout.ms (5 s); its commits cannot succeed, and each would otherwise retry for 60 s
        assertThat(ms).isLessThan(8000);
    }

    // ---- helpers ----

    /** One record a sample reported, from the JMeter variables it set. */
    static final class Read {
        final int thread;
        final int partition;
        final long offset;

        Read(int thread, int partition, long offset) {
            this.thread = thread;
            this.partition = partition;
            this.offset = offset;
        }

        String where() {
            return partition + "@" + offset;
        }

        @Override
        public String toString() {
            return "thread " + thread + " " + where();
        }
    }

    private static List<Read> reads(JMeterVariables v, int thread) {
        int n = Integer.parseInt(v.get("kafka_count"));
        List<Read> out = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            out.add(new Read(
                    thread,
                    Integer.parseInt(v.get("kafka_partition_" + i)),
                    Long.parseLong(v.get("kafka_offset_" + i))));
        }
        return out;
    }

    /** Samples until {@code n} records are read (or 30 s pass). */
    private List<Read> readAll(KafkaConsumerSampler s, int n) {
        List<Read> out = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (out.size() < n && System.nanoTime() < deadline) {
            if (s.sample(null).isSuccessful()) {
                out.addAll(reads(vars, 0));
            }
        }
        return out;
    }

    private static String fresh(String base) {
        return "consumer-it-" + base + "-" + NAMES.incrementAndGet() + "-" + System.nanoTime();
    }

    private static String topic(String base, int partitions) {
        String name = fresh(base);
        Topics.create(admin, partitions, name);
        return name;
    }

    private static KafkaConsumerSampler consumer(String topic) {
        KafkaConsumerSampler s = new KafkaConsumerSampler();
        s.setName("consume " + topic);
        s.setConnectionName(CONNECTION);
        s.setTopics(topic);
        s.setGroupId(fresh("group"));
        // a sample returns as soon as it has its records: wait long for them on a loaded machine
        s.setPollTimeout("15000");
        return s;
    }

    private static KafkaConsumerSampler assigned(String topic, String partitions, String startAt, String startValue) {
        KafkaConsumerSampler s = consumer(topic);
        s.setSubscription("assign");
        s.setPartitions(partitions);
        s.setStartAt(startAt);
        s.setStartValue(startValue);
        return s;
    }

    private static void produceWithSequenceHeader(String topic, int samples, int perSample) {
        KafkaProducerSampler p = new KafkaProducerSampler();
        p.setName("produce " + topic);
        p.setConnectionName(CONNECTION);
        p.setTopic(topic);
        p.setValue("v");
        p.setSequenceHeader(true);
        p.setRecordsPerSample(Integer.toString(perSample));
        for (int i = 0; i < samples; i++) {
            ok(p.sample(null));
        }
    }

    private static void send(String topic, int partition, Long timestamp, String value, SequenceHeader seq) {
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(
                topic,
                partition,
                timestamp,
                null,
                value.getBytes(StandardCharsets.UTF_8),
                seq == null ? List.of() : List.of(new RecordHeader(SequenceHeader.NAME, seq.encode())));
        try {
            producer.send(r).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot send to " + topic, e);
        }
    }

    /** The sequence header in a {@code kafka_headers_i} variable. */
    private static SequenceHeader header(String headersVariable) {
        for (String h : headersVariable.split(",", -1)) {
            if (h.startsWith(SequenceHeader.NAME + "=")) {
                return SequenceHeader.decode(
                        h.substring(SequenceHeader.NAME.length() + 1).getBytes(StandardCharsets.US_ASCII));
            }
        }
        throw new AssertionError("no sequence header in " + headersVariable);
    }

    private static Map<TopicPartition, OffsetAndMetadata> committed(String group) throws Exception {
        return admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(30, TimeUnit.SECONDS);
    }

    /** Records the consumers with this client id prefix fetched, from their JMX metrics. */
    private static long recordsFetched(String clientIdPrefix) throws Exception {
        MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
        long n = 0;
        for (ObjectName name :
                jmx.queryNames(new ObjectName("kafka.consumer:type=consumer-fetch-manager-metrics,*"), null)) {
            String id = name.getKeyProperty("client-id");
            if (name.getKeyProperty("topic") == null && id != null && id.startsWith(clientIdPrefix)) {
                n += ((Number) jmx.getAttribute(name, "records-consumed-total")).longValue();
            }
        }
        return n;
    }

    private static SampleResult ok(SampleResult r) {
        assertThat(r).isNotNull();
        assertThat(r.isSuccessful())
                .as(r.getResponseCode() + " " + r.getResponseMessage() + "\n" + r.getResponseDataAsString())
                .isTrue();
        return r;
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new AssertionError("the thread before never read a record");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
