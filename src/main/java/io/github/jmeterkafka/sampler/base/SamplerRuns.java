package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.measure.SummaryRow;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.jmeter.threads.JMeterContextService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What all thread clones of one sampler share during a test (stats, record budget), by label:
 * clones share no fields, and JMeter's summaries are per label too.
 */
public final class SamplerRuns<T extends SamplerRuns.Run> {
    private static final Logger log = LoggerFactory.getLogger(SamplerRuns.class);

    private final String kind;
    private final LongSupplier testStart;
    private final ConcurrentMap<String, T> runs = new ConcurrentHashMap<>();
    // label -> start time of the test that last started it
    private final ConcurrentMap<String, Long> started = new ConcurrentHashMap<>();

    /** @param kind the element's name in the GUI, for the log */
    public SamplerRuns(String kind) {
        this(kind, JMeterContextService::getTestStartTime);
    }

    /** @param testStart when the running test started: the same for every element of one test */
    public SamplerRuns(String kind, LongSupplier testStart) {
        this.kind = kind;
        this.testStart = testStart;
    }

    /**
     * Forgets the label's last run, at test start. Two elements with one label would share a run:
     * one summary, and the record budget of whichever started last; that is logged.
     *
     * @return whether another element of this test started the label already
     */
    boolean start(String label) {
        runs.remove(label);
        long test = testStart.getAsLong();
        Long before = started.put(label, test);
        boolean shared = before != null && before == test && test != 0;
        if (shared) {
            log.warn(
                    "Two {} samplers are named '{}': they share one summary and one record budget (the one of the"
                            + " element that started last); give each a name of its own",
                    kind,
                    label);
        }
        return shared;
    }

    /** This test's run of the label, made by {@code create} by the first thread to ask. */
    public T get(String label, Supplier<T> create) {
        return runs.computeIfAbsent(label, k -> create.get());
    }

    /** Forgets the label's run at test end and prints its summary: its rows; none when no thread made one. */
    List<SummaryRow> end(String label, double expectedRate) {
        T run = runs.remove(label);
        return run == null ? List.of() : run.printSummary(label, expectedRate);
    }

    /** What one sampler's threads share during a test. */
    public interface Run {
        /**
         * The perf-test style summary, at test end.
         *
         * @param expectedRate the records/s the run was expected to reach; 0: none
         * @return its summary rows
         */
        List<SummaryRow> printSummary(String label, double expectedRate);
    }
}
