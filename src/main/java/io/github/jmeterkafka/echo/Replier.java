package io.github.jmeterkafka.echo;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Answers one request: drops it (a share, on purpose), or replies with its key and value and its correlation
 * id to the topic its reply-topic header names, or with --transform writes it enriched to the reply topic with
 * its key and no header; at once or after the delay.
 *
 * <p>Threads: {@link #answer} runs on the echo's loop, {@link #forward} also on its HTTP front's thread (it holds
 * this object's lock for the random numbers); delayed replies go out on the scheduler; the producer's callbacks
 * count them.
 */
final class Replier {
    private final EchoOptions options;
    private final Producer<byte[], byte[]> producer;
    private final ScheduledExecutorService scheduler;
    private final EchoTally tally;
    private final PrintStream err;
    private final SplittableRandom random;
    private final AtomicLong delayed = new AtomicLong();
    private final AtomicBoolean failureShown = new AtomicBoolean();

    Replier(
            EchoOptions options,
            Producer<byte[], byte[]> producer,
            ScheduledExecutorService scheduler,
            EchoTally tally,
            PrintStream err) {
        this.options = options;
        this.producer = producer;
        this.scheduler = scheduler;
        this.tally = tally;
        this.err = err;
        this.random = options.seed() == null ? new SplittableRandom() : new SplittableRandom(options.seed());
    }

    void answer(ConsumerRecord<byte[], byte[]> request) {
        tally.read(System.nanoTime());
        Header id = request.headers().lastHeader(options.correlationHeader());
        if (!options.transform() && (id == null || id.value() == null)) {
            tally.uncorrelated();
            return;
        }
        ProducerRecord<byte[], byte[]> reply;
        if (options.transform()) {
            // as a service that turns one topic into another does: same key, a field added, no header copied
            reply = new ProducerRecord<>(options.replyTopic(), request.key(), Enriched.of(request.value()));
        } else {
            Header to = request.headers().lastHeader(options.replyTopicHeader());
            String topic = to == null || to.value() == null
                    ? options.replyTopic()
                    : new String(to.value(), StandardCharsets.UTF_8);
            reply = new ProducerRecord<>(
                    topic,
                    null,
                    request.key(),
                    request.value(),
                    new RecordHeaders().add(options.correlationHeader(), id.value()));
        }
        forward(reply);
    }

    /**
     * Sends {@code record} at once or after the delay, or drops it (a share, on purpose); counted either way.
     * Synchronized: the echo's loop and its HTTP front share the random numbers.
     */
    synchronized void forward(ProducerRecord<byte[], byte[]> record) {
        if (options.drop() > 0 && random.nextDouble() < options.drop()) {
            tally.dropped();
            return;
        }
        if (options.delay().none()) {
            send(record);
            return;
        }
        delayed.incrementAndGet();
        // send() counts its own failures
        ScheduledFuture<?> unused = scheduler.schedule(
                () -> {
                    delayed.decrementAndGet();
                    send(record);
                },
                options.delay().nextMs(random),
                TimeUnit.MILLISECONDS);
    }

    /** Delayed replies not sent yet. */
    long delayed() {
        return delayed.get();
    }

    private void send(ProducerRecord<byte[], byte[]> reply) {
        try {
            // the callback counts the outcome
            Future<RecordMetadata> unused = producer.send(reply, (metadata, e) -> {
                if (e == null) {
                    tally.replied(System.nanoTime());
                } else {
                    failed(reply, e);
                }
            });
        } catch (RuntimeException e) {
            failed(reply, e);
        }
    }

    private void failed(ProducerRecord<byte[], byte[]> reply, Exception e) {
        tally.failed();
        if (failureShown.compareAndSet(false, true)) {
            err.println("echo: a reply to topic '" + reply.topic() + "' failed (the first; all are counted): " + e);
        }
    }
}
