package com.example;

import static com.example.KafkaDsl.createTopic;
import static com.example.KafkaDsl.kafkaConnection;
import static com.example.KafkaDsl.kafkaConsumer;
import static com.example.KafkaDsl.kafkaProducer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static us.abstracta.jmeter.javadsl.JmeterDsl.setupThreadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;

/** The quick start as Java: 4 threads produce the records, then one consumer reads them back and checks them. */
class KafkaLoadTest {
    private static final String BOOTSTRAP = System.getProperty("kafka.bootstrap", "localhost:9092");
    private static final String TOPIC = System.getProperty("topic", "jmeter-kafka-dsl");
    private static final long RECORDS = Long.getLong("records", 10_000);
    // each criterion missed at test end is a failed sample: errorsCount() counts it
    private static final String OBJECTIVES = System.getProperty("objectives", "failed = 0");
    private static final String PRODUCER = "Produce 1 KB records";
    private static final String CONSUMER = "Consume all records";

    @Test
    void everyRecordIsProducedAndReadBack(@TempDir Path dir) throws Exception {
        Path summary = dir.resolve("kafka-summary.csv");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream console = System.out;
        // the samplers print their end-of-test summaries, in Kafka's perf tools' formats, to the console
        System.setOut(new PrintStream(new Both(console, printed), true, StandardCharsets.UTF_8));
        TestPlanStats stats;
        try {
            stats = testPlan(
                            kafkaConnection("kafka", BOOTSTRAP).producerProperty("acks", "all"),
                            setupThreadGroup(createTopic("kafka", TOPIC, 4)),
                            threadGroup(
                                    4,
                                    Duration.ofMinutes(2),
                                    kafkaProducer(PRODUCER, "kafka", TOPIC).records(RECORDS)),
                            threadGroup(
                                    1,
                                    Duration.ofMinutes(2),
                                    kafkaConsumer(CONSUMER, "kafka", TOPIC).records(RECORDS)))
                    .sequentialThreadGroups()
                    .runIn(new EmbeddedJmeterEngine()
                            .prop("kafka.summary.file", summary.toString())
                            .prop("kafka.objectives", OBJECTIVES));
        } finally {
            System.setOut(console);
        }

        assertEquals(0, stats.overall().errorsCount(), "failed samples");
        List<String> rows = Files.readAllLines(summary, StandardCharsets.UTF_8);
        assertTrue(
                rows.stream().anyMatch(r -> r.startsWith("producer," + PRODUCER + ",all," + RECORDS + ",0,")),
                "the producer's summary row: " + rows);
        assertTrue(
                rows.stream().anyMatch(r -> r.startsWith("consumer," + CONSUMER + ",all," + RECORDS + ",")),
                "the consumer's summary row: " + rows);
        String text = printed.toString(StandardCharsets.UTF_8);
        assertTrue(
                text.matches("(?s).*delivery: " + RECORDS
                        + " records verified from [1-4] producers, 0 missing, 0 duplicated.*"),
                "the consumer's delivery check:\n" + text);
    }

    /** Writes to two streams. */
    private static final class Both extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Both(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws java.io.IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws java.io.IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }
    }
}
