package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line per distinct failure (sampler, code, message) and test, not one per sample: during a
 * broker outage thousands of samples fail alike, and the JTL already holds each of them.
 */
public final class FailureLog {
    private static final Logger log = LoggerFactory.getLogger(FailureLog.class);
    private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    private FailureLog() {}

    public static void once(String label, String code, String message, Throwable e) {
        once(label, code, message, message, e);
    }

    /**
     * Logs the first failure of its kind, where {@code kind} makes failures alike when their messages differ (e.g.
     * by the input that failed).
     */
    public static void once(String label, String code, String kind, String message, Throwable e) {
        if (!SEEN.add(label + '\u0000' + code + '\u0000' + kind)) {
            return;
        }
        if (e instanceof InvalidInputException) {
            log.error("{}: {} (code {}); samples failing the same way are not logged again", label, message, code);
        } else {
            log.warn("{}: {} (code {}); samples failing the same way are not logged again", label, message, code);
        }
    }

    static void reset() {
        SEEN.clear();
    }
}
