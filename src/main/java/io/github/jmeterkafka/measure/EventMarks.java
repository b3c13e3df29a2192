package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * The events of the running test (a leader moved, a broker stopped), as samples marked them, in the order marked: the
 * samplers' figures are split into windows at them. One per JVM, as the samplers' runs are: a jmeter-server keeps its
 * own. A mark of a new test forgets the last test's. Thread-safe; reading is one volatile read, for every record.
 */
public final class EventMarks {

    /**
     * One event.
     *
     * @param number  from 1, in the order marked
     * @param epochMs when it happened
     * @param nanos   the same moment on {@link System#nanoTime}'s clock, which records are timed by
     */
    public record Mark(int number, String name, long epochMs, long nanos) {}

    private record Marks(long test, List<Mark> list) {}

    private static volatile Marks marks = new Marks(0, List.of());

    private EventMarks() {}

    /**
     * Marks an event of the test started at {@code testStart} (ms since the epoch) that happened at {@code epochMs}
     * (now or a moment ago: a sample's start).
     */
    public static synchronized Mark mark(long testStart, String name, long epochMs) {
        Marks before = marks;
        List<Mark> list = new ArrayList<>(before.test() == testStart ? before.list() : List.of());
        long nanos = System.nanoTime() - (System.currentTimeMillis() - epochMs) * 1_000_000;
        Mark m = new Mark(list.size() + 1, name, epochMs, nanos);
        list.add(m);
        marks = new Marks(testStart, List.copyOf(list));
        return m;
    }

    /** The marks of the test started at {@code testStart}, oldest first; none when another test marked last. */
    public static List<Mark> of(long testStart) {
        Marks now = marks;
        return now.test() == testStart ? now.list() : List.of();
    }
}
