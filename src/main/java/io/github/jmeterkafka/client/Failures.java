package io.github.jmeterkafka.client;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns a failure into the one line a user reads. */
public final class Failures {
    private Failures() {
    }

    /** The cause that says what went wrong, under the wrappers futures add. */
    public static Throwable unwrap(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof ExecutionException || t instanceof CompletionException) && t.getCause() != null) {
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
