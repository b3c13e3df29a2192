package io.github.jmeterkafka.payload.source;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * What one thread's record making draws on: its own random stream, the record's sequence numbers,
 * the thread number, its place in the files it reads rows of, and the JMeter variables and properties
 * of the current sample.
 *
 * <p>Threads: one per sampler thread, used by that thread only; the {@link SamplerCounters} are
 * shared by all threads of a sampler and are atomic.
 */
public final class RecordContext {
    private final long seed;
    private final SplittableRandom random;
    private final SamplerCounters counters;
    private final int threadNumber;
    private final Map<Object, RowPosition> rows = new HashMap<>();
    private long threadSequence = -1;
    private long globalSequenceOfRecord = -1;
    private Object key;
    private Random javaRandom;
    private UnaryOperator<String> variables = name -> null;
    private UnaryOperator<String> properties = name -> null;

    /**
     * @param seed           null: a different stream every run; else this thread's stream is derived
     *                       from the seed and the thread number, so a run's records repeat
     * @param threadNumber   JMeter's thread number (1-based)
     * @param counters     shared by all threads of one sampler
     */
    public RecordContext(Long seed, int threadNumber, SamplerCounters counters) {
        this.seed = seed == null ? new SplittableRandom().nextLong() : mix(seed, threadNumber);
        this.random = new SplittableRandom(this.seed);
        this.threadNumber = threadNumber;
        this.counters = counters;
    }

    private static long mix(long seed, int threadNumber) {
        // a thread's stream must not be a shifted copy of another's: SplittableRandom's seeds mix well
        return new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * threadNumber)).nextLong();
    }

    /** Once per sample, before its records: what {@code {{var}}} and {@code {{prop}}} read. */
    public void sample(UnaryOperator<String> variables, UnaryOperator<String> properties) {
        this.variables = variables;
        this.properties = properties;
    }

    /** Once per record, before its key, value and headers are made. */
    public void nextRecord() {
        threadSequence++;
        globalSequenceOfRecord = -1;
        key = null;
    }

    /** The record's key, once made: value and header templates may repeat it. */
    public void key(Object key) {
        this.key = key;
    }

    /** The record's key as text; empty when it has none (yet). */
    public String keyText() {
        if (key instanceof byte[]) {
            key = new String((byte[]) key, StandardCharsets.UTF_8);
        }
        return key == null ? "" : key.toString();
    }

    /** This thread's record number, from 0: the same for the key, value and headers of one record. */
    public long threadSequence() {
        return Math.max(threadSequence, 0);
    }

    /** The record's number among all threads of the sampler, from 0; taken at its first use in a record. */
    public long globalSequence() {
        if (globalSequenceOfRecord < 0) {
            globalSequenceOfRecord = counters.records().getAndIncrement();
        }
        return globalSequenceOfRecord;
    }

    /** Changes with every record, also before the first (when it is -1). */
    long recordNumber() {
        return threadSequence;
    }

    /** This thread's place in the rows {@code cursor} walks, made by {@code start} at its first use. */
    public RowPosition rows(Object cursor, Function<RecordContext, RowPosition> start) {
        return rows.computeIfAbsent(cursor, c -> start.apply(this));
    }

    /** The row counter of {@code cursor} that all threads of the sampler share. */
    public AtomicLong sharedRows(Object cursor) {
        return counters.cursor(cursor);
    }

    /** A file this thread reads with "stop" has no row left: the thread is to end before its next sample. */
    public boolean rowsEnded() {
        for (RowPosition position : rows.values()) {
            if (position.ended()) {
                return true;
            }
        }
        return false;
    }

    public SplittableRandom random() {
        return random;
    }

    /** A {@link Random} on this thread's stream, for libraries that take one (Datafaker). */
    public Random javaRandom() {
        if (javaRandom == null) {
            javaRandom = new Random(seed);
        }
        return javaRandom;
    }

    public int threadNumber() {
        return threadNumber;
    }

    /** A JMeter variable of the current sample, or null. */
    public String variable(String name) {
        return variables.apply(name);
    }

    /** A JMeter property, or null. */
    public String property(String name) {
        return properties.apply(name);
    }
}
