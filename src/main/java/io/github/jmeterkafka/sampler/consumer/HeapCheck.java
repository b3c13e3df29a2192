package io.github.jmeterkafka.sampler.consumer;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warns, once per JVM, when JMeter's heap may shrink. JMeter calls {@code System.gc()} as every test
 * starts; a heap whose {@code -Xms} is below its {@code -Xmx} then shrinks to a few times the live
 * data, G1's initiating threshold falls just above what JMeter holds, and nearly every fetch
 * response of 1 MB (a humongous object) starts a marking cycle: a consumer thread read a third
 * slower so.
 */
public final class HeapCheck {
    private static final Logger log = LoggerFactory.getLogger(HeapCheck.class);
    private static final AtomicBoolean CHECKED = new AtomicBoolean();

    private HeapCheck() {}

    public static void warnOnceIfHeapCanShrink() {
        if (!CHECKED.compareAndSet(false, true)) {
            return;
        }
        String problem;
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            problem = problem(
                    Long.parseLong(vm.getVMOption("MinHeapSize").getValue()),
                    Long.parseLong(vm.getVMOption("MaxHeapSize").getValue()));
        } catch (RuntimeException | LinkageError e) {
            // not HotSpot, a runtime without jdk.management, or no such option (MinHeapSize is JDK 13+)
            return;
        }
        if (problem != null) {
            log.warn(problem);
        }
    }

    /** The warning for these heap bounds, or null when the heap cannot shrink. */
    static String problem(long minHeapBytes, long maxHeapBytes) {
        if (minHeapBytes >= maxHeapBytes) {
            return null;
        }
        return "JMeter's heap may shrink (-Xms " + minHeapBytes / (1024 * 1024) + " MB, -Xmx "
                + maxHeapBytes / (1024 * 1024) + " MB): JMeter's System.gc() at the start of a test shrinks it,"
                + " and Kafka consumers then make the garbage collector run far more often, which slows them."
                + " Set -Xms equal to -Xmx, as bin/jmeter's HEAP does.";
    }
}
