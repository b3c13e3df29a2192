package io.github.jmeterkafka.measure;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Who else reads the interval logs' intervals as they are written (a Backend Listener client), and which logs are
 * still open. One per JVM, as the samplers' runs are: a jmeter-server feeds its own listeners. Thread-safe.
 */
public final class IntervalFeed {
    private static final List<Consumer<IntervalFigures>> SUBSCRIBERS = new CopyOnWriteArrayList<>();
    private static final Set<IntervalLog> OPEN = ConcurrentHashMap.newKeySet();
    private static final Set<String> LABELS = ConcurrentHashMap.newKeySet();

    private IntervalFeed() {}

    public static void subscribe(Consumer<IntervalFigures> subscriber) {
        SUBSCRIBERS.add(subscriber);
    }

    public static void unsubscribe(Consumer<IntervalFigures> subscriber) {
        SUBSCRIBERS.remove(subscriber);
    }

    /** Whether anyone reads the intervals: then a sampler keeps them even when it writes no interval log file. */
    static boolean wanted() {
        return !SUBSCRIBERS.isEmpty();
    }

    static void publish(IntervalFigures figures) {
        for (Consumer<IntervalFigures> s : SUBSCRIBERS) {
            s.accept(figures);
        }
    }

    static void opened(IntervalLog log, String label) {
        LABELS.add(label);
        OPEN.add(log);
    }

    static void closed(IntervalLog log) {
        OPEN.remove(log);
    }

    /** Whether a log has not written its last interval yet. */
    public static boolean anyOpen() {
        return !OPEN.isEmpty();
    }

    /** Whether samples of this label come from a sampler that keeps an interval log (its records are fed here). */
    public static boolean keepsIntervals(String label) {
        return LABELS.contains(label);
    }
}
