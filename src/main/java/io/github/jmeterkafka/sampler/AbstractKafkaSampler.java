package io.github.jmeterkafka.sampler;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;

import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.testelement.ThreadListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.client.Failures;
import io.github.jmeterkafka.client.InvalidInputException;
import io.github.jmeterkafka.config.PluginProperties;
import io.github.jmeterkafka.report.ReportSetup;

/**
 * The template every Kafka sampler follows: {@link #sample} never throws; it finds the connection,
 * lets the subclass validate its input before timing, time the network part and fill the result,
 * and turns any failure into a failed result with a code from {@link ResponseCodes}, the message,
 * the stack trace as response data, and one log line per distinct failure.
 *
 * <p>JMeter gives each thread its own clone of a sampler: fields of a clone belong to its thread.
 * {@link #testStarted} and {@link #testEnded} run on the element in the test tree, not on clones.
 */
public abstract class AbstractKafkaSampler extends AbstractSampler
        implements TestBean, ThreadListener, TestStateListener, Interruptible {
    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(AbstractKafkaSampler.class);
    private static final Set<String> APPLIABLE_CONFIG_CLASSES = Set.of("org.apache.jmeter.config.gui.SimpleConfigGui");


    /** Records shown in a sample's response data: enough to look at, cheap at thousands per sample. */
    protected static final int LISTED_RECORDS = 20;

    static final long STOP_INTERRUPT_WAIT_MS = 100;

    protected AbstractKafkaSampler() {
        // JMeter loads the plan before it builds its report generator: -e -o dashboards get the Kafka page
        ReportSetup.install();
    }

    private String connectionName = "kafka";
    // interrupt() was called: by Stop, or by a Sample Timeout, after which the thread samples on
    protected transient volatile boolean stopped;

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
            if (!sampleInto(result)) {
                stopThisThread();
                return null;
            }
        } catch (Exception | LinkageError e) {
            fail(result, e);
        } finally {
            if (result.getStartTime() == 0) {
                result.sampleStart();
            }
            if (result.getEndTime() == 0) {
                result.sampleEnd();
            }
        }
        return result;
    }

    /**
     * Validates, then times and runs one sample into {@code result}. Call
     * {@code result.sampleStart()} right before the first network call.
     *
     * @return false when the sampler's record budget is spent: no sample, and the thread stops
     */
    protected abstract boolean sampleInto(SampleResult result) throws Exception;

    /** The connection this sampler names; {@link InvalidInputException} when no element defines it. */
    protected Connection connection() {
        return Connections.get(getConnectionName());
    }

    protected void fail(SampleResult result, Throwable e) {
        String code = ResponseCodes.of(e);
        String message = Failures.describe(e);
        fail(result, code, message);
        setResponseText(result, Failures.stackTrace(e));
        FailureLog.once(getName(), code, message, e);
    }

    protected static void fail(SampleResult result, String code, String message) {
        result.setSuccessful(false);
        result.setResponseCode(code);
        result.setResponseMessage(message);
    }

    protected static void setResponseText(SampleResult result, String text) {
        setResponseUtf8(result, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Response data as UTF-8 text, cut at {@code kafka.response.max.bytes}. */
    protected static void setResponseUtf8(SampleResult result, byte[] utf8) {
        int max = responseMaxBytes();
        byte[] data = utf8;
        if (utf8.length > max) {
            byte[] note = ("\n... (cut at " + PluginProperties.RESPONSE_MAX_BYTES + "=" + max + ")").getBytes(StandardCharsets.UTF_8);
            data = Arrays.copyOf(utf8, max + note.length);
            System.arraycopy(note, 0, data, max, note.length);
        }
        result.setResponseData(data);
        result.setDataEncoding(StandardCharsets.UTF_8.name());
        result.setDataType(SampleResult.TEXT);
    }

    protected static int responseMaxBytes() {
        return (int) PluginProperties.get(PluginProperties.RESPONSE_MAX_BYTES, 65536);
    }

    /**
     * Clears this thread's interrupt before a client is closed in threadFinished, and says whether
     * there was one, to restore after the close. Kafka's close gives up at an interrupt and logs an
     * ERROR. After Stop, JMeter interrupts the thread just after waking its sample, so a woken thread
     * can reach its close first: a stopped sampler waits up to {@value #STOP_INTERRUPT_WAIT_MS} ms for
     * that interrupt.
     */
    protected static boolean clearInterruptBeforeClose(boolean stopped) {
        if (stopped) {
            try {
                Thread.sleep(STOP_INTERRUPT_WAIT_MS);
            } catch (InterruptedException e) {
                return true;
            }
        }
        return Thread.interrupted();
    }

    protected static Duration closeTimeout() {
        return PluginProperties.closeTimeout();
    }

    /** The close timeout after Stop; records still unsent then fail, and are counted. */
    protected static Duration stopCloseTimeout() {
        return PluginProperties.stopCloseTimeout();
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
        return APPLIABLE_CONFIG_CLASSES.contains(configElement.getProperty(TestElement.GUI_CLASS).getStringValue());
    }

    @Override
    public void threadStarted() {
        // clients are made lazily in sample(): bean fields are not set yet here
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }

    @Override
    public void testStarted() {
        FailureLog.reset();
        RunOutput.testStarted();
    }

    public String getConnectionName() {
        return connectionName;
    }

    public void setConnectionName(String connectionName) {
        this.connectionName = connectionName == null ? "" : connectionName.trim();
    }

    static void logInfo(String line) {
        log.info(line);
    }
}
