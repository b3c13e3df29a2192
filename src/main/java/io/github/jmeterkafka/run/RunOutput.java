package io.github.jmeterkafka.run;

import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.measure.IntervalLog;
import io.github.jmeterkafka.measure.Warmup;
import io.github.jmeterkafka.metrics.LimitsProbe;
import java.io.IOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Where a sampler's run figures go besides its summary, as the JMeter properties say. */
public final class RunOutput {
    private static final Logger log = LoggerFactory.getLogger(RunOutput.class);

    private RunOutput() {}

    public static Warmup warmup() {
        return new Warmup(
                PluginProperties.get(PluginProperties.WARMUP_RECORDS, 0),
                PluginProperties.get(PluginProperties.WARMUP_S, 0));
    }

    /** The directory of the interval logs; null when {@code kafka.hlog.dir=none}, or outside a JMeter run. */
    static Path hlogDir() {
        if (!PluginProperties.loaded()) {
            return null;
        }
        String dir = PluginProperties.hlogDir();
        return dir == null ? null : Path.of(dir);
    }

    /** The sampler's interval log, or null when none is wanted or the file cannot be written (logged). */
    public static IntervalLog intervalLog(String kind, String label, String latency) {
        Path dir = hlogDir();
        try {
            IntervalLog l = IntervalLog.open(
                    dir, kind, label, latency, PluginProperties.get(PluginProperties.HLOG_INTERVAL_S, 1) * 1000);
            if (l != null) {
                l.watchLimits(LimitsProbe::latest);
            }
            if (l != null && dir != null) {
                log.info(
                        "Kafka {} '{}': interval log in {}",
                        kind,
                        label,
                        dir.resolve(IntervalLog.fileName(label)).toAbsolutePath());
            }
            return l;
        } catch (IOException | RuntimeException e) {
            log.error(
                    "Kafka {} '{}': cannot write its interval log in {} ({}): {}",
                    kind,
                    label,
                    dir.toAbsolutePath(),
                    PluginProperties.HLOG_DIR,
                    e.toString());
            return null;
        }
    }

    // read once per test: every sample asks, and JMeter's properties are a synchronized Hashtable
    private static volatile String server = "";

    /** At test start: a jmeter-server is named by the controller before its test starts. */
    public static void testStarted() {
        server = PluginProperties.distributedServer();
    }

    /** This jmeter-server as the controller named it (host:port); empty when not running as one. */
    public static String server() {
        return server;
    }
}
