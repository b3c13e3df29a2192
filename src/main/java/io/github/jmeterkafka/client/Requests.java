package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.measure.MatchStats;
import io.github.jmeterkafka.measure.SendSchedule;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.header.Headers;

/**
 * Sends one sample's requests: each record as the producer's record making makes it, with the reply topic in its
 * headers and either the plugin's correlation id in a header or, correlated by a value the service keeps (key,
 * JSON path), that value read from the request itself; its round trip starts right before it is handed to the
 * producer.
 *
 * <p>Threads: the sampler's; the send callbacks run on the producer's I/O thread and only fail requests in
 * the {@link MatchWait}.
 */
public final class Requests {
    private final Correlation correlation;
    private final Function<Object, String> asJson;
    private final String replyTopicHeader;
    private final String replyTopic;
    private final byte[] replyTopicBytes;

    /** @param asJson the JSON text of a request value that is neither JSON bytes nor text (e.g. an Avro record) */
    public Requests(
            Correlation correlation, Function<Object, String> asJson, String replyTopicHeader, String replyTopic) {
        this.correlation = correlation;
        this.asJson = asJson;
        this.replyTopicHeader = replyTopicHeader;
        this.replyTopic = replyTopic;
        this.replyTopicBytes = replyTopic.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Hands every request of {@code wait} to the producer; never throws for one request: a request that cannot
     * be made or is refused fails in the wait. After a {@link TimeoutException} or an {@link InterruptException}
     * (Stop) the requests left fail with it unsent, so a sample blocks max.block.ms once, not once per request.
     *
     * @param slots on a paced run, the requests' intended send times: their wait to be sent counts in the corrected
     *              round trip; else null
     * @return the key, value and header bytes handed to the producer (JMeter's sent bytes)
     */
    public long send(
            Producer<Object, Object> producer,
            MatchWait wait,
            Outgoing.Maker make,
            MatchStats stats,
            SendSchedule.Claim slots) {
        int n = wait.size();
        long sentBytes = 0;
        stats.sending(slots != null ? slots.intendedNanos(0) : System.nanoTime(), n);
        for (int i = 0; i < n; i++) {
            if (slots != null && i > 0) {
                slots.awaitDue(i);
            }
            RuntimeException atOnce = null;
            try {
                Outgoing out = make.make(i, slots != null ? slots.intendedEpochMicros(i) : Outgoing.NOT_PACED);
                ProducerRecord<Object, Object> record = out.record();
                Headers headers = record.headers();
                boolean byId = correlation.by() == Correlation.By.HEADER;
                if (byId) {
                    headers.remove(correlation.name()).add(correlation.name(), wait.id(i));
                }
                headers.remove(replyTopicHeader).add(replyTopicHeader, replyTopicBytes);
                sentBytes += out.bytes()
                        + replyTopicHeader.length()
                        + replyTopicBytes.length
                        + (byId ? correlation.name().length() + CorrelationIds.LENGTH : 0);
                String value = byId ? null : valueOf(record, i);
                int index = i;
                long now = System.nanoTime();
                if (slots != null) {
                    wait.sending(i, slots.intendedNanos(i), now);
                } else {
                    wait.sending(i, now);
                }
                if (value != null) {
                    wait.expect(i, value, now);
                }
                // a send the producer gave up on at once (e.g. no metadata within max.block.ms) also calls back
                atOnce = AtOnce.failure(producer.send(record, (metadata, e) -> {
                    if (e != null) {
                        wait.sendFailed(index, e);
                    }
                }));
            } catch (RuntimeException e) {
                wait.sendFailed(i, e);
                atOnce = e;
            }
            if (AtOnce.endsSample(atOnce)) {
                for (int j = i + 1; j < n; j++) {
                    wait.sendFailed(j, atOnce);
                }
                break;
            }
        }
        return sentBytes;
    }

    private String valueOf(ProducerRecord<Object, Object> record, int index) {
        try {
            return correlation.of(record.key(), record.value(), record.headers(), asJson);
        } catch (Correlation.NoValue e) {
            throw new InvalidInputException(
                    "request " + (index + 1) + " has no correlation value (" + correlation + "): " + e.getMessage());
        }
    }

    public Correlation correlation() {
        return correlation;
    }

    /** The topic the replies are asked for on, named in each request's headers. */
    public String replyTopic() {
        return replyTopic;
    }

    /**
     * The topics exist: a missing one is a clear error, never a topic the broker makes on first use
     * (auto.create.topics.enable) nor a wait for records that cannot come.
     *
     * @param topics what each topic is to the sampler (e.g. "request", "reply"), by topic
     */
    public static void checkTopics(Admin admin, Map<String, String> topics, long timeoutMs)
            throws InterruptedException {
        var described = admin.describeTopics(topics.keySet()).topicNameValues();
        for (Map.Entry<String, String> t : topics.entrySet()) {
            String topic = t.getKey();
            String which = t.getValue();
            try {
                described.get(topic).get(timeoutMs, TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                    throw new UnknownTopicOrPartitionException(which + " topic '" + topic + "' does not exist: create"
                            + " it first (e.g. with a Kafka Admin sampler in a setUp Thread Group)");
                }
                throw e.getCause() instanceof RuntimeException r ? r : new KafkaException(e.getCause());
            } catch (java.util.concurrent.TimeoutException e) {
                throw new TimeoutException(
                        "the " + which + " topic '" + topic + "' was not described within " + timeoutMs + " ms");
            }
        }
    }
}
