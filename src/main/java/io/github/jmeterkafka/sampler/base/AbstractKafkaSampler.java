package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.RunRefusedException;
import io.github.jmeterkafka.payload.PayloadFile;
import io.github.jmeterkafka.payload.source.PlanDirectory;
import io.github.jmeterkafka.payload.template.CsvFile;
import io.github.jmeterkafka.report.ReportSetup;
import io.github.jmeterkafka.run.KafkaSampleResult;
import io.github.jmeterkafka.run.ObjectiveJudge;
import io.github.jmeterkafka.run.RunOutput;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.testelement.ThreadListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;

/**
 * The template every Kafka sampler follows: {@link #sample} owns one sample's lifecycle (check
 * fields, get the client, time the call, fill the result, set its code) and never throws.
 *
 * <p>JMeter gives each thread its own clone of a sampler: fields of a clone belong to its thread.
 * {@link #testStarted} and {@link #testEnded} run on the element in the test tree, not on clones.
 */
public abstract class AbstractKafkaSampler extends AbstractSampler
        implements TestBean, ThreadListener, TestStateListener, Interruptible {
    private static final long serialVersionUID = 1L;
    private static final Set<String> APPLIABLE_CONFIG_CLASSES = Set.of("org.apache.jmeter.config.gui.SimpleConfigGui");

    protected AbstractKafkaSampler() {
        // JMeter loads the plan before it builds its report generator: -e -o dashboards get the Kafka page
        ReportSetup.install();
    }

    private String connectionName = "kafka";
    // interrupt() was called: by Stop, or by a Sample Timeout, after which the thread samples on
    private transient volatile boolean stopped;

    /**
     * One sample in a fixed order: the subclass checks its fields and gets its client
     * ({@link #prepare}, untimed), the clock runs around the network call only
     * ({@link Sample#call}), the subclass fills the result ({@link Sample#fill}), and a successful
     * result without a code gets {@link ResponseCodes#OK}. Never throws: a failure at any step is a
     * failed result with a code from {@link ResponseCodes}, the message, the stack trace as response
     * data, and one log line per distinct failure.
     */
    @Override
    public final SampleResult sample(Entry entry) {
        if (stopped) {
            // only a Sample Timeout's interrupt lets a thread sample again: its interrupt must not fail
            // this sample, nor make the thread's close a Stop's
            stopped = false;
            Thread.interrupted();
        }
        // on a jmeter-server the result carries the sample's figures to the controller's Kafka Summary
        SampleResult result = RunOutput.server().isEmpty() ? new SampleResult() : new KafkaSampleResult();
        result.setSampleLabel(getName());
        result.setDataType(SampleResult.TEXT);
        try {
            Sample<?> sample = prepare(result);
            if (sample == null || !timed(result, sample)) {
                stopThisThread();
                return null;
            }
        } catch (Exception | LinkageError e) {
            fail(result, e);
            failed(result, e);
            if (e instanceof RunRefusedException) {
                result.setStopTest(true);
            }
        } finally {
            if (result.getStartTime() == 0) {
                // failed before anything was timed: no time, not the clock's tick between two readings
                result.setStampAndTime(System.currentTimeMillis(), 0);
            } else if (result.getEndTime() == 0) {
                result.sampleEnd();
            }
        }
        return result;
    }

    /** The clock around the call, then the result; false when the subclass says there is no sample. */
    private static <T> boolean timed(SampleResult result, Sample<T> sample) throws Exception {
        T outcome;
        boolean clock = !sample.timesItself();
        if (clock) {
            result.sampleStart();
        }
        try {
            outcome = sample.call(result);
        } finally {
            if (clock) {
                result.sampleEnd();
            }
            sample.ended(result);
        }
        if (!sample.fill(result, outcome)) {
            return false;
        }
        if (result.isSuccessful() && result.getResponseCode().isEmpty()) {
            result.setResponseCode(ResponseCodes.OK);
        }
        return true;
    }

    /**
     * Checks the fields and gets the client, before anything is timed; may set sampler data and the
     * sample count.
     *
     * @return the sample to time, or null when the sampler's record budget is spent or a CSV file
     *     read with "stop" has no row left: no sample, and the thread stops
     */
    protected abstract Sample<?> prepare(SampleResult result) throws Exception;

    /** One sample's network call and what its outcome makes of the result. */
    protected interface Sample<T> {
        /** The network call, timed; may mark the end of its connect part ({@code result.connectEnd()}). */
        T call(SampleResult result) throws Exception;

        /**
         * True for a sample whose time is not the call's (records sent before it, during the last one's wait): its
         * {@link #fill} sets the time ({@code setStampAndTime}).
         */
        default boolean timesItself() {
            return false;
        }

        /** Right after the clock stops, whether the call returned or threw. */
        default void ended(SampleResult result) {}

        /**
         * Fills the result from the call's outcome: data, success, a failure's code.
         *
         * @return false when there is no sample after all (the budget was spent meanwhile)
         */
        boolean fill(SampleResult result, T outcome) throws Exception;
    }

    /** After any step failed and the result says so: what the subclass must still count or close. */
    protected void failed(SampleResult result, Throwable e) {}

    /** Ends a running sample's wait at once; called by JMeter on another thread (Stop, Sample Timeout). */
    @Override
    public final boolean interrupt() {
        stopped = true;
        wake();
        return true;
    }

    /** Wakes this clone's running call, if any; called from another thread. */
    protected abstract void wake();

    /** Whether {@link #interrupt} was called since this clone's last sample began. */
    protected final boolean stopped() {
        return stopped;
    }

    /** The connection this sampler names; {@link InvalidInputException} when no element defines it. */
    protected Connection connection() {
        return Connections.get(getConnectionName());
    }

    /** A failed result for {@code e}, logged once under this sampler's label. */
    protected final void fail(SampleResult result, Throwable e) {
        Responses.fail(result, getName(), e);
    }

    /** Closes this thread's client at its end, bounded as {@link ThreadClose} says. */
    protected final void closeThreadClient(String client, Consumer<Duration> close) {
        ThreadClose.close(getName(), client, stopped, close);
    }

    private static void stopThisThread() {
        JMeterThread thread = JMeterContextService.getContext().getThread();
        if (thread != null) {
            thread.stop();
        }
    }

    /** Config elements other than plain Simple Config elements are not merged into this sampler. */
    @Override
    public boolean applies(ConfigTestElement configElement) {
        return APPLIABLE_CONFIG_CLASSES.contains(
                configElement.getProperty(TestElement.GUI_CLASS).getStringValue());
    }

    @Override
    public void threadStarted() {
        // clients are made lazily in sample(): bean fields are not set yet here
        ObjectiveJudge.threadStarted();
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }

    /**
     * What all clones of this sampler share during a test, by label: started at test start, its summary printed at
     * test end; null for a sampler whose threads share nothing.
     */
    protected abstract SamplerRuns<?> runs();

    /** The records/s the run is expected to reach, for its summary; 0: the plan does not say. */
    protected double expectedRate() {
        return 0;
    }

    /**
     * Makes this test's run at its start, so that its figures and interval log start with the test; fields it cannot
     * read are left for every sample to report.
     */
    protected static void startRun(Runnable make) {
        try {
            make.run();
        } catch (InvalidInputException e) {
            // reported by every sample
        }
    }

    /** Files named by the fields (records, schemas) are read again in each test, relative to this plan. */
    @Override
    public void testStarted() {
        FailureLog.reset();
        RunOutput.testStarted();
        PlanDirectory.set(Path.of(FileServer.getFileServer().getBaseDir()));
        PayloadFile.forgetAll();
        CsvFile.forgetAll();
        ObjectiveJudge.testStarted();
        SamplerRuns<?> runs = runs();
        if (runs != null) {
            runs.start(getName());
        }
    }

    @Override
    public void testEnded() {
        SamplerRuns<?> runs = runs();
        ObjectiveJudge.testEnded(getName(), runs == null ? List.of() : runs.end(getName(), expectedRate()));
    }

    public String getConnectionName() {
        return connectionName;
    }

    public void setConnectionName(String connectionName) {
        this.connectionName = connectionName == null ? "" : connectionName.trim();
    }
}
