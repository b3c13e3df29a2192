package io.github.jmeterkafka.sampler.base;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.BooleanSupplier;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the calling JMeter thread is to end: JMeter's Shutdown asked it to (it only clears the thread's
 * running flag, and interrupts nothing), or its thread group's scheduled end has passed (JMeter cuts timers
 * there too). A long wait checks this, so neither lets a sample wait out its whole timeout.
 */
public final class ThreadEnd {
    private static final Logger log = LoggerFactory.getLogger(ThreadEnd.class);
    // JMeterThread has no getter for its running flag
    private static final VarHandle RUNNING = runningFlag();

    private ThreadEnd() {}

    /** For the calling thread; never true outside a JMeter thread. */
    public static BooleanSupplier ofCurrentThread() {
        JMeterThread thread = JMeterContextService.getContext().getThread();
        if (thread == null) {
            return () -> false;
        }
        long end = thread.getEndTime();
        return () -> (end > 0 && System.currentTimeMillis() >= end)
                || (RUNNING != null && !(boolean) RUNNING.getVolatile(thread));
    }

    private static VarHandle runningFlag() {
        try {
            return MethodHandles.privateLookupIn(JMeterThread.class, MethodHandles.lookup())
                    .findVarHandle(JMeterThread.class, "running", boolean.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.debug("JMeter's Shutdown cannot be seen during a wait; Stop still ends it: {}", e.toString());
            return null;
        }
    }
}
