package io.github.jmeterkafka.client;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import org.apache.kafka.common.KafkaException;

/** Turns a failure into the one line a user reads. */
public final class Failures {
    private Failures() {
    }

    /**
     * The cause that says what went wrong, under the wrappers futures add and the bare KafkaException
     * a client's constructor wraps its failure in ("Failed to construct kafka producer").
     */
    public static Throwable unwrap(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && (t instanceof ExecutionException || t instanceof CompletionException
                || t.getClass() == KafkaException.class && t.getCause() instanceof KafkaException)) {
            t = t.getCause();
        }
        return t;
    }

    /** "SimpleName: message", or the simple name alone; for invalid input, the message alone. */
    public static String describe(Throwable failure) {
        Throwable t = unwrap(failure);
        String message = t.getMessage();
        if (t instanceof InvalidInputException) {
            return message;
        }
        return message == null || message.isEmpty() ? t.getClass().getSimpleName()
                : t.getClass().getSimpleName() + ": " + message;
    }
}
