package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.LiveKafka.ok;
import static io.github.jmeterkafka.sampler.LiveKafka.sampler;
import static io.github.jmeterkafka.sampler.LiveKafka.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.SharedBroker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.admin.TransactionListing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Transactional samples on a real broker: a sample is one transaction, committed only when every record was acknowledged. */
class KafkaProducerTransactionsIT {
    private static final String COMMITTED = "read_committed";
    private static final String UNCOMMITTED = "read_uncommitted";

    @RegisterExtension
    final LiveKafka kafka = new LiveKafka(SharedBroker.get());

    private static KafkaProducerSampler transactional(String label, String connection, String topic) {
        KafkaProducerSampler s = sampler(label, connection, topic);
        s.setTransactional(true);
        s.setValue("committed");
        s.setRecordsPerSample("10");
        return s;
    }

    @Test
    void aCommittedSampleIsVisibleToReadCommitted() {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("tx-commit", 2);
        KafkaProducerSampler s = transactional(unique("tx-commit"), connection, topic);

        for (int i = 0; i < 2; i++) {
            SampleResult r = ok(s.sample(null));
            assertThat(r.getResponseMessage()).isEqualTo("10 records acknowledged, transaction committed");
        }
        s.threadFinished();

        assertThat(kafka.read(topic, COMMITTED)).hasSize(20);
        assertThat(kafka.read(topic, UNCOMMITTED)).hasSize(20);
    }

    @Test
    void aFailedSampleIsAbortedInvisibleToReadCommittedVisibleToReadUncommitted(@TempDir Path dir) throws Exception {
        // One payload in eleven is over the topic's max.message.bytes but within the producer's
        // max.request.size: the broker rejects it. It is over batch.size too, so it travels alone, and
        // with one request at a time the records sent before it are written first; those after it are
        // failed unsent. (A record the producer itself refuses would fail the records still in its
        // buffer with it: none would reach the broker.)
        Path file = dir.resolve("payloads.txt");
        String small = "s".repeat(100);
        Files.writeString(file, (small + "\n").repeat(10) + "x".repeat(30_000) + "\n", StandardCharsets.UTF_8);
        String connection = kafka.connect(Map.of("max.in.flight.requests.per.connection", "1"));
        String topic = kafka.topic("tx-abort", 1, Map.of("max.message.bytes", "20000"));
        KafkaProducerSampler s = sampler(unique("tx-abort"), connection, topic);
        s.setTransactional(true);
        s.setValueMode("file");
        s.setPayloadFile(file.toString());
        s.setRecordsPerSample("100");

        Pattern aborted =
                Pattern.compile("(\\d+) of 100 records failed: RecordTooLargeException: .*; transaction aborted");
        long committed = 0;
        long writtenThenAborted = 0;
        // until a sample aborted after some records were written (the first pick is small 10 times in 11)
        for (int i = 0; i < 20 && writtenThenAborted == 0; i++) {
            SampleResult r = s.sample(null);
            if (r.isSuccessful()) {
                assertThat(r.getResponseMessage()).isEqualTo("100 records acknowledged, transaction committed");
                committed += r.getSampleCount();
                continue;
            }
            Matcher m = aborted.matcher(r.getResponseMessage());
            assertThat(m.matches()).as(r.getResponseMessage()).isTrue();
            assertThat(r.getResponseCode()).isEqualTo("RecordTooLargeException");
            writtenThenAborted += 100 - Integer.parseInt(m.group(1));
        }
        s.threadFinished();

        assertThat(writtenThenAborted).isPositive();
        assertThat(kafka.read(topic, COMMITTED)).hasSize((int) committed);
        assertThat(kafka.read(topic, UNCOMMITTED))
                .hasSize((int) (committed + writtenThenAborted))
                .allSatisfy(rec ->
                        assertThat(rec.value()).asString(StandardCharsets.UTF_8).isEqualTo(small));
        // what the broker wrote in an aborted transaction was not delivered: not "sent" in the summary
        assertThat(Summaries.of(s)).contains("\n" + committed + " records sent, ");
    }

    @Test
    void eachThreadHasItsOwnTransactionalId() throws Exception {
        String connection = kafka.connect(Map.of());
        String topic = kafka.topic("tx-threads", 1);
        String label = unique("tx-threads");
        ExecutorService first = Executors.newSingleThreadExecutor();
        ExecutorService second = Executors.newSingleThreadExecutor();
        try {
            KafkaProducerSampler a = transactional(label, connection, topic);
            KafkaProducerSampler b = transactional(label, connection, topic);
            // alternating: a second producer with the same id would fence the first one's next sample
            for (int i = 0; i < 2; i++) {
                ok(first.submit(() -> a.sample(null)).get(60, TimeUnit.SECONDS));
                ok(second.submit(() -> b.sample(null)).get(60, TimeUnit.SECONDS));
            }
            List<String> ids = kafka.admin.listTransactions().all().get(30, TimeUnit.SECONDS).stream()
                    .map(TransactionListing::transactionalId)
                    .filter(id -> id.startsWith(connection + "-"))
                    .collect(Collectors.toList());
            assertThat(ids).hasSize(2).doesNotHaveDuplicates();
            first.submit(a::threadFinished).get(30, TimeUnit.SECONDS);
            second.submit(b::threadFinished).get(30, TimeUnit.SECONDS);
        } finally {
            first.shutdownNow();
            second.shutdownNow();
        }
        assertThat(kafka.read(topic, COMMITTED)).hasSize(40);
    }
}
