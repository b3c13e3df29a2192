package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.run.SummaryPrinter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Progress lines every {@code kafka.progress.interval.s} seconds while a test runs, as perf-test
 * prints them, prefixed by the sampler's label. One daemon thread for all samplers: it never keeps
 * JMeter alive.
 */
public final class ProgressPrinter {
    private static final Map<String, ScheduledFuture<?>> TASKS = new ConcurrentHashMap<>();
    private static ScheduledExecutorService timer;

    private ProgressPrinter() {}

    static boolean enabled() {
        return PluginProperties.get(PluginProperties.PROGRESS_INTERVAL_S, 0) > 0;
    }

    public static synchronized void start(String label, Supplier<String> line) {
        long interval = PluginProperties.get(PluginProperties.PROGRESS_INTERVAL_S, 0);
        if (interval <= 0) {
            return;
        }
        if (timer == null) {
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "kafka-progress");
                t.setDaemon(true);
                return t;
            });
        }
        stop(label);
        TASKS.put(
                label,
                timer.scheduleAtFixedRate(
                        () -> SummaryPrinter.print(label + ": " + line.get()), interval, interval, TimeUnit.SECONDS));
    }

    public static synchronized void stop(String label) {
        ScheduledFuture<?> task = TASKS.remove(label);
        if (task != null) {
            task.cancel(false);
        }
    }
}
