package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A headless JMeter run, with its CPU time in total and from the moment JMeter prints "Starting
 * standalone test" (plan loaded, threads about to start): what the run costs beyond JMeter's
 * own start-up.
 */
final class PluginRun {
    private static final String TEST_START = "Starting standalone test";
    private static final long POLL_MS = 10;

    final JMeter.Result result;
    final double cpuSeconds;
    /** NaN if the start of the test was not seen while the process was alive. */
    final double cpuSecondsAfterStart;
    /** Share of the machine's CPU stolen by the hypervisor during the run. */
    final double steal;

    private PluginRun(JMeter.Result result, double cpuSeconds, double cpuSecondsAfterStart, double steal) {
        this.result = result;
        this.cpuSeconds = cpuSeconds;
        this.cpuSecondsAfterStart = cpuSecondsAfterStart;
        this.steal = steal;
    }

    /** Runs {@code run} (which must write stdout.txt into {@code runDir}), watching the JMeter child. */
    static PluginRun of(JMeter.RunBuilder run, Path runDir) {
        double cpu0 = Cpu.children();
        long[] ticks0 = Cpu.machineTicks();
        CompletableFuture<JMeter.Result> done = CompletableFuture.supplyAsync(run::run);
        double atStart = Double.NaN;
        Path stdout = runDir.resolve("stdout.txt");
        try {
            ProcessHandle jmeter = null;
            while (!done.isDone() && Double.isNaN(atStart)) {
                if (jmeter == null) {
                    jmeter = jmeterChild().orElse(null);
                } else if (contains(stdout, TEST_START)) {
                    atStart = Cpu.process(jmeter.pid());
                }
                Thread.sleep(POLL_MS);
            }
            JMeter.Result result = done.get();
            double total = Cpu.children() - cpu0;
            return new PluginRun(result, total, total - atStart, Cpu.stolenSince(ticks0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while JMeter ran", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("JMeter run failed: " + e.getCause(), e.getCause());
        }
    }

    private static Optional<ProcessHandle> jmeterChild() {
        return ProcessHandle.current()
                .children()
                .filter(p -> p.info()
                        .commandLine()
                        .map(c -> c.contains("ApacheJMeter.jar"))
                        .orElse(false))
                .findFirst();
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.isRegularFile(file)
                    && Files.readString(file, StandardCharsets.UTF_8).contains(text);
        } catch (IOException e) {
            return false;
        }
    }
}
