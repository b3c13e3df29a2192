package io.github.jmeterkafka.client;

import io.github.jmeterkafka.payload.source.RowsEnded;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;

/** How a send that failed at once (in {@code send()}, before any ack) failed, and whether it ends its sample. */
public final class AtOnce {
    private AtOnce() {}

    /**
     * After this, the records left in a sample fail with it unmade: send() waited max.block.ms (metadata, buffer
     * space) and each further record would wait as long again; or Stop interrupted it; or a CSV file read with
     * "stop" has no row left.
     */
    public static boolean endsSample(RuntimeException atOnce) {
        return atOnce instanceof TimeoutException
                || atOnce instanceof InterruptException
                || atOnce instanceof RowsEnded;
    }

    /** How a send the producer already gave up on failed; null while pending or acknowledged. */
    public static RuntimeException failure(Future<RecordMetadata> ack) {
        if (ack == null || !ack.isDone()) {
            return null;
        }
        try {
            ack.get();
            return null;
        } catch (ExecutionException e) {
            return e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
