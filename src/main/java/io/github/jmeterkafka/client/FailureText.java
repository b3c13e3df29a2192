package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.KafkaException;

/** Turns a failure into the one line a user reads. */
public final class FailureText {
    // Kafka 4 calls only the token endpoints (and reads only the files) such a system property lists;
    // its message names the property, but not where JMeter takes one
    private static final Pattern OAUTH_ALLOWED =
            Pattern.compile("org\\.apache\\.kafka\\.sasl\\.oauthbearer\\.allowed\\.(?:urls|files)");

    private FailureText() {}

    /**
     * The cause that says what went wrong, under the wrappers futures add and the bare KafkaException
     * a client's constructor wraps its failure in ("Failed to construct kafka producer").
     */
    public static Throwable unwrap(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null
                && (t instanceof ExecutionException
                        || t instanceof CompletionException
                        || (t.getClass() == KafkaException.class && t.getCause() instanceof KafkaException))) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * "SimpleName: message", or the simple name alone, with what a failed Kerberos login most likely
     * means ({@link KerberosHints}) or where JMeter takes a system property Kafka asks for; for invalid
     * input, the message alone. Kafka's
     * messages are not meant to quote a secret; should one, no bound connection's secret gets through.
     */
    public static String describe(Throwable failure) {
        Throwable t = unwrap(failure);
        String message = t.getMessage();
        if (t instanceof InvalidInputException) {
            return Connections.scrub(message);
        }
        String hints = KerberosHints.of(t) + (message == null ? "" : systemPropertyHint(message));
        return message == null || message.isEmpty()
                ? t.getClass().getSimpleName() + hints
                : Connections.scrub(t.getClass().getSimpleName() + ": " + message) + hints;
    }

    /** Where JMeter takes the system property a Kafka message asks to update; "" when it asks for none. */
    static String systemPropertyHint(String message) {
        Matcher m = OAUTH_ALLOWED.matcher(message);
        if (!m.find()) {
            return "";
        }
        return " In JMeter: add it to " + m.group() + " in bin/system.properties (comma-separated, exactly as "
                + "configured) or start JMeter with -D" + m.group() + "=..., then restart JMeter.";
    }

    /** The stack trace of {@link #unwrap(Throwable) the cause}, scrubbed like {@link #describe}. */
    public static String stackTrace(Throwable failure) {
        StringWriter trace = new StringWriter();
        unwrap(failure).printStackTrace(new PrintWriter(trace));
        return Connections.scrub(trace.toString());
    }
}
