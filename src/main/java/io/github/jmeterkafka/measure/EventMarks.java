package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The events of the running test (a leader moved, a broker stopped), as samples marked them, in the order marked: the
 * samplers' figures are split into windows at them. Counters the samplers register (their producers' retries) are
 * read at each mark, so that a window's share of them is known. One per JVM, as the samplers' runs are: a
 * jmeter-server keeps its own. A mark or counter of a new test forgets the last test's. Thread-safe; reading the marks
 * is one volatile read, for every record.
 */
public final class EventMarks {

    /**
     * One event.
     *
     * @param number  from 1, in the order marked
     * @param epochMs when it happened
     * @param nanos   the same moment on {@link System#nanoTime}'s clock, which records are timed by
     * @param counts  each registered counter's value when it was marked
     */
    public record Mark(int number, String name, long epochMs, long nanos, Map<String, Long> counts) {
        public Mark(int number, String name, long epochMs, long nanos) {
            this(number, name, epochMs, nanos, Map.of());
        }
    }

    private record Marks(long test, List<Mark> list, Map<String, LongSupplier> counters) {}

    private static volatile Marks marks = new Marks(0, List.of(), Map.of());

    private EventMarks() {}

    /**
     * Marks an event of the test started at {@code testStart} (ms since the epoch) that happened at {@code epochMs}
     * (now or a moment ago: a sample's start).
     */
    public static synchronized Mark mark(long testStart, String name, long epochMs) {
        Marks before = of(testStart, marks);
        List<Mark> list = new ArrayList<>(before.list());
        long nanos = System.nanoTime() - (System.currentTimeMillis() - epochMs) * 1_000_000;
        Map<String, Long> counts = new LinkedHashMap<>();
        before.counters().forEach((counter, value) -> counts.put(counter, value.getAsLong()));
        Mark m = new Mark(list.size() + 1, name, epochMs, nanos, Map.copyOf(counts));
        list.add(m);
        marks = new Marks(testStart, List.copyOf(list), before.counters());
        return m;
    }

    /** Registers a counter of the test started at {@code testStart}, read at every later mark. */
    public static synchronized void count(long testStart, String counter, LongSupplier value) {
        Marks before = of(testStart, marks);
        Map<String, LongSupplier> counters = new LinkedHashMap<>(before.counters());
        counters.put(counter, value);
        marks = new Marks(testStart, before.list(), Map.copyOf(counters));
    }

    /** The marks of the test started at {@code testStart}, oldest first; none when another test marked last. */
    public static List<Mark> of(long testStart) {
        Marks now = marks;
        return now.test() == testStart ? now.list() : List.of();
    }

    private static Marks of(long testStart, Marks current) {
        return current.test() == testStart ? current : new Marks(testStart, List.of(), Map.of());
    }
}
