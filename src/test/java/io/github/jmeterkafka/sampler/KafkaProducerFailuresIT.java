package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.LiveKafka.sampler;
import static io.github.jmeterkafka.sampler.LiveKafka.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the Kafka Producer fails against a real broker: a Kafka code, the count, and no long wait. */
class KafkaProducerFailuresIT {

    @Test
    void aRecordOverMaxRequestSizeFailsWithRecordTooLargeException() {
        try (LiveKafka kafka = new LiveKafka(SharedBroker.get())) {
            String connection = kafka.connect(Map.of("max.request.size", "1000"));
            String topic = kafka.topic("too-large", 1);
            KafkaProducerSampler s = sampler(unique("too-large"), connection, topic);
            s.setValueMode("random");
            s.setRecordSize("5000");

            SampleResult r = s.sample(null);

            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("RecordTooLargeException");
            assertThat(r.getResponseMessage())
                    .startsWith("1 of 1 records failed: RecordTooLargeException: ")
                    .contains("max.request.size");
            assertThat(r.getSampleCount()).isEqualTo(1);
            assertThat(r.getResponseDataAsString()).isEqualTo("not acknowledged\n");
            assertThat(kafka.endOffsets(topic)).isZero();
        }
    }

    @Test
    void onlyTheRecordsOverMaxRequestSizeFailTheOthersAreStored(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("payloads.txt");
        Files.writeString(file, "small\n" + "x".repeat(5000) + "\n", StandardCharsets.UTF_8);
        try (LiveKafka kafka = new LiveKafka(SharedBroker.get())) {
            String connection = kafka.connect(Map.of("max.request.size", "1000"));
            String topic = kafka.topic("too-large-some", 1);
            KafkaProducerSampler s = sampler(unique("too-large-some"), connection, topic);
            s.setValueMode("file");
            s.setPayloadFile(file.toString());
            s.setRecordsPerSample("50");

            SampleResult r = s.sample(null);

            // 50 picks of 2 payloads are all alike with a probability of 2^-49
            Matcher m = Pattern.compile("(\\d+) of 50 records failed: RecordTooLargeException: .*")
                    .matcher(r.getResponseMessage());
            assertThat(m.matches()).as(r.getResponseMessage()).isTrue();
            assertThat(r.getResponseCode()).isEqualTo("RecordTooLargeException");
            int failed = Integer.parseInt(m.group(1));
            assertThat(failed).isBetween(1, 49);
            assertThat(kafka.read(topic))
                    .hasSize(50 - failed)
                    .allSatisfy(rec -> assertThat(new String(rec.value(), StandardCharsets.UTF_8))
                            .isEqualTo("small"));
        }
    }

    @Test
    void anInvalidTopicNameFailsWithInvalidTopicException() {
        try (LiveKafka kafka = new LiveKafka(SharedBroker.get())) {
            String connection = kafka.connect(Map.of("max.block.ms", "5000"));
            KafkaProducerSampler s = sampler(unique("invalid-topic"), connection, "no spaces allowed!");
            s.setValue("v");
            s.setRecordsPerSample("3");

            SampleResult r = s.sample(null);

            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).as(r.getResponseMessage()).isEqualTo("InvalidTopicException");
            assertThat(r.getResponseMessage()).startsWith("3 of 3 records failed: InvalidTopicException");
        }
    }

    @Test
    void aMissingTopicWithoutAutoCreateFailsOnceMaxBlockMsPasses() throws Exception {
        try (KafkaBroker broker = KafkaBroker.builder()
                        .autoCreateTopics(false)
                        .heap("384m")
                        .startTimeout(Duration.ofMinutes(3))
                        .start();
                LiveKafka kafka = new LiveKafka(broker)) {
            String connection = kafka.connect(Map.of("max.block.ms", "2000"));
            String missing = unique("missing");
            KafkaProducerSampler s = sampler(unique("missing-topic"), connection, missing);
            s.setValue("v");
            s.setRecordsPerSample("10");

            SampleResult r = s.sample(null);

            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).as(r.getResponseMessage()).isEqualTo("TimeoutException");
            assertThat(r.getResponseMessage())
                    .isEqualTo("10 of 10 records failed: TimeoutException: Topic " + missing
                            + " not present in metadata after 2000 ms.");
            // one wait of max.block.ms for the sample, not one per record (10 x 2 s)
            assertThat(r.getTime()).isGreaterThanOrEqualTo(1900).isLessThan(10_000);
            assertThat(kafka.admin.listTopics().names().get(30, TimeUnit.SECONDS))
                    .doesNotContain(missing);
        }
    }
}
